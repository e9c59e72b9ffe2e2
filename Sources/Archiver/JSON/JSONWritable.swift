import Foundation

// How `jsonData()` writes the values of the types it knows, decided once per property type when
// a key map is built: straight into the JSON text, with no `Any` box and no archive value. Every
// other value — a custom ``KeyMapValue`` conversion, a raw-value enum, a Codable value — is
// written from its `keyMapArchiveValue` (KeyMapped+JSONData.swift).

/// Why a value could not be written as JSON, and where, from the value that failed up to the
/// model being written; ``KeyMapped/jsonData()`` makes it an ``ArchiveEncodingError``.
struct JSONWriteFailure: Error {
    let reason: String
    /// The path from the failing value outwards: each level adds its key or index on the way out.
    private var reversedPath: [ArchiveDecodingError.PathComponent] = []

    init(_ reason: String) {
        self.reason = reason
    }

    /// The failure, one level further out: inside `component`.
    func inside(_ component: ArchiveDecodingError.PathComponent) -> JSONWriteFailure {
        var outer = self
        outer.reversedPath.append(component)
        return outer
    }

    func encodingError(root: Any.Type) -> ArchiveEncodingError {
        ArchiveEncodingError(type: root, path: reversedPath.reversed(), reason: .custom(reason))
    }

    /// Refuses a container at nesting `level` deeper than ``Serializable/decode(json:)`` reads back.
    static func requireLevel(_ level: Int) throws(JSONWriteFailure) {
        guard level <= JSONReader.maximumDepth else {
            throw JSONWriteFailure("nested deeper than \(JSONReader.maximumDepth) levels, which decode(json:) refuses")
        }
    }

    /// Refuses a number JSON has no text for.
    static func requireFinite<Number: FloatingPoint>(_ value: Number) throws(JSONWriteFailure) {
        guard value.isFinite else { throw JSONWriteFailure("\(value), which JSON cannot hold") }
    }
}

/// How one value of `Value` is written, given the nesting level of the container it is in.
struct JSONValueWriter<Value> {
    let write: (Value, inout JSONWriter, Int) throws(JSONWriteFailure) -> Void
}

/// How one property of `Value` is written as a member of an object, given its encoded key
/// (``JSONWriter/encodedKey(_:)``): the key and the value, or nothing for a `nil`.
struct JSONMemberWriter<Value> {
    let write: (Value, [UInt8], inout JSONWriter, Int) throws(JSONWriteFailure) -> Void
}

/// A type whose values `jsonData()` writes without their `keyMapArchiveValue`.
protocol JSONWritable {
    /// A `JSONValueWriter<Self>`.
    static func makeJSONWriter() -> Any
}

/// A type written by one function of its own, holding no value of another type to write: a
/// property of it is written by a call to that function, with no writer closure between.
protocol JSONLeafWritable: JSONWritable {
    static func writeJSON(_ value: Self, into output: inout JSONWriter) throws(JSONWriteFailure)
}

extension JSONLeafWritable {
    static func makeJSONWriter() -> Any {
        JSONValueWriter<Self> { value, output, _ throws(JSONWriteFailure) in try writeJSON(value, into: &output) }
    }
}

/// `Optional`, whose `nil` leaves its member out where an element is written as `null`.
protocol JSONOptionalMember {
    /// A `JSONMemberWriter<Self>`.
    static func makeJSONMemberWriter() -> Any
}

enum JSONValueWriters {
    /// How values of `Value` are written: directly for the types the writer knows and for
    /// key-mapped types, from `keyMapArchiveValue` for the others.
    static func writer<Value: KeyMapValue>(for type: Value.Type) -> JSONValueWriter<Value> {
        if let writable = Value.self as? any JSONWritable.Type, let writer = writable.makeJSONWriter() as? JSONValueWriter<Value> {
            return writer
        }
        if let mapped = Value.self as? any KeyMapped.Type, let writer = keyMapped(mapped) as? JSONValueWriter<Value> {
            return writer
        }
        return JSONValueWriter { value, output, depth throws(JSONWriteFailure) in
            guard let archived = value.keyMapArchiveValue else { throw JSONWriteFailure("\(Value.self), which has no JSON form") }
            try JSONArchiveValueWriter.write(archived, into: &output, depth: depth)
        }
    }

    /// How a property of type `Value` is written as a member.
    static func memberWriter<Value: KeyMapValue>(for type: Value.Type) -> JSONMemberWriter<Value> {
        if let optional = Value.self as? any JSONOptionalMember.Type, let writer = optional.makeJSONMemberWriter() as? JSONMemberWriter<Value> {
            return writer
        }
        let value = writer(for: Value.self).write
        return JSONMemberWriter { property, key, output, depth throws(JSONWriteFailure) in
            output.key(encoded: key)
            try value(property, &output, depth)
        }
    }

    /// The key map is looked up when a value is written, not now: a type may hold itself.
    private static func keyMapped<Model: KeyMapped>(_ type: Model.Type) -> Any {
        JSONValueWriter<Model> { model, output, depth throws(JSONWriteFailure) in
            try Model.keyMap.writeJSON(of: model, into: &output, depth: depth + 1)
        }
    }

    /// Writes `elements` as an array at nesting `depth + 1`; a failure names the element's index.
    static func writeArray<Elements: Sequence>(
        _ elements: Elements, with element: JSONValueWriter<Elements.Element>, into output: inout JSONWriter, depth: Int
    ) throws(JSONWriteFailure) {
        try JSONWriteFailure.requireLevel(depth + 1)
        output.beginArray()
        var index = 0
        for value in elements {
            do throws(JSONWriteFailure) {
                try element.write(value, &output, depth + 1)
            } catch {
                throw error.inside(.index(index))
            }
            index += 1
        }
        output.endArray()
    }
}

