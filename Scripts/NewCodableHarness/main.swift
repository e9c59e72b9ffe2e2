import Archiver
import Foundation
import NewCodable
import NewCodableFoundation

// Archiver's decode(json:) (key map, README's fast form) against NewCodable's NewJSONDecoder
// (@JSONCodable models) and Foundation's JSONDecoder (Codable twins), in one release-built process:
// batches of each way alternate within every round (the order rotates from round to round), and
// each figure is the median over the rounds. Ratios are taken round by round (the ways measured
// milliseconds apart under the same load) and their median reported.
//
//   Harness                      timing run (decode, then encode for context)
//   Harness features             the feature probes (FeatureProbes.swift)
//   Harness count WAY SIZE N     for callgrind: one warm-up decode, then N decodes; WAY is
//                                archiver|newcodable|jsondecoder, SIZE a review count or "repository"
//   Harness count-encode WAY SIZE N   the same for encode; WAY is archiver|newcodable|jsonencoder
//
// Environment: HARNESS_ROUNDS (default 31), HARNESS_BATCH_MS (default 40),
// HARNESS_SIZES (default "3,100,1000,10000"), HARNESS_REPOSITORY_JSON (the repository fixture's
// path; without it the repository rows are left out), HARNESS_ENCODE (default 1; 0 skips encode).

@inline(never) func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

let environment = ProcessInfo.processInfo.environment
let rounds = Int(environment["HARNESS_ROUNDS"] ?? "") ?? 31
let batchNanoseconds = (Double(environment["HARNESS_BATCH_MS"] ?? "") ?? 40) * 1e6
let sizes = (environment["HARNESS_SIZES"] ?? "3,100,1000,10000").split(separator: ",").compactMap { Int($0) }
let measuresEncode = environment["HARNESS_ENCODE"] != "0"

struct Failure: Error, CustomStringConvertible { let description: String }

// MARK: Verification: every way must produce the same user.

struct Canonical: Equatable {
    struct Review: Equatable { let id, restaurantID, restaurantName: String; let rating: Int; let text: String }
    let id, name: String
    let reviews: [Review]
}

extension DerivedUser { var canonical: Canonical {
    Canonical(id: id, name: name, reviews: reviews.map { .init(id: $0.id, restaurantID: $0.restaurant.id, restaurantName: $0.restaurant.name, rating: $0.rating, text: $0.text) })
} }
extension NCUser { var canonical: Canonical {
    Canonical(id: id, name: name, reviews: reviews.map { .init(id: $0.id, restaurantID: $0.restaurant.id, restaurantName: $0.restaurant.name, rating: $0.rating, text: $0.text) })
} }
extension CodableUser { var canonical: Canonical {
    Canonical(id: id, name: name, reviews: reviews.map { .init(id: $0.id, restaurantID: $0.restaurant.id, restaurantName: $0.restaurant.name, rating: $0.rating, text: $0.text) })
} }

