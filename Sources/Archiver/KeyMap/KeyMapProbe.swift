import Foundation

/// Values that differ from property to property, for the probe instances a key map builds: the
/// one that tells which property a key-path entry reads, where strings and numbers get one of
/// their own and other types their placeholder, and those that check each property's offset.
@usableFromInline
enum KeyMapProbe {
    @usableFromInline
    static func value<Value: KeyMapValue>(_ type: Value.Type, index: Int) -> Value? {
        let probe: Any? = switch Value.self {
        case is String.Type: "probe \(index)"
        case is Int.Type: 1_000_003 + index
        case is Int64.Type: Int64(1_000_003 + index)
        case is Int32.Type: Int32(1_000_003 + index)
        case is UInt.Type: UInt(1_000_003 + index)
        case is Double.Type: Double(index) + 0.5
        case is Float.Type: Float(index) + 0.5
        default: nil
        }
        return probe as? Value ?? placeholder(Value.self)
    }

    /// `Value`'s placeholder, for the models a map builds to reflect on and to probe. A class
    /// instance (or an optional one) is made once per type and kept for the process: a model
    /// that holds it `unowned` keeps no reference of its own, so a placeholder made for each
    /// model was freed as the model was made, and reflecting on the model then trapped.
    @usableFromInline
    static func placeholder<Value: KeyMapValue>(_ type: Value.Type) -> Value? {
        guard Value.self is AnyObject.Type || (Value.self as? any OptionalWrapping.Type)?.wrapsClass == true else {
            return Value.keyMapPlaceholder
        }
        let type = ObjectIdentifier(Value.self)
        if let kept = keptPlaceholders.withLock({ $0[type] }) { return kept as? Value }
        // Made outside the lock: a placeholder may build a map, which asks for placeholders.
        let made = Value.keyMapPlaceholder
        return keptPlaceholders.withLock { kept in
            if let first = kept[type] { return first as? Value }
            kept[type] = made as Any
            return made
        }
    }

    /// The placeholder of each class type (and optional one) made so far, `nil` included.
    private static let keptPlaceholders = Locked<[ObjectIdentifier: Any]>([:])
}

extension KeyMapProbe {
    /// Up to `count` values of `Value` that differ from one another, for the probe instances that
    /// check where a map without readers finds each stored property: the map gives same-typed
    /// properties different values, in several instances where the type has fewer values than
    /// the model has properties of it (`Bool?` has three). A type the library cannot make values
    /// of has its placeholder alone: one property of it is told by that value, several are not.
    ///
    /// A key-mapped type gives models its own map builds with different values, as its
    /// placeholder would be built by that map.
    ///
    /// - Parameter placeholder: Whether such a type gives its placeholder, or a key-mapped type its
    ///   models. Not for an optional's or an array's elements, whose placeholder (`nil`, `[]`)
    ///   builds no map: a status that holds an optional status would build its own map while
    ///   building it.
    static func values<Value: KeyMapValue>(_ type: Value.Type, upTo count: Int, placeholder: Bool = true) -> [Value] {
        guard count > 0 else { return [] }
        let values: [Value]
        if let probing = Value.self as? any KeyMapProbing.Type, let made = probing.keyMapProbeValues(upTo: count) as? [Value] {
            values = made
        } else if let integer = Value.self as? any FixedWidthInteger.Type, let made = integers(integer, count: count) as? [Value] {
            values = made
        } else if let floating = Value.self as? any BinaryFloatingPoint.Type, let made = floatingPoints(floating, count: count) as? [Value] {
            values = made
        } else if let cases = Value.self as? any CaseIterable.Type, let made = allCases(cases) as? [Value] {
            values = made
        } else if placeholder, let mapped = Value.self as? any KeyMapped.Type, let made = probes(of: mapped, count: count) as? [Value], !made.isEmpty {
            values = made
        } else if placeholder {
            values = Self.placeholder(Value.self).map { [$0] } ?? []
        } else {
            values = []
        }
        // Values that print alike cannot be told apart by the check, which compares printed values.
        var seen = Set<String>()
        return Array(values.filter { seen.insert(String(describing: $0)).inserted }.prefix(count))
    }

