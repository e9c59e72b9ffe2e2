import Archiver
import Benchmark
import Foundation

/// `fromjson` on a GitHub repository payload (Fixtures/repository.json), benchmarked as
/// `fromjson.<way>.repository`: one object of about 6 KB, most of whose keys the model skips.
enum RepositoryFromJSON {
    static let name = "repository"

    static func fixture() throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/repository.json")
        return try Data(contentsOf: url)
    }

    /// Each way's run, made by reading the fixture once and checking what it read.
    static var ways: [(way: String, prepare: (Data) throws -> Run)] { [
        ("handwritten", { json in
            let read = { () throws -> Repository in
                guard let object = try JSONSerialization.jsonObject(with: json) as? ResponseObject,
                      let repository = Repository(responseObject: object) else { throw FixtureError("handwritten repository failed") }
                return repository
            }
            try check(try read().topics.count, try read().license?.spdxID)
            return { blackHole(try read()) }
        }),
        ("derived", { json in
            let repository = try DerivedRepository.decode(json: json)
            try check(repository.topics.count, repository.license?.spdxID)
            return { blackHole(try DerivedRepository.decode(json: json)) }
        }),
        ("codable", { json in
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            decoder.dateDecodingStrategy = .iso8601
            let repository = try decoder.decode(CodableRepository.self, from: json)
            try check(repository.topics.count, repository.license?.spdxId)
            return { blackHole(try decoder.decode(CodableRepository.self, from: json)) }
        }),
        ("jsonserialization", { json in
            let read = { () throws -> DerivedRepository in
                guard let object = try JSONSerialization.jsonObject(with: json) as? ResponseObject else {
                    throw FixtureError("jsonserialization repository: not an object")
                }
                return try DerivedRepository.decode(responseObject: object)
            }
            try check(try read().topics.count, try read().license?.spdxID)
            return { blackHole(try read()) }
        }),
    ] }

    private static func check(_ topics: Int, _ license: String?) throws {
        guard topics == 6, license == "MIT" else { throw FixtureError("the repository read \(topics) topics, license \(license ?? "none")") }
    }
}
