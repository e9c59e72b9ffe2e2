import Foundation

// A value's archive form goes two places: into the Foundation objects of `keyMapArchiveValue` and
// `archiveValue`, and straight into the binary property list a store writes. Each built-in type
// states its form once, as a `writeArchive` generic over the sink, and both follow from it; the
// equivalence tests check that one rule through the two sinks.

/// What receives a value's archive: ``BinaryPropertyListWriter``, which a store writes, or
/// ``ArchiveObjects``, which builds Foundation objects.
///
/// The rules that take their parts from the caller (`Optional`'s, `Array`'s) are inlined into
/// callers that name the sink, so that neither sink is reached through a witness table.
protocol ArchiveSink {
    /// A value written: an object number, a Foundation object.
    associatedtype Object
    associatedtype Failure: Error
    associatedtype OpenArray
    associatedtype OpenDictionary

    mutating func addString(_ value: String) -> Object
    mutating func addBool(_ value: Bool) -> Object
    /// An integer that fits `Int64`.
    mutating func addInteger<Integer: FixedWidthInteger>(exactly value: Integer) -> Object
    mutating func addFloatingPoint<Number: BinaryFloatingPoint>(_ value: Number) -> Object
    mutating func addDate(_ value: Date) -> Object
    mutating func addData(_ value: Data) -> Object
    /// A value's public `keyMapArchiveValue` or a transform's result, which the sink checks as
    /// it checks any archive value.
    mutating func add(_ value: Any, depth: Int) throws(Failure) -> Object

    mutating func beginArray(capacity: Int, depth: Int) throws(Failure) -> OpenArray
    mutating func append(_ element: Object, to array: inout OpenArray)
    mutating func endArray(_ array: OpenArray) -> Object
    mutating func beginDictionary(capacity: Int, depth: Int) throws(Failure) -> OpenDictionary
    mutating func append(key: String, value: Object, to dictionary: inout OpenDictionary)
    /// The property `entry` of the model at `model`: the entry's writer for this sink.
    mutating func write(_ entry: KeyMapStoreEntry, of model: ModelAddress, depth: Int) throws(Failure) -> Object?

    /// `failure`, found inside the element or member `step`.
    static func failure(_ failure: Failure, inside step: ArchiveDecodingError.PathComponent) -> Failure
}

/// The sink of `keyMapArchiveValue`: each value as the Foundation object an archive holds.
struct ArchiveObjects: ArchiveSink {
    typealias Failure = Never

    func addString(_ value: String) -> Any { value }
    func addBool(_ value: Bool) -> Any { value }
    func addInteger<Integer: FixedWidthInteger>(exactly value: Integer) -> Any { value }
    func addFloatingPoint<Number: BinaryFloatingPoint>(_ value: Number) -> Any { value }
    func addDate(_ value: Date) -> Any { value }
    func addData(_ value: Data) -> Any { value }
    func add(_ value: Any, depth: Int) -> Any { value }

    func beginArray(capacity: Int, depth: Int) -> [Any] {
        var array: [Any] = []
        array.reserveCapacity(capacity)
        return array
    }

    func append(_ element: Any, to array: inout [Any]) { array.append(element) }
    func endArray(_ array: [Any]) -> Any { array }
    func beginDictionary(capacity: Int, depth: Int) -> Archive { Archive(minimumCapacity: capacity) }
    func append(key: String, value: Any, to dictionary: inout Archive) { dictionary[key] = value }
    func write(_ entry: KeyMapStoreEntry, of model: ModelAddress, depth: Int) -> Any? { entry.read(model) }
    static func failure(_ failure: Failure, inside step: ArchiveDecodingError.PathComponent) -> Failure {}
}

extension BinaryPropertyListWriter: ArchiveSink {
    mutating func addInteger<Integer: FixedWidthInteger>(exactly value: Integer) -> Int { addInteger(Int64(value)) }

    mutating func addFloatingPoint<Number: BinaryFloatingPoint>(_ value: Number) -> Int {
        Number.self == Float.self ? addFloat(Float(value)) : addDouble(Double(value))
    }

