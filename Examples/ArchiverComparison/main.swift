// Compares the tutorial's user archived both ways — its key-map ArchiveRepresentable
// conformance and Codable through PropertyListEncoder — and prints what differs.
import Foundation
import Archiver
import TutorialData

do {
    guard let user = User(responseObject: try tutorialResponseObject()) else {
        print("error: the tutorial response did not serialize")
        exit(1)
    }
    let report = try ArchiveComparison.compare(user)
    print(report)

    // The same comparison in time, on this value: what README's benchmark table shows for the
    // tutorial's model, measured here on whatever model you pass.
    print()
    print(try ArchiveComparison.measure(user, runs: 25))
    #if DEBUG
    print("  (a debug build: the library is unoptimized here, Foundation's coders are not; `swift run -c release archiver-compare` for figures that mean something)")
    #endif

    print()
    let bookmark = Bookmark(title: "Soup", link: URL(string: "https://soupman.example/menu")!, note: nil,
                            saved: Date(timeIntervalSinceReferenceDate: 500_000_000))
    print(try ArchiveComparison.compare(bookmark))

    print()
    print(report.isLossless ? "The tutorial's user moves between the two ways losing nothing."
                            : "The tutorial's user does not survive the move unchanged: see above.")
    if !report.isLossless { exit(1) }
} catch {
    print("error: \(error)")
    exit(1)
}
