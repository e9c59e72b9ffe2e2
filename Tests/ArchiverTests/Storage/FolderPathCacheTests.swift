import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// An archiver works out each type's folder paths once (Archiver+Folders.swift) and keeps them
/// until its archive directory changes. What is on disk is never cached with them: a folder
/// removed, cleared or written by someone else is seen as it is.
struct FolderPathCacheTests {
    /// A type whose folder name a test changes while an archiver holds its paths.
    struct Drifting: Archivable {
        nonisolated(unsafe) static var folderName = "First"
        static var directoryName: String { folderName }
        let id: String
        var archiveValue: Archive { ["id": id] }
        init(id: String) { self.id = id }
        init?(archive: Archive) {
            guard let id = archive["id"] as? String else { return nil }
            self.init(id: id)
        }
    }

    /// A generic type: each specialisation has a folder of its own, named as `String(describing:)` names it.
    struct Boxed<Content>: Archivable {
        let id: String
        var archiveValue: Archive { ["id": id] }
        init(id: String) { self.id = id }
        init?(archive: Archive) {
            guard let id = archive["id"] as? String else { return nil }
            self.init(id: id)
        }
    }

    @Test func aFolderRemovedBehindTheArchiversBackIsSeenGoneAndComesBack() throws {
        try TemporaryArchiver.with { archiver in
            try Note(id: "n1", text: "one").store(in: archiver)
            #expect(try Note.load(resourceID: "n1", in: archiver)?.text == "one")
            try FileManager.default.removeItem(at: archiver.directoryURL(for: Note.self))
            #expect(try Note.load(resourceID: "n1", in: archiver) == nil)
            #expect(try Note.storedResourceIDs(in: archiver).isEmpty)
            try Note(id: "n2", text: "two").store(in: archiver)
            #expect(try Note.load(resourceID: "n2", in: archiver)?.text == "two")
            #expect(try Note.storedResourceIDs(in: archiver) == ["n2"])
        }
    }

    @Test func aClearedFolderIsSeenEmptyAndFilledAgain() throws {
        try TemporaryArchiver.with { archiver in
            try Note(id: "n1", text: "one").store(in: archiver)
            try archiver.removeAll()
            #expect(try Note.load(resourceID: "n1", in: archiver) == nil)
            #expect(try Note.storedResourceIDs(in: archiver).isEmpty)
            try Note(id: "n2", text: "two").store(in: archiver)
            try Note.deleteAll(in: archiver)
            #expect(try Note.load(resourceID: "n2", in: archiver) == nil)
            try Note(id: "n3", text: "three").store(in: archiver)
            #expect(try Note.loadAll(in: archiver).map(\.id) == ["n3"])
        }
    }

    @Test func filesAnotherArchiverWritesAreSeen() throws {
        try TemporaryArchiver.with { archiver in
            let other = Archiver(archiveDirectoryURL: archiver.archiveDirectoryURL)
            try Note(id: "n1", text: "one").store(in: archiver)
            #expect(try Note.storedResourceIDs(in: archiver) == ["n1"])
            try Note(id: "n2", text: "two").store(in: other)
            try Note(id: "n1", text: "changed").store(in: other)
            #expect(try Note.load(resourceID: "n2", in: archiver)?.text == "two")
            #expect(try Note.load(resourceID: "n1", in: archiver)?.text == "changed")
            try Note.delete(resourceID: "n1", in: other)
            #expect(try Note.load(resourceID: "n1", in: archiver) == nil)
            #expect(try Note.storedResourceIDs(in: archiver) == ["n2"])
            try other.removeAll()
            #expect(try Note.loadAll(in: archiver).isEmpty)
        }
    }

