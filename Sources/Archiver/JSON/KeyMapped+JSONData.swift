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
        // Room for a typical model's text at once, rather than growing from a few bytes.
        var output = JSONWriter(reservingCapacity: 1_024)
        do throws(JSONWriteFailure) {
            try Self.keyMap.writeJSON(of: self, into: &output, depth: 1)
        } catch {
            throw error.encodingError(root: Self.self)
        }
        return Data(output.bytes)
    }
}

/// Writes the values only `Any` holds as JSON: what `Mirror` reports, a transform's or a date
/// form's result, and the archive value of a type the writer does not know (JSONWritable.swift).
enum JSONArchiveValueWriter {
    /// Writes a property's `value` as a member under `key`, in the form `field` gives it (its
    /// date form, its transform), or nothing for `nil`.
    static func writeMember(_ value: Any, field: KeyMapField, key: [UInt8], into output: inout JSONWriter, depth: Int) throws(JSONWriteFailure) {
        let written: Any?
        if let dates = field.dates {
            if let date = KeyMapTransform.present(value) as? Date {
                guard let form = dates.write(date) else { throw JSONWriteFailure("\(date), which the property's date form cannot write") }
                written = form
            } else {
                written = nil
            }
        } else if let transform = field.transform {
            written = transform.encode(value)
        } else {
            written = KeyMapTransform.present(value)
        }
        guard let written else { return }
        output.key(encoded: key)
        try write(written, into: &output, depth: depth)
    }

    /// Writes one value (or an element), at nesting `depth`, in the form the map reads back.
    static func write(_ value: Any, into output: inout JSONWriter, depth: Int) throws(JSONWriteFailure) {
        if let optional = value as? any OptionalArchiveValue {
            guard let wrapped = optional.wrappedArchiveValue else { return output.null() }
            return try write(wrapped, into: &output, depth: depth)
        }
        if let model = value as? any KeyMapped {
            return try writeModel(model, into: &output, depth: depth + 1)
        }
        if let boxed = value as? any IndirectValue {
            return try write(boxed.boxedValue, into: &output, depth: depth)
        }
        switch value {
        case let string as String: output.string(string)
        case is NSNull: output.null()
        case let date as Date: try writeKnown(date, into: &output)
        case let url as URL: try writeKnown(url, into: &output)
        case let uuid as UUID: try writeKnown(uuid, into: &output)
        case let data as Data: try writeKnown(data, into: &output)
        case let decimal as Decimal: try writeKnown(decimal, into: &output)
        case let dictionary as [String: Any]:
            try JSONWriteFailure.requireLevel(depth + 1)
            output.beginObject()
            for key in dictionary.keys.sorted() {
                output.key(key)
                do throws(JSONWriteFailure) {
                    try write(dictionary[key]!, into: &output, depth: depth + 1)
                } catch {
                    throw error.inside(.key(key))
                }
            }
            output.endObject()
        default:
            if try writeNumber(value, into: &output) { return }
            if let elements = elements(of: value) {
                return try JSONValueWriters.writeArray(elements, with: JSONValueWriter { element, output, depth throws(JSONWriteFailure) in
                    try write(element, into: &output, depth: depth)
                }, into: &output, depth: depth)
            }
            // Raw-value enums and other value types: their archive form.
            if let value = value as? any KeyMapValue, let archived = value.keyMapArchiveValue {
                return try write(archived, into: &output, depth: depth)
            }
            throw JSONWriteFailure("\(type(of: value)), which has no JSON form")
        }
    }

    private static func writeModel<Model: KeyMapped>(_ model: Model, into output: inout JSONWriter, depth: Int) throws(JSONWriteFailure) {
        try Model.keyMap.writeJSON(of: model, into: &output, depth: depth)
    }

    /// Writes `value` as a property of its type is written.
    private static func writeKnown<Value: JSONLeafWritable>(_ value: Value, into output: inout JSONWriter) throws(JSONWriteFailure) {
        try Value.writeJSON(value, into: &output)
    }

    /// Writes `value` if it is a Boolean or a number, read by its value; whether it was one.
    private static func writeNumber(_ value: Any, into output: inout JSONWriter) throws(JSONWriteFailure) -> Bool {
        // A Foundation number first: `as Double` would take any NSNumber whose value fits.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            try writeFoundationNumber(number, into: &output)
            return true
        }
        switch value {
        case let bool as Bool where isBoolean(value): output.bool(bool)
        case let integer as any FixedWidthInteger: output.integer(integer)
        case let double as Double:
            try JSONWriteFailure.requireFinite(double)
            output.number(double)
        case let float as Float:
            try JSONWriteFailure.requireFinite(float)
            output.number(float)
        default:
            return false
        }
        return true
    }

    /// A Foundation number from a transform or an archive: by its kind, not its text.
    private static func writeFoundationNumber(_ number: NSNumber, into output: inout JSONWriter) throws(JSONWriteFailure) {
        let kind = UInt8(bitPattern: number.objCType.pointee)
        if isBoolean(number) {
            output.bool(number.boolValue)
        } else if kind == UInt8(ascii: "f") {
            let float = number.floatValue
            try JSONWriteFailure.requireFinite(float)
            output.number(float)
        } else if kind != UInt8(ascii: "d"), let exact = Int64(exactly: number) {
            output.integer(exact)
        } else if kind != UInt8(ascii: "d"), let exact = UInt64(exactly: number) {
            output.integer(exact)
        } else {
            let double = number.doubleValue
            try JSONWriteFailure.requireFinite(double)
            output.number(double)
        }
    }

    /// The elements of an array or a set, in order (a set's as it iterates).
    private static func elements(of value: Any) -> [Any]? {
        if let array = value as? [Any] { return array }
        if let sequence = value as? any Sequence, !(value is String), !(value is [String: Any]) {
            return collect(sequence)
        }
        return nil
    }

    private static func collect<Elements: Sequence>(_ elements: Elements) -> [Any] {
        elements.map { $0 as Any }
    }
}

/// ``Indirect`` seen through `Any`, so that the writer can reach the boxed value.
protocol IndirectValue {
    var boxedValue: Any { get }
}

extension Indirect: IndirectValue {
    var boxedValue: Any { value }
}
