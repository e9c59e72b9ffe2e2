import Archiver
import Benchmark
import Foundation

// Issue 18's generic-envelope rows: a value holding a generic `Page<Item>`, whose map is the
// computed `static var keyMap` a generic type must use (the library keeps each concrete type's map),
// beside the same value holding a non-generic page whose map is a `static let` cached by hand.
//
//     swift package --package-path Benchmarks benchmark --filter 'generic\..*'
//
// Target: `generic.<door>.computed.<n>` ≤ 1.1 × `generic.<door>.cached.<n>`. Both start from the
// same JSON text (the benchmark user's reviews wrapped in a page) or its `JSONSerialization` object.

/// The pagination envelope as a generic type declares it.
struct Page<Item> { let data: [Item]; let hasMore: Bool }

extension Page: KeyMapped, KeyMapValue, Serializable, ArchiveRepresentable where Item: KeyMapped {
    static var keyMap: KeyMap<Self> {
        KeyMap({ Page(data: $0, hasMore: $1) }, [.property(\.hasMore, server: "has_more", default: false)])
    }
}

/// The same envelope written for one item type, its map cached by hand in a `static let`.
struct ReviewPage { let data: [DerivedReview]; let hasMore: Bool }

extension ReviewPage: KeyMapped, KeyMapValue {
    static let keyMap = KeyMap(ReviewPage.init, [.property(\.hasMore, server: "has_more", default: false)])
}

struct GenericFeed { let id: String; let page: Page<DerivedReview> }
extension GenericFeed: KeyMapped { static let keyMap = KeyMap(GenericFeed.init) }

struct CachedFeed { let id: String; let page: ReviewPage }
extension CachedFeed: KeyMapped { static let keyMap = KeyMap(CachedFeed.init) }

/// A measured body with what it needs, made in the setup.
struct GenericRun: @unchecked Sendable {
    let run: () throws -> Void
}

func genericBenchmarks() {
    /// The benchmark user's reviews as one page of a feed.
    func feedJSON(reviews: Int) throws -> String {
        let user = try UserResponse(reviews: reviews).json
        guard let start = user.range(of: "["), let end = user.range(of: "]", options: .backwards) else {
            throw FixtureError("the user response has no review list")
        }
        return #"{"id": "feed-1", "page": {"has_more": true, "data": "# + user[start.lowerBound..<end.upperBound] + "}}"
    }
    for reviews in [3, 100, 1_000] {
        let configuration = configuration(.fromjson, reviews: reviews)
        func row(_ name: String, _ prepare: @escaping @Sendable (String) throws -> GenericRun) {
            Benchmark(name, configuration: configuration) { (benchmark: Benchmark, run: GenericRun) in
                for _ in benchmark.scaledIterations {
                    try run.run()
                }
            } setup: {
                try prepare(try feedJSON(reviews: reviews))
            }
        }
        @Sendable func check(_ count: Int) throws {
            guard count == reviews else { throw FixtureError("the feed decoded \(count) of \(reviews) reviews") }
        }
        row("generic.fromjson.computed.\(reviews)") { json in
            let data = Data(json.utf8)
            try check(GenericFeed.decode(json: data).page.data.count)
            return GenericRun { blackHole(try GenericFeed.decode(json: data)) }
        }
        row("generic.fromjson.cached.\(reviews)") { json in
            let data = Data(json.utf8)
            try check(CachedFeed.decode(json: data).page.data.count)
            return GenericRun { blackHole(try CachedFeed.decode(json: data)) }
        }
        row("generic.fromobject.computed.\(reviews)") { json in
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
            try check(GenericFeed.decode(responseObject: object).page.data.count)
            return GenericRun { blackHole(try GenericFeed.decode(responseObject: object)) }
        }
        row("generic.fromobject.cached.\(reviews)") { json in
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
            try check(CachedFeed.decode(responseObject: object).page.data.count)
            return GenericRun { blackHole(try CachedFeed.decode(responseObject: object)) }
        }
    }
}
