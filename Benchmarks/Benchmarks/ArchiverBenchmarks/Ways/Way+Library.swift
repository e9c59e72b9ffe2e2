import Archiver
import Benchmark
import Foundation

extension Way {
    /// Only `store`, through the library as `library` stores, by an archiver that does not wait for
    /// the disk (`syncsToDisk = false`): beside `store.handwritten`, what a durable store costs.
    static func unsynced<Value: Cachable>(_ name: String, _: Value.Type) -> Way where Value.ID == String {
        Way(name: name, operations: [
            .store: { response, scratch in
                let archiver = Archiver(archiveDirectoryURL: scratch.url)
                archiver.syncsToDisk = false
                let value = try Value.decode(responseObject: response.responseObject)
                try value.store(in: archiver)
                try checkSame(try loaded(Value.self, value.id, from: archiver).archiveValue, value.archiveValue, "\(name) store")
                return { try value.store(in: archiver) }
            },
        ])
    }

    /// Through the library, as an app uses it: the type's `Serializable` and `ArchiveRepresentable`
    /// conformances, and an `Archiver` that stores to and loads from the scratch folder.
    ///
    /// `handwritten` is the tutorial's `User`; `derived` the same user with a key map.
    /// `fromjson` is measured as `fromJSON` says, or not at all when it is `nil`.
    static func library<Value: Cachable>(_ name: String, _: Value.Type, fromJSON: FromJSON? = nil) -> Way where Value.ID == String {
        var operations: [Operation: Prepare] = [
            .serialize: { response, _ in
                let responseObject = response.responseObject
                try checkArchive(try Value.decode(responseObject: responseObject).archiveValue, of: response, "\(name) serialize")
                return { blackHole(try Value.decode(responseObject: responseObject)) }
            },
            .archive: { response, _ in
                let value = try Value.decode(responseObject: response.responseObject)
                try checkArchive(value.archiveValue, of: response, "\(name) archive")
                return { blackHole(value.archiveValue) }
            },
            .unarchive: { response, _ in
                let archive = try Value.decode(responseObject: response.responseObject).archiveValue
                try checkSame(try Value.decode(archive: archive).archiveValue, archive, "\(name) unarchive")
                return { blackHole(try Value.decode(archive: archive)) }
            },
            .store: { response, scratch in
                let archiver = Archiver(archiveDirectoryURL: scratch.url)
                let value = try Value.decode(responseObject: response.responseObject)
                try value.store(in: archiver)
                try checkSame(try loaded(Value.self, value.id, from: archiver).archiveValue, value.archiveValue, "\(name) store")
                return { try value.store(in: archiver) }
            },
            .load: { response, scratch in
                let archiver = Archiver(archiveDirectoryURL: scratch.url)
                let value = try Value.decode(responseObject: response.responseObject)
                try value.store(in: archiver)
                try checkSame(try loaded(Value.self, value.id, from: archiver).archiveValue, value.archiveValue, "\(name) load")
                return { blackHole(try Value.load(resourceID: value.id, in: archiver)) }
            },
            .loadall: { response, scratch in
                let archiver = Archiver(archiveDirectoryURL: scratch.url)
                for index in 0..<loadAllCount {
                    try Value.decode(responseObject: response.responseObject(id: "user-\(index)")).store(in: archiver)
                }
                let count = try Value.loadAll(in: archiver).count
                guard count == loadAllCount else { throw FixtureError("\(name) loadall loaded \(count) of \(loadAllCount)") }
                return { blackHole(try Value.loadAll(in: archiver)) }
            },
        ]
        switch fromJSON {
        case .decodeJSON:
            operations[.fromjson] = { response, _ in
                let json = response.jsonData
                try checkArchive(try Value.decode(json: json).archiveValue, of: response, "\(name) fromjson")
                return { blackHole(try Value.decode(json: json)) }
            }
        case .jsonSerialization:
            operations[.fromjson] = { response, _ in
                let json = response.jsonData
                let read = { () throws -> Value in
                    guard let object = try JSONSerialization.jsonObject(with: json) as? ResponseObject,
                          let value = Value(responseObject: object) else { throw FixtureError("\(name) fromjson failed") }
                    return value
                }
                try checkArchive(try read().archiveValue, of: response, "\(name) fromjson")
                return { blackHole(try read()) }
            }
        case nil:
            break
        }
        return Way(name: name, operations: operations)
    }

    /// How a library way reads JSON text.
    enum FromJSON {
        /// `decode(json:)`: the library's reader.
        case decodeJSON
        /// `JSONSerialization`, then the type's `init?(responseObject:)`.
        case jsonSerialization
    }
}

/// The value stored under `id`, which must be there.
private func loaded<Value: Archivable>(_ type: Value.Type, _ id: String, from archiver: Archiver) throws -> Value where Value.ID == String {
    guard let value = try Value.load(resourceID: id, in: archiver) else { throw FixtureError("\(type) \(id) was not stored") }
    return value
}
