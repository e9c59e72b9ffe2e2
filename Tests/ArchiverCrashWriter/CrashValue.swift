import Foundation
import Archiver

/// A large value whose every byte follows from its id and revision, so that a reader can tell a
/// whole archive from a torn or mixed one without knowing what was written.
struct CrashValue: Archivable, Equatable {
    let id: String
    let revision: Int
    let payload: Data

    /// The ids the writer cycles through: plain ones, and one too long for a file name, stored
    /// under its hash with its id in a second file.
    static let ids = ["crash-0", "crash-1", "crash-2", "crash-\(String(repeating: "long", count: 80))"]

    init(id: String, revision: Int) {
        self.id = id
        self.revision = revision
        payload = Self.payload(id: id, revision: revision)
    }

    /// Between 16 KiB and 1 MiB: a 4 KiB block drawn from the id and revision, repeated, so
    /// that writing dominates making it and a kill often lands mid-write.
    static func payload(id: String, revision: Int) -> Data {
        var generator = UInt64(truncatingIfNeeded: revision) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: id.utf8.count)
        let blocks = 4 + Int(generator % 252)
        let block = [UInt8](unsafeUninitializedCapacity: 4096) { buffer, initialized in
            for index in 0..<4096 {
                generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                buffer[index] = UInt8(truncatingIfNeeded: generator >> 56)
            }
            initialized = 4096
        }
        var bytes = Data(capacity: blocks * 4096)
        for _ in 0..<blocks { bytes.append(contentsOf: block) }
        return bytes
    }

    var archiveValue: Archive { ["id": id, "revision": revision, "payload": payload] }

    /// Decodes only a whole value: the payload must be the one its id and revision produce.
    init?(archive: Archive) {
        guard let id = archive["id"] as? String, let revision = archive["revision"] as? Int,
              let payload = archive["payload"] as? Data,
              payload == Self.payload(id: id, revision: revision) else { return nil }
        self.id = id
        self.revision = revision
        self.payload = payload
    }
}
