import Foundation
import Testing
@testable import Archiver
@testable import ArchiverTutorial
import TutorialData

/// The 0.6 helpers and hand-written decoders meet a value of every wrong type at every key of
/// the tutorial's response object and archive: each ends in a value, nil, or a typed error.
@MainActor  // the tutorial target is main-actor by default, as an app is
struct HelperFuzzTests {
    /// Values of every property-list and JSON type, plus extremes, to put where another belongs.
    static func wrongValues(using random: inout SeededGenerator) -> [Any] {
        var deep: Any = ["leaf": 1]
        for _ in 0..<Int.random(in: 1..<300, using: &random) { deep = [deep] }
        return [
            NSNull(), 0, -1, Int.max, Int64.min, 4.5, Double.nan, Double.infinity, true, false,
            "", "4x", String(repeating: "é", count: 10_000), Data(), Data([0xFF]), Date(timeIntervalSince1970: -1e12),
            [Any](), [String: Any](), [1, "two", NSNull()], ["id": 42], [["id": NSNull()]], deep,
            NSNumber(value: UInt64.max), NSNumber(value: Float.nan),
        ]
    }

    /// Every key path of `value`, as the keys and indexes that reach it.
    static func paths(of value: Any, prefix: [ArchiveDecodingError.PathComponent] = []) -> [[ArchiveDecodingError.PathComponent]] {
        var result: [[ArchiveDecodingError.PathComponent]] = [prefix]
        if let dictionary = value as? [String: Any] {
            for (key, element) in dictionary { result += paths(of: element, prefix: prefix + [.key(key)]) }
        } else if let array = value as? [Any] {
            for (index, element) in array.enumerated() { result += paths(of: element, prefix: prefix + [.index(index)]) }
        }
        return result
    }

    /// `value` with the element at `path` replaced, or removed when `replacement` is nil.
    static func replacing(_ path: ArraySlice<ArchiveDecodingError.PathComponent>, in value: Any, with replacement: Any?) -> Any? {
        guard let first = path.first else { return replacement }
        switch (first, value) {
        case (.key(let key), var dictionary as [String: Any]):
            dictionary[key] = dictionary[key].flatMap { replacing(path.dropFirst(), in: $0, with: replacement) }
            return dictionary
        case (.index(let index), var array as [Any]) where array.indices.contains(index):
            if let element = replacing(path.dropFirst(), in: array[index], with: replacement) {
                array[index] = element
            } else {
                array.remove(at: index)
            }
            return array
        default:
            return value
        }
    }

    @Test func wrongTypesAtEveryKeyNeverCrashADecoder() throws {
        let seed = SeededGenerator.seed(default: 0x4E1F_E25E)
        var random = SeededGenerator(seed: seed)
        let response = try tutorialResponseObject()
        let archive = try #require(User(responseObject: response)).archiveValue
        var inputs = 0, decoded = 0, refused = 0
        let rounds = Reliability.scale(1, stress: 20)
        for _ in 0..<rounds {
            let wrong = Self.wrongValues(using: &random)
            for (root, isArchive) in [(response, false), (archive, true)] {
                for path in Self.paths(of: root) where !path.isEmpty {
                    for replacement in wrong + [nil] as [Any?] {
                        guard let object = Self.replacing(path[...], in: root, with: replacement) as? [String: Any] else { continue }
                        inputs += 1
                        if Self.decodeEverything(object, isArchive: isArchive, key: path.first.flatMap { if case .key(let key) = $0 { key } else { nil } }) {
                            decoded += 1
                        } else {
                            refused += 1
                        }
                    }
                }
            }
        }
        Reliability.report("fuzz-helpers", ["inputs": inputs, "decoded": decoded, "refused": refused, "crashes": 0, "seed": seed])
        #expect(refused > 0)
    }

