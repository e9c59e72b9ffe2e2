import Foundation
import Testing
@testable import Archiver

/// Python's `plistlib` is an independent reader and writer of the format: it reads our files to
/// the same content, and writes files we read to the same content.
@Suite(.enabled(if: python3Path != nil, "python3 is not installed: plistlib interop is not checked"))
struct BinaryPropertyListPlistlibTests {
    /// Reads the file in argv[1], checks a few values by Python's own types, writes it back to argv[2].
    private static let script = #"""
    import math, plistlib, sys
    with open(sys.argv[1], "rb") as f:
        value = plistlib.load(f)
    kind = sys.argv[3]
    if kind == "every kind":
        assert value["UInt64.max"] == 2**64 - 1, value["UInt64.max"]
        assert value["Int64.min"] == -2**63
        assert value["astral"] == "🍲 soup 𝄞"
        assert value["true"] is True and value["one"] == 1 and value["one"] is not True
        assert math.isnan(value["NaN"]) and value["-infinity"] == -math.inf
        assert value["data"] == bytes([0, 1, 2, 255])
        assert value["mixed array"][4] == {"nested": [1, 2, 3]}
    elif kind == "tutorial user":
        assert value["reviews"][1]["restaurant"]["name"] == "La Boîte en Bois"
    with open(sys.argv[2], "wb") as f:
        plistlib.dump(value, f, fmt=plistlib.FMT_BINARY)
    """#

    @Test(arguments: PropertyListFixtures.names)
    func plistlibReadsOursAndWeReadPlistlibs(name: String) throws {
        let archive = PropertyListFixtures.named(name)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plistlib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = directory.appendingPathComponent("ours.plist")
        let theirs = directory.appendingPathComponent("theirs.plist")
        try PropertyListCoding.data(for: archive).write(to: ours)

        let python = Process()
        python.executableURL = URL(fileURLWithPath: try #require(python3Path))
        python.arguments = ["-c", Self.script, ours.path, theirs.path, name]
        let errors = Pipe()
        python.standardError = errors
        try python.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        python.waitUntilExit()
        try #require(python.terminationStatus == 0, "plistlib: \(message)")

        let read = try PropertyListCoding.archive(from: Data(contentsOf: theirs))
        #expect(PropertyListValue(read) == PropertyListValue(archive))
    }
}
