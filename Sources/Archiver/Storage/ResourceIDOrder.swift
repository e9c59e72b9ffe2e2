/// The order of listed ids: by value for `Comparable` id types, so that `Int` ids come as
/// `[9, 10]` rather than in the order of their texts, and by text for the others.
///
/// The library's code is not specialised for an app's id type: sorting `(id, text)` pairs of an
/// unknown type moves each through its value witnesses, many times per pair (most of
/// `storedResourceIDs` at 1,000 files). So `String` and `Int` ids are sorted as what they are,
/// and others by a permutation of indices, compared through a buffer, so that the sort moves
/// only `Int`s and no comparison copies or casts an id.
enum ResourceIDOrder {
    /// The ids of type `ID` that `texts` name, sorted, each with its text, and the texts that
    /// name no such id, sorted. The id's type alone reads a text, so this runs on any thread.
    static func parse<ID>(_ texts: [String], as _: ID.Type) -> (ids: [(id: ID, text: String)], unparsed: [String]) {
        // A `String` id is its text. Made here as `String` pairs, not through the generic path,
        // whose every pair the runtime builds (tuple metadata, a cast, a copy through value
        // witnesses) in code not compiled for the app's id type, for every file listed.
        if ID.self == String.self {
            var pairs = texts.map { (id: $0, text: $0) }
            pairs.withUnsafeMutableBufferPointer { sortStrings($0) }
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
        let ids = parse(texts, as: ID.self).ids
        if ID.self == String.self {
            // `ID` is `String`, compared above.
            return InvariantCasts.sameType(InvariantCasts.sameType(ids, as: [(id: String, text: String)].self).map(\.id), as: [ID].self)
        }
        return ids.map(\.id)
    }

    /// Sorts `ids` in place: `String` ids, the common case, are permuted where they are, so that
    /// no second array of pairs is made and destroyed (each pair through its value witnesses).
    static func sort<ID>(_ ids: inout [(id: ID, text: String)]) {
        if ID.self == String.self {
            // `ID` is `String`, compared above: the pairs' memory holds `(String, String)` pairs.
            ids.withUnsafeMutableBufferPointer { pairs in
                pairs.withMemoryRebound(to: (id: String, text: String).self) { sortStrings($0) }
            }
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

    /// `String` ids in `<`'s order. ASCII text orders by its bytes as `<` orders it, so ASCII ids
    /// (the common case: names, numbers, UUIDs) are sorted by their first 16 bytes as two words
    /// and their length, and only ids that share their first 16 bytes are compared as strings,
    /// since `String`'s comparison normalizes as it goes. Any other id sorts them all by `<`.
    private static func sortStrings(_ pairs: UnsafeMutableBufferPointer<(id: String, text: String)>) {
        var ids = pairs
        var keys: [ASCIIKey] = []
        keys.reserveCapacity(ids.count)
        for index in ids.indices {
            guard let key = ASCIIKey(ids[index].id, index: index) else { return ids.sort { $0.id < $1.id } }
            keys.append(key)
        }
        keys.withUnsafeMutableBufferPointer { keys in
            quicksort(keys, depthLimit: 2 * (Int.bitWidth - keys.count.leadingZeroBitCount)) { first, second in
                if first.high != second.high { return first.high < second.high }
                if first.low != second.low { return first.low < second.low }
                if first.length > 16 || second.length > 16 {
                    let (text, other) = (ids[first.index].id, ids[second.index].id)
                    if text != other { return text < other }
                }
                // Ids of up to 16 bytes by their length, and equal ids keep their order, as the
                // stable sort by `<` kept them: both in one word.
                return first.tail < second.tail
            }
        }
        // Each cycle of the permutation is followed once, swapping its pairs into their places.
        var placed = [Bool](repeating: false, count: ids.count)
        for start in ids.indices where !placed[start] {
            var position = start
            while true {
                placed[position] = true
                let source = keys[position].index
                if source == start { break }
                ids.swapAt(position, source)
                position = source
            }
        }
    }

    /// Sorts `keys`, which are all different (each holds its index), so that an unstable sort
    /// gives the one order: a quicksort in place, as it moves and compares fewer keys than the
    /// standard library's merge sort (Docs/performance.md). Past `depthLimit` partitions (keys
    /// ordered to defeat the median of three), the rest goes to the standard library's sort.
    private static func quicksort(
        _ keys: UnsafeMutableBufferPointer<ASCIIKey>, depthLimit: Int, by isLess: (ASCIIKey, ASCIIKey) -> Bool
    ) {
        var keys = keys
        var depth = depthLimit
        while keys.count > 16 {
            if depth == 0 { return keys.sort(by: isLess) }
            depth -= 1
            // The median of the first, middle and last key goes first, as the pivot.
            let (first, middle, last) = (0, keys.count / 2, keys.count - 1)
            if isLess(keys[middle], keys[first]) { keys.swapAt(middle, first) }
            if isLess(keys[last], keys[middle]) {
                keys.swapAt(last, middle)
                if isLess(keys[middle], keys[first]) { keys.swapAt(middle, first) }
            }
            keys.swapAt(first, middle)
            let pivot = keys[first]
            var low = 1, high = last
            while true {
                while low <= high, isLess(keys[low], pivot) { low += 1 }
                while isLess(pivot, keys[high]) { high -= 1 }
                if low >= high { break }
                keys.swapAt(low, high)
                low += 1
                high -= 1
            }
            keys.swapAt(first, high)
            // The smaller side first, by recursion, so that the stack stays logarithmic.
            let left = UnsafeMutableBufferPointer(rebasing: keys[..<high])
            let right = UnsafeMutableBufferPointer(rebasing: keys[(high + 1)...])
            if left.count < right.count {
                quicksort(left, depthLimit: depth, by: isLess)
                keys = right
            } else {
                quicksort(right, depthLimit: depth, by: isLess)
                keys = left
            }
        }
        // Insertion sort for the last few.
        for index in keys.indices.dropFirst() {
            let key = keys[index]
            var position = index
            while position > 0, isLess(key, keys[position - 1]) {
                keys[position] = keys[position - 1]
                position -= 1
            }
            keys[position] = key
        }
    }

    /// An ASCII id's first 16 bytes as two big-endian words, zero past its end, then its length
    /// (17 for any longer) and where it is in the list, in one word: 24 bytes, which the sort
    /// moves a quarter less of than four words.
    private struct ASCIIKey {
        var high: UInt64 = 0
        var low: UInt64 = 0
        let tail: UInt64

        var length: UInt64 { tail >> 56 }
        var index: Int { Int(tail & ((1 << 56) - 1)) }

        /// `nil` for an id that is not ASCII.
        init?(_ id: String, index: Int) {
            var id = id
            // The first 16 bytes are copied into two zeroed words at once and read big-endian,
            // and tested for ASCII a word at a time, rather than built byte by byte.
            var words: (UInt64, UInt64) = (0, 0)
            let (count, restIsASCII) = id.withUTF8 { bytes in
                withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes.prefix(16)))) }
                return (bytes.count, bytes.dropFirst(16).allSatisfy { $0 < 0x80 })
            }
            guard restIsASCII, (words.0 | words.1) & 0x8080_8080_8080_8080 == 0 else { return nil }
            tail = UInt64(min(count, 17)) << 56 | UInt64(index)
            high = UInt64(bigEndian: words.0)
            low = UInt64(bigEndian: words.1)
        }
    }

    private static func sortedInts(_ ids: [(id: Int, text: String)]) -> [(id: Int, text: String)] {
        ids.sorted { $0.id < $1.id }
    }
}
