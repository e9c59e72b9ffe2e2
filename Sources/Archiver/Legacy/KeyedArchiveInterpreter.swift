import Foundation

/// Rebuilds the property-list value a keyed archive holds, from the archive's outer property list,
/// without `NSKeyedUnarchiver`.
///
/// `NSKeyedArchiver` writes a property list `{"$archiver": "NSKeyedArchiver", "$version": 100000,
/// "$top": {"root": UID}, "$objects": [...]}` in which containers refer to their elements by UID,
/// an index into `$objects`. Strings, numbers and (on Apple platforms) data are stored inline;
/// other objects are dictionaries whose `$class` UID points to `{"$classname": …}`.
///
/// Only the property-list classes are rebuilt, plus the classes the options read as dictionaries;
/// any other class is refused by name before anything else is read. Foundation's unarchiver on
/// Linux crashes the process on an archive naming an unknown class, even through
/// `unarchivedObject(ofClasses:from:)`, so it is never used.
///
/// Every UID is bounds-checked, each object is rebuilt once (a shared object is reused, not
/// rebuilt), an object that contains itself is refused, nesting is bounded, and so is the number
/// of values shared objects expand to, so that a small hostile file cannot make a large archive.
struct KeyedArchiveInterpreter {
    /// The value of `$archiver` in every keyed archive.
    static let archiverName = "NSKeyedArchiver"

    /// Whether the outer property list `root` is a keyed archive.
    static func isKeyedArchive(_ root: [String: Any]) -> Bool {
        (root["$archiver"] as? String) == archiverName
    }

    /// The root object of the keyed archive whose outer property list is `root`.
    static func rootObject(
        ofKeyedArchive root: [String: Any],
        options: KeyedArchiveOptions,
        maximumDepth: Int
    ) throws(KeyedArchiveError) -> Any {
        guard isKeyedArchive(root) else {
            throw .malformed(keyPath: "$archiver", reason: "is not \"\(archiverName)\"")
        }
        guard let objects = root["$objects"] as? [Any] else {
            throw .malformed(keyPath: "$objects", reason: "is missing or not an array")
        }
        guard let top = root["$top"] as? [String: Any] else {
            throw .malformed(keyPath: "$top", reason: "is missing or not a dictionary")
        }
        // `archiveRootObject(_:toFile:)` and `archivedData(withRootObject:)` name the root "root".
        let rootKey = top["root"] != nil ? "root" : (top.count == 1 ? top.keys.first! : "root")
        guard let reference = top[rootKey] as? PropertyListUID else {
            throw .malformed(keyPath: "$top", reason: "has no root object reference")
        }
        var interpreter = KeyedArchiveInterpreter(objects: objects, options: options, maximumDepth: maximumDepth)
        interpreter.path = [.key(rootKey)]
        return try interpreter.value(of: reference, depth: 0)
    }

    private let objects: [Any]
    private let options: KeyedArchiveOptions
    private let maximumDepth: Int
    private let maximumValueCount: Int
    /// Rebuilt objects by index, kept so that shared objects are rebuilt once.
    private var rebuilt: [Any?]
    /// By index: 0 not visited, -1 being rebuilt (an ancestor of the current object), otherwise
    /// one more than the height of the rebuilt value (1 for a leaf).
    private var marks: [Int32]
    /// By index: how many values the rebuilt object expands to, counting shared ones each time.
    private var valueCounts: [Int]
    /// Keys and indices from the root to the current object, for error messages.
    private var path: [ArchiveDecodingError.PathComponent] = []

    private init(objects: [Any], options: KeyedArchiveOptions, maximumDepth: Int) {
        self.objects = objects
        self.options = options
        self.maximumDepth = maximumDepth
        // A legitimate archive rarely shares more than its dictionary keys and repeated strings;
        // sixty-four values per object is far above that and far below an exponential blow-up.
        maximumValueCount = max(1 << 16, objects.count.multipliedReportingOverflow(by: 64).partialValue)
        rebuilt = Array(repeating: nil, count: objects.count)
        marks = Array(repeating: 0, count: objects.count)
        valueCounts = Array(repeating: 0, count: objects.count)
    }

    private var keyPath: String { path.archiveKeyPath }

    // MARK: Objects

