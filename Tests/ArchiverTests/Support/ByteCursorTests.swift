import Foundation
import Testing
@testable import Archiver

/// ``ByteReader`` and ``ByteWriter``: what each read gives and each write leaves, at the edges
/// their callers meet (widths 1 to 8, texts whose last word is partial, room filled exactly),
/// and the in-place sort beside them.
struct ByteCursorTests {
    /// Bytes 0x01 … 0x20: every offset of a big-endian read has a known answer.
    static let counting = Data((1 ... 32).map { UInt8($0) })

    @Test(arguments: 1 ... 8)
    func aBigEndianReadOfEachWidthTakesThatManyBytesMostSignificantFirst(width: Int) {
        ByteReader.withBytes(of: Self.counting) { bytes in
            let expected = (0 ..< width).reduce(UInt64(0)) { value, index in value << 8 | UInt64(3 + index) }
            #expect(bytes.bigEndian(at: 2, width: width) == expected)
        }
    }

    @Test func aWordHoldsItsFirstByteLowestAndAUnitIsBigEndian() {
        ByteReader.withBytes(of: Self.counting) { bytes in
            #expect(bytes.word(at: 0) == 0x0807_0605_0403_0201)
            #expect(bytes.bigEndianUInt16(at: 4) == 0x0506)
            #expect(bytes[31] == 32)
        }
    }

