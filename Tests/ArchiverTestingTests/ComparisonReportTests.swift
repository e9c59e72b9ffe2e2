import Archiver
import Foundation
import Testing

/// A bookmark whose hand-written archive keeps its URL as a string and spells its title's key
/// as the server does, while `Codable` writes a URL dictionary and the property's name.
private struct Bookmark: Codable, Equatable, ArchiveRepresentable {
    var site: URL
    var title: String

    var archiveValue: Archive { ["site": site.absoluteString, "name": title] }

    init(site: URL, title: String) {
        self.site = site
        self.title = title
    }

    init?(archive: Archive) {
        guard let site = (archive["site"] as? String).flatMap(URL.init(string:)),
              let title = archive["name"] as? String else { return nil }
        self.init(site: site, title: title)
    }
}

/// The comparison report as data, read from outside the module as an app's tests read it: the
/// differences a caller accepts are filtered out by value, not by parsing the description.
struct ComparisonReportTests {
    private let bookmark = Bookmark(site: URL(string: "https://a.example/b")!, title: "B")

    @Test func aTestAcceptsURLFormsAndSeesOnlyTheRealDifferences() throws {
        let report = try ArchiveComparison.compare(bookmark)
        #expect(!report.isLossless)
        #expect(report.notes.map(\.representation) == [.urlForm])
        #expect(report.notes.map(\.keyPath) == ["site"])
        // The title is under different keys: absent on each side, by key path.
        let contentDifferences = report.differences.filter { $0.representation == nil }
        #expect(contentDifferences.map(\.keyPath) == ["name", "title"])
        #expect(contentDifferences.first?.archiveValue == #""B""#)
        #expect(contentDifferences.first?.codableValue == nil)
        #expect(report.archiveRoundTrip.isEqual && report.codableRoundTrip.isEqual)
        #expect(report.archiveRoundTrip == ArchiveComparisonReport.RoundTrip(isEqualByEquatable: true))
        #expect(report.archiveFileSize > 0 && report.codableFileSize > 0)
        #expect(report.typeName == "Bookmark")
    }

    @Test func aRoundTripThatLosesAValueNamesTheWayAndTheKeyPath() throws {
        struct Forgetful: Codable, Equatable, ArchiveRepresentable {
            var count: Int
            var archiveValue: Archive { ["count": count] }
            init(count: Int) { self.count = count }
            init?(archive: Archive) { self.init(count: 0) }
        }
        let report = try ArchiveComparison.compare(Forgetful(count: 3))
        #expect(report.differences.isEmpty)
        #expect(report.codableRoundTrip.isEqual)
        #expect(report.archiveRoundTrip.isEqualByEquatable == false)
        let change = try #require(report.archiveRoundTrip.changes.first)
        #expect(change.way == .archiveValue)
        #expect(change.path == [.key("count")] && change.keyPath == "count")
        #expect((change.original, change.decoded) == ("3", "0"))
    }
}
