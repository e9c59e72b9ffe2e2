// libFuzzer's test of one input for the JSON reader and the key map's JSON decoding: any bytes,
// as a server might send them. Compiled into one module with the library's sources by
// Scripts/fuzz.sh, whose generated entry point calls it, so that it reaches the internal reader
// directly.
import Foundation

struct FuzzRestaurant { let id: String; let name: String }
extension FuzzRestaurant: KeyMapped { static let keyMap = KeyMap(FuzzRestaurant.init) }

struct FuzzComment { let text: String; let score: Double?; let votes: [Int64]; let replies: [FuzzComment]; let restaurant: FuzzRestaurant? }
extension FuzzComment: KeyMapped {
    static let keyMap = KeyMap(FuzzComment.init, [.property(\.votes, default: []), .property(\.replies, default: [])])
}

func fuzzJSONReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    // Any outcome but a crash, a hang or unbounded memory is fine; an accepted text must also
    // convert to Foundation objects and decode into a key-mapped type or fail with an error.
    guard let document = try? JSONDocument(data: data) else { return 0 }
    _ = try? document.foundationObject(at: 0)
    _ = try? FuzzComment.decode(json: data)
    _ = try? FuzzComment.decodeCollection(json: data)
    return 0
}
