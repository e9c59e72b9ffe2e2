import Foundation

/// An `NSCoder` that keeps what `encode(with:)` writes as a dictionary, nested coders as nested
/// dictionaries: the archive a keyed archive of an NSCoding wrapper holds, which is what
/// `KeyedArchiveOptions(classesReadAsDictionaries:)` reads. Foundation on Linux cannot write a
/// keyed archive of a nested class at all, so the tests record the fields directly.
final class RecordingCoder: NSCoder {
    private(set) var values: [String: Any] = [:]

    override var allowsKeyedCoding: Bool { true }

    override func encode(_ object: Any?, forKey key: String) {
        values[key] = Self.recorded(object)
    }

    override func encode(_ value: Int, forKey key: String) { values[key] = value }
    override func encode(_ value: Bool, forKey key: String) { values[key] = value }
    override func encode(_ value: Double, forKey key: String) { values[key] = value }

    static func record(_ object: some NSCoding) -> [String: Any] {
        let coder = RecordingCoder()
        object.encode(with: coder)
        return coder.values
    }

    private static func recorded(_ object: Any?) -> Any? {
        switch object {
        case nil: nil
        case let value as Date: value
        case let value as String: value
        case let value as Data: value
        case let array as [Any]: array.compactMap(recorded)
        case let coding as any NSObject & NSCoding: record(coding)
        default: object
        }
    }
}

/// An `NSCoder` that replays a recorded dictionary to `init?(coder:)`; nested wrappers are
/// rebuilt by the decoders given for their keys.
final class ReplayingCoder: NSCoder {
    private let values: [String: Any]
    private let nested: [String: (NSCoder) -> Any?]

    init(_ values: [String: Any], nested: [String: (NSCoder) -> Any?] = [:]) {
        self.values = values
        self.nested = nested
    }

    override var allowsKeyedCoding: Bool { true }

    override func containsValue(forKey key: String) -> Bool { values[key] != nil }

    override func decodeObject(forKey key: String) -> Any? {
        guard let value = values[key] else { return nil }
        guard let decode = nested[key] else { return value }
        if let array = value as? [[String: Any]] {
            return array.compactMap { decode(ReplayingCoder($0, nested: nested)) }
        }
        return (value as? [String: Any]).flatMap { decode(ReplayingCoder($0, nested: nested)) }
    }
}
