// Instruction counts of decode(json:) for a value holding a generic page (`Page<ProbeReview>`,
// whose map is the computed `static var keyMap` a generic type declares) or, with
// PROBE_PAGE=cached, the same value holding a non-generic page whose map is a `static let`.
// Issue 18: the first must cost within 1.1× of the second. Compiled by Scripts/callgrind.sh.
import Foundation

struct ProbePage<Item> { let data: [Item]; let hasMore: Bool }
extension ProbePage: KeyMapped, KeyMapValue, Serializable, ArchiveRepresentable where Item: KeyMapped {
    static var keyMap: KeyMap<Self> {
        KeyMap({ ProbePage(data: $0, hasMore: $1) }, [.property(\.hasMore, server: "has_more", default: false)])
    }
}
struct ProbeReviewPage { let data: [ProbeReview]; let hasMore: Bool }
extension ProbeReviewPage: KeyMapped {
    static let keyMap = KeyMap(ProbeReviewPage.init, [.property(\.hasMore, server: "has_more", default: false)])
}
struct GenericFeed { let id: String; let page: ProbePage<ProbeReview> }
extension GenericFeed: KeyMapped { static let keyMap = KeyMap(GenericFeed.init) }
struct CachedFeed { let id: String; let page: ProbeReviewPage }
extension CachedFeed: KeyMapped { static let keyMap = KeyMap(CachedFeed.init) }

@main
enum GenericPageProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        let reviews = Int(ProcessInfo.processInfo.environment["PROBE_REVIEWS"] ?? "3") ?? 3
        let cached = ProcessInfo.processInfo.environment["PROBE_PAGE"] == "cached"
        let items = (0..<reviews).map { #"{"id": "review-\#($0)", "restaurant": {"id": "r-\#($0)", "name": "Monk's Café"}, "star_rating": 5, "text": "Great."}"# }
        let json = Data((#"{"id": "feed", "page": {"has_more": true, "data": ["# + items.joined(separator: ",") + "]}}").utf8)
        var decoded = 0
        for _ in 0..<iterations {
            decoded += cached ? try CachedFeed.decode(json: json).page.data.count : try GenericFeed.decode(json: json).page.data.count
        }
        guard decoded == iterations * reviews else { fatalError("decoded \(decoded) reviews") }
    }
}