    /// The value of the object `reference` points to, found `depth` containers below the root.
    private mutating func value(of reference: PropertyListUID, depth: Int) throws(KeyedArchiveError) -> Any {
        guard reference.value < UInt64(objects.count) else {
            throw .malformed(keyPath: keyPath, reason: "refers to object \(reference.value) of \(objects.count)")
        }
        let index = Int(reference.value)
        let mark = marks[index]
        if mark > 0 {
            guard depth + Int(mark) - 1 <= maximumDepth else { throw .malformed(keyPath: keyPath, reason: "is nested deeper than \(maximumDepth)") }
            return rebuilt[index]!
        }
        guard mark == 0 else { throw .malformed(keyPath: keyPath, reason: "contains itself") }
        guard depth <= maximumDepth else { throw .malformed(keyPath: keyPath, reason: "is nested deeper than \(maximumDepth)") }

        marks[index] = -1
        let (value, height, count) = try DeepRecursion.descend(unavailable: { KeyedArchiveError.malformed(keyPath: "$objects[\(index)]", reason: $0.description) }) {
            () throws(KeyedArchiveError) -> (Any, Int, Int) in
            try rebuild(objects[index], index: index, depth: depth)
        }
        rebuilt[index] = value
        marks[index] = Int32(clamping: height + 1)
        valueCounts[index] = count
        return value
    }

    /// The value, height and expanded value count of `object`.
    private mutating func rebuild(_ object: Any, index: Int, depth: Int) throws(KeyedArchiveError) -> (Any, Int, Int) {
        switch object {
        case let string as String:
            guard !(index == 0 && string == "$null") else {
                throw .malformed(keyPath: keyPath, reason: "is nil, which a property list cannot hold")
            }
            return (string, 0, 1)
        case is Data, is Date:
            return (object, 0, 1)
        case let dictionary as [String: Any]:
            return try rebuildInstance(dictionary, depth: depth)
        case is NSNumber:
            // Integers, reals and Booleans are stored inline; Bool stays Bool, numbers stay NSNumber.
            return (object, 0, 1)
        case is PropertyListUID:
            throw .malformed(keyPath: keyPath, reason: "is a bare object reference")
        default:
            throw .malformed(keyPath: keyPath, reason: "is a bare \(ArchiveDecodingError.describe(object))")
        }
    }

    /// An object stored as a dictionary with a `$class`: one of the property-list classes, or one
    /// the options read as a dictionary of its keys.
    private mutating func rebuildInstance(_ instance: [String: Any], depth: Int) throws(KeyedArchiveError) -> (Any, Int, Int) {
        let className = try self.className(of: instance)
        switch className {
        case "NSDictionary", "NSMutableDictionary":
            guard let keys = instance["NS.keys"] as? [Any], let values = instance["NS.objects"] as? [Any] else {
                throw .malformed(keyPath: keyPath, reason: "\(className) without NS.keys and NS.objects arrays")
            }
            guard keys.count == values.count else {
                throw .malformed(keyPath: keyPath, reason: "\(className) with \(keys.count) keys and \(values.count) objects")
            }
            var result = Archive(minimumCapacity: keys.count)
            var height = 0, count = 1
            for (keyReference, valueReference) in zip(keys, values) {
                let key = try string(keyReference, depth: depth + 1)
                guard result[key] == nil else { throw .malformed(keyPath: keyPath, reason: "\(className) repeats key \(key.debugDescription)") }
                path.append(.key(key))
                let value = try element(valueReference, depth: depth + 1)
                path.removeLast()
                result[key] = value
                height = max(height, Int(marks[index(of: valueReference)]))
                count = try add(count, 1 + valueCounts[index(of: valueReference)])
            }
            return (result, height, count)
        case "NSArray", "NSMutableArray":
            guard let elements = instance["NS.objects"] as? [Any] else {
                throw .malformed(keyPath: keyPath, reason: "\(className) without an NS.objects array")
            }
            var result: [Any] = []
            result.reserveCapacity(elements.count)
            var height = 0, count = 1
            for (offset, reference) in elements.enumerated() {
                path.append(.index(offset))
                result.append(try element(reference, depth: depth + 1))
                path.removeLast()
                height = max(height, Int(marks[index(of: reference)]))
                count = try add(count, valueCounts[index(of: reference)])
            }
            return (result, height, count)
        case "NSString", "NSMutableString":
            if let string = instance["NS.string"] as? String { return (string, 0, 1) }
            if let bytes = instance["NS.bytes"] as? Data, let string = String(validatingUTF8Bytes: bytes) { return (string, 0, 1) }
            throw .malformed(keyPath: keyPath, reason: "\(className) without NS.string")
        case "NSDate":
            guard let time = instance["NS.time"] as? NSNumber, !isBoolean(time), time.doubleValue.isFinite else {
                throw .malformed(keyPath: keyPath, reason: "NSDate without a finite NS.time")
            }
            return (Date(timeIntervalSinceReferenceDate: time.doubleValue), 0, 1)
        case "NSData", "NSMutableData":
            guard let data = (instance["NS.data"] ?? instance["NS.bytes"]) as? Data else {
                throw .malformed(keyPath: keyPath, reason: "\(className) without NS.data")
            }
            return (data, 0, 1)
        case let name where options.classesReadAsDictionaries.contains(name):
            var result = Archive(minimumCapacity: instance.count)
            var height = 0, count = 1
            for (key, value) in instance where key != "$class" && !isNull(value) {
                path.append(.key(key))
                let rebuiltValue = try element(value, depth: depth + 1, allowingInline: true)
                path.removeLast()
                result[key] = rebuiltValue
                if let reference = value as? PropertyListUID {
                    height = max(height, Int(marks[Int(reference.value)]))
                    count = try add(count, 1 + valueCounts[Int(reference.value)])
                } else {
                    height = max(height, 1)
                    count = try add(count, 2)
                }
            }
            return (result, height, count)
        default:
            throw .unsupportedClass(name: className, keyPath: keyPath)
        }
    }

