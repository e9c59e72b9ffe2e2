import Foundation
import Testing
@testable import Archiver

@Suite("ArchiveComparison")
struct CodableComparisonTests {
    @Test("the tutorial's user archives the same both ways and comes back equal from each")
    func tutorialUserIsLossless() throws {
        let report = try ArchiveComparison.compare(TutorialUser.george)
        #expect(report.differences == [])
        #expect(report.archivesMatch)
        #expect(report.archiveRoundTrip == .init(isEqualByEquatable: true))
        #expect(report.codableRoundTrip == .init(isEqualByEquatable: true))
        #expect(report.isLossless)
        #expect(report.description.contains("Same content: yes"))
    }

    @Test("file sizes are those of the files each way writes")
    func fileSizes() throws {
        let user = TutorialUser.george
        let report = try ArchiveComparison.compare(user)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        #expect(report.archiveFileSize == (try PropertyListCoding.data(for: user.archiveValue)).count)
        #expect(report.codableFileSize == (try encoder.encode(user)).count)
        #expect(report.description.contains("archiveValue \(report.archiveFileSize) bytes, Codable \(report.codableFileSize) bytes"))
    }

    @Test("a URL in two forms, a string in the archive and a dictionary from PropertyListEncoder, is a note, not a difference")
    func urlFormIsANote() throws {
        let place = Place(name: "Monk's", site: URL(string: "https://monks.example")!)
        let report = try ArchiveComparison.compare(place)
        #expect(report.differences.isEmpty)
        #expect(report.notes == [
            .init(path: [.key("site")], archiveValue: #""https://monks.example""#,
                  codableValue: #"{relative: "https://monks.example"}"#, representation: .urlForm),
        ])
        #expect(report.archivesMatch)
        #expect(report.archiveRoundTrip.isEqual)
        #expect(report.codableRoundTrip.isEqual)
        #expect(report.isLossless)
        #expect(report.description.contains(#"site: URL form: archiveValue "https://monks.example", Codable {relative: "https://monks.example"}"#))
    }

    @Test("a property one way leaves out shows as absent, and as a change in that way's round trip")
    func lostProperties() throws {
        let journal = Journal(id: "j", visits: 3, draft: "dear diary")
        let report = try ArchiveComparison.compare(journal)
        #expect(report.differences == [
            .init(path: [.key("draft")], archiveValue: #""dear diary""#, codableValue: nil),
            .init(path: [.key("visits")], archiveValue: nil, codableValue: "3"),
        ])
        // UniquelyIdentifiable: == compares ids, so the loss is found in the archives.
        #expect(report.archiveRoundTrip.isEqualByEquatable == true)
        #expect(report.archiveRoundTrip.changes == [.init(way: .codable, path: [.key("visits")], original: "3", decoded: "0")])
        #expect(!report.archiveRoundTrip.isEqual)
        #expect(report.codableRoundTrip.changes == [
            .init(way: .archiveValue, path: [.key("draft")], original: #""dear diary""#, decoded: #""""#),
        ])
        #expect(!report.codableRoundTrip.isEqual)
        #expect(report.description.contains(#"draft (as archiveValue): original "dear diary", decoded """#))
    }

    @Test("a value stored as another type differs, and a decoder that rejects its own archive says so")
    func differentTypesAndFailedDecoding() throws {
        let report = try ArchiveComparison.compare(Rated(rating: 4))
        #expect(report.differences == [.init(path: [.key("rating")], archiveValue: #""4""#, codableValue: "4")])
        #expect(report.archiveRoundTrip.error == ArchiveDecodingError(type: Rated.self, reason: .rejected(initializer: "init?(archive:)")))
        #expect(!report.archiveRoundTrip.isEqual)
        #expect(report.codableRoundTrip.isEqual)
        #expect(report.codableRoundTrip.isEqualByEquatable == nil)
        #expect(report.description.contains("archiveValue round trip: failed: Rated: init?(archive:) returned nil"))
    }

    @Test("an archiveValue no property list can hold is an error, not a report")
    func unstorableArchive() {
        #expect(throws: ArchiveEncodingError.self) {
            try ArchiveComparison.compare(Unstorable(site: URL(string: "https://a.b")!))
        }
    }
}