    @Test func changingTheArchiveDirectoryMovesEveryTypesFolder() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("folder-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: base) }
        let archiver = Archiver(archiveDirectoryURL: base.appendingPathComponent("first"))
        try Note(id: "n1", text: "one").store(in: archiver)
        #expect(try archiver.directoryURL(for: Note.self).path.hasPrefix(base.appendingPathComponent("first").path))

        archiver.rootDirectoryURL = base.appendingPathComponent("second")
        #expect(try archiver.directoryURL(for: Note.self).path.hasPrefix(base.appendingPathComponent("second").path))
        #expect(try Note.load(resourceID: "n1", in: archiver) == nil)
        let url = try Note(id: "n2", text: "two").store(in: archiver)
        #expect(url.path.hasPrefix(base.appendingPathComponent("second").path))

        archiver.archiveDirectoryName = "renamed"
        #expect(try archiver.directoryURL(for: Note.self).deletingLastPathComponent().lastPathComponent == "renamed")
        #expect(try Note.load(resourceID: "n2", in: archiver) == nil)
    }

    @Test func aFolderNameThatChangesIsFollowed() throws {
        try TemporaryArchiver.with { archiver in
            Drifting.folderName = "First"
            try Drifting(id: "a").store(in: archiver)
            #expect(try archiver.directoryURL(for: Drifting.self).lastPathComponent == "First")
            Drifting.folderName = "Second"
            #expect(try archiver.directoryURL(for: Drifting.self).lastPathComponent == "Second")
            #expect(try Drifting.load(resourceID: "a", in: archiver) == nil)
            try Drifting(id: "b").store(in: archiver)
            #expect(try Drifting.storedResourceIDs(in: archiver) == ["b"])
            Drifting.folderName = "First"
            #expect(try Drifting.storedResourceIDs(in: archiver) == ["a"])
        }
    }

    @Test func eachGenericSpecialisationHasItsOwnFolder() throws {
        #expect(Boxed<Int>.directoryName == String(describing: Boxed<Int>.self))
        #expect(Boxed<String>.directoryName == String(describing: Boxed<String>.self))
        #expect(Boxed<Int>.directoryName != Boxed<String>.directoryName)
        try TemporaryArchiver.with { archiver in
            try Boxed<Int>(id: "x").store(in: archiver)
            #expect(try Boxed<String>.load(resourceID: "x", in: archiver) == nil)
            #expect(try Boxed<Int>.load(resourceID: "x", in: archiver) == Boxed<Int>(id: "x"))
            #expect(try archiver.directoryURL(for: Boxed<Int>.self) != archiver.directoryURL(for: Boxed<String>.self))
        }
    }

    @Test func idsOfAComparableTypeComeInTheirOrder() {
        let texts = ["10", "9", "100", "-1"]
        let sorted = Self.sorted(texts.map { (id: Int($0)!, text: $0) })
        #expect(sorted.map(\.id) == [-1, 9, 10, 100])
        #expect(sorted.map(\.text) == ["-1", "9", "10", "100"])
        let uuids = (0..<5).map { _ in UUID() }
        #expect(Self.sorted(uuids.map { (id: $0, text: $0.uuidString) }).map(\.text) == uuids.map(\.uuidString).sorted())
    }

    /// Ids of a type that is not `Comparable` come in the order of their texts, each with its own.
    @Test func idsOfATypeThatIsNotComparableComeInTheOrderOfTheirTexts() {
        struct Tag: Equatable { let name: String }
        let texts = ["b", "a", "c10", "c9", "\u{E9}", "e"]
        let sorted = Self.sorted(texts.map { (id: Tag(name: $0), text: $0) })
        #expect(sorted.map(\.text) == texts.sorted())
        #expect(sorted.map(\.id.name) == texts.sorted())
    }

    /// The listing's `String` ids, alone or with their texts, come in the order the in-place
    /// sort gives.
    @Test func listedStringIdsComeInTheOrderOfLessThan() {
        let texts = ["user-10", "user-9", "caf\u{E9}", "0123456789abcdefX", "0123456789abcdef", "", "user-9", "Z"]
        #expect(ResourceIDOrder.sortedIDs(texts, as: String.self) == texts.sorted())
        let parsed = ResourceIDOrder.parse(texts, as: String.self)
        #expect(parsed.ids.map(\.id) == texts.sorted())
        #expect(parsed.ids.map(\.text) == texts.sorted())
        #expect(parsed.unparsed.isEmpty)
    }

