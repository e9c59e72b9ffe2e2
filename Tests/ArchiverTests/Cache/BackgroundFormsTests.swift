import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// Through a generic function, which must say its models' conformances may be used off the
/// caller's actor (`SendableMetatype`) to call the forms that decode in the background.
func loadAllOnTheCaller<Value: Archivable & SendableMetatype>(_ type: Value.Type, in archiver: Archiver, failures: inout [ArchiverError]) async throws -> [Value] {
    try await Value.loadAllInBackground(in: archiver, failures: &failures)
}

func loadOnTheCaller<Value: Archivable & SendableMetatype>(_ type: Value.Type, _ id: Value.ID, in archiver: Archiver) async throws -> Value? {
    try await Value.loadInBackground(resourceID: id, in: archiver)
}

func idsOnTheCaller<Value: Archivable>(_ type: Value.Type, in archiver: Archiver) async throws -> [Value.ID] {
    try await Value.storedResourceIDsInBackground(in: archiver)
}

struct BackgroundFormsTests {
    /// A folder with two good archives, a corrupt one, and one whose name is no `Int` id.
    static func mixedFolder(_ archiver: Archiver) throws {
        try Tally(id: 2, count: 20).store(in: archiver)
        try Tally(id: 10, count: 100).store(in: archiver)
        let folder = try archiver.directoryURL(for: Tally.self)
        try Data("not a property list".utf8).write(to: folder.appendingPathComponent("3.plist"))
        try Data("also not".utf8).write(to: folder.appendingPathComponent("three.plist"))
    }

    @Test func loadAllInBackgroundReportsEachUnreadableFileAndLoadsTheRestOnEitherPath() async throws {
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        try Self.mixedFolder(archiver)
        var expectedFailures: [ArchiverError] = []
        let expected = try Tally.loadAll(in: archiver, failures: &expectedFailures)
        #expect(expected.map(\.id) == [2, 10])
        #expect(expectedFailures.count == 2)

        var failures: [ArchiverError] = []
        #expect(try await Tally.loadAllInBackground(in: archiver, failures: &failures) == expected)
        #expect(failures == expectedFailures)

        var callerFailures: [ArchiverError] = []
        #expect(try await loadAllOnTheCaller(Tally.self, in: archiver, failures: &callerFailures) == expected)
        #expect(callerFailures == expectedFailures)
        #expect(try await Tally.loadAllInBackground(in: archiver) == expected)
    }

    @Test func theAsyncFormsAgreeWithTheSynchronousOnes() async throws {
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        try Self.mixedFolder(archiver)
        #expect(try await Tally.storedResourceIDsInBackground(in: archiver) == Tally.storedResourceIDs(in: archiver))
        #expect(try await idsOnTheCaller(Tally.self, in: archiver) == [2, 3, 10])  // 3 is listed; it fails to load
        #expect(try await Tally.loadInBackground(resourceID: 10, in: archiver) == Tally(id: 10, count: 100))
        #expect(try await loadOnTheCaller(Tally.self, 10, in: archiver) == Tally(id: 10, count: 100))
        #expect(try await loadOnTheCaller(Tally.self, 99, in: archiver) == nil)
        await #expect(throws: ArchiverError.self) { try await loadOnTheCaller(Tally.self, 3, in: archiver) }
        await #expect(throws: ArchiverError.self) { try await Tally.loadInBackground(resourceID: 3, in: archiver) }
        let url = try await Tally(id: 4, count: 40).storeInBackground(in: archiver)
        #expect(url == (try archiver.fileURL(for: Tally.self, resourceID: 4)))
        try await Tally(id: 4, count: 40).deleteInBackground(in: archiver)
        #expect(try Tally.load(resourceID: 4, in: archiver) == nil)
    }
}

/// A value with an `Int` id.
struct Tally: Archivable, Hashable {
    let id: Int
    let count: Int
    var archiveValue: Archive { ["id": id, "count": count] }
    init(id: Int, count: Int) { self.id = id; self.count = count }
    init?(archive: Archive) {
        guard let id = archive["id"] as? Int, let count = archive["count"] as? Int else { return nil }
        self.init(id: id, count: count)
    }
    static func == (lhs: Tally, rhs: Tally) -> Bool { lhs.id == rhs.id && lhs.count == rhs.count }
}
