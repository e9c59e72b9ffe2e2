import Foundation

extension KeyMapped {
    /// The value as the server's JSON, written by its key map: the body of a POST or PATCH.
    ///
    /// Each property that is not excluded is written under its server key; a nested key
    /// (`"owner.login"`) as nested objects; `nil` is left out. Values take the forms the map reads
    /// back: dates as RFC 3339 text in UTC (to the microsecond), URLs and UUIDs as text, `Data` as
    /// base 64, `Decimal`s as numbers with all their digits, enums as their raw values, key-mapped
    /// properties as objects by their own maps; a transform's `encode` gives its property's form.
    /// ``Serializable/decode(json:)`` of the text gives the value back.
    ///
    /// ```swift
    /// let body = try review.jsonData()
    /// // {"id":"r1","restaurant":{"id":"m1","name":"Monk's Café"},"star_rating":4,"text":"Soup!"}
    /// try Review.decode(json: body) == review  // true
    /// ```
    ///
    /// - Throws: ``ArchiveEncodingError`` naming the key path of a value JSON cannot hold (a
    ///   `Double` that is not finite, a date outside the years 1–9999), of nesting deeper than the
    ///   100 levels ``Serializable/decode(json:)`` reads, or of a key map with problems.
    public func jsonData() throws(ArchiveEncodingError) -> Data {
        var writer = KeyMapJSONWriter(root: Self.self)
        try writer.writeModel(self, depth: 1)
        return Data(writer.output.bytes)
    }
}

/// Walks a key-mapped value and writes its server form into a ``JSONWriter``.
struct KeyMapJSONWriter {
    var output = JSONWriter()
    /// The outermost type, which errors start with.
    let root: Any.Type
    /// Where the value being written is, for errors.
    private var path: [ArchiveDecodingError.PathComponent] = []

    init(root: Any.Type) {
        self.root = root
    }

    private func failure(_ reason: String) -> ArchiveEncodingError {
        ArchiveEncodingError(type: root, path: path, reason: .custom(reason))
    }

    /// Refuses a container at nesting `level` deeper than the JSON reader reads back.
    private func requireLevel(_ level: Int) throws(ArchiveEncodingError) {
        guard level <= JSONReader.maximumDepth else {
            throw failure("nested deeper than \(JSONReader.maximumDepth) levels, which decode(json:) refuses")
        }
    }

    /// Writes `model` as an object, by its map's server keys.
    mutating func writeModel<Model: KeyMapped>(_ model: Model, depth: Int) throws(ArchiveEncodingError) {
        try requireLevel(depth)
        let map = Model.keyMap
        guard map.isUsable else {
            throw failure("\(Model.self)'s key map is unusable: \(map.problems.map(\.message).joined(separator: "; "))")
        }
        let values = Reflection.propertyValues(of: model)
        guard values.count == map.fields.count else {
            throw failure("\(Model.self) has \(values.count) stored properties, where its key map has \(map.fields.count)")
        }
        // Members by their server paths, grouped into nested objects in the order of the fields.
        let root = JSONObjectNode()
        for (field, value) in zip(map.fields, values) where !field.isExcluded {
            let written: Any?
            if let dates = field.dates {
                if let date = KeyMapTransform.present(value) as? Date {
                    path.append(.key(field.name))
                    defer { path.removeLast() }
                    guard let form = dates.write(date) else { throw failure("\(date), which the property's date form cannot write") }
                    written = form
                } else {
                    written = nil
                }
            } else if let transform = field.transform {
                written = transform.encode(value)
            } else {
                written = KeyMapTransform.present(value)
            }
            guard let written else { continue }
            let keys = field.serverPaths.first ?? [field.serverKey]
            if let other = root.insert(written, at: keys[...], field: field.name) {
                // One server key inside another (`owner` and `owner.login`): writing both would
                // drop one of them without a word.
                throw failure("\(Model.self).\(field.name) and \(Model.self).\(other) write the same server key \(keys.joined(separator: "."))")
            }
        }
        try write(root, depth: depth)
    }

    private mutating func write(_ node: JSONObjectNode, depth: Int) throws(ArchiveEncodingError) {
        output.beginObject()
        for key in node.keys {
            output.key(key)
            switch node.members[key]! {
            case .value(let value, let field):
                path.append(.key(field))
                try write(value, depth: depth)
                path.removeLast()
            case .object(let inner):
                try requireLevel(depth + 1)
                try write(inner, depth: depth + 1)
            }
        }
        output.endObject()
    }