    /// Value number `number` of ``values(_:upTo:placeholder:)``, or the last there is.
    @usableFromInline
    static func value<Value: KeyMapValue>(_ type: Value.Type, number: Int) -> Value? {
        values(Value.self, upTo: number + 1).last
    }

    private static func probes<Model: KeyMapped>(of type: Model.Type, count: Int) -> [Any] {
        Model.keyMap.makeProbes(count)
    }

    private static func integers<Integer: FixedWidthInteger>(_: Integer.Type, count: Int) -> [Any] {
        (0 ..< count).map { Integer(truncatingIfNeeded: 1_000_003 + $0) }
    }

    private static func floatingPoints<Floating: BinaryFloatingPoint>(_: Floating.Type, count: Int) -> [Any] {
        (0 ..< count).map { Floating($0) + 0.5 }
    }

    private static func allCases<Cases: CaseIterable>(_: Cases.Type) -> [Any] {
        Array(Cases.allCases)
    }
}

/// A type whose values the probe instances of a key map can differ in.
protocol KeyMapProbing {
    /// Up to `count` different values.
    static func keyMapProbeValues(upTo count: Int) -> [Self]
}

extension String: KeyMapProbing {
    static func keyMapProbeValues(upTo count: Int) -> [String] { (0 ..< count).map { "probe \($0)" } }
}

extension Bool: KeyMapProbing {
    static func keyMapProbeValues(upTo count: Int) -> [Bool] { Array([false, true].prefix(count)) }
}

extension Date: KeyMapProbing {
    static func keyMapProbeValues(upTo count: Int) -> [Date] { (0 ..< count).map { Date(timeIntervalSince1970: 1_000_003 + Double($0)) } }
}

extension Decimal: KeyMapProbing {
    static func keyMapProbeValues(upTo count: Int) -> [Decimal] { (0 ..< count).map { Decimal(1_000_003 + $0) } }
}

extension Data: KeyMapProbing {
    static func keyMapProbeValues(upTo count: Int) -> [Data] { (0 ..< count).map { Data("probe \($0)".utf8) } }
}

extension URL: KeyMapProbing {
    static func keyMapProbeValues(upTo count: Int) -> [URL] { (0 ..< count).compactMap { URL(string: "https://probe.invalid/\($0)") } }
}

extension UUID: KeyMapProbing {
    static func keyMapProbeValues(upTo count: Int) -> [UUID] {
        (0 ..< count).compactMap { UUID(uuidString: "00000000-0000-0000-0000-" + String(String($0, radix: 16).suffix(12)).leftPadded(to: 12)) }
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}

extension Optional: KeyMapProbing where Wrapped: KeyMapValue {
    static func keyMapProbeValues(upTo count: Int) -> [Wrapped?] {
        [nil] + KeyMapProbe.values(Wrapped.self, upTo: count - 1, placeholder: false).map { $0 }
    }
}

extension Array: KeyMapProbing where Element: KeyMapValue {
    static func keyMapProbeValues(upTo count: Int) -> [[Element]] {
        [[]] + KeyMapProbe.values(Element.self, upTo: count - 1, placeholder: false).map { [$0] }
    }
}

extension Set: KeyMapProbing where Element: KeyMapValue {
    static func keyMapProbeValues(upTo count: Int) -> [Set<Element>] {
        [[]] + KeyMapProbe.values(Element.self, upTo: count - 1, placeholder: false).map { [$0] }
    }
}

extension Dictionary: KeyMapProbing where Key == String, Value: KeyMapValue {
    static func keyMapProbeValues(upTo count: Int) -> [[String: Value]] {
        [[:]] + KeyMapProbe.values(Value.self, upTo: count - 1, placeholder: false).map { ["probe": $0] }
    }
}