    #if DEBUG
    /// The bounds a release build trusts its callers with: a debug build stops at the first read
    /// past them.
    @Test func aDebugBuildStopsAReadPastTheEnd() async {
        await #expect(processExitsWith: .failure) {
            _ = ByteReader.withBytes(of: [UInt8](repeating: 0, count: 9)) { $0.word(at: 2) }
        }
    }
    #endif

    @Test func aTextIsASCIIOnlyIfEachOfItsBytesIs() {
        for length in 0 ... 20 {
            let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            ByteReader.withBytes(of: ascii) { #expect($0.isASCII) }
            for position in 0 ..< length {
                var text = ascii
                text[position] = 0xC3
                ByteReader.withBytes(of: text) { #expect(!$0.isASCII, "\(length) bytes, non-ASCII at \(position)") }
            }
        }
    }

    /// A text followed by other bytes: only the text's own bytes count, though the last word is
    /// read whole.
    @Test func aRangeIsASCIIWhateverFollowsIt() {
        let bytes: [UInt8] = Array("abcdefghij".utf8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        ByteReader.withBytes(of: bytes) { reader in
            #expect(reader.isASCII(at: 0, count: 10))
            #expect(reader.isASCII(at: 3, count: 7))
            #expect(!reader.isASCII(at: 3, count: 8))
        }
    }

    @Test func theLeadingWordsAreTheFirstSixteenBytesMostSignificantFirstZeroPastTheEnd() {
        func words(_ text: String) -> [UInt64] {
            var text = text
            let (high, low) = ByteReader.withUTF8(of: &text) { $0.leadingBigEndianWords() }
            return [high, low]
        }
        #expect(words("") == [0, 0])
        #expect(words("ab") == [0x6162_0000_0000_0000, 0])
        #expect(words("0123456789") == [0x3031_3233_3435_3637, 0x3839_0000_0000_0000])
        #expect(words("0123456789abcdef") == [0x3031_3233_3435_3637, 0x3839_6162_6364_6566])
        #expect(words("0123456789abcdef and more than a small string holds") == words("0123456789abcdef"))
    }

    /// The stem of a file name: the bytes before the suffix, when the name's bytes end in it.
    @Test func theTextBeforeASuffixIsCutFromTheBytesWhenTheyEndInIt() {
        let long = String(repeating: "a-long-name-", count: 4)
        for (name, stem, isASCII) in [("a.plist", "a", true), (".plist", "", true), ("caf\u{E9}.plist", "caf\u{E9}", false),
                                      (long + ".plist", long, true), ("a.b.plist", "a.b", true)] {
            let cut = ByteReader.text(of: name, beforeSuffix: ".plist")
            #expect(cut?.text == stem, "\(name)")
            #expect(cut?.isASCII == isASCII, "\(name)")
        }
        for name in ["plist", "a.plis", "a.plistx", "a.PLIST", "", "a.plist\u{301}"] {
            #expect(ByteReader.text(of: name, beforeSuffix: ".plist") == nil, "\(name)")
        }
        #expect(ByteReader.text(of: "abc", beforeSuffix: "")?.text == "abc")
    }

    @Test func stringsDataAndSlicesAreTheBytesAtTheirOffset() {
        let text = Data("bplist00é".utf8)
        ByteReader.withBytes(of: text) { bytes in
            #expect(bytes.string(at: 6, count: 4) == "00é")
            #expect(bytes.data(at: 1, count: 3) == Data("pli".utf8))
            #expect(bytes.starts(with: Array("bplist".utf8)))
            #expect(!bytes.starts(with: Array("bplisT".utf8)))
            #expect(!bytes.starts(with: Array("bplist00é!".utf8)))
            var list = "list"
            ByteReader.withUTF8(of: &list) { #expect(bytes.contains($0, at: 2)) }
            ByteReader.withUTF8(of: &list) { #expect(!bytes.contains($0, at: 1)) }
            #expect(bytes.bytes(at: 2, count: 4).string(at: 0, count: 4) == "list")
        }
    }

    @Test func storageKeepsACopyThatOutlivesTheData() {
        var data = Data("original".utf8)
        let storage = ByteStorage.copying(data)
        data.replaceSubrange(0 ..< 8, with: Data("replaced".utf8))
        #expect(storage.reader.string(at: 0, count: storage.reader.count) == "original")
        #expect(ByteStorage.copying(Data()).reader.count == 0)
    }

    // MARK: Sorting in place

    /// Distinct elements come out in the standard library's order at each size around the
    /// insertion sort's cut-off and at sizes partitioned many times, from orders that defeat a
    /// naive pivot (sorted, reversed, organ pipe) and random ones, and with many equal keys
    /// (told apart by position, as the id sort tells them).
    @Test func aSortOfDistinctElementsGivesTheStandardOrder() {
        var generator = SeededGenerator(seed: 32)
        for count in [0, 1, 2, 15, 16, 17, 18, 33, 100, 1_000, 5_000] {
            let ascending = Array(0 ..< count)
            let organPipe = ascending.filter { $0 % 2 == 0 } + ascending.filter { $0 % 2 == 1 }.reversed()
            let shapes = [ascending, ascending.reversed(), organPipe, ascending.shuffled(using: &generator),
                          ascending.map { _ in Int.random(in: 0 ..< 4, using: &generator) }]
            for shape in shapes {
                var pairs = shape.enumerated().map { (key: $0.element, position: $0.offset) }
                let expected = pairs.sorted { ($0.key, $0.position) < ($1.key, $1.position) }
                pairs.sortDistinct { ($0.key, $0.position) < ($1.key, $1.position) }
                #expect(pairs.map(\.key) == expected.map(\.key), "\(count)")
                #expect(pairs.map(\.position) == expected.map(\.position), "\(count)")
            }
        }
    }

    /// Against McIlroy's adversary, which fixes each element's value only when the sort
    /// compares it, so that every pivot is the least of what is left, the sort stops
    /// partitioning after its depth limit and hands the rest to the standard library: it ends
    /// in order, after far fewer comparisons than the quadratic number a quicksort makes.
    @Test func anAdversarialComparisonCannotMakeTheSortQuadratic() {
        let count = 4_000
        let gas = count
        var values = [Int](repeating: gas, count: count)
        var frozen = 0, candidate = 0, comparisons = 0
        func value(comparing element: Int, with other: Int) -> (Int, Int) {
            comparisons += 1
            if values[element] == gas, values[other] == gas {
                values[element == candidate ? element : other] = frozen
                frozen += 1
            }
            if values[element] == gas { candidate = element } else if values[other] == gas { candidate = other }
            return (values[element], values[other])
        }
        var elements = Array(0 ..< count)
        elements.sortDistinct { let (first, second) = value(comparing: $0, with: $1); return first < second }
        let order = elements.map { values[$0] }
        #expect(order == order.sorted())
        let bound = 20 * count * (Int.bitWidth - count.leadingZeroBitCount)
        #expect(comparisons < bound, "\(comparisons) comparisons of \(count) elements")
    }

    #if DEBUG
    /// A comparison that holds between an element and itself is no strict order: a debug build
    /// stops at the first pivot it meets (a release build sorts in some order, within the array).
    @Test func aDebugBuildStopsASortByAComparisonThatIsNotIrreflexive() async {
        await #expect(processExitsWith: .failure) {
            var elements = Array((0 ..< 40).reversed())
            elements.sortDistinct(by: <=)
        }
    }

    /// A comparison that is no order at all leaves elements out of its order: a debug build
    /// checks the result.
    @Test func aDebugBuildStopsASortThatLeavesItsElementsOutOfOrder() async {
        await #expect(processExitsWith: .failure) {
            var elements = Array(0 ..< 40)
            elements.sortDistinct { $0 != $1 && ($0 &* 7 &+ $1) % 3 == 0 }
        }
    }
    #endif

    @Test func aWriterAppendsBytesNumbersAndRoomInOrder() {
        var writer = ByteWriter()
        writer.append(0xAA)
        writer.appendBigEndian(UInt32(0x0102_0304))
        writer.appendSpace(6) { space in
            space.appendBigEndian(0x0506, width: 2)
            space.appendBigEndian(0x07_0809, width: 3)
            space.appendBigEndian(0x0A, width: 1)
        }
        writer.appendSpace(0) { _ in }
        var xyz = "xyz", yz = "yz"
        ByteReader.withUTF8(of: &xyz) { writer.append(contentsOf: $0) }
        writer.append(contentsOf: Data([0xBB]))
        writer.appendZeros(2)
        #expect(writer.data == Data([0xAA, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0x78, 0x79, 0x7A, 0xBB, 0, 0]))
        ByteReader.withUTF8(of: &yz) { #expect(writer.contains($0, at: 12)) }
        writer.removeAll()
        #expect(writer.count == 0)
        #expect(writer.capacity >= 17)
    }

    @Test(arguments: [4, 5, 8])
    func aWideNumberInRoomIsWrittenMostSignificantFirst(width: Int) {
        var writer = ByteWriter()
        writer.appendSpace(width) { $0.appendBigEndian(0x0102_0304_0506_0708, width: width) }
        #expect(writer.data == Data((9 - width ... 8).map { UInt8($0) }))
    }

    @Test func aStringIsTheBytesWrittenNotTheRoomAsked() {
        let text = ByteWriter.string(capacity: 12) { space in
            for byte in "café".utf8 { space.append(byte) }
        }
        #expect(text == "café")
        #expect(ByteWriter.string(capacity: 0) { _ in }.isEmpty)
    }
}
