import Archiver
import Benchmark
import Foundation

extension Way {
    /// The I/O limit: an atomic write and a read of the bytes the library writes, and nothing else.
    static func floor<Value: Cachable>(_: Value.Type) -> Way {
        /// The library's file for the response's user, written once: its bytes and where they are.
        func libraryFile(_ response: UserResponse, in scratch: Scratch) throws -> (bytes: Data, path: String) {
            let archiver = Archiver(archiveDirectoryURL: scratch.url)
            let url = try Value.decode(responseObject: response.responseObject).store(in: archiver)
            return (try PlainFile.contents(of: url.path), url.path)
        }
        return Way(name: "floor", operations: [
            .store: { response, scratch in
                let file = try libraryFile(response, in: scratch)
                return { try PlainFile.writeAtomically(file.bytes, to: file.path) }
            },
            .load: { response, scratch in
                let file = try libraryFile(response, in: scratch)
                return { blackHole(try PlainFile.contents(of: file.path)) }
            },
            .loadall: { response, scratch in
                let archiver = Archiver(archiveDirectoryURL: scratch.url)
                var stored: URL?
                for index in 0..<loadAllCount {
                    stored = try Value.decode(responseObject: response.responseObject(id: "user-\(index)")).store(in: archiver)
                }
                guard let directory = stored?.deletingLastPathComponent().path else { throw FixtureError("floor loadall stored nothing") }
                let readAll = { try PlainFile.files(in: directory, suffix: ".plist").map(PlainFile.contents(of:)) }
                let count = try readAll().count
                guard count == loadAllCount else { throw FixtureError("floor loadall read \(count) of \(loadAllCount)") }
                return { blackHole(try readAll()) }
            },
        ])
    }
}
