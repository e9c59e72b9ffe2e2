import Foundation

/// The elements of an array as a reader builds them, kept as compactly as their type allows: an
/// array whose elements are all numbers is an `[NSNumber]` (8 bytes an element), all Booleans a
/// `[Bool]` (1 byte), all strings a `[String]` (16), all dictionaries a `[[String: Any]]` (8);
/// only a mixed one is an `[Any]` (32). In a binary property list references are one byte each,
/// so an array of ten million references to one number in a 10 MB file would otherwise hold
/// 320 MB of `Any`; in JSON, `[0,0,…]` is two bytes an element. Callers see no difference:
/// `as? [Any]`, `as? [Int]`, `as? [String]` all work on each.
///
/// ```swift
/// var elements = CompactArray(capacity: 2)
/// elements.append(NSNumber(value: 1))
/// elements.append(NSNumber(value: 2))
/// elements.array as? [Int]  // [1, 2], held as [NSNumber]
/// ```
enum CompactArray {
    case empty(capacity: Int)
    case numbers([NSNumber])
    case booleans([Bool])
    case strings([String])
    case dictionaries([[String: Any]])
    case mixed([Any])

    init(capacity: Int) {
        self = .empty(capacity: capacity)
    }

    var array: Any {
        switch self {
        case .empty: [Any]()
        case .numbers(let elements): elements
        case .booleans(let elements): elements
        case .strings(let elements): elements
        case .dictionaries(let elements): elements
        case .mixed(let elements): elements
        }
    }

    /// Appends `value`, first turning the elements into `[Any]` if it is of another type.
    /// The dynamic types are compared, never cast: a Bool is an NSNumber to `as?`, an NSNumber a
    /// Bool, and `as? NSNumber` of an array bridges it to `NSArray` on Linux, converting every
    /// array nested in it, recursively on the caller's stack (an array 400 deep overflowed a
    /// 512 KiB one, and each level converted all those below it again).
    mutating func append(_ value: Any) {
        let type = Swift.type(of: value)
        switch self {
        case .empty(let capacity):
            self = Self.first(value, type, capacity: capacity)
        case .numbers(var elements):
            guard type is NSNumber.Type else { return appendMixed(value, elements) }
            self = .empty(capacity: 0)
            elements.append(value as! NSNumber)
            self = .numbers(elements)
        case .booleans(var elements):
            guard type == Bool.self else { return appendMixed(value, elements) }
            self = .empty(capacity: 0)
            elements.append(value as! Bool)
            self = .booleans(elements)
        case .strings(var elements):
            guard type == String.self else { return appendMixed(value, elements) }
            self = .empty(capacity: 0)
            elements.append(value as! String)
            self = .strings(elements)
        case .dictionaries(var elements):
            guard type == [String: Any].self else { return appendMixed(value, elements) }
            self = .empty(capacity: 0)
            elements.append(value as! [String: Any])
            self = .dictionaries(elements)
        case .mixed(var elements):
            self = .empty(capacity: 0)
            elements.append(value)
            self = .mixed(elements)
        }
    }

    /// The elements after the first, `value`, with room for `capacity`.
    private static func first(_ value: Any, _ type: Any.Type, capacity: Int) -> CompactArray {
        func reserved<Element>(_ element: Element) -> [Element] {
            var elements: [Element] = []
            elements.reserveCapacity(capacity)
            elements.append(element)
            return elements
        }
        if type == Bool.self { return .booleans(reserved(value as! Bool)) }
        if type == String.self { return .strings(reserved(value as! String)) }
        if type == [String: Any].self { return .dictionaries(reserved(value as! [String: Any])) }
        if type is NSNumber.Type { return .numbers(reserved(value as! NSNumber)) }
        return .mixed(reserved(value))
    }

    /// Turns `elements` into `[Any]` and appends `value`: the array is not of one type.
    private mutating func appendMixed<Element>(_ value: Any, _ elements: [Element]) {
        var mixed: [Any] = []
        mixed.reserveCapacity(Swift.max(elements.capacity, elements.count + 1))
        for element in elements { mixed.append(element) }
        mixed.append(value)
        self = .mixed(mixed)
    }
}

