import Foundation
import Testing
@testable import Archiver

/// Property-based round trips over generated models: whatever a key map archives, it reads
/// back; whatever a server sends in JSON in the form the map reads, it decodes to the same value.
@Suite struct KeyMapRoundTripTests {
    @Test(arguments: SeededGenerator.seeds)
    func archiveRoundTripsThroughAPropertyListFile(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for iteration in 0..<50 {
            let model = generator.everything()
            let archive = try throughPropertyList(model.archiveValue)
            let decoded = try KeyMappedEverything.decode(archive: archive)
            #expect(decoded == model, "seed \(seed), iteration \(iteration) (replay with ARCHIVER_SEED=\(seed))")
            if decoded != model { return }
        }
    }

    @Test(arguments: SeededGenerator.seeds)
    func jsonTextInTheServerFormDecodesToTheSameModel(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for iteration in 0..<50 {
            let model = generator.everything()
            let json = try jsonText(serverForm(of: model.archiveValue))
            let decoded = try KeyMappedEverything.decode(responseObject: try responseObject(json))
            #expect(decoded == model, "seed \(seed), iteration \(iteration): \(json) (replay with ARCHIVER_SEED=\(seed))")
            if decoded != model { return }
        }
    }

    @Test(arguments: SeededGenerator.seeds)
    func fastFormRoundTripsAndMatchesTheReflectingForm(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for iteration in 0..<50 {
            let all = generator.everything()
            let model = FastEverything(
                text: all.text, flag: all.flag, int: all.int, uint64: all.uint64, double: all.double,
                decimal: all.decimal, date: all.date, url: all.url, note: all.note, tags: all.tags,
                cuisine: all.cuisine, restaurants: all.restaurants
            )
            let decoded = try FastEverything.decode(archive: try throughPropertyList(model.archiveValue))
            #expect(decoded == model, "seed \(seed), iteration \(iteration) (replay with ARCHIVER_SEED=\(seed))")
            let reflected = try #require(all.archiveValue as Archive?)
            for (key, value) in model.archiveValue where key != "tags" {
                #expect(samePropertyListValue(value, reflected[key] as Any), "\(key), seed \(seed)")
            }
        }
    }

    /// An archive as a server would send it in JSON: dates as seconds since 1970, data in base 64.
    private func serverForm(of value: Any) -> Any {
        switch value {
        case let date as Date: date.timeIntervalSince1970
        case let data as Data: data.base64EncodedString()
        case let dictionary as [String: Any]: dictionary.mapValues(serverForm)
        case let array as [Any]: array.map(serverForm)
        default: value
        }
    }

    private func jsonText(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }
}