@Suite("PropertyListDiff")
struct CodableComparisonDiffTests {
    @Test("numbers compare by value, Booleans are not numbers, key order does not matter")
    func leafRules() {
        #expect(PropertyListDiff.differences(["a": 4, "b": "x"], ["b": "x", "a": NSNumber(value: 4.0)]).isEmpty)
        #expect(PropertyListDiff.differences(["a": true], ["a": 1]).map(\.path) == [[.key("a")]])
        #expect(PropertyListDiff.differences(["a": Date(timeIntervalSince1970: 0)], ["a": Date(timeIntervalSince1970: 1)]).count == 1)
    }

    @Test("arrays compare by index, and extra elements are absent on the other side")
    func arrays() {
        let entries = PropertyListDiff.differences(["list": [1, 2, 3]], ["list": [1, 5]])
        #expect(entries.map(\.path) == [[.key("list"), .index(1)], [.key("list"), .index(2)]])
        #expect(entries.last.map { $0.second == nil } == true)
        #expect(ValueDescription.text(entries.last?.first) == "3")
    }
}

/// Same value, other forms: a URL, a Decimal and a Float each stored one way by a hand-written
/// conformance and another by `PropertyListEncoder`, and one real difference of content.
private struct Reading: Codable, ArchiveRepresentable {
    var site: URL
    var price: Decimal
    var ratio: Float
    var note: String

    var archiveValue: Archive {
        ["site": site.absoluteString, "price": price.description, "ratio": 0.1, "note": note.uppercased()]
    }

    init(site: URL, price: Decimal, ratio: Float, note: String) {
        self.site = site
        self.price = price
        self.ratio = ratio
        self.note = note
    }

    init?(archive: Archive) { nil }
}

@Suite("Representational differences")
struct RepresentationTests {
    @Test("a GitHub issue's two archives have the same content, with one note per URL")
    func gitHubIssueHasTheSameContent() throws {
        let report = try ArchiveComparison.compare(try gitHubIssue())
        #expect(report.archivesMatch)
        #expect(report.differences.isEmpty)
        #expect(report.notes.count == 18)
        #expect(report.notes.allSatisfy { $0.representation == .urlForm })
        let lines = report.description.split(separator: "\n").map(String.init)
        #expect(lines[1] == "  Same content: yes, 18 representational notes")
        #expect(lines.filter { $0.contains(": URL form: ") }.count == 18)
        #expect(lines.contains(#"    user.avatarUrl: URL form: archiveValue "https://github.com/images/error/octocat_happy.gif", Codable {relative: "https://github.com/images/error/octocat_happy.gif"}"#))
        #expect(report.archiveRoundTrip.isEqual && report.codableRoundTrip.isEqual)
    }

    @Test("URL form, Decimal form and number width are notes; a different value is a difference")
    func formsAreNotesAndContentIsADifference() throws {
        let reading = Reading(site: URL(string: "https://a.b/c")!, price: Decimal(string: "19.99")!, ratio: 0.1, note: "ok")
        let report = try ArchiveComparison.compare(reading)
        #expect(report.notes.map(\.keyPath) == ["price", "ratio", "site"])
        #expect(report.notes.map(\.representation) == [.decimalForm, .numberWidth, .urlForm])
        #expect(report.differences == [.init(path: [.key("note")], archiveValue: #""OK""#, codableValue: #""ok""#)])
        #expect(!report.archivesMatch)
        #expect(report.description.contains("  Same content: no, 1 difference, 3 representational notes"))
    }

    @Test("two strings, two dictionaries or a Boolean and a number are never merely forms")
    func contentIsNotMistakenForForm() {
        #expect(Representation.of("https://a.b", "https://a.c") == nil)
        #expect(Representation.of(["relative": "https://a.b"], ["relative": "https://a.c"]) == nil)
        #expect(Representation.of("https://a.b", ["relative": "https://a.c"]) == nil)
        #expect(Representation.of(true, 1) == nil)
        #expect(Representation.of(NSNumber(value: 0.5), NSNumber(value: 0.25)) == nil)
        #expect(Representation.of("https://a.b", ["relative": "https://a.b"]) == .urlForm)
    }
}
