import Archiver
import Benchmark
import Foundation

extension Way {
    /// Codable: `JSONDecoder` from JSON text; the library's bridge between response objects, archives and Codable values, and
    /// `PropertyListEncoder`/`PropertyListDecoder` (binary) with ``PlainFile`` for bytes — what a
    /// Codable app does without this library.
    static func codable() -> Way {
        let suffix = ".codable"
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let decoder = PropertyListDecoder()
        func user(_ responseObject: ResponseObject) throws -> CodableUser {
            try ArchiveDecoder().decode(CodableUser.self, from: responseObject)
        }
        func check(_ value: CodableUser, _ response: UserResponse, _ what: String) throws {
            try checkArchive(try ArchiveEncoder().encode(value), of: response, what)
        }
        func load(_ path: String) throws -> CodableUser {
            try decoder.decode(CodableUser.self, from: try PlainFile.contents(of: path))
        }
        let jsonDecoder = JSONDecoder()
        return Way(name: "codable", operations: [
            .fromjson: { response, _ in
                let json = response.jsonData
                try check(try jsonDecoder.decode(CodableUser.self, from: json), response, "codable fromjson")
                return { blackHole(try jsonDecoder.decode(CodableUser.self, from: json)) }
            },
            .serialize: { response, _ in
                let responseObject = response.responseObject
                try check(try user(responseObject), response, "codable serialize")
                return { blackHole(try user(responseObject)) }
            },
            .archive: { response, _ in
                let value = try user(response.responseObject)
                try check(value, response, "codable archive")
                return { blackHole(try ArchiveEncoder().encode(value)) }
            },
            .unarchive: { response, _ in
                let archive = try ArchiveEncoder().encode(try user(response.responseObject))
                try checkSame(try ArchiveEncoder().encode(try ArchiveDecoder().decode(CodableUser.self, from: archive)), archive, "codable unarchive")
                return { blackHole(try ArchiveDecoder().decode(CodableUser.self, from: archive)) }
            },
            .store: { response, scratch in
                let value = try user(response.responseObject)
                let path = scratch.file(value.id + suffix)
                try PlainFile.writeAtomically(try encoder.encode(value), to: path)
                try check(try load(path), response, "codable store")
                return { try PlainFile.writeAtomically(try encoder.encode(value), to: path) }
            },
            .load: { response, scratch in
                let value = try user(response.responseObject)
                let path = scratch.file(value.id + suffix)
                try PlainFile.writeAtomically(try encoder.encode(value), to: path)
                try check(try load(path), response, "codable load")
                return { blackHole(try load(path)) }
            },
            .loadall: { response, scratch in
                for index in 0..<loadAllCount {
                    let value = try user(response.responseObject(id: "user-\(index)"))
                    try PlainFile.writeAtomically(try encoder.encode(value), to: scratch.file(value.id + suffix))
                }
                let loadAll = { try PlainFile.files(in: scratch.path, suffix: suffix).map(load) }
                let count = try loadAll().count
                guard count == loadAllCount else { throw FixtureError("codable loadall loaded \(count) of \(loadAllCount)") }
                return { blackHole(try loadAll()) }
            },
        ])
    }
}