/// The repository's fields as text, to compare the three models field by field.
func canonical(_ r: DerivedRepository) -> [String] {
    [String(r.id), r.name, r.fullName, String(r.isPrivate), r.owner.login, String(r.owner.id), r.owner.avatarURL.absoluteString,
     r.owner.htmlURL.absoluteString, r.owner.type, String(r.owner.siteAdmin), r.htmlURL.absoluteString, r.description ?? "nil",
     String(r.isFork), "\(r.createdAt.timeIntervalSince1970)", "\(r.updatedAt.timeIntervalSince1970)", "\(r.pushedAt.timeIntervalSince1970)",
     r.homepage?.absoluteString ?? "nil", String(r.size), String(r.stargazersCount), r.language ?? "nil", String(r.hasIssues),
     String(r.forksCount), r.mirrorURL?.absoluteString ?? "nil", String(r.isArchived), String(r.openIssuesCount),
     r.license.map { "\($0.key) \($0.name) \($0.spdxID) \($0.url?.absoluteString ?? "nil")" } ?? "nil",
     r.topics.joined(separator: ","), r.defaultBranch, r.cloneURL.absoluteString]
}
func canonical(_ r: NCRepository) -> [String] {
    [String(r.id), r.name, r.fullName, String(r.isPrivate), r.owner.login, String(r.owner.id), r.owner.avatarURL.absoluteString,
     r.owner.htmlURL.absoluteString, r.owner.type, String(r.owner.siteAdmin), r.htmlURL.absoluteString, r.description ?? "nil",
     String(r.isFork), "\(r.createdAt.timeIntervalSince1970)", "\(r.updatedAt.timeIntervalSince1970)", "\(r.pushedAt.timeIntervalSince1970)",
     r.homepage?.absoluteString ?? "nil", String(r.size), String(r.stargazersCount), r.language ?? "nil", String(r.hasIssues),
     String(r.forksCount), r.mirrorURL?.absoluteString ?? "nil", String(r.isArchived), String(r.openIssuesCount),
     r.license.map { "\($0.key) \($0.name) \($0.spdxID) \($0.url?.absoluteString ?? "nil")" } ?? "nil",
     r.topics.joined(separator: ","), r.defaultBranch, r.cloneURL.absoluteString]
}
func canonical(_ r: CodableRepository) -> [String] {
    [String(r.id), r.name, r.fullName, String(r.private), r.owner.login, String(r.owner.id), r.owner.avatarUrl.absoluteString,
     r.owner.htmlUrl.absoluteString, r.owner.type, String(r.owner.siteAdmin), r.htmlUrl.absoluteString, r.description ?? "nil",
     String(r.fork), "\(r.createdAt.timeIntervalSince1970)", "\(r.updatedAt.timeIntervalSince1970)", "\(r.pushedAt.timeIntervalSince1970)",
     r.homepage?.absoluteString ?? "nil", String(r.size), String(r.stargazersCount), r.language ?? "nil", String(r.hasIssues),
     String(r.forksCount), r.mirrorUrl?.absoluteString ?? "nil", String(r.archived), String(r.openIssuesCount),
     r.license.map { "\($0.key) \($0.name) \($0.spdxId) \($0.url?.absoluteString ?? "nil")" } ?? "nil",
     r.topics.joined(separator: ","), r.defaultBranch, r.cloneUrl.absoluteString]
}

func check(_ condition: Bool, _ what: @autoclosure () -> String) throws {
    if !condition { throw Failure(description: "verification failed: \(what())") }
}

// MARK: The decoders, as a user calls them

let newDecoder = NewJSONDecoder()
let newEncoder = NewJSONEncoder()
let jsonDecoder = JSONDecoder()
let repositoryDecoder: JSONDecoder = {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}()
let jsonEncoder = JSONEncoder()
let repositoryEncoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return encoder
}()

// MARK: Timing

func nanoseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

var sink = 0

/// One way of doing an operation: `body` does it once and returns something derived from the
/// result (added to `sink`, so that the work cannot be dropped).
final class Way {
    let name: String
    let body: () throws -> Int
    var iterations = 1
    var samples: [Double] = []  // ns/op, one per round
    init(_ name: String, _ body: @escaping () throws -> Int) { self.name = name; self.body = body }

    /// Nanoseconds per operation over `count` operations.
    func batch(_ count: Int) throws -> Double {
        let clock = ContinuousClock()
        var local = 0
        let start = clock.now
        for _ in 0..<count { local &+= try body() }
        let elapsed = clock.now - start
        sink &+= local
        return nanoseconds(elapsed) / Double(count)
    }

    /// Warms up for about 3 batches' worth and sizes a batch to about `batchNanoseconds`.
    func calibrate() throws {
        var count = 1, spent = 0.0
        while spent < 3 * batchNanoseconds {
            let perOp = try batch(count)
            spent += perOp * Double(count)
            if perOp * Double(count) < batchNanoseconds / 4 { count *= 2 }
        }
        let perOp = try batch(count)
        iterations = max(1, Int(batchNanoseconds / perOp))
    }
}

