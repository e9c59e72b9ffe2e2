import Archiver
import ArchiverTesting
@testable import DocCaching
import Foundation
import Observation
import Testing

/// The Storage article's "An app's cache" code runs as the article says.
struct CachingDocTests {
    @Test func theViewModelLoadsAndStoresInTheBackground() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        configureCache(archiver)
        #expect(archiver.memoryLimits == Archiver.MemoryLimits(count: 500, bytes: 8 << 20))
        #expect(archiver.maximumAge == TimeInterval(604_800))
        #expect(archiver.maximumTotalSize == 50 << 20)

        let model = ArticleModel(archiver: archiver)
        await model.appear(id: 1)
        #expect(model.article == nil)
        #expect(model.failure == nil)
        await model.received(Article(id: 1, title: "Soup"))
        let again = ArticleModel(archiver: archiver)
        await again.appear(id: 1)
        #expect(again.article == Article(id: 1, title: "Soup"))

        // Expired: nil, and the failure says why.
        let file = try archiver.fileURL(for: Article.self, resourceID: 1)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-8 * 24 * 60 * 60)], ofItemAtPath: file.path)
        archiver.memoryLimits = nil
        let late = ArticleModel(archiver: archiver)
        await late.appear(id: 1)
        #expect(late.article == nil)
        #expect(late.failure.map { "\($0)".contains("expired") } == true)
        #expect(try tidyUp(archiver) == 0)
    }

    @Test func theListModelAndTheChangesFollowStores() async throws {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else { return }
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        let archiver = temporary.archiver
        let list = ArticleListModel(archiver: archiver)
        async let seen = logChanges(of: 1, in: archiver)
        try await Task.sleep(nanoseconds: 300_000_000)  // let logChanges subscribe
        try await Article(id: 1, title: "Soup").storeInBackground(in: archiver)
        try await Article(id: 2, title: "Bread").storeInBackground(in: archiver)
        for _ in 0..<500 where list.titles != ["Soup", "Bread"] {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(list.titles == ["Soup", "Bread"])
        try await Article.deleteInBackground(resourceID: 1, in: archiver)
        try archiver.removeAll()
        #expect(await seen == [.stored(1), .deleted(1), .cleared])

        // The helper and the explicit initializer run off the main actor with the model.
        let dated = Article(id: 3, title: "Stew", published: Date(timeIntervalSince1970: 1_574_553_600))
        try await dated.storeInBackground(in: archiver)
        #expect(try await Article.loadInBackground(resourceID: 3, in: archiver) == dated)
        #expect(try Article.decode(responseObject: ["id": 3, "title": "Stew", "published_ms": 1_574_553_600_000]) == dated)
    }
}