    /// The element a container refers to: a UID, or — for the fields of a class read as a
    /// dictionary — a number or Boolean encoded inline by `encode(_:forKey:)`.
    private mutating func element(_ reference: Any, depth: Int, allowingInline: Bool = false) throws(KeyedArchiveError) -> Any {
        if let reference = reference as? PropertyListUID {
            return try value(of: reference, depth: depth)
        }
        if allowingInline, reference is NSNumber {
            return reference
        }
        throw .malformed(keyPath: keyPath, reason: "holds \(ArchiveDecodingError.describe(reference)) where an object reference belongs")
    }

    private mutating func string(_ reference: Any, depth: Int) throws(KeyedArchiveError) -> String {
        guard let key = try element(reference, depth: depth) as? String else {
            throw .malformed(keyPath: keyPath, reason: "has a dictionary key that is not a string")
        }
        return key
    }

    /// Whether `reference` points to `$null`: what `encode(nil, forKey:)` writes for an absent optional.
    private func isNull(_ reference: Any) -> Bool {
        guard let reference = reference as? PropertyListUID, reference.value == 0, let first = objects.first else { return false }
        return (first as? String) == "$null"
    }

    /// The index a reference that has just been read points to.
    private func index(of reference: Any) -> Int {
        Int((reference as! PropertyListUID).value)
    }

    private func add(_ count: Int, _ more: Int) throws(KeyedArchiveError) -> Int {
        let (sum, overflow) = count.addingReportingOverflow(more)
        guard !overflow, sum <= maximumValueCount else { throw .malformed(keyPath: "root", reason: "shared objects expand to more than \(maximumValueCount) values") }
        return sum
    }

    private func className(of instance: [String: Any]) throws(KeyedArchiveError) -> String {
        guard let reference = instance["$class"] as? PropertyListUID else {
            throw .malformed(keyPath: keyPath, reason: "is a dictionary without $class")
        }
        guard reference.value < UInt64(objects.count),
              let description = objects[Int(reference.value)] as? [String: Any],
              let name = description["$classname"] as? String
        else {
            throw .malformed(keyPath: keyPath, reason: "has a $class that is not a class description")
        }
        return name
    }
}

extension String {
    /// The string `bytes` hold as UTF-8, or `nil` if they are not valid UTF-8.
    fileprivate init?(validatingUTF8Bytes bytes: Data) {
        let string = String(decoding: bytes, as: UTF8.self)
        guard string.utf8.elementsEqual(bytes) else { return nil }
        self = string
    }
}
