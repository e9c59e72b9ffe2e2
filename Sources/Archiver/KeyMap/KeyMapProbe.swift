import Foundation

/// Values that differ from property to property, for the probe instance that checks readers:
/// strings and numbers get one of their own, other types their placeholder.
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
        return probe as? Value ?? Value.keyMapPlaceholder
    }
}
