import Foundation

/// Why a value could not be built from a response object or an archive, and where.
///
/// The description reads as a key path from the outermost type, then what was expected and
/// what was found:
///
/// ```swift
/// do {
///     _ = try User.decode(archive: archive)
/// } catch {
///     print(error)  // User.reviews[1].restaurant.id: expected String, found number 42
/// }
/// ```
public struct ArchiveDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One step of a key path: a dictionary key or an array index.
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
        /// A dictionary key: `.key("name")`, shown as `.name`.
        case key(String)
        /// An array index: `.index(1)`, shown as `[1]`.
        case index(Int)

        public var description: String {
            switch self {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// What went wrong at the end of the key path.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// The key is missing or null and the property has no default.
        case missingValue(expected: String)
        /// The value is of another type, and no lossless conversion applies.
        case typeMismatch(expected: String, found: String)
        /// The value has the right type but is not acceptable, such as `"4x"` for an `Int`.
        case invalidValue(expected: String, found: String)
        /// A hand-written failable initializer returned `nil` without saying why.
        case rejected(initializer: String)
        /// A custom transform or validation failed with this message.
        case custom(String)
        /// The text given to ``Serializable/decode(json:)`` is not valid JSON; the error says
        /// where.
        case invalidJSON(JSONSyntaxError)
        /// Values nest deeper than `limit` levels (a recursive type, or a response object built to
        /// be deep): refused before the conversion could exhaust the thread's stack.
        case nestedTooDeep(limit: Int)

        public var description: String {
            switch self {
            case .missingValue(let expected): "expected \(expected), found nothing"
            case .typeMismatch(let expected, let found): "expected \(expected), found \(found)"
            case .invalidValue(let expected, let found): "expected \(expected), found \(found)"
            case .rejected(let initializer): "\(initializer) returned nil"
            case .custom(let message): message
            case .invalidJSON(let error): error.description
            case .nestedTooDeep(let limit): "values nested deeper than \(limit) levels"
            }
        }
    }

    /// The name of the outermost type being decoded.
    public var typeName: String
    /// The path from the outermost type to the failing value.
    public var path: [PathComponent]
    /// What went wrong there.
    public var reason: Reason

    /// Creates an error for `type`, at `path` below it.
    public init(type: Any.Type, path: [PathComponent] = [], reason: Reason) {
        self.init(typeName: String(describing: type), path: path, reason: reason)
    }

    // For readers that know the type by name only; users name the type itself.
    init(typeName: String, path: [PathComponent] = [], reason: Reason) {
        self.typeName = typeName
        self.path = path
        self.reason = reason
    }

    /// This error as seen from an enclosing type, which found the failing value at `prefix`.
    ///
    /// ```swift
    /// // Review.restaurant.id: … becomes User.reviews[1].restaurant.id: …
    /// error.nested(in: User.self, at: [.key("reviews"), .index(1)])
    /// ```
    public func nested(in type: Any.Type, at prefix: [PathComponent]) -> ArchiveDecodingError {
        ArchiveDecodingError(type: type, path: prefix + path, reason: reason)
    }

    /// The key path as text: `User.reviews[1].restaurant.id`.
    var keyPath: String {
        path.keyPath(from: typeName)
    }

    public var description: String {
        "\(keyPath): \(reason)"
    }

    /// A short description of a value found in a response object or an archive, for messages:
    /// `String "4x"`, `null`.
    static func describe(_ value: Any?) -> String {
        ValueDescription.summary(value)
    }
}

/// The outcome of decoding a collection element by element: what decoded, and why the rest did not.
///
/// ```swift
/// let result = Review.decodeCollection(archives: archives)
/// print(result.values.count, "decoded,", result.failureCount, "dropped")
/// for failure in result.failures { print(failure) }  // [1] Review.restaurant: expected …
/// ```
///
/// Memory stays bounded however many elements fail: the first 100 failures are kept with their
/// reasons, and the rest only counted,
/// so that a hostile array of a million invalid elements costs no more than a valid one.
public struct CollectionDecodingResult<Value> {
    /// The most failures kept in ``failures``; past it they are only counted in ``failureCount``.
    static var maximumRecordedFailures: Int { 100 }

    /// The elements that decoded, in order.
    public var values: [Value] = []
    /// The first 100 elements that did not decode, with why;
    /// ``failureCount`` counts them all.
    public var failures: [CollectionDecodingFailure] = []
    /// Elements that did not decode past the first 100: counted, not kept.
    var unrecordedFailures = 0

    /// How many elements did not decode: the recorded ``failures``, and those past the first
    /// 100, which are counted but not kept.
    ///
    /// ```swift
    /// let result = try Review.decodeCollection(json: tenThousandInvalidReviews)
    /// result.failures.count  // 100
    /// result.failureCount    // 10000
    /// ```
    public var failureCount: Int { failures.count + unrecordedFailures }
    /// What the valid values dropped inside them (elements of their own collections) or had
    /// replaced by an entry, each under the element's index: `[Review][2].tags[0]: …`. Filled
    /// in for key-mapped elements, as ``ArchiveDecodingError/collectingDroppedElements(_:)`` lists them. Like
    /// ``failures``, it keeps the first 100, so memory stays bounded.
    public var droppedElements: [ArchiveDecodingError] = []

    init() {}

    /// Decodes each element with `decode`, keeping the values and the reasons for the failures.
    init<Element>(decoding elements: [Element], with decode: (Element) throws(ArchiveDecodingError) -> Value) {
        for (index, element) in elements.enumerated() {
            append(index: index) { () throws(ArchiveDecodingError) in try decode(element) }
        }
    }

    /// Decodes the element at `index`, collecting what it drops inside.
    mutating func append(index: Int, _ decode: () throws(ArchiveDecodingError) -> Value) {
        let log = DroppedElementLog()
        do {
            values.append(try KeyMapDecodingContext.collectingDroppedElements(log, decode))
            for error in log.errors where droppedElements.count < Self.maximumRecordedFailures {
                droppedElements.append(ArchiveDecodingError(typeName: "[\(Value.self)]", path: [.index(index)] + error.path, reason: error.reason))
            }
        } catch {
            recordFailure(at: index, error)
        }
    }

    /// Records that the element at `index` did not decode, keeping why only for the first
    /// 100.
    mutating func recordFailure(at index: Int, _ error: ArchiveDecodingError) {
        if failures.count < Self.maximumRecordedFailures {
            failures.append(CollectionDecodingFailure(index: index, error: error))
        } else {
            unrecordedFailures += 1
        }
    }
}

extension CollectionDecodingResult: Sendable where Value: Sendable {}

/// An element of a collection that did not decode: its index, and why.
///
/// A record in ``CollectionDecodingResult/failures``, not an error of its own: nothing throws it,
/// and ``error`` is the ``ArchiveDecodingError`` to rethrow if a dropped element should fail.
public struct CollectionDecodingFailure: Sendable, Equatable, CustomStringConvertible {
    /// The element's index in the collection.
    public var index: Int
    /// Why the element did not decode.
    public var error: ArchiveDecodingError

    /// Creates a failure, as a test would expect one.
    ///
    /// ```swift
    /// CollectionDecodingFailure(index: 1, error: ArchiveDecodingError(type: Review.self, reason: .custom("bad")))
    /// ```
    init(index: Int, error: ArchiveDecodingError) {
        self.index = index
        self.error = error
    }

    public var description: String {
        "[\(index)] \(error)"
    }
}
