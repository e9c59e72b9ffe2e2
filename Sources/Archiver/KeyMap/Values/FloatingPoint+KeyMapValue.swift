import Foundation

/// `Double` and `Float` read from any number but a Boolean, and from decimal strings such as
/// `"4.5"`. A `Float` read from a `Double` rounds to the nearest `Float`, as Swift's own
/// conversion does.
extension Double: KeyMapValue {
    /// Reads a `Double` by the rule above.
    ///
    /// ```swift
    /// try Double(keyMapValue: KeyMapInput("4.5", from: .responseObject))  // 4.5
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        switch input.double {
        case .value(let double): self = double
        // A JSON number beyond Double's range is not lossless.
        case .notExact: throw .invalidValue(Double.self, found: input)
        case .notANumber:
            guard let string = input.stringValue else { throw .typeMismatch(Double.self, found: input) }
            guard let double = Double(string) else { throw .invalidValue(Double.self, found: input) }
            self = double
        }
    }

    /// The `Double` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Double(keyMapValue: KeyMapInput("4.5", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { self }

    /// `0`: any `Double` will do.
    ///
    /// ```swift
    /// Double.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Double? { 0 }
}

extension Float: KeyMapValue {
    /// Reads a `Float` by the rule above.
    ///
    /// ```swift
    /// try Float(keyMapValue: KeyMapInput("4.5", from: .responseObject))  // 4.5
    /// ```
    public init(keyMapValue input: borrowing KeyMapInput) throws(ArchiveDecodingError) {
        switch input.float {
        case .value(let float): self = float
        case .notExact: throw .invalidValue(Float.self, found: input)
        case .notANumber:
            guard let string = input.stringValue else { throw .typeMismatch(Float.self, found: input) }
            guard let float = Float(string) else { throw .invalidValue(Float.self, found: input) }
            self = float
        }
    }

    /// The `Float` itself: a property list holds it as it is.
    ///
    /// ```swift
    /// try Float(keyMapValue: KeyMapInput("4.5", from: .archive)).keyMapArchiveValue
    /// ```
    public var keyMapArchiveValue: Any? { self }

    /// `0`: any `Float` will do.
    ///
    /// ```swift
    /// Float.keyMapPlaceholder
    /// ```
    public static var keyMapPlaceholder: Float? { 0 }
}

// How a store writes it: straight into the binary property list (KeyMap+PropertyList.swift).
extension Double: PropertyListWritable {
    static func makePropertyListWriter() -> Any {
        PropertyListFieldWriter<Double> { value, writer, _ in writer.addDouble(value) }
    }
}
