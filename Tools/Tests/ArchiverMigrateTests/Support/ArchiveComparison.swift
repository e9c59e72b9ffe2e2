import Archiver
import ArchiverTesting
import Foundation
import Testing

/// Checks that two conformances agree on one input: both decode it or both refuse it, they
/// write the same archive key for key, and each reads the other's archive and writes it back
/// unchanged.
func expectSameArchives<Before: ArchiveRepresentable, After: ArchiveRepresentable>(
    _ before: Before?, _ after: After?, input: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let before, let after else {
        #expect((before == nil) == (after == nil), "one side refused the input the other decoded: \(input)", sourceLocation: sourceLocation)
        return
    }
    let written = before.archiveValue
    let differences = ArchiveDifference.lines(expected: written, actual: after.archiveValue)
    #expect(differences.isEmpty, "archives differ for \(input):\n\(differences.joined(separator: "\n"))", sourceLocation: sourceLocation)
    let afterReadsBefore = After(archive: written)?.archiveValue
    #expect(afterReadsBefore.map { ArchiveDifference.lines(expected: written, actual: $0).isEmpty } == true,
            "\(After.self) does not read \(Before.self)'s archive back unchanged: \(input)", sourceLocation: sourceLocation)
    let beforeReadsAfter = Before(archive: after.archiveValue)?.archiveValue
    #expect(beforeReadsAfter.map { ArchiveDifference.lines(expected: after.archiveValue, actual: $0).isEmpty } == true,
            "\(Before.self) does not read \(After.self)'s archive back unchanged: \(input)", sourceLocation: sourceLocation)
}

/// A seeded generator, so that a failing generated input can be reproduced from its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension RandomNumberGenerator {
    /// A string of 1 to 12 characters, some outside ASCII.
    mutating func string() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_'éîøüßçñ日本語🍲")
        let count = Int.random(in: 1...12, using: &self)
        return String((0..<count).map { _ in alphabet.randomElement(using: &self)! })
    }

    mutating func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < probability
    }
}

/// Turns a dictionary into JSON text and back, as an app's response objects are made.
func responseObject(_ dictionary: [String: Any]) throws -> [String: Any] {
    let data = try JSONSerialization.data(withJSONObject: dictionary)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}