    /// Writes one property's value (or an element's) in the form the map reads back.
    private mutating func write(_ value: Any, depth: Int) throws(ArchiveEncodingError) {
        if let optional = value as? any OptionalArchiveValue {
            guard let wrapped = optional.wrappedArchiveValue else { return output.null() }
            return try write(wrapped, depth: depth)
        }
        if let model = value as? any KeyMapped {
            return try writeModel(model, depth: depth + 1)
        }
        if let boxed = value as? any IndirectValue {
            return try write(boxed.boxedValue, depth: depth)
        }
        switch value {
        case let string as String: output.string(string)
        case is NSNull: output.null()
        case let date as Date:
            guard let text = JSONWriter.rfc3339(date) else { throw failure("\(date), outside the years 1–9999 RFC 3339 text can hold") }
            output.string(text)
        case let url as URL: output.string(url.absoluteString)
        case let uuid as UUID: output.string(uuid.uuidString)
        case let data as Data: output.string(data.base64EncodedString())
        case let decimal as Decimal:
            guard decimal.isFinite else { throw failure("\(decimal), which JSON cannot hold") }
            output.number(decimal.description)
        case let dictionary as [String: Any]:
            try requireLevel(depth + 1)
            output.beginObject()
            for key in dictionary.keys.sorted() {
                output.key(key)
                path.append(.key(key))
                try write(dictionary[key]!, depth: depth + 1)
                path.removeLast()
            }
            output.endObject()
        default:
            if try writeNumber(value) { return }
            if let elements = Self.elements(of: value) {
                try requireLevel(depth + 1)
                output.beginArray()
                for (index, element) in elements.enumerated() {
                    path.append(.index(index))
                    try write(element, depth: depth + 1)
                    path.removeLast()
                }
                output.endArray()
                return
            }
            // Raw-value enums and other value types: their archive form.
            if let value = value as? any KeyMapValue, let archived = value.keyMapArchiveValue {
                return try write(archived, depth: depth)
            }
            throw failure("\(type(of: value)), which has no JSON form")
        }
    }

    /// Writes `value` if it is a Boolean or a number, read by its value; whether it was one.
    private mutating func writeNumber(_ value: Any) throws(ArchiveEncodingError) -> Bool {
        // A Foundation number first: `as Double` would take any NSNumber whose value fits.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            try writeFoundationNumber(number)
            return true
        }
        switch value {
        case let bool as Bool where isBoolean(value):
            output.bool(bool)
        case let integer as any BinaryInteger:
            output.number(String(describing: integer))
        case let double as Double:
            guard double.isFinite else { throw failure("\(double), which JSON cannot hold") }
            output.number(String(describing: double))
        case let float as Float:
            guard float.isFinite else { throw failure("\(float), which JSON cannot hold") }
            output.number(String(describing: float))
        default:
            return false
        }
        return true
    }

    /// A Foundation number from a transform or an archive: by its kind, not its text.
    private mutating func writeFoundationNumber(_ number: NSNumber) throws(ArchiveEncodingError) {
        let kind = UInt8(bitPattern: number.objCType.pointee)
        if isBoolean(number) {
            output.bool(number.boolValue)
        } else if kind == UInt8(ascii: "f") {
            let float = number.floatValue
            guard float.isFinite else { throw failure("\(float), which JSON cannot hold") }
            output.number(String(describing: float))
        } else if kind != UInt8(ascii: "d"), let exact = Int64(exactly: number) {
            output.number(String(exact))
        } else if kind != UInt8(ascii: "d"), let exact = UInt64(exactly: number) {
            output.number(String(exact))
        } else {
            let double = number.doubleValue
            guard double.isFinite else { throw failure("\(double), which JSON cannot hold") }
            output.number(String(describing: double))
        }
    }

    /// The elements of an array or a set, in order (a set's as it iterates).
    private static func elements(of value: Any) -> [Any]? {
        if let array = value as? [Any] { return array }
        if let sequence = value as? any Sequence, !(value is String), !(value is [String: Any]) {
            return Self.collect(sequence)
        }
        return nil
    }

    private static func collect<Elements: Sequence>(_ elements: Elements) -> [Any] {
        elements.map { $0 as Any }
    }
}

/// An object being assembled from members whose server keys are paths: `owner.login` and
/// `owner.id` share one `owner` object.
final class JSONObjectNode {
    enum Member {
        case value(Any, field: String)
        case object(JSONObjectNode)
    }

    private(set) var keys: [String] = []
    private(set) var members: [String: Member] = [:]

    /// Adds `value` at `path`; the name of the field already written there (or at a key on the
    /// way), which the value would replace, and then nothing is added.
    func insert(_ value: Any, at path: ArraySlice<String>, field: String) -> String? {
        guard let first = path.first else { return nil }
        if path.count == 1 {
            switch members[first] {
            case .value(_, let other): return other
            case .object(let inner): return inner.anyField
            case nil:
                keys.append(first)
                members[first] = .value(value, field: field)
                return nil
            }
        }
        switch members[first] {
        case .value(_, let other):
            return other
        case .object(let existing):
            return existing.insert(value, at: path.dropFirst(), field: field)
        case nil:
            let inner = JSONObjectNode()
            keys.append(first)
            members[first] = .object(inner)
            return inner.insert(value, at: path.dropFirst(), field: field)
        }
    }

    /// A field written somewhere inside this object.
    private var anyField: String? {
        for key in keys {
            switch members[key] {
            case .value(_, let field): return field
            case .object(let inner): if let field = inner.anyField { return field }
            case nil: continue
            }
        }
        return nil
    }
}

/// ``Indirect`` seen through `Any`, so that the writer can reach the boxed value.
protocol IndirectValue {
    var boxedValue: Any { get }
}

extension Indirect: IndirectValue {
    var boxedValue: Any { value }
}