struct Operation {
    let name: String
    let size: String
    let bytes: Int
    let ways: [Way]
    var label: String { "\(name)@\(size)" }
    func way(_ name: String) -> Way { ways.first { $0.name == name }! }
    func ratio(_ a: String, _ b: String) -> Double { median(zip(way(a).samples, way(b).samples).map { $0 / $1 }) }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func formatted(_ ns: Double) -> String {
    ns >= 1e6 ? String(format: "%.2f ms", ns / 1e6) : ns >= 1e3 ? String(format: "%.2f µs", ns / 1e3) : String(format: "%.0f ns", ns)
}

func megabytesPerSecond(_ bytes: Int, _ ns: Double) -> String { String(format: "%.0f", Double(bytes) * 1e3 / ns) }

// MARK: The operations

func userOperations(size: Int) throws -> [Operation] {
    let response = UserResponse(reviews: size)
    let data = response.data

    // Verify: the same user every way.
    let archiver = try DerivedUser.decode(json: data)
    let newCodable = try newDecoder.decode(NCUser.self, from: data)
    let codable = try jsonDecoder.decode(CodableUser.self, from: data)
    let expected = archiver.canonical
    try check(expected.reviews.count == size, "Archiver read \(expected.reviews.count) reviews, not \(size)")
    try check(expected.reviews.allSatisfy { $0.rating == 4 || $0.rating == 5 }, "Archiver's ratings")
    try check(newCodable.canonical == expected, "NewCodable's user differs from Archiver's at \(size)")
    try check(codable.canonical == expected, "JSONDecoder's user differs from Archiver's at \(size)")

    var operations = [
        Operation(name: "decode", size: String(size), bytes: data.count, ways: [
            Way("archiver") { try DerivedUser.decode(json: data).reviews.count },
            Way("newcodable") { try newDecoder.decode(NCUser.self, from: data).reviews.count },
            Way("jsondecoder") { try jsonDecoder.decode(CodableUser.self, from: data).reviews.count },
        ]),
    ]
    if measuresEncode {
        // Encode: the same user in the server's shape, three ways; Archiver's by jsonData().
        let wire = WireUser(codable)
        let newText: Data = try newEncoder.encode(newCodable)
        let oldText = try jsonEncoder.encode(wire)
        try check(try newDecoder.decode(NCUser.self, from: newText).canonical == expected, "NewJSONEncoder's text does not decode back at \(size)")
        try check(try DerivedUser.decode(json: oldText).canonical == expected, "JSONEncoder's text does not decode back at \(size)")
        let ourText = try archiver.jsonData()
        try check(try DerivedUser.decode(json: ourText).canonical == expected, "Archiver's jsonData() does not decode back at \(size)")
        if size == sizes.first {
            var note = "identical"
            if newText != oldText {
                let at = Array(zip(newText, oldText)).firstIndex { $0 != $1 } ?? min(newText.count, oldText.count)
                let window = { (d: Data) in String(decoding: d[max(0, at - 20)..<min(d.count, at + 20)], as: UTF8.self) }
                note = "first difference at byte \(at): NewJSONEncoder …\(window(newText))… JSONEncoder …\(window(oldText))…"
            }
            print("encode@\(size): NewJSONEncoder \(newText.count) bytes, JSONEncoder \(oldText.count) bytes, \(note)")
        }
        operations.append(Operation(name: "encode", size: String(size), bytes: newText.count, ways: [
            Way("archiver") { try archiver.jsonData().count },
            Way("newcodable") { let text: Data = try newEncoder.encode(newCodable); return text.count },
            Way("jsonencoder") { try jsonEncoder.encode(wire).count },
        ]))
    }
    return operations
}

func repositoryOperations(_ data: Data) throws -> [Operation] {
    let archiver = try DerivedRepository.decode(json: data)
    let newCodable = try newDecoder.decode(NCRepository.self, from: data)
    let codable = try repositoryDecoder.decode(CodableRepository.self, from: data)
    let expected = canonical(archiver)
    try check(archiver.topics.count == 6 && archiver.license?.spdxID == "MIT", "Archiver's repository: \(archiver.topics.count) topics")
    try check(canonical(newCodable) == expected, "NewCodable's repository differs from Archiver's:\n\(canonical(newCodable))\n\(expected)")
    try check(canonical(codable) == expected, "JSONDecoder's repository differs from Archiver's:\n\(canonical(codable))\n\(expected)")
    var operations = [
        Operation(name: "decode", size: "repository", bytes: data.count, ways: [
            Way("archiver") { try DerivedRepository.decode(json: data).topics.count },
            Way("newcodable") { try newDecoder.decode(NCRepository.self, from: data).topics.count },
            Way("jsondecoder") { try repositoryDecoder.decode(CodableRepository.self, from: data).topics.count },
        ]),
    ]
    if measuresEncode {
        let newText: Data = try newEncoder.encode(newCodable)
        let oldText = try repositoryEncoder.encode(codable)
        try check(canonical(try newDecoder.decode(NCRepository.self, from: newText)) == expected, "NewJSONEncoder's repository does not decode back")
        try check(canonical(try repositoryDecoder.decode(CodableRepository.self, from: oldText)) == expected, "JSONEncoder's repository does not decode back")
        let ourText = try archiver.jsonData()
        try check(canonical(try DerivedRepository.decode(json: ourText)) == expected, "Archiver's jsonData() of the repository does not decode back")
        print("encode@repository: NewJSONEncoder \(newText.count) bytes (nil optionals written as null), JSONEncoder \(oldText.count) bytes and Archiver \(ourText.count) bytes (nil optionals left out)")
        operations.append(Operation(name: "encode", size: "repository", bytes: newText.count, ways: [
            Way("archiver") { try archiver.jsonData().count },
            Way("newcodable") { let text: Data = try newEncoder.encode(newCodable); return text.count },
            Way("jsonencoder") { try repositoryEncoder.encode(codable).count },
        ]))
    }
    return operations
}

// MARK: Instruction counting (callgrind): one warm-up decode, then N

func countRun(way: String, size: String, iterations: Int) throws {
    let data: Data
    if size == "repository" {
        guard let fixture = try repositoryFixture() else { throw Failure(description: "HARNESS_REPOSITORY_JSON is not set") }
        data = fixture
    } else {
        guard let reviews = Int(size) else { throw Failure(description: "size \(size) is neither a number nor repository") }
        data = UserResponse(reviews: reviews).data
    }
    let decode: () throws -> Int
    switch (way, size) {
    case ("archiver", "repository"): decode = { try DerivedRepository.decode(json: data).topics.count }
    case ("newcodable", "repository"): decode = { try newDecoder.decode(NCRepository.self, from: data).topics.count }
    case ("jsondecoder", "repository"): decode = { try repositoryDecoder.decode(CodableRepository.self, from: data).topics.count }
    case ("archiver", _): decode = { try DerivedUser.decode(json: data).reviews.count }
    case ("newcodable", _): decode = { try newDecoder.decode(NCUser.self, from: data).reviews.count }
    case ("jsondecoder", _): decode = { try jsonDecoder.decode(CodableUser.self, from: data).reviews.count }
    default: throw Failure(description: "unknown way \(way)")
    }
    var total = try decode()
    for _ in 0..<iterations { total &+= try decode() }
    print("count \(way) \(size) \(iterations): \(total)")
}

/// The same for encode: one warm-up encode of the value each way decodes, then N.
func countEncodeRun(way: String, size: String, iterations: Int) throws {
    guard let reviews = Int(size) else { throw Failure(description: "size \(size) is not a review count") }
    let data = UserResponse(reviews: reviews).data
    let archiver = try DerivedUser.decode(json: data)
    let newCodable = try newDecoder.decode(NCUser.self, from: data)
    let wire = WireUser(try jsonDecoder.decode(CodableUser.self, from: data))
    let encode: () throws -> Int
    switch way {
    case "archiver": encode = { try archiver.jsonData().count }
    case "newcodable": encode = { let text: Data = try newEncoder.encode(newCodable); return text.count }
    case "jsonencoder": encode = { try jsonEncoder.encode(wire).count }
    default: throw Failure(description: "unknown way \(way)")
    }
    var total = try encode()
    for _ in 0..<iterations { total &+= try encode() }
    print("count-encode \(way) \(size) \(iterations): \(total)")
}

// MARK: Main

do {
    let arguments = CommandLine.arguments
    if arguments.count > 1, arguments[1] == "features" {
        try runFeatureProbes()
        exit(0)
    }
    if arguments.count > 1, arguments[1] == "count" {
        guard arguments.count == 5, let iterations = Int(arguments[4]) else { throw Failure(description: "usage: Harness count WAY SIZE N") }
        try countRun(way: arguments[2], size: arguments[3], iterations: iterations)
        exit(0)
    }
    if arguments.count > 1, arguments[1] == "count-encode" {
        guard arguments.count == 5, let iterations = Int(arguments[4]) else { throw Failure(description: "usage: Harness count-encode WAY SIZE N") }
        try countEncodeRun(way: arguments[2], size: arguments[3], iterations: iterations)
        exit(0)
    }

    var all: [Operation] = []
    for size in sizes { all += try userOperations(size: size) }
    let repository = try repositoryFixture()
    if let repository { all += try repositoryOperations(repository) }
    print("verified: Archiver, NewCodable and JSONDecoder read the same user at sizes \(sizes)\(repository == nil ? "" : " and the same repository"); both encoders' text decodes back")
    for operation in all { for way in operation.ways { try way.calibrate() } }
    for round in 0..<rounds {
        for operation in all {
            let offset = round % operation.ways.count
            let order = Array(operation.ways[offset...] + operation.ways[..<offset])
            for way in (round / operation.ways.count) % 2 == 0 ? order : order.reversed() {
                way.samples.append(try way.batch(way.iterations))
            }
        }
    }

    print("")
    print("rounds=\(rounds) batch≈\(Int(batchNanoseconds / 1e6)) ms per way per round; ns/op: median over rounds (min–max); ratios: median of per-round ratios")
    print("| operation | way | bytes | median | min | max | MB/s | ops/batch | × jsondecoder/encoder | × newcodable |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for operation in all {
        let reference = operation.name == "decode" ? "jsondecoder" : "jsonencoder"
        for way in operation.ways {
            let m = median(way.samples)
            print("| \(operation.label) | \(way.name) | \(operation.bytes) | \(formatted(m)) | \(formatted(way.samples.min()!)) | \(formatted(way.samples.max()!)) | \(megabytesPerSecond(operation.bytes, m)) | \(way.iterations) | \(String(format: "%.2f", operation.ratio(way.name, reference))) | \(String(format: "%.2f", operation.ratio(way.name, "newcodable"))) |")
        }
    }
    print("")
    var pass = true
    var last: [String] = []
    for operation in all where operation.name == "decode" {
        let ac = operation.ratio("archiver", "jsondecoder"), bc = operation.ratio("newcodable", "jsondecoder"), ab = operation.ratio("archiver", "newcodable")
        print("\(operation.label) a/c archiver/jsondecoder=\(String(format: "%.2f", ac)) b/c newcodable/jsondecoder=\(String(format: "%.2f", bc)) a/b archiver/newcodable=\(String(format: "%.2f", ab))"
              + " MB/s a=\(megabytesPerSecond(operation.bytes, median(operation.way("archiver").samples))) b=\(megabytesPerSecond(operation.bytes, median(operation.way("newcodable").samples))) c=\(megabytesPerSecond(operation.bytes, median(operation.way("jsondecoder").samples)))")
        if operation.size != "repository" {
            if ab >= 1 { pass = false }
            last.append("decode@\(operation.size) archiver/newcodable=\(String(format: "%.2f", ab))")
        } else {
            last.append("(repository archiver/newcodable=\(String(format: "%.2f", ab)), not gated)")
        }
    }
    for operation in all where operation.name == "encode" {
        let ab = operation.ratio("archiver", "newcodable")
        print("\(operation.label) a/c archiver/jsonencoder=\(String(format: "%.2f", operation.ratio("archiver", "jsonencoder")))"
              + " b/c newcodable/jsonencoder=\(String(format: "%.2f", operation.ratio("newcodable", "jsonencoder")))"
              + " a/b archiver/newcodable=\(String(format: "%.2f", ab))"
              + " MB/s a=\(megabytesPerSecond(operation.bytes, median(operation.way("archiver").samples))) b=\(megabytesPerSecond(operation.bytes, median(operation.way("newcodable").samples))) c=\(megabytesPerSecond(operation.bytes, median(operation.way("jsonencoder").samples)))")
        last.append("encode@\(operation.size) archiver/newcodable=\(String(format: "%.2f", ab)) (not gated)")
    }
    if sink == 42 { print("") }  // keeps sink alive
    print("verdict: Archiver decode(json:) faster than NewCodable NewJSONDecoder at every user size (\(sizes.map(String.init).joined(separator: ", "))): \(pass ? "PASS" : "FAIL")")
    print(last.joined(separator: " ") + (pass ? " PASS" : " FAIL"))
    exit(pass ? 0 : 1)
} catch {
    print("error: \(error)")
    exit(2)
}
