import Archiver
import Benchmark
import Foundation

extension Way {
    /// Through the library, as an app uses it: the type's `Serializable` and `ArchiveRepresentable`
    /// conformances, and an `Archiver` that stores to and loads from the scratch folder.
    ///
    /// `handwritten` is the tutorial's `User`; `derived` will be the same user with a key map.
    static func library<Value: Cachable>(_ name: String, _: Value.Type) -> Way where Value.ID == String {
        Way(name: name, operations: [
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
                try archiver.store(value)
                try checkSame(try loaded(Value.self, value.id, from: archiver).archiveValue, value.archiveValue, "\(name) store")
                return { try archiver.store(value) }
            },
            .load: { response, scratch in
                let archiver = Archiver(archiveDirectoryURL: scratch.url)
                let value = try Value.decode(responseObject: response.responseObject)
                try archiver.store(value)
                try checkSame(try loaded(Value.self, value.id, from: archiver).archiveValue, value.archiveValue, "\(name) load")
                return { blackHole(try archiver.load(Value.self, resourceID: value.id)) }
            },
            .loadall: { response, scratch in
                let archiver = Archiver(archiveDirectoryURL: scratch.url)
                for index in 0..<loadAllCount {
                    try archiver.store(try Value.decode(responseObject: response.responseObject(id: "user-\(index)")))
                }
                let count = try archiver.loadAll(Value.self).count
                guard count == loadAllCount else { throw FixtureError("\(name) loadall loaded \(count) of \(loadAllCount)") }
                return { blackHole(try archiver.loadAll(Value.self)) }
            },
        ])
    }
}

/// The value stored under `id`, which must be there.
private func loaded<Value: Archivable>(_ type: Value.Type, _ id: String, from archiver: Archiver) throws -> Value where Value.ID == String {
    guard let value = try archiver.load(type, resourceID: id) else { throw FixtureError("\(type) \(id) was not stored") }
    return value
}
