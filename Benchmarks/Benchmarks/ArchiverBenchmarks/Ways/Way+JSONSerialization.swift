import Archiver
import Benchmark
import Foundation

extension Way {
    /// `JSONSerialization`, then the key map: the way from JSON text to a key-mapped value before
    /// `decode(json:)`, and what it has to beat.
    static func jsonSerialization() -> Way {
        func read(_ json: Data) throws -> DerivedUser {
            guard let object = try JSONSerialization.jsonObject(with: json) as? ResponseObject else {
                throw FixtureError("jsonserialization fromjson: not an object")
            }
            return try DerivedUser.decode(responseObject: object)
        }
        return Way(name: "jsonserialization", operations: [
            .fromjson: { response, _ in
                let json = response.jsonData
                try checkArchive(try read(json).archiveValue, of: response, "jsonserialization fromjson")
                return { blackHole(try read(json)) }
            },
        ])
    }
}