    /// Derived decoding (key maps) and the Codable bridge, at every key of their archives and of
    /// the tutorial's response object: a value or an ``ArchiveDecodingError``, never a crash.
    @Test func wrongTypesAtEveryKeyNeverCrashDerivedOrCodableDecoding() throws {
        let seed = SeededGenerator.seed(default: 0xDE21_7ED5)
        var random = SeededGenerator(seed: seed)
        let response = try tutorialResponseObject()
        let everything = try ArchiveEncoder().encode(Everything.sample)
        let derivedUser = try Derived.User.decode(responseObject: response)
        // Untyped `throws`: an array of typed-throws closures needs runtime support Apple platforms
        // have only from macOS 15 / iOS 18 (Scripts/apple-floor.py).
        let decoders: [(name: String, root: Archive, decode: (Archive) throws -> Void)] = [
            ("key map from response", response, { object in _ = try Derived.User.decode(responseObject: object) }),
            ("key map from archive", derivedUser.archiveValue, { object in _ = try Derived.User.decode(archive: object) }),
            ("fast key map from response", response, { object in _ = try FastDerived.User.decode(responseObject: object) }),
            ("Codable bridge", everything, { object in _ = try ArchiveDecoder().decode(Everything.self, from: object) }),
            ("Codable Cachable", ["id": "r", "name": "n", "star_rating": 4], { object in _ = try CodableRestaurant.decode(archive: object) }),
        ]
        var inputs = 0, refused = 0
        for _ in 0..<Reliability.scale(1, stress: 20) {
            let wrong = Self.wrongValues(using: &random)
            for decoder in decoders {
                for path in Self.paths(of: decoder.root) where !path.isEmpty {
                    for replacement in wrong + [nil] as [Any?] {
                        guard let object = Self.replacing(path[...], in: decoder.root, with: replacement) as? Archive else { continue }
                        inputs += 1
                        do {
                            try decoder.decode(object)
                        } catch let error as ArchiveDecodingError {
                            refused += 1
                            // Only the value at `path` changed, so the error must point at it.
                            #expect(error.path.first.map { "\($0)" } == path.first.map { "\($0)" },
                                    "seed \(seed) \(decoder.name): \(error.keyPath) for \(path)")
                        }
                    }
                }
            }
        }
        Reliability.report("fuzz-derived-codable", ["inputs": inputs, "refused": refused, "crashes": 0, "seed": seed])
        #expect(refused > 0)
    }

    /// Runs every decoder and 0.6 helper on `object`; whether the outermost decode succeeded.
    private static func decodeEverything(_ object: [String: Any], isArchive: Bool, key: String?) -> Bool {
        let key = key ?? "id"
        if isArchive {
            _ = User.unarchived(from: object, withKey: key)
            _ = Review.unarchivedCollection(from: object, withKey: key)
            _ = Restaurant.unarchivedCollection(from: [object, object])
            let result = Review.decodeCollection(archives: [object])
            #expect(result.values.count + result.failures.count == 1)
            do {
                _ = try User.decode(archive: object)
                return true
            } catch {
                // Only the value at `key` changed, so the error must be about it, unless a
                // hand-written failable initializer refused the whole value (it cannot say where).
                if case .rejected = error.reason, error.path.isEmpty { return false }
                #expect(error.path.first.map { "\($0)" } == ".\(key)", "\(error.keyPath) for \(key)")
                return false
            }
        } else {
            _ = User.serialized(from: object, withKey: key)
            _ = Review.serializedCollection(from: object, withKey: key)
            _ = Restaurant.serializedCollection(from: [object])
            let result = Review.decodeCollection(responseObjects: [object, object])
            #expect(result.values.count + result.failures.count == 2)
            do {
                _ = try User.decode(responseObject: object)
                return true
            } catch {
                // Only the value at `key` changed, so the error must be about it, unless a
                // hand-written failable initializer refused the whole value (it cannot say where).
                if case .rejected = error.reason, error.path.isEmpty { return false }
                #expect(error.path.first.map { "\($0)" } == ".\(key)", "\(error.keyPath) for \(key)")
                return false
            }
        }
    }
}
