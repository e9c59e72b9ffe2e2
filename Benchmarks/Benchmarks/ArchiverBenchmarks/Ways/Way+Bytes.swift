import Archiver
import Benchmark
import Foundation

extension Way {
    /// A way to bytes and back for archives, with the type's own conformances on either side and
    /// ``PlainFile`` for the I/O: `store`, `load` and `loadall`.
    static func bytes<Value: Cachable>(
        _ name: String,
        _: Value.Type,
        encode: @escaping (Archive) throws -> Data,
        decode: @escaping (Data) throws -> Archive
    ) -> Way where Value.ID == String {
        let suffix = "." + name
        func load(_ path: String) throws -> Value {
            try Value.decode(archive: try decode(try PlainFile.contents(of: path)))
        }
        return Way(name: name, operations: [
            .store: { response, scratch in
                let value = try Value.decode(responseObject: response.responseObject)
                let path = scratch.file(value.id + suffix)
                try PlainFile.writeAtomically(try encode(value.archiveValue), to: path)
                try checkSame(try load(path).archiveValue, value.archiveValue, "\(name) store")
                return { try PlainFile.writeAtomically(try encode(value.archiveValue), to: path) }
            },
            .load: { response, scratch in
                let value = try Value.decode(responseObject: response.responseObject)
                let path = scratch.file(value.id + suffix)
                try PlainFile.writeAtomically(try encode(value.archiveValue), to: path)
                try checkSame(try load(path).archiveValue, value.archiveValue, "\(name) load")
                return { blackHole(try load(path)) }
            },
            .loadall: { response, scratch in
                for index in 0..<loadAllCount {
                    let value = try Value.decode(responseObject: response.responseObject(id: "user-\(index)"))
                    try PlainFile.writeAtomically(try encode(value.archiveValue), to: scratch.file(value.id + suffix))
                }
                let loadAll = { try PlainFile.files(in: scratch.path, suffix: suffix).map(load) }
                let count = try loadAll().count
                guard count == loadAllCount else { throw FixtureError("\(name) loadall loaded \(count) of \(loadAllCount)") }
                return { blackHole(try loadAll()) }
            },
        ])
    }
}
