// The code of the Storage article's "An app's cache" section, built with an app target's
// settings: the types are main-actor types unless they say `nonisolated`.
import Archiver
import Foundation
import Observation

/// A model as an app target declares it for the background forms: `nonisolated`, so that it
/// and its conformances can be used off the main actor, where loads decode and stores encode.
nonisolated struct Article: Equatable {
    let id: Int
    let title: String
    let published: Date?
}

nonisolated extension Article: KeyMapped, Archivable {
    static let keyMap = KeyMap(Article.init(id:title:published:), [  // the memberwise one, by name
        .property(\.title, default: ""),
        .transform(\.published, server: "published_ms", decode: milliseconds, encode: { $0.map(milliseconds) }),
    ])

    /// In an extension, so that Swift keeps the memberwise initializer the map calls.
    init(id: Int, title: String) {
        self.init(id: id, title: title, published: nil)
    }
}

/// A helper a transform calls off the main actor: `nonisolated`, as a top-level function in an
/// app target is main-actor by default.
nonisolated func milliseconds(_ value: Any) throws(ArchiveDecodingError) -> Date {
    Date(timeIntervalSince1970: try Double(keyMapValue: KeyMapInput(value, from: .responseObject)) / 1000)
}

nonisolated func milliseconds(_ date: Date) -> Double {
    date.timeIntervalSince1970 * 1000
}

func configureCache(_ archiver: Archiver = .default) {
    archiver.memoryLimits = Archiver.MemoryLimits(count: 500, bytes: 8 << 20)  // keep 500 values, ~8 MiB
    archiver.maximumAge = 7 * 24 * 60 * 60  // a week after the last store
    archiver.maximumTotalSize = 50 << 20  // 50 MiB on disk
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class ArticleModel {
    var article: Article?
    var failure: ArchiverError?
    private let archiver: Archiver

    init(archiver: Archiver = Article.archiver) {
        self.archiver = archiver
    }

    func appear(id: Int) async {
        do {
            // Read, parsed and decoded in the background: the main actor stays free.
            article = try await Article.loadInBackground(resourceID: id, in: archiver)
        } catch {
            failure = error  // e.g. expired: "… expired: stored 700000 s ago, over the maximum age of 604800 s"
        }
    }

    func received(_ fresh: Article) async {
        do {
            try await fresh.storeInBackground(in: archiver)
            article = fresh
        } catch {
            failure = error
        }
    }
}

@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@Observable
final class ArticleListModel {
    let stored: ArchivedValues<Article>

    init(archiver: Archiver = Article.archiver) {
        stored = ArchivedValues<Article>(in: archiver)  // reloads after each store or delete
    }

    var titles: [String] { stored.values.map(\.title) }
}

func logChanges(of id: Int, in archiver: Archiver = Article.archiver) async -> [ArchiveChange<Int>] {
    var seen: [ArchiveChange<Int>] = []
    for await change in Article.changes(of: id, in: archiver) {
        seen.append(change)  // .stored(1), .deleted(1), .cleared
        if change == .cleared { break }
    }
    return seen
}

func tidyUp(_ archiver: Archiver = .default) throws -> Int {
    try archiver.trim()  // at launch: expired archives no load asked for, then over the size limit
    return try archiver.totalSize()  // bytes on disk, this process's files and others'
}
