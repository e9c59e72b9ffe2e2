/// The order of listed ids: by value for `Comparable` id types, so that `Int` ids come as
/// `[9, 10]` rather than in the order of their texts, and by text for the others.
///
/// The library's code is not specialised for an app's id type: sorting `(id, text)` pairs of an
/// unknown type moves each through its value witnesses, many times per pair (most of
/// `storedResourceIDs` at 1,000 files). So `String` and `Int` ids are sorted as what they are,
/// and others by a permutation of indices, so that the sort moves only `Int`s.
enum ResourceIDOrder {
    /// The ids of type `ID` that `texts` name, sorted, each with its text, and the texts that
    /// name no such id, sorted. The id's type alone reads a text, so this runs on any thread.
    static func parse<ID>(_ texts: [String], as _: ID.Type) -> (ids: [(id: ID, text: String)], unparsed: [String]) {
        // A `String` id is its text. Made here as `String` pairs, not through the generic path,
        // whose every pair the runtime builds (tuple metadata, a cast, a copy through value
        // witnesses) in code not compiled for the app's id type, for every file listed.
        if ID.self == String.self {
            let pairs = stringOrder(texts).map { (id: texts[$0], text: texts[$0]) }
            // `ID` is `String`, compared above.
            return (InvariantCasts.sameType(pairs, as: [(id: ID, text: String)].self), [])
        }
        var ids: [(id: ID, text: String)] = []
        ids.reserveCapacity(texts.count)
        var unparsed: [String] = []
        for text in texts {
            if let id = ResourceIDText.id(ID.self, from: text) { ids.append((id, text)) } else { unparsed.append(text) }
        }
        sort(&ids)
        return (ids, unparsed.sorted())
    }

    /// The ids of type `ID` that `texts` name, sorted: what `storedResourceIDs` returns.
    static func sortedIDs<ID>(_ texts: [String], as _: ID.Type) -> [ID] {
        if ID.self == String.self {
            // `ID` is `String`, compared above: the texts are the ids, taken in their order,
            // with no pairs made.
            return InvariantCasts.sameType(stringOrder(texts).map { texts[$0] }, as: [ID].self)
        }
        return parse(texts, as: ID.self).ids.map(\.id)
    }

    /// Sorts `ids`.
    static func sort<ID>(_ ids: inout [(id: ID, text: String)]) {
        if ID.self == String.self {
            // `ID` is `String`, compared above.
            let strings = InvariantCasts.sameType(ids, as: [(id: String, text: String)].self)
            ids = InvariantCasts.sameType(stringOrder(strings.map(\.id)).map { strings[$0] }, as: [(id: ID, text: String)].self)
            return
        }
        ids = sortedCopy(ids)
    }

    private static func sortedCopy<ID>(_ ids: [(id: ID, text: String)]) -> [(id: ID, text: String)] {
        if ID.self == Int.self {
            // `ID` is `Int`, compared above.
            return InvariantCasts.sameType(sortedInts(InvariantCasts.sameType(ids, as: [(id: Int, text: String)].self)), as: [(id: ID, text: String)].self)
        }
        guard let comparable = ID.self as? any Comparable.Type else {
            // The texts, taken out once, are sorted as `String`s, compiled for them.
            let texts = ids.map { $0.text }
            return texts.indices.sorted { texts[$0] < texts[$1] }.map { ids[$0] }
        }
        func byValue<Value: Comparable>(_: Value.Type) -> [(id: ID, text: String)] {
            // `Value` is `ID` itself, opened from the cast above.
            precondition(Value.self == ID.self)
            let values = InvariantCasts.sameType(ids, as: [(id: Value, text: String)].self).map { $0.id }
            return values.indices.sorted { values[$0] < values[$1] }.map { ids[$0] }
        }
        return byValue(comparable)
    }

    // Not generic, so that they are compiled for their types.

    /// The indices of `ids` in `<`'s order of the ids, equal ids in their order. ASCII text
    /// orders by its bytes as `<` orders it, so ASCII ids (the common case: names, numbers,
    /// UUIDs) are sorted by their first 16 bytes as two words and their length, and only ids
    /// that share their first 16 bytes are compared as strings, since `String`'s comparison
    /// normalizes as it goes. Any other id sorts them all by `<`. The callers take the ids in
    /// this order, rather than permuting `(id, text)` pairs, each swap of which retains and
    /// releases their strings.
    private static func stringOrder(_ ids: [String]) -> [Int] {
        var keys: [ASCIIKey] = []
        keys.reserveCapacity(ids.count)
        for index in ids.indices {
            guard let key = ASCIIKey(ids[index], index: index) else { return ids.indices.sorted { ids[$0] < ids[$1] } }
            keys.append(key)
        }
        keys.sortDistinct { first, second in
            if first.high != second.high { return first.high < second.high }
            if first.low != second.low { return first.low < second.low }
            if first.length > 16 || second.length > 16 {
                let (text, other) = (ids[first.index], ids[second.index])
                if text != other { return text < other }
            }
            // Ids of up to 16 bytes by their length, and equal ids keep their order, as the
            // stable sort by `<` kept them: both in one word.
            return first.tail < second.tail
        }
        return keys.map(\.index)
    }

    /// An ASCII id's first 16 bytes as two big-endian words, zero past its end, then its length
    /// (17 for any longer) and where it is in the list, in one word: 24 bytes, which the sort
    /// moves a quarter less of than four words.
    private struct ASCIIKey {
        let high: UInt64
        let low: UInt64
        let tail: UInt64

        var length: UInt64 { tail >> 56 }
        var index: Int { Int(tail & ((1 << 56) - 1)) }

        /// `nil` for an id that is not ASCII.
        init?(_ id: String, index: Int) {
            var id = id
            // The first 16 bytes are read as two words at once and tested for ASCII a word at a
            // time, rather than built byte by byte.
            let (words, count, restIsASCII) = ByteReader.withUTF8(of: &id) { bytes in
                (bytes.leadingBigEndianWords(), bytes.count, bytes.count <= 16 || bytes.bytes(at: 16, count: bytes.count - 16).isASCII)
            }
            guard restIsASCII, (words.high | words.low) & 0x8080_8080_8080_8080 == 0 else { return nil }
            tail = UInt64(min(count, 17)) << 56 | UInt64(index)
            (high, low) = words
        }
    }

    private static func sortedInts(_ ids: [(id: Int, text: String)]) -> [(id: Int, text: String)] {
        ids.sorted { $0.id < $1.id }
    }
}