extension String: JSONLeafWritable {
    static func writeJSON(_ value: String, into output: inout JSONWriter) {
        output.string(value)
    }
}

extension Bool: JSONLeafWritable {
    static func writeJSON(_ value: Bool, into output: inout JSONWriter) {
        output.bool(value)
    }
}

extension Int: JSONLeafWritable {}
extension Int8: JSONLeafWritable {}
extension Int16: JSONLeafWritable {}
extension Int32: JSONLeafWritable {}
extension Int64: JSONLeafWritable {}
extension UInt: JSONLeafWritable {}
extension UInt8: JSONLeafWritable {}
extension UInt16: JSONLeafWritable {}
extension UInt32: JSONLeafWritable {}
extension UInt64: JSONLeafWritable {}

extension JSONLeafWritable where Self: FixedWidthInteger {
    static func writeJSON(_ value: Self, into output: inout JSONWriter) {
        output.integer(value)
    }
}

extension Double: JSONLeafWritable {
    static func writeJSON(_ value: Double, into output: inout JSONWriter) throws(JSONWriteFailure) {
        try JSONWriteFailure.requireFinite(value)
        output.number(value)
    }
}

extension Float: JSONLeafWritable {
    static func writeJSON(_ value: Float, into output: inout JSONWriter) throws(JSONWriteFailure) {
        try JSONWriteFailure.requireFinite(value)
        output.number(value)
    }
}

extension Decimal: JSONLeafWritable {
    /// All its digits, as its `description` gives them.
    static func writeJSON(_ value: Decimal, into output: inout JSONWriter) throws(JSONWriteFailure) {
        guard value.isFinite else { throw JSONWriteFailure("\(value), which JSON cannot hold") }
        output.number(value.description)
    }
}

extension Date: JSONLeafWritable {
    /// RFC 3339 text in UTC; a property whose map or entry names another form is written by it
    /// before it gets here.
    static func writeJSON(_ value: Date, into output: inout JSONWriter) throws(JSONWriteFailure) {
        guard let text = JSONWriter.rfc3339(value) else { throw JSONWriteFailure("\(value), outside the years 1–9999 RFC 3339 text can hold") }
        output.string(text)
    }
}

extension URL: JSONLeafWritable {
    static func writeJSON(_ value: URL, into output: inout JSONWriter) {
        output.string(value.absoluteString)
    }
}

extension UUID: JSONLeafWritable {
    static func writeJSON(_ value: UUID, into output: inout JSONWriter) {
        output.string(value.uuidString)
    }
}

extension Data: JSONLeafWritable {
    /// Base 64, as a `Data` property reads it.
    static func writeJSON(_ value: Data, into output: inout JSONWriter) {
        output.string(value.base64EncodedString())
    }
}

extension Optional: JSONWritable where Wrapped: KeyMapValue {
    /// `null` for `nil`: an element of an array or a dictionary's value.
    static func makeJSONWriter() -> Any {
        let wrapped = JSONValueWriters.writer(for: Wrapped.self).write
        return JSONValueWriter<Wrapped?> { value, output, depth throws(JSONWriteFailure) in
            guard let value else { return output.null() }
            try wrapped(value, &output, depth)
        }
    }
}

extension Optional: JSONOptionalMember where Wrapped: KeyMapValue {
    /// Nothing for `nil`, however deep: a property's `nil` leaves its key out.
    static func makeJSONMemberWriter() -> Any {
        let wrapped = JSONValueWriters.memberWriter(for: Wrapped.self).write
        return JSONMemberWriter<Wrapped?> { value, key, output, depth throws(JSONWriteFailure) in
            guard let value else { return }
            try wrapped(value, key, &output, depth)
        }
    }
}

extension Array: JSONWritable where Element: KeyMapValue {
    static func makeJSONWriter() -> Any {
        if let mapped = Element.self as? any KeyMapped.Type {
            return JSONValueWriters.modelArrayWriter(mapped)
        }
        let element = JSONValueWriters.writer(for: Element.self)
        return JSONValueWriter<[Element]> { array, output, depth throws(JSONWriteFailure) in
            try JSONValueWriters.writeArray(array, with: element, into: &output, depth: depth)
        }
    }
}

extension Set: JSONWritable where Element: KeyMapValue {
    /// In the order the set iterates.
    static func makeJSONWriter() -> Any {
        let element = JSONValueWriters.writer(for: Element.self)
        return JSONValueWriter<Set<Element>> { set, output, depth throws(JSONWriteFailure) in
            try JSONValueWriters.writeArray(set, with: element, into: &output, depth: depth)
        }
    }
}

extension Dictionary: JSONWritable where Key == String, Value: KeyMapValue {
    /// An object with its keys sorted, so that equal dictionaries write the same text.
    static func makeJSONWriter() -> Any {
        let value = JSONValueWriters.writer(for: Value.self).write
        return JSONValueWriter<[String: Value]> { dictionary, output, depth throws(JSONWriteFailure) in
            try JSONWriteFailure.requireLevel(depth + 1)
            output.beginObject()
            for key in dictionary.keys.sorted() {
                output.key(key)
                do throws(JSONWriteFailure) {
                    try value(dictionary[key]!, &output, depth + 1)
                } catch {
                    throw error.inside(.key(key))
                }
            }
            output.endObject()
        }
    }
}

extension Indirect: JSONWritable where Wrapped: KeyMapValue {
    /// As the boxed value.
    static func makeJSONWriter() -> Any {
        let wrapped = JSONValueWriters.writer(for: Wrapped.self).write
        return JSONValueWriter<Self> { boxed, output, depth throws(JSONWriteFailure) in
            try wrapped(boxed.value, &output, depth)
        }
    }
}