    /// `String` ids come in `<`'s order whether they are ASCII (sorted by their bytes) or not:
    /// ids shorter and longer than 16 bytes, ids that share their first 16 bytes, a prefix of
    /// another, equal ids (kept in their order), and text that is not ASCII.
    @Test func stringIdsComeInTheOrderOfLessThan() {
        let ascii = ["user-10", "user-9", "user-1", "user-", "", "a", "A", "Z", "~", "user-100",
                     "abcdefghijklmnop", "abcdefghijklmnopq", "abcdefghijklmnoo", "abcdefghijklmnopqrstuvwxyz",
                     "abcdefghijklmnopqrstuvwxya", "abcdefghijklmnop", "0123456789abcdefX", "0123456789abcdef", "user-9"]
        for ids in [ascii, ascii + ["caf\u{E9}", "cafe\u{301}", "\u{1F372}", "zz"], ascii.reversed() + ["\u{E9}"]] {
            Self.expectSortedAsLessThanSortsThem(ids)
        }
    }

    /// Thousands of ASCII ids, the size at which the sort partitions them, come in `<`'s order
    /// from any starting order: random, sorted, reversed, and with most of them repeated or
    /// sharing their first 16 bytes.
    @Test func manyStringIdsComeInTheOrderOfLessThan() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcXYZ019-_.~ ".utf8)
        func randomID(length: Int) -> String {
            String(decoding: (0..<length).map { _ in alphabet.randomElement(using: &generator)! }, as: UTF8.self)
        }
        let random = (0..<3_000).map { _ in randomID(length: Int.random(in: 0...24, using: &generator)) }
        let sharedPrefix = (0..<3_000).map { _ in "0123456789abcdef" + randomID(length: Int.random(in: 0...3, using: &generator)) }
        let repeated = (0..<3_000).map { _ in ["user-1", "user-2", "user-10"].randomElement(using: &generator)! }
        for ids: [String] in [random, random.sorted(), random.sorted().reversed(), sharedPrefix, repeated, (0..<5_000).map { "user-\($0)" }] {
            Self.expectSortedAsLessThanSortsThem(ids)
        }
    }

    /// `ids` as ``ResourceIDOrder/sort(_:)`` orders them in place.
    private static func sorted<ID>(_ ids: [(id: ID, text: String)]) -> [(id: ID, text: String)] {
        var ids = ids
        ResourceIDOrder.sort(&ids)
        return ids
    }

    /// `ids`, each with its position as its text, come out of ``ResourceIDOrder/sort(_:)`` as
    /// a stable sort by `<` orders them.
    private static func expectSortedAsLessThanSortsThem(_ ids: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let pairs = ids.enumerated().map { (id: $0.element, text: "\($0.offset)") }
        let expected = pairs.sorted { $0.id < $1.id }
        let sorted = Self.sorted(pairs)
        #expect(sorted.map(\.id) == expected.map(\.id), sourceLocation: sourceLocation)
        #expect(sorted.map(\.text) == expected.map(\.text), sourceLocation: sourceLocation)
    }

    /// The byte test of an archive's extension agrees with `hasSuffix`, also where a dot after
    /// other text joins it into one character, and the stem is the name's bytes before it.
    @Test func archiveNamesAreTheOnesHasSuffixSees() {
        let names = ["a.plist", ".plist", "plist", "a.plis", "a.plistx", "a.PLIST", "\u{E9}.plist", "\u{600}.plist",
                     "a\u{200D}.plist", "a.plist\u{301}", "\u{1F372}.plist", "a.b.plist", "", "a..plist"]
        for name in names {
            let archive = Archiver.archiveStem(of: name)
            #expect((archive != nil) == name.hasSuffix(".plist"), "\(name)")
            if let archive {
                #expect(Array(archive.stem.utf8) == Array(name.utf8.dropLast(6)), "\(name)")
                #expect(archive.isASCII == archive.stem.utf8.allSatisfy { $0 < 0x80 }, "\(name)")
            }
        }
    }
}