    mutating func endArray(_ array: OpenContainer) -> Int {
        end(array)
        return array.object
    }

    mutating func write(_ entry: KeyMapStoreEntry, of model: ModelAddress, depth: Int) throws(Failure) -> Int? {
        try entry.write(model, &self, depth)
    }

    static func failure(_ failure: Failure, inside step: ArchiveDecodingError.PathComponent) -> Failure { failure.inside(step) }
}

enum ArchiveWriting {
    /// The form of a type that states none to the library: its public `keyMapArchiveValue`,
    /// `nil` to leave it out.
    @inline(__always)
    static func throughArchiveValue<Value: KeyMapValue, Sink: ArchiveSink>(
        _ value: Value, into sink: inout Sink, depth: Int
    ) throws(Sink.Failure) -> Sink.Object? {
        guard let archived = value.keyMapArchiveValue else { return nil }
        return try sink.add(archived, depth: depth)
    }

    /// A property's form when its entry has a transform: the transform's result, `nil` to
    /// leave it out.
    @inline(__always)
    static func transformed<Sink: ArchiveSink>(
        _ value: Any, by transform: KeyMapTransform, into sink: inout Sink, depth: Int
    ) throws(Sink.Failure) -> Sink.Object? {
        guard let archived = transform.encode(value) else { return nil }
        return try sink.add(archived, depth: depth)
    }
}

extension ArchiveWriting {
    /// The archive of the model at `address`, whose key map's `storeEntries` are `entries`, as a
    /// dictionary left open for the caller to end: each property that is not excluded and not
    /// `nil` (`storeEntries` holds no others), under its archive key. The one walk over a
    /// model's fields for both sinks; a failure names the key it was found under.
    ///
    /// Generic over the sink alone, not a method of `KeyMap<Model>`, so that it is compiled for
    /// each sink: within a model's generic context the walk and its closure handled the sink's
    /// values through value witnesses.
    static func fields<Sink: ArchiveSink>(
        _ entries: [AnyObject], at address: ModelAddress, into sink: inout Sink, depth: Int
    ) throws(Sink.Failure) -> Sink.OpenDictionary {
        var dictionary = try sink.beginDictionary(capacity: entries.count, depth: depth)
        for index in entries.indices {
            // Only `storeEntries(of:)` fills the array, with entries of this map's model;
            // `entries` holds each for the call, which therefore takes no retain of it.
            try InvariantCasts.withUnretained(entries, at: index, as: KeyMapStoreEntry.self) { (entry) throws(Sink.Failure) in
                // Appended where it is unwrapped: a `Sink.Object?` kept across the `do` was
                // copied through Optional's value witnesses for Foundation objects.
                do throws(Sink.Failure) {
                    if let written = try sink.write(entry, of: address, depth: depth + 1) {
                        sink.append(key: entry.key, value: written, to: &dictionary)
                    }
                } catch {
                    throw Sink.failure(error, inside: .key(entry.key))
                }
            }
        }
        return dictionary
    }

    /// ``fields(_:at:into:depth:)`` for a model whose property values `Mirror` reports, one per
    /// field: each that is not excluded and that `write` does not leave out, under its archive key.
    static func fields<Sink: ArchiveSink>(
        of values: [Any], _ fields: [KeyMapField], into sink: inout Sink, depth: Int,
        write: (Int, Any, inout Sink, Int) throws(Sink.Failure) -> Sink.Object?
    ) throws(Sink.Failure) -> Sink.OpenDictionary {
        var dictionary = try sink.beginDictionary(capacity: fields.count, depth: depth)
        for index in fields.indices where !fields[index].isExcluded {
            let key = fields[index].archiveKey
            do throws(Sink.Failure) {
                if let written = try write(index, values[index], &sink, depth + 1) {
                    sink.append(key: key, value: written, to: &dictionary)
                }
            } catch {
                throw Sink.failure(error, inside: .key(key))
            }
        }
        return dictionary
    }
}
