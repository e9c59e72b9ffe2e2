import Foundation
import Testing
@testable import Archiver
#if canImport(Glibc)
import Glibc
#endif

@Suite struct BinaryPropertyListReaderTests {
    // MARK: Round trips and interop

    @Test(arguments: PropertyListFixtures.names)
    func roundTrips(name: String) throws {
        let archive = PropertyListFixtures.named(name)
        let data = try PropertyListCoding.data(for: archive)
        let read = try PropertyListCoding.archive(from: data)
        #expect(PropertyListValue(read) == PropertyListValue(archive))

        let foundationRead = try PropertyListSerialization.propertyList(from: data, format: nil)
        #expect(PropertyListValue(foundationRead) == PropertyListValue(archive), "Foundation reads ours")

        let foundationData = try PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)
        let readFromFoundation = try PropertyListCoding.archive(from: foundationData)
        #expect(PropertyListValue(readFromFoundation) == PropertyListValue(archive), "we read Foundation's")
    }

    @Test func returnsWhatHandWrittenCastsExpect() throws {
        let read = try PropertyListCoding.archive(from: PropertyListCoding.data(for: PropertyListFixtures.user()))
        let reviews = try #require(read["reviews"] as? [Archive])
        #expect(reviews.count == 3)
        #expect(reviews[0]["rating"] as? Int == 3)
        #expect(reviews[0]["rating"] as? Int64 == 3)
        #expect(reviews[0]["rating"] as? Double == 3)
        #expect(reviews[0]["rating"] as? String == nil)
        let restaurant = try #require(reviews[1]["restaurant"] as? Archive)
        #expect(restaurant["name"] as? String == "La Boîte en Bois")
        #expect(type(of: reviews[1]["restaurant"]!) == Archive.self, "dictionaries have String keys at every level")
    }

    @Test func numbersCastAsFoundationsDo() throws {
        let archive: Archive = ["int": 4, "big": Int64.max, "negative": -5, "unsigned": UInt64.max, "double": 1.5, "float": Float(2.5), "true": true]
        let data = try PropertyListCoding.data(for: archive)
        let ours = try PropertyListCoding.archive(from: data)
        let foundations = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
        for key in archive.keys.sorted() {
            let mine = ours[key]!, theirs = foundations[key]!
            #expect(mine as? Int == theirs as? Int, "\(key) as? Int")
            #expect(mine as? Int64 == theirs as? Int64, "\(key) as? Int64")
            #expect(mine as? UInt64 == theirs as? UInt64, "\(key) as? UInt64")
            #expect(mine as? Double == theirs as? Double, "\(key) as? Double")
            #expect(mine as? Float == theirs as? Float, "\(key) as? Float")
            #expect(mine as? Bool == theirs as? Bool, "\(key) as? Bool")
            #expect(isBoolean(mine) == isBoolean(theirs), "\(key) isBoolean")
        }
    }

    @Test func readsUIDsOnlyWhenAsked() throws {
        let data = craftedPropertyList([[0xD1, 0x01, 0x02], [0x51, 0x61], [0x81, 0x01, 0x02]])
        #expect(malformedReason(data) == "object 2 is a keyed-archive UID")
        let read = try BinaryPropertyListReader.archive(from: data, maximumDepth: 512, options: .allowsUIDs)
        #expect(read["a"] as? PropertyListUID == PropertyListUID(value: 258))
    }

    @Test func readsASharedContainerOnce() throws {
        // 10 levels of [next, next]: 1,024 values, read from 13 objects.
        let read = try PropertyListCoding.archive(from: craftedPropertyList(Self.doublingLevels(10)))
        var value: Any = read["a"]!
        for _ in 0 ..< 10 { value = try #require((value as? [Any])?.last) }
        #expect(value as? Int == 7)
    }

    @Test func refusesSharedContainersThatMultiplyBeyondTheFile() {
        // 40 levels: 2^40 values. Read once, the result is small, but any walk of it (comparing,
        // storing it again, a generic decoder) would never end.
        #expect(malformedReason(craftedPropertyList(Self.doublingLevels(40))) == "shared references expand to more than 1048576 values")
    }

    /// A root `{"a": level 0}`, each level an array `[next, next]`, the last holding the integer 7.
    private static func doublingLevels(_ levels: Int) -> [[UInt8]] {
        var objects: [[UInt8]] = [[0xD1, 0x01, 0x02], [0x51, 0x61]]
        for level in 0 ..< levels {
            let next = UInt8(3 + level)
            objects.append([0xA2, next, next])
        }
        objects.append([0x10, 0x07])
        return objects
    }

    // MARK: Malformed input

    @Test func refusesWhatIsNotABinaryPropertyList() throws {
        #expect(malformedReason(Data()) == "is empty")
        #expect(malformedReason(Data("bplist".utf8)) == "too short for a header")
        #expect(malformedReason(Data("<?xml version=\"1.0\"?><plist></plist>".utf8)) == "not a binary property list")
        let xml = try PropertyListSerialization.data(fromPropertyList: ["a": 1], format: .xml, options: 0)
        #expect(malformedReason(xml) == "not a binary property list")
        #expect(malformedReason(craftedPropertyList([[0xA0]])) == "root is not a dictionary")
    }

    @Test(arguments: [
        ("huge object count", craftedPropertyList([[0xD0]], objectCount: .max), "offset table outside the file"),
        ("huge offset table", craftedPropertyList([[0xD0]], offsetTable: .max), "offset table outside the file"),
        ("offset table in header", craftedPropertyList([[0xD0]], offsetTable: 3), "offset table outside the file"),
        ("no objects", craftedPropertyList([[0xD0]], objectCount: 0), "no objects"),
        ("huge top object", craftedPropertyList([[0xD0]], topObject: .max), "top object 18446744073709551615 of 1"),
        ("offset width 9", craftedPropertyList([[0xD0]], offsetWidth: 9), "offset width 9 in trailer"),
        ("reference width 0", craftedPropertyList([[0xD0]], referenceWidth: 0), "reference width 0 in trailer"),
        ("missing object", craftedPropertyList([[0xA1, 0x05]]), "object 0 refers to missing object 5"),
        ("array counting past the file", craftedPropertyList([[0xAF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), "object 0 runs past the objects"),
        ("negative count", craftedPropertyList([[0xAF, 0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]), "object 0 has a negative count"),
        ("dictionary counting past the file", craftedPropertyList([[0xDF, 0x12, 0xFF, 0xFF, 0xFF, 0xFF]]), "object 0 runs past the objects"),
        ("count that is not an integer", craftedPropertyList([[0xDF, 0x51, 0x61]]), "object 0 has a bad count"),
        ("string past the file", craftedPropertyList([[0xD1, 0x01, 0x02], [0x5F, 0x11, 0xFF, 0xFF], [0x10, 0x01]]), "object 1 runs past the objects"),
        ("UTF-16 count that overflows in bytes", craftedPropertyList([[0xD1, 0x01, 0x02], [0x6F, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], [0x10, 0x01]]), "object 1 runs past the objects"),
        ("truncated integer", craftedPropertyList([[0xD1, 0x01, 0x02], [0x51, 0x61], [0x13, 0x01]]), "object 2 runs past the objects"),
        ("object offset past the objects", craftedPropertyList([[0xD1, 0x01, 0x02], [0x51, 0x61], [0x10, 0x01]], offsets: [8, 11, 200]), "object 2 outside the objects"),
        ("integer wider than 64 bits", craftedPropertyList([[0xD1, 0x01, 0x02], [0x51, 0x61], [0x14, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]]), "object 2 is an integer wider than 64 bits"),
        ("key that is not a string", craftedPropertyList([[0xD1, 0x01, 0x01], [0x10, 0x01]]), "object 0 has a key that is not a string"),
        ("non-ASCII in an ASCII string", craftedPropertyList([[0xD1, 0x01, 0x01], [0x51, 0xE9]]), "object 1 is not ASCII"),
        ("lone surrogate", craftedPropertyList([[0xD1, 0x01, 0x01], [0x61, 0xD8, 0x34]]), "object 1 is not valid UTF-16"),
        ("null", craftedPropertyList([[0xD1, 0x01, 0x02], [0x51, 0x61], [0x00]]), "object 2 has unsupported type 0x0"),
        ("set", craftedPropertyList([[0xD1, 0x01, 0x02], [0x51, 0x61], [0xC0]]), "object 2 has unsupported type 0xc0"),
        ("real of 2 bytes", craftedPropertyList([[0xD1, 0x01, 0x02], [0x51, 0x61], [0x21, 0, 0]]), "object 2 is a real of 2 bytes"),
        ("self-referencing dictionary", craftedPropertyList([[0xD1, 0x01, 0x00], [0x51, 0x61]]), "object 0 refers to itself"),
        ("array in itself through another", craftedPropertyList([[0xD1, 0x01, 0x02], [0x51, 0x61], [0xA1, 0x03], [0xA1, 0x02]]), "object 2 contains itself"),
    ] as [(String, Data, String)])
    func refusesCraftedFiles(name: String, data: Data, reason: String) {
        #expect(malformedReason(data) == reason, "\(name)")
    }

    @Test func refusesNestingDeeperThanTheLimit() throws {
        // Object 0 is the root, 1 its key; 2 ... 601 are 600 arrays, each holding the next.
        var objects: [[UInt8]] = [[0xD1, 0x00, 0x01, 0x00, 0x02], [0x51, 0x61]]
        for next in 3 ... 602 { objects.append([0xA1, UInt8(next >> 8), UInt8(next & 0xFF)]) }
        objects.append([0x10, 0x01])
        let data = craftedPropertyList(objects, offsetWidth: 2, referenceWidth: 2)
        #expect(malformedReason(data) == "nesting deeper than 512")
        _ = try PropertyListCoding.archive(from: data, maximumDepth: 601)
        #expect(malformedReason(data, maximumDepth: 600) == "nesting deeper than 600")
    }

    @Test func boundsTheNestingOfASharedContainer() throws {
        // The root holds a chain of 3 arrays twice: once at the top, and once below 2 more arrays.
        let objects: [[UInt8]] = [
            [0xD2, 0x01, 0x02, 0x03, 0x06], [0x51, 0x61], [0x51, 0x62],
            [0xA1, 0x04], [0xA1, 0x05], [0xA0],
            [0xA1, 0x07], [0xA1, 0x03],
        ]
        let data = craftedPropertyList(objects)
        _ = try PropertyListCoding.archive(from: data, maximumDepth: 6)
        #expect(malformedReason(data, maximumDepth: 5) == "nesting deeper than 5")
    }

    @Test func refusesEveryTruncation() throws {
        let data = try PropertyListCoding.data(for: PropertyListFixtures.user())
        for length in 0 ..< data.count {
            #expect(malformedReason(data.prefix(length)) != nil, "truncated to \(length) bytes")
        }
    }

    /// Whatever flipped bits do, reading ends in an archive that can be written again, or in a typed error.
    @Test func survivesFlippedBits() throws {
        let original = try PropertyListCoding.data(for: PropertyListFixtures.everyKind)
        let baseSeed = SeededGenerator.seed(default: 0x5EED_0001)
        for iteration in 0 ..< 3_000 {
            let seed = baseSeed &+ UInt64(iteration)
            var generator = SeededGenerator(seed: seed)
            var bytes = [UInt8](original)
            for _ in 0 ... Int.random(in: 0 ..< 4, using: &generator) {
                let index = Int.random(in: 0 ..< bytes.count, using: &generator)
                bytes[index] ^= 1 << UInt8.random(in: 0 ..< 8, using: &generator)
            }
            do {
                let archive = try PropertyListCoding.archive(from: Data(bytes))
                _ = try PropertyListCoding.data(for: archive)
            } catch {
                if case .unsupportedValue = error {
                    Issue.record("seed \(seed): read something unwritable: \(error)")
                }
            }
        }
    }

    // MARK: Memory

    /// A binary property list of `objects` offset-table entries, all pointing at `object`, with
    /// the references of `root` (object 0) as the only other bytes; widths of one byte.
    static func file(root: [UInt8], sharedObject: [UInt8], objects: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        let rootOffset = bytes.count
        bytes += root
        let sharedOffset = bytes.count
        bytes += sharedObject
        let table = bytes.count
        precondition(sharedOffset < 256)
        bytes.append(UInt8(rootOffset))
        bytes += [UInt8](repeating: UInt8(sharedOffset), count: objects - 1)
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for field in [UInt64(objects), 0, UInt64(table)] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (8 * UInt64($0))) }
        }
        return Data(bytes)
    }

    #if os(Linux)
    /// The trailer may claim an object for every byte of the offset table; the reader's own
    /// bookkeeping is four bytes per claimed object, not the 48 it was (768 MB for this 16 MB file).
    @Test(.measuresPeakMemory) func aTrailerClaimingAnObjectPerByteCostsAFewBytesPerByte() throws {
        let objects = 16 << 20
        let data = Self.file(root: [0xD0], sharedObject: [0x50], objects: objects)
        let growth = try Self.peakGrowth(budget: 8 * data.count) {
            let read = try BinaryPropertyListReader.propertyList(from: data, maximumDepth: 512)
            #expect((read as? [String: Any])?.isEmpty == true)
        }
        #expect(growth < 8 * data.count, "\(growth >> 20) MiB for a \(data.count >> 20) MiB file")
    }

    /// How much the process's peak resident memory rose while `body` ran (Linux: VmHWM, reset
    /// through /proc/self/clear_refs). Other tests running meanwhile can only make it larger, so
    /// when a measurement reaches `budget`, `body` runs again, up to `attempts` times in all, and
    /// the smallest growth counts: code over budget is over it on every attempt, while a
    /// neighbour's allocation seldom overlaps three runs.
    ///
    /// Before each attempt `reset` drops what the last one kept (the value it decoded) and the
    /// freed memory goes back to the system (`malloc_trim`): otherwise a later attempt reuses the
    /// pages the first one left in the process and measures less than it costs. (It did: with
    /// arrays of `Any` again, 128 MB read as 25 MB on the second attempt, and mutation 35 passed.)
    ///
    /// The calling test must carry `.measuresPeakMemory`, so that no other measuring test runs
    /// meanwhile; without it this records an issue.
    static func peakGrowth(budget: Int = .max, attempts: Int = 3, reset: () -> Void = {}, _ body: () throws -> Void) throws -> Int {
        try #require(PeakMemoryMeasurement.holdsGate, "a test that measures the peak needs the .measuresPeakMemory trait")
        /// glibc's `malloc_trim(0)`, looked up at run time: Swift's Glibc module does not carry
        /// `malloc.h`.
        func trimMalloc() {
            guard let symbol = dlsym(nil, "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        func kilobytes(_ field: String) throws -> Int {
            let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
            let line = try #require(status.split(separator: "\n").first { $0.hasPrefix(field + ":") })
            return try #require(Int(line.split(separator: " ").dropFirst().first ?? "")) * 1024
        }
        var smallest = Int.max
        for _ in 0 ..< max(attempts, 1) where smallest >= budget {
            reset()
            trimMalloc()
            let before = try kilobytes("VmRSS")
            try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
            try body()
            smallest = min(smallest, try kilobytes("VmHWM") - before)
        }
        return smallest
    }
    #endif

    /// Every reference to one object gets the one value decoded for it: a million references to
    /// an integer make one `NSNumber`, not a million.
    @Test func manyReferencesToOneObjectShareOneDecodedValue() throws {
        let count = 1 << 20
        var root: [UInt8] = [0xAF, 0x12]
        root += (0..<4).reversed().map { UInt8(truncatingIfNeeded: count >> (8 * $0)) }
        root += [UInt8](repeating: 1, count: count)
        var bytes = Array("bplist00".utf8) + root
        let integer = bytes.count
        bytes += [0x10, 42]
        let table = bytes.count
        bytes += [0, 0, 0, 8] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: integer >> (8 * $0)) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 1]
        for field in [UInt64(2), 0, UInt64(table)] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: field >> (8 * UInt64($0))) }
        }
        let read = try #require(try BinaryPropertyListReader.propertyList(from: Data(bytes), maximumDepth: 512) as? [Any])
        #expect(read.count == count)
        #expect(read.allSatisfy { $0 as? Int == 42 })
        #expect(read.allSatisfy { ($0 as AnyObject) === (read[0] as AnyObject) })
    }
}
