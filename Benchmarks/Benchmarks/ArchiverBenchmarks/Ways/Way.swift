import Archiver
import Foundation

/// A step on the way from a server response to a file and back, as benchmark names spell it.
enum Operation: String, CaseIterable {
    /// JSON text → value, as an app receives a server's response.
    case fromjson
    /// Response object → value.
    case serialize
    /// Value → `Archive`.
    case archive
    /// `Archive` → value.
    case unarchive
    /// Value → file.
    case store
    /// File → value.
    case load
    /// Every stored value of a type, from a folder of ``Way/loadAllCount`` files.
    case loadall
}

/// One measured run, ready to go: whatever it needs was made when it was prepared, outside the measurement.
typealias Run = () throws -> Void

/// One way of doing the job: for each operation it has, how to prepare a run of it for a response,
/// in a scratch folder of its own.
///
/// Preparing runs the operation once and checks what it made, so that a way that loses reviews or
/// fails to round-trip stops the suite instead of being measured.
struct Way {
    typealias Prepare = (_ response: UserResponse, _ scratch: Scratch) throws -> Run

    /// The name in benchmark names: `serialize.<name>.1000`.
    let name: String
    let operations: [Operation: Prepare]
    /// The most reviews an operation is measured with, where a way cannot finish the larger sizes in
    /// reasonable time; the others run at every size.
    var maximumReviews: [Operation: Int] = [:]

    /// How many files `loadall` reads.
    static let loadAllCount = 1_000

    /// Every way measured, in the order tables and charts show them.
    ///
    /// A way joins by adding a line here.
    static var all: [Way] {
        [
            .library("handwritten", User.self, fromJSON: .jsonSerialization),
            .unsynced("handwrittenunsynced", User.self),
            .library("derived", DerivedUser.self, fromJSON: .decodeJSON),
            .codable(),
            .jsonSerialization(),
            .keyedArchiver(User.self),
            .propertyListSerialization(User.self),
            .floor(User.self),
        ]
    }
}

/// A value's archive, checked against the response it was made from: the user's id and every review.
func checkArchive(_ archive: Archive, of response: UserResponse, _ what: String) throws {
    let reviews = (archive["reviews"] as? [Any])?.count
    guard archive["id"] as? String != nil, reviews == response.reviews else {
        throw FixtureError("\(what) has \(reviews.map(String.init) ?? "no") reviews, not \(response.reviews)")
    }
}

/// Two archives are the same value, field for field (by content: `NSDictionary` equality is not
/// reliable for numbers read back on Linux).
func checkSame(_ archive: Archive, _ expected: Archive, _ what: String) throws {
    guard ArchiveComparison.haveSameContent(archive, expected) else {
        throw FixtureError("\(what) does not round-trip: \(archive.count) fields, \(expected.count) expected")
    }
}
