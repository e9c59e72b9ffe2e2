// libFuzzer's test of one input for the file reader: the bytes of an archive file, as the
// archiver reads them. Compiled into one module with the library's sources by Scripts/fuzz.sh,
// whose generated entry point calls it, so that it reaches the internal reader directly.
import Foundation

/// A key-mapped model the file is also read into in place, as a load of a key-mapped type reads it.
struct FuzzStoredComment { let text: String; let score: Double?; let votes: [Int64]; let replies: [FuzzStoredComment]; let attachment: Data?; let tags: [String] }
extension FuzzStoredComment: KeyMapped {
    static let keyMap = KeyMap(FuzzStoredComment.init, [.property(\.votes, default: []), .property(\.replies, default: []), .property(\.tags, default: [])])
}

func fuzzFileReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    // Any outcome but a crash, a hang or unbounded memory is fine; a read archive must also
    // survive being written again, as a caller re-storing it would.
    if let archive = try? PropertyListCoding.archive(from: data) {
        _ = try? PropertyListCoding.data(for: archive)
    }
    // The in-place reader: the document's accessors, through a key map's decode.
    if let document = try? BinaryPropertyListDocument(data: data, maximumDepth: PropertyListCoding.defaultMaximumDepth) {
        _ = try? FuzzStoredComment.keyMap.decode(propertyList: document, at: document.topObject)
    }
    return 0
}
