/// The order of listed ids: by value for `Comparable` id types, so that `Int` ids come as
/// `[9, 10]` rather than in the order of their texts, and by text for the others.
///
/// The library's code is not specialised for an app's id type: sorting `(id, text)` pairs of an
/// unknown type moves each through its value witnesses, many times per pair (most of
/// `storedResourceIDs` at 1,000 files). So `String` and `Int` ids are sorted as what they are,
/// and others by a permutation of indices, compared through a buffer, so that the sort moves
/// only `Int`s and no comparison copies or casts an id.
enum ResourceIDOrder {
    static func sorted<ID>(_ ids: [(id: ID, text: String)]) -> [(id: ID, text: String)] {
        if ID.self == String.self {
            return unsafeBitCast(sortedStrings(unsafeBitCast(ids, to: [(id: String, text: String)].self)), to: [(id: ID, text: String)].self)
        }
        if ID.self == Int.self {
            return unsafeBitCast(sortedInts(unsafeBitCast(ids, to: [(id: Int, text: String)].self)), to: [(id: ID, text: String)].self)
        }
        guard let comparable = ID.self as? any Comparable.Type else {
            return ids.withUnsafeBufferPointer { pairs in
                pairs.indices.sorted { pairs[$0].text < pairs[$1].text }.map { pairs[$0] }
            }
        }
        func byValue<Value: Comparable>(_: Value.Type) -> [(id: ID, text: String)] {
            // `Value` is `ID` itself, opened from the cast above.
            precondition(Value.self == ID.self)
            return ids.withUnsafeBufferPointer { pairs in
                pairs.withMemoryRebound(to: (id: Value, text: String).self) { typed in
                    pairs.indices.sorted { typed[$0].id < typed[$1].id }.map { pairs[$0] }
                }
            }
        }
        return byValue(comparable)
    }

    // Not generic, so that they are compiled for their types.
    private static func sortedStrings(_ ids: [(id: String, text: String)]) -> [(id: String, text: String)] {
        ids.sorted { $0.id < $1.id }
    }

    private static func sortedInts(_ ids: [(id: Int, text: String)]) -> [(id: Int, text: String)] {
        ids.sorted { $0.id < $1.id }
    }
}
