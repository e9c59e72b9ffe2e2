import ArchiverTesting
import Foundation
import Testing
@testable import Archiver

/// A collection load lists, among its failures, each value that loaded without elements of its
/// lists: the next store of that value would leave them out for good.
struct DroppedElementsLoadTests {
    @Test func loadAllReturnsTheValueAndReportsWhatItDropped() throws {
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        let good = Derived.User(id: "u1", name: "Jerry", reviews: [])
        try good.store(in: archiver)
        // An archive written by an older version of the app, whose second review no longer reads.
        let archive: Archive = [
            "id": "u2", "name": "Elaine",
            "reviews": [
                ["id": "r1", "restaurant": ["id": "m", "name": "Monk's"], "rating": 4, "text": "Soup"],
                ["id": "r2", "restaurant": ["name": "Reggie's"], "rating": 2, "text": "No"],
            ],
        ]
        try PropertyListCoding.data(for: archive).write(to: try archiver.fileURL(for: Derived.User.self, resourceID: "u2"))

        var failures: [ArchiverError] = []
        let users = try Derived.User.loadAll(in: archiver, failures: &failures)
        #expect(users.map(\.id) == ["u1", "u2"])
        #expect(users.last?.reviews.map(\.id) == ["r1"])
        #expect(failures.count == 1)
        guard case .droppedElements(let type, let id, _, let dropped)? = failures.first else {
            Issue.record("expected droppedElements, got \(failures)")
            return
        }
        #expect(type == "User" && id == "u2")
        #expect(dropped.map(\.keyPath) == ["User.reviews[1].restaurant.id"], "\(dropped)")
        #expect("\(failures[0])".contains("loaded without 1 invalid element"), "\(failures[0])")
    }

    @Test func theBackgroundFormReportsItToo() async throws {
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        let archive: Archive = ["id": "u3", "name": "George", "reviews": [["id": "r9", "rating": 1, "text": "?"]]]
        let file = try archiver.fileURL(for: Derived.User.self, resourceID: "u3")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PropertyListCoding.data(for: archive).write(to: file)
        var failures: [ArchiverError] = []
        let users = try await Derived.User.loadAllInBackground(in: archiver, failures: &failures)
        #expect(users.map(\.reviews.count) == [0])
        #expect(failures.count == 1)
    }
}
