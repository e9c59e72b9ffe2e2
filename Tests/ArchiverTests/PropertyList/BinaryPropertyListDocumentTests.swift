import Foundation
import Testing
@testable import Archiver

/// The document's accessors read what ``BinaryPropertyListDocument/foundationObject(at:)`` (and
/// so every load) builds, straight from the bytes; a file it accepts cannot make them throw or
/// trap, and one it refuses ends in a typed error.
@Suite struct BinaryPropertyListDocumentTests {
    typealias Document = BinaryPropertyListDocument

    // MARK: Accessors agree with Foundation objects

    @Test(arguments: PropertyListFixtures.names)
    func accessorsAgreeWithFoundationObjectOnOurFiles(name: String) throws {
        let archive = PropertyListFixtures.named(name)
        let document = try Document(data: PropertyListCoding.data(for: archive), maximumDepth: 512)
        let built = document.foundationObject(at: document.topObject)
        #expect(PropertyListValue(built) == PropertyListValue(archive))
        Self.expectAgreement(document, document.topObject, built, path: name)
    }

    @Test(arguments: PropertyListFixtures.names)
    func accessorsAgreeWithFoundationObjectOnFoundationsFiles(name: String) throws {
        let archive = PropertyListFixtures.named(name)
        let data = try PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)
        let document = try Document(data: data, maximumDepth: 512)
        let built = document.foundationObject(at: document.topObject)
        #expect(PropertyListValue(built) == PropertyListValue(archive))
        Self.expectAgreement(document, document.topObject, built, path: name)
    }

    /// The keyed archives of the migration fixtures (UIDs allowed), the fuzzers' corpus and
    /// findings, and the forged hostile files: each is refused with a typed error, or read with
    /// every accessor agreeing.
    @Test func accessorsAgreeOrTheFileIsRefusedOnEveryFileTheTestsKeep() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var files: [(name: String, data: Data)] = []
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        for folder in [fixtures, repository.appendingPathComponent("Fuzz/FileReader/corpus"), repository.appendingPathComponent("Fuzz/FileReader/regressions")] {
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                guard data.starts(with: BinaryPropertyList.header) else { continue }
                files.append((name, data))
            }
        }
        #expect(files.count >= 15)
        files += BinaryPropertyListForge.hostileFiles() + BinaryPropertyListForge.expandingFiles()
        var read = 0
        for (name, data) in files {
            for options in [BinaryPropertyListReader.Options(), .allowsUIDs] {
                do throws(PropertyListError) {
                    let document = try Document(data: data, maximumDepth: 512, options: options)
                    Self.expectAgreement(document, document.topObject, document.foundationObject(at: document.topObject), path: name)
                    read += 1
                } catch {
                    guard case .malformed(let reason) = error else { Issue.record("\(name): \(error)"); continue }
                    #expect(!reason.isEmpty, "\(name)")
                }
            }
        }
        #expect(read >= 15)
    }

    // MARK: Keys

    /// Keys of every shape, each distinct from the others as a Swift `String`.
    static let oddKeys = [
        "rating", "ratinG", "rat", "ratings", "", "a", "with \"quotes\"", "back\\slash", "new\nline", "nul\u{0}byte", "tab\t",
        "<key>&amp;</key>", "La Boîte en Bois", "🍲 soup 𝄞", "日本", "é", "\u{212A}", "\u{FEFF}bom",
    ]

    /// Both writers' files: ASCII keys are ASCII objects, the others UTF-16. Each key finds its
    /// own member and no other, and a key canonically equivalent to a member's (a decomposed "é",
    /// "K" for the Kelvin sign) finds it, as a lookup in `[String: Any]` does.
    @Test func keysFindTheirMembersAsAStringDictionaryDoes() throws {
        var archive: Archive = [:]
        for (index, key) in Self.oddKeys.enumerated() { archive[key] = index }
        #expect(archive.count == Self.oddKeys.count)
        for data in [try PropertyListCoding.data(for: archive), try PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)] {
            let document = try Document(data: data, maximumDepth: 512)
            let root = document.topObject
            for (index, key) in Self.oddKeys.enumerated() {
                let member = try #require(document.value(in: root, forKey: BinaryPropertyListKey(key)), "\(key.debugDescription)")
                #expect(document.integer(Int.self, at: member) == index, "\(key.debugDescription)")
                let matching = document.members(of: root).filter { document.string(at: $0.key, equals: BinaryPropertyListKey(key)) }
                #expect(matching.count == 1, "\(key.debugDescription) matches \(matching.count) keys")
            }
            for (equivalent, key) in [("e\u{301}", "é"), ("K", "\u{212A}")] {
                #expect(equivalent == key, "Swift's String compares by canonical equivalence")
                let member = document.value(in: root, forKey: BinaryPropertyListKey(equivalent))
                #expect(member.flatMap { document.integer(Int.self, at: $0) } == Self.oddKeys.firstIndex(of: key), "\(equivalent.debugDescription)")
            }
            #expect(document.value(in: root, forKey: BinaryPropertyListKey("e")) == nil)
            #expect(document.value(in: root, forKey: BinaryPropertyListKey("Rating")) == nil)
        }
    }

    /// Files no writer here makes: a UTF-16 object of ASCII text, an ASCII object that a
    /// non-ASCII key is equivalent to, and a duplicate key, whose later member wins.
    @Test func keysMatchAcrossEncodingsAndTheLastDuplicateWins() throws {
        let data = craftedPropertyList([
            [0xD4, 1, 2, 1, 6, 3, 4, 5, 7],
            [0x51, 0x61],  // "a"
            [0x63, 0x00, 0x61, 0x00, 0x62, 0x00, 0x63],  // "abc" in UTF-16
            [0x10, 1], [0x10, 2], [0x10, 3],
            [0x51, 0x4B],  // "K"
            [0x10, 4],
        ])
        let document = try Document(data: data, maximumDepth: 512)
        let root = document.topObject
        func value(_ key: String) -> Int? {
            document.value(in: root, forKey: BinaryPropertyListKey(key)).flatMap { document.integer(Int.self, at: $0) }
        }
        #expect(value("a") == 3)
        #expect(value("abc") == 2)
        #expect(value("ab") == nil && value("abcd") == nil)
        #expect(value("K") == 4 && value("\u{212A}") == 4)
        #expect(value("k") == nil)
        #expect(document.count(of: root) == 4)
        let built = try #require(document.foundationObject(at: root) as? [String: Any])
        #expect(built.count == 3 && built["a"] as? Int == 3)
        Self.expectAgreement(document, root, built, path: "crafted")
    }

    /// UTF-16 text is transcoded by the document itself: every boundary of UTF-8's lengths, and
    /// surrogate pairs, read as Swift reads them.
    @Test func utf16TextReadsAtEveryBoundary() throws {
        let scalars: [UInt32] = [0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x1F372, 0x10FFFF]
        let texts = scalars.map { String(Character(Unicode.Scalar($0)!)) } + [scalars.map { String(Character(Unicode.Scalar($0)!)) }.joined()]
        let archive: Archive = ["texts": texts]
        for data in [try PropertyListCoding.data(for: archive), try PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)] {
            let document = try Document(data: data, maximumDepth: 512)
            let array = try #require(document.value(in: document.topObject, forKey: BinaryPropertyListKey("texts")))
            #expect(document.elements(of: array).map { document.string(at: $0) } == texts)
            for (element, text) in zip(document.elements(of: array), texts) {
                #expect(document.string(at: element, equals: BinaryPropertyListKey(text)))
            }
        }
    }

    /// A long string the file refers to more than once is made once, when the file is checked:
    /// every reference to it reads its text, ASCII or UTF-16, as the Foundation object does.
    @Test func sharedLongStringsReadAsTheirText() throws {
        let ascii = "Good soup! One star off for forgetting the bread."
        let utf16 = "La Boîte en Bois, toujours aussi bonne"
        let short = "Monk's Café"
        let archive: Archive = ["a": ascii, "b": ascii, "c": utf16, "d": utf16, "e": short, "f": short, "all": [ascii, utf16, short]]
        let document = try Document(data: PropertyListCoding.data(for: archive), maximumDepth: 512)
        func member(_ key: String) throws -> Int {
            try #require(document.value(in: document.topObject, forKey: BinaryPropertyListKey(key)))
        }
        // The writer stores each text once, so that these are shared objects.
        #expect(try member("a") == member("b") && member("c") == member("d") && member("e") == member("f"))
        for (key, text) in [("a", ascii), ("b", ascii), ("c", utf16), ("d", utf16), ("e", short), ("f", short)] {
            #expect(try document.string(at: member(key)) == text, "\(key)")
            #expect(try document.stringIfString(at: member(key)) == text, "\(key)")
        }
        #expect(try document.elements(of: member("all")).map { document.string(at: $0) } == [ascii, utf16, short])
        #expect(PropertyListValue(document.foundationObject(at: document.topObject)) == PropertyListValue(archive))
    }

    /// UTF-16 text is checked four units at a time: a lone surrogate at any place of a word, or
    /// of the units after the last whole word, is refused, and a pair across two words is read.
    @Test func loneSurrogatesAreRefusedWhereverTheyAre() throws {
        let letters: [UInt16] = Array(repeating: 0x0041, count: 11)
        for position in letters.indices {
            for surrogate: UInt16 in [0xD800, 0xDBFF, 0xDC00, 0xDFFF] {
                var units = letters
                units[position] = surrogate
                let string = [0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                #expect(Self.reason(craftedPropertyList([[0xA1, 0x01], string])) == "object 1 is not valid UTF-16", "\(surrogate) at \(position)")
            }
        }
        for position in 0 ..< letters.count - 1 {
            var units = letters
            units[position] = 0xD83C
            units[position + 1] = 0xDF72
            let string = [0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            let document = try Document(data: craftedPropertyList([[0xA1, 0x01], string]), maximumDepth: 512)
            #expect(document.string(at: 1) == String(decoding: units, as: UTF16.self), "pair at \(position)")
        }
    }

    // MARK: Numbers

    /// Each stored width, read exactly as every integer type, and reals as integers when whole.
    @Test func integersAndRealsReadExactly() throws {
        let objects: [[UInt8]] = [
            [0xA9, 1, 2, 3, 4, 5, 6, 7, 8, 9],
            [0x10, 0xFF],
            [0x11, 0xFF, 0xFF],
            [0x12, 0xFF, 0xFF, 0xFF, 0xFF],  // 1, 2 and 4 bytes are unsigned
            [0x13] + [UInt8](repeating: 0xFF, count: 8),  // 8 bytes are signed: -1
            [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8),  // UInt64.max
            [0x14] + [UInt8](repeating: 0xFF, count: 8) + [0x80, 0, 0, 0, 0, 0, 0, 0],  // Int64.min, sign-extended
            [0x22] + withUnsafeBytes(of: Float(2).bitPattern.bigEndian, Array.init),
            [0x23] + withUnsafeBytes(of: Double(2.5).bitPattern.bigEndian, Array.init),
            [0x23] + withUnsafeBytes(of: Double(-(1 << 53)).bitPattern.bigEndian, Array.init),
        ]
        let document = try Document(data: craftedPropertyList(objects), maximumDepth: 512)
        let elements = Array(document.elements(of: document.topObject))
        #expect(elements == Array(1 ... 9))
        #expect(document.integer(UInt8.self, at: 1) == 255 && document.integer(Int8.self, at: 1) == nil)
        #expect(document.integer(UInt16.self, at: 2) == 65_535 && document.integer(Int16.self, at: 2) == nil)
        #expect(document.integer(UInt32.self, at: 3) == .max && document.integer(Int32.self, at: 3) == nil && document.integer(Int.self, at: 3) == 4_294_967_295)
        #expect(document.integer(Int8.self, at: 4) == -1 && document.integer(UInt64.self, at: 4) == nil)
        #expect(document.integer(UInt64.self, at: 5) == .max && document.integer(Int64.self, at: 5) == nil)
        #expect(document.double(at: 5) == 18_446_744_073_709_551_615.0)
        #expect(document.integer(Int64.self, at: 6) == .min && document.integer(UInt64.self, at: 6) == nil)
        #expect(document.kind(of: 7) == .real && document.double(at: 7) == 2 && document.integer(Int.self, at: 7) == 2)
        #expect(document.double(at: 8) == 2.5 && document.integer(Int.self, at: 8) == nil)
        #expect(document.integer(Int64.self, at: 9) == -(1 << 53) && document.integer(Int32.self, at: 9) == nil)
        Self.expectAgreement(document, document.topObject, document.foundationObject(at: document.topObject), path: "numbers")
    }

    @Test func uidsAreReadOnlyWhenAsked() throws {
        let data = craftedPropertyList([[0xA2, 1, 2], [0x80, 0x07], [0x8F] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)])
        #expect(Self.reason(data) == "object 1 is a keyed-archive UID")
        let document = try Document(data: data, maximumDepth: 512, options: .allowsUIDs)
        #expect(document.kind(of: 1) == .uid && document.uid(at: 1) == 7 && document.uid(at: 2) == .max)
        let built = try #require(document.foundationObject(at: 0) as? [Any])
        #expect(built.map { $0 as? PropertyListUID } == [PropertyListUID(value: 7), PropertyListUID(value: .max)])
    }

    @Test func aRootOfAnyKindIsADocument() throws {
        let array = try Document(data: craftedPropertyList([[0xA0]]), maximumDepth: 512)
        #expect(array.kind(of: array.topObject) == .array && array.count(of: array.topObject) == 0)
        let string = try Document(data: craftedPropertyList([[0x52, 0x68, 0x69]]), maximumDepth: 512)
        #expect(string.string(at: string.topObject) == "hi" && string.foundationObject(at: string.topObject) as? String == "hi")
        let date = try Document(data: craftedPropertyList([[0x33] + withUnsafeBytes(of: Double(86_400).bitPattern.bigEndian, Array.init)]), maximumDepth: 0)
        #expect(date.date(at: date.topObject) == Date(timeIntervalSinceReferenceDate: 86_400))
    }

    // MARK: Malformed input

    /// The reason the document refuses `data` with, or nil if it reads it.
    static func reason(_ data: Data, maximumDepth: Int = 512, options: BinaryPropertyListReader.Options = []) -> String? {
        do {
            _ = try Document(data: data, maximumDepth: maximumDepth, options: options)
            return nil
        } catch {
            guard case .malformed(let reason) = error else { return "\(error)" }
            return reason
        }
    }

    @Test func refusesEveryTruncation() throws {
        for data in [try PropertyListCoding.data(for: PropertyListFixtures.everyKind), try PropertyListSerialization.data(fromPropertyList: PropertyListFixtures.user(), format: .binary, options: 0)] {
            for length in 0 ..< data.count {
                #expect(Self.reason(data.prefix(length)) != nil, "truncated to \(length) of \(data.count) bytes")
            }
        }
    }

    @Test(arguments: [
        ("reference out of range", craftedPropertyList([[0xA2, 0x01, 0x09], [0x10, 0x01]]), "object 0 refers to missing object 9"),
        ("key out of range", craftedPropertyList([[0xD1, 0x07, 0x01], [0x10, 0x01]]), "object 0 refers to missing object 7"),
        ("array in itself", craftedPropertyList([[0xA1, 0x00]]), "object 0 refers to itself"),
        ("cycle of two", craftedPropertyList([[0xA1, 0x01], [0xA1, 0x00]]), "object 0 contains itself"),
        ("cycle through a dictionary", craftedPropertyList([[0xA1, 0x01], [0xD1, 0x02, 0x03], [0x51, 0x61], [0xA2, 0x02, 0x01]]), "object 1 contains itself"),
        ("key that is the dictionary holding it", craftedPropertyList([[0xA1, 0x01], [0xD1, 0x01, 0x02], [0x10, 0x01]]), "object 1 refers to itself"),
        ("key that is an ancestor", craftedPropertyList([[0xA1, 0x01], [0xD1, 0x00, 0x02], [0x10, 0x01]]), "object 0 contains itself"),
        ("key that is an array", craftedPropertyList([[0xD1, 0x01, 0x01], [0xA0]]), "object 0 has a key that is not a string"),
        ("key that is a number", craftedPropertyList([[0xA2, 0x02, 0x01], [0xD1, 0x02, 0x02], [0x10, 0x01]]), "object 1 has a key that is not a string"),
        ("element past the objects", craftedPropertyList([[0xA1, 0x01], [0x5F, 0x10, 0x40, 0x61]]), "object 1 runs past the objects"),
        ("null", craftedPropertyList([[0xA1, 0x01], [0x00]]), "object 1 has unsupported type 0x0"),
    ] as [(String, Data, String)])
    func refusesCraftedFiles(name: String, data: Data, reason: String) {
        #expect(Self.reason(data) == reason, "\(name)")
    }

    @Test func boundsNestingAndTheExpansionOfSharedReferences() {
        // 600 arrays, each holding the next.
        var objects: [[UInt8]] = []
        for next in 1 ... 600 { objects.append([0xA1, UInt8(next >> 8), UInt8(next & 0xFF)]) }
        objects.append([0x10, 0x01])
        let deep = craftedPropertyList(objects, offsetWidth: 2, referenceWidth: 2)
        #expect(Self.reason(deep) == "nesting deeper than 512")
        #expect(Self.reason(deep, maximumDepth: 600) == nil)
        #expect(Self.reason(deep, maximumDepth: 599) == "nesting deeper than 599")

        // 64 levels of [next, next]: 2^64 values from 65 objects.
        var doubling: [[UInt8]] = (0 ..< 64).map { level in [0xA2, UInt8(level + 1), UInt8(level + 1)] }
        doubling.append([0x10, 0x07])
        #expect(Self.reason(craftedPropertyList(doubling)) == "shared references expand to more than 1048576 values")
        // 16 levels are 2^17 values: shared, each checked once.
        var fewer: [[UInt8]] = (0 ..< 16).map { level in [0xA2, UInt8(level + 1), UInt8(level + 1)] }
        fewer.append([0x10, 0x07])
        #expect(Self.reason(craftedPropertyList(fewer)) == nil)
    }

    // MARK: Memory

    #if os(Linux)
    /// A 10 MB file holding one array of 10 million one-byte references to one number is read
    /// and walked element by element for the bytes (copied once) and a few bytes per object:
    /// nothing per element. The budget is the file reader's, 3× the file + 64 MB. (Built as
    /// `[String: Any]`, the same file cost 77 MiB through today's CompactArray, and 334 MiB
    /// before it.)
    @Test(.measuresPeakMemory) func tenMillionReferencesCostTheBytesNotMemoryPerElement() throws {
        let count = 10_000_000
        let data = BoundedMemoryTests.arrayOfReferences(count, to: [0x10, 7])
        let budget = 3 * data.count + (64 << 20)
        var sum = 0
        let growth = try BinaryPropertyListReaderTests.peakGrowth(budget: budget) {
            let document = try Document(data: data, maximumDepth: 512)
            let array = try #require(document.value(in: document.topObject, forKey: BinaryPropertyListKey("a")))
            sum = 0
            for element in document.elements(of: array) { sum += document.integer(Int.self, at: element) ?? 0 }
        }
        #expect(sum == 7 * count)
        #expect(growth < budget, "\(growth >> 20) MiB for a \(data.count >> 20) MiB file (budget \(budget >> 20) MiB)")
        print("reliability: document-array-of-references file=\(data.count) growth=\(growth)")
    }
    #endif

    /// Expects every accessor on `object` to agree with `value`, what `foundationObject(at:)`
    /// built for it, and the accessors of other kinds to give their neutral values.
    static func expectAgreement(_ document: Document, _ object: Int, _ value: Any, path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let kind = document.kind(of: object)
        if kind != .string {
            #expect(document.string(at: object) == "" && !document.string(at: object, equals: BinaryPropertyListKey("")), "\(path)", sourceLocation: sourceLocation)
        }
        if kind != .integer, kind != .real {
            #expect(document.integer(Int64.self, at: object) == nil && document.double(at: object).isNaN, "\(path)", sourceLocation: sourceLocation)
        }
        if kind != .array { #expect(document.elements(of: object).isEmpty, "\(path)", sourceLocation: sourceLocation) }
        if kind != .dictionary { #expect(document.members(of: object).isEmpty, "\(path)", sourceLocation: sourceLocation) }
        switch kind {
        case .bool:
            #expect(type(of: value) == Bool.self && value as? Bool == document.bool(at: object), "\(path)", sourceLocation: sourceLocation)
        case .integer, .real:
            guard let number = value as? NSNumber, type(of: value) != Bool.self else {
                Issue.record("\(path): \(kind) built as \(type(of: value))", sourceLocation: sourceLocation)
                return
            }
            Self.expectIntegers(document, object, number, path: path, sourceLocation: sourceLocation)
            let double = document.double(at: object)
            #expect(double == number.doubleValue || (double.isNaN && number.doubleValue.isNaN), "\(path): \(double)", sourceLocation: sourceLocation)
        case .date:
            #expect(value as? Date == document.date(at: object), "\(path)", sourceLocation: sourceLocation)
        case .data:
            #expect(value as? Data == document.data(at: object), "\(path)", sourceLocation: sourceLocation)
            #expect(document.count(of: object) == (value as? Data)?.count, "\(path)", sourceLocation: sourceLocation)
        case .string:
            let string = document.string(at: object)
            #expect(value as? String == string, "\(path)", sourceLocation: sourceLocation)
            #expect(document.string(at: object, equals: BinaryPropertyListKey(string)), "\(path): equals itself", sourceLocation: sourceLocation)
            #expect(!document.string(at: object, equals: BinaryPropertyListKey(string + "x")), "\(path)", sourceLocation: sourceLocation)
            #expect(string.isEmpty || !document.string(at: object, equals: BinaryPropertyListKey(String(string.dropLast()))), "\(path)", sourceLocation: sourceLocation)
        case .uid:
            #expect(value as? PropertyListUID == PropertyListUID(value: document.uid(at: object)), "\(path)", sourceLocation: sourceLocation)
        case .array:
            guard let array = value as? [Any] else {
                Issue.record("\(path): array built as \(type(of: value))", sourceLocation: sourceLocation)
                return
            }
            let elements = document.elements(of: object)
            #expect(elements.count == array.count && document.count(of: object) == array.count, "\(path)", sourceLocation: sourceLocation)
            for (index, (element, value)) in zip(elements, array).enumerated() {
                expectAgreement(document, element, value, path: "\(path)[\(index)]", sourceLocation: sourceLocation)
            }
        case .dictionary:
            guard let dictionary = value as? [String: Any] else {
                Issue.record("\(path): dictionary built as \(type(of: value))", sourceLocation: sourceLocation)
                return
            }
            let members = document.members(of: object)
            #expect(members.count == document.count(of: object), "\(path)", sourceLocation: sourceLocation)
            #expect(Set(members.map { document.string(at: $0.key) }) == Set(dictionary.keys), "\(path)", sourceLocation: sourceLocation)
            for (key, value) in dictionary {
                guard let member = document.value(in: object, forKey: BinaryPropertyListKey(key)) else {
                    Issue.record("\(path): no member \(key)", sourceLocation: sourceLocation)
                    continue
                }
                expectAgreement(document, member, value, path: "\(path).\(key)", sourceLocation: sourceLocation)
            }
            #expect(document.value(in: object, forKey: BinaryPropertyListKey("\u{1}not a key")) == nil, "\(path)", sourceLocation: sourceLocation)
        }
    }

    /// `integer(_:at:)` is exact as `NSNumber`'s casts are: each integer type gets the value if
    /// it holds it, a real included when it is whole.
    static func expectIntegers(_ document: Document, _ object: Int, _ number: NSNumber, path: String, sourceLocation: SourceLocation) {
        func expectExact<Integer: FixedWidthInteger>(_ type: Integer.Type) {
            #expect(document.integer(type, at: object) == (number as Any) as? Integer, "\(path) as \(type): \(number)", sourceLocation: sourceLocation)
        }
        expectExact(Int8.self)
        expectExact(Int16.self)
        expectExact(Int32.self)
        expectExact(Int64.self)
        expectExact(Int.self)
        expectExact(UInt8.self)
        expectExact(UInt16.self)
        expectExact(UInt32.self)
        expectExact(UInt64.self)
        expectExact(UInt.self)
    }
}
