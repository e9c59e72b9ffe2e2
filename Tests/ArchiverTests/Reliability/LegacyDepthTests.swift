import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

/// A hand-written 0.6-style type loads a file nested up to the default depth limit on a 512 KiB
/// stack, whatever the nesting is made of: the dictionary it gets is built without recursion on
/// the caller's stack. (A crash here is a stack overflow.)
struct LegacyDepthTests {
    /// `["v": …]` nested `depth` containers deep (the root included): arrays only, dictionaries
    /// only, or the two in turn.
    static func nested(depth: Int, shape: String) -> Archive {
        var value: Any = "leaf"
        for level in 0 ..< depth - 1 {
            switch shape {
            case "arrays": value = [value] as [Any]
            case "dictionaries": value = ["k": value] as [String: Any]
            default: value = level.isMultiple(of: 2) ? [value] as [Any] : ["k": value] as [String: Any]
            }
        }
        return ["v": value, "id": "d"]
    }

    /// Loads and reads the files on the small stack through a 0.6-style `Archivable`,
    /// `init(archivedData:)` and the reader. Before, an array nested 400 deep or more crashed:
    /// whether an element was a number was asked with `as? NSNumber`, which on Linux bridges an
    /// array to `NSArray`, converting every array inside it, one stack frame set per level.
    @Test(arguments: ["arrays", "dictionaries", "mixed"])
    func aHandWrittenTypeLoadsNestingUnderTheLimitOnASmallStack(shape: String) throws {
        let depths = [400, 500, StackDepthTests.limit - 1, StackDepthTests.limit]
        let files = try depths.map { try PropertyListCoding.data(for: Self.nested(depth: $0, shape: shape)) }
        try TemporaryArchiver.with { archiver throws in
            for (depth, data) in zip(depths, files) {
                let file = try archiver.fileURL(for: HandWrittenDeep.self, resourceID: "d")
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file)
                let outcome = StackDepthTests.onSmallStack { () -> [String] in
                    var outcome: [String] = []
                    do {
                        let loaded = try HandWrittenDeep.load(resourceID: "d", in: archiver)
                        outcome.append(loaded.map { "\(Self.depth(of: $0.archive["v"] as Any) + 1)" } ?? "missing")
                        let decoded = try HandWrittenDeep(archivedData: data)
                        outcome.append("\(Self.depth(of: decoded.archive["v"] as Any) + 1)")
                        let read = try PropertyListCoding.archive(from: data)
                        outcome.append("\(Self.depth(of: read["v"] as Any) + 1)")
                    } catch {
                        outcome.append("\(error)")
                    }
                    return outcome
                }
                #expect(outcome == Array(repeating: "\(depth)", count: 3), "\(shape), depth \(depth)")
            }
        }
    }

    /// How many containers `value` is, counted without recursion (and without a cast that bridges).
    static func depth(of value: Any) -> Int {
        var depth = 0
        var value = value
        while true {
            if let array = value as? [Any], let first = array.first {
                value = first
            } else if let dictionary = value as? [String: Any], let first = dictionary["k"] {
                value = first
            } else {
                return depth
            }
            depth += 1
        }
    }
}

/// A hand-written 0.6-style type that keeps its whole archive.
private struct HandWrittenDeep: Archivable {
    static var archiver: Archiver { testArchiver }
    let id: String
    let archive: Archive
    var archiveValue: Archive { archive }
    init?(archive: Archive) {
        guard let id = archive["id"] as? String else { return nil }
        self.id = id
        self.archive = archive
    }
}
