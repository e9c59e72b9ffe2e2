// Instruction counts of a store's CPU work, value to bytes with no disk, compiled into one module
// with the library's sources by Scripts/callgrind.sh: per iteration, `archivedData()` of the
// tutorial's user with 1,000 reviews, in each form users write — the key map with readers
// (`reading:`, the shared ProbeUser), the key map without (properties read through `Mirror`),
// and a hand-written `archiveValue` — so that the ratios the benchmarks' `store` rows give
// (derived ≤ 0.7× hand-written) can be followed in instructions. The form is the second
// argument: `reading` (the default), `mirror` or `handwritten`.
import Foundation

struct MirrorRestaurant { let id: String; let name: String }
struct MirrorReview { let id: String; let restaurant: MirrorRestaurant; let rating: Int; let text: String }
struct MirrorUser { let id: String; let name: String; let reviews: [MirrorReview] }

extension MirrorRestaurant: KeyMapped { static let keyMap = KeyMap(MirrorRestaurant.init) }
extension MirrorReview: KeyMapped {
    static let keyMap = KeyMap(MirrorReview.init, [
        .property(\.rating, server: "star_rating", default: 0),
        .property(\.text, default: ""),
    ])
}
extension MirrorUser: KeyMapped {
    static let keyMap = KeyMap(MirrorUser.init, [
        .property(\.name, default: "Guest"),
        .property(\.reviews, server: "user_reviews", default: []),
    ])
}

/// Archiver 0.6's way: the dictionary written by hand.
struct HandwrittenUser: ArchiveRepresentable {
    let user: ProbeUser
    init(_ user: ProbeUser) { self.user = user }
    init?(archive: Archive) { return nil }
    var archiveValue: Archive {
        ["id": user.id, "name": user.name, "reviews": user.reviews.map { review -> Archive in
            ["id": review.id, "restaurant": ["id": review.restaurant.id, "name": review.restaurant.name] as Archive,
             "rating": review.rating, "text": review.text]
        }]
    }
}

@main
enum StoreProbe {
    static func main() throws {
        let arguments = CommandLine.arguments
        let iterations = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        let form = arguments.count > 2 ? arguments[2] : ProcessInfo.processInfo.environment["PROBE_FORM"] ?? "reading"
        let user = try ProbeUser.decode(archive: userArchive(reviews: 1_000))
        let mirrorUser = try MirrorUser.decode(archive: userArchive(reviews: 1_000))
        let handwritten = HandwrittenUser(user)
        var bytes = 0
        for _ in 0..<iterations {
            switch form {
            case "mirror": bytes += try mirrorUser.archivedData().count
            case "handwritten": bytes += try handwritten.archivedData().count
            default: bytes += try user.archivedData().count
            }
        }
        guard iterations == 0 || bytes > iterations * 50_000 else { fatalError("wrote \(bytes) bytes") }
        if iterations > 0 { print("bytes per store: \(bytes / iterations)") }
    }
}
