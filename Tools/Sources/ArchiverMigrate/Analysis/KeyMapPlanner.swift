import Archiver
import Foundation

/// Combines what the decoders read and the encoder writes into a key map, or says why it cannot.
enum KeyMapPlanner {
    static func plan(for conformance: HandWrittenConformance, model: StructDeclaration, files: [ParsedFile]) throws(Unconvertible) -> KeyMapPlan {
        let file = files[conformance.fileIndex]
        let firstLine = conformance.serverDecoder?.line ?? conformance.archiveDecoder?.line ?? conformance.archiveEncoder?.line ?? 1
        if let member = conformance.otherMembers.first {
            throw Unconvertible(line: member.line, reason: "\(model.name): the extension also holds `\(member.name)`, which is not part of the conformance; move it to an extension of its own")
        }
        if model.hasMembersWithConformances {
            throw Unconvertible(line: file.line(of: model.node), reason: "\(model.name): the conformance is written in the struct's body; move it to an extension")
        }
        if let property = model.properties.first(where: { $0.type.range(of: #"\bAny(Object|Hashable)?\b"#, options: .regularExpression) != nil }) {
            throw Unconvertible(line: property.line, reason: "\(model.name).\(property.name) is a \(property.type), and a key map holds only types it can convert (no Any)")
        }
        if let property = model.properties.first(where: { $0.isLet && $0.hasInitialValue }) {
            throw Unconvertible(line: property.line, reason: "\(model.name).\(property.name) is a `let` with an initial value, which no initializer can set; declare it without one")
        }
        if let property = model.properties.first(where: { $0.type.isEmpty }) {
            throw Unconvertible(line: property.line, reason: "\(model.name).\(property.name) has no type annotation, which the tool needs to write the key map")
        }
        let keys = KeyResolver(keyStructs: conformance.keyStructs, rawValueKeys: conformance.rawValueKeys)
        let codingFile = conformance.codingClass.map { files[$0.fileIndex] } ?? file
        let wrapped = conformance.codingClass?.wrappedProperty

        var server: DecoderReader?
        if let decoder = conformance.serverDecoder {
            var reader = DecoderReader(file: file, model: model, keys: keys, decoder: decoder)
            try reader.read(decoder.body)
            server = reader
        }
        var archive: DecoderReader?
        if let decoder = conformance.archiveDecoder {
            var reader = DecoderReader(file: codingFile, model: model, keys: keys, decoder: decoder, wrappedProperty: wrapped)
            try reader.read(decoder.body)
            archive = reader
        }
        var writer: EncoderReader?
        if let encoder = conformance.archiveEncoder {
            var reader = EncoderReader(file: codingFile, model: model, keys: keys, encoder: encoder, wrappedProperty: wrapped)
            try reader.read()
            writer = reader
        }
        if (archive == nil) != (writer == nil) {
            throw Unconvertible(line: firstLine, reason: "\(model.name) \(archive == nil ? "writes archives but does not read them" : "reads archives but does not write them"); a key map does both")
        }

        var entries: [KeyMapPlan.Entry] = []
        var fields: [KeyMapPlan.Field] = []
        var notes: [(Int, String)] = []
        var nestedTypes: Set<String> = []
        for property in model.properties {
            let serverRead = server?.reads[property.name]
            let archiveRead = archive?.reads[property.name]
            let write = writer?.writes[property.name]
            if server != nil, serverRead == nil {
                throw Unconvertible(line: conformance.serverDecoder!.line, reason: "\(model.name).\(property.name) is not read from responses, but a key map reads every property")
            }
            if archive != nil, archiveRead == nil {
                throw Unconvertible(line: conformance.archiveDecoder!.line, reason: "\(model.name).\(property.name) is not read from archives, but a key map reads every property")
            }
            if writer != nil, write == nil {
                throw Unconvertible(line: conformance.archiveEncoder!.line, reason: "\(model.name).\(property.name) is not archived, but a key map archives every property")
            }
            if let archiveRead, let write, archiveRead.key != write.key {
                throw Unconvertible(line: write.line, reason: "\(model.name).\(property.name) is written under \"\(write.key)\" but read from \"\(archiveRead.key)\"")
            }
            for read in [serverRead, archiveRead].compactMap({ $0 }) {
                try check(read, of: property, in: model)
                if let nested = read.nested { nestedTypes.insert(nested.typeName) }
            }
            if let nested = write?.nested { nestedTypes.insert(nested.typeName) }

            var entry = KeyMapPlan.Entry(property: property.name)
            let serverKey = serverRead?.key ?? property.name
            let archiveKey = write?.key ?? archiveRead?.key ?? property.name
            entry.serverKey = serverKey
            entry.archiveKey = archiveKey

            // One default serves both sources: the server's decides where there is one, because
            // archives the type wrote always hold the property.
            let deciding = serverRead ?? archiveRead
            let other = serverRead == nil ? nil : archiveRead
            if let deciding, !deciding.isRequired, !property.isOptional || deciding.defaultValue != nil {
                guard let defaultValue = deciding.defaultValue else {
                    throw Unconvertible(line: deciding.line, reason: "\(model.name).\(property.name) is neither required nor given a default")
                }
                entry.defaultValue = try render(defaultValue: defaultValue, line: deciding.line, property: property)
            }
            if let other, other.defaultValue != deciding?.defaultValue || other.isRequired != deciding?.isRequired {
                // `?? ""` then `if id.isEmpty { return nil }` requires the value, as the server side
                // does; the rule itself gets a note of its own below.
                let requiredByEmptyRule = archive?.nonEmptyRules[property.name] != nil && other.defaultValue == "\"\"" && deciding?.isRequired == true
                if !requiredByEmptyRule {
                    notes.append((other.line, "\(model.name).\(property.name): \(describe(deciding)) from responses and archives alike; this archive reader \(describe(other))"))
                }
            }
            // A key map cannot require an optional property: nil is its value when the key is missing.
            for read in [serverRead, archiveRead].compactMap({ $0 }) where read.isRequired && property.isOptional {
                notes.append((read.line, "\(model.name).\(property.name) is optional, and the key map gives it nil when the key is missing, where this decoder failed"))
            }
            for rules in [server?.nonEmptyRules, archive?.nonEmptyRules] {
                if let line = rules?[property.name] {
                    notes.append((line, "\(model.name).\(property.name): an empty value is no longer refused (a key map has no such rule); test it where you need it"))
                }
            }
            if let read = serverRead ?? archiveRead, let source = read.convertedFrom {
                notes.append((read.line, "\(model.name).\(property.name): read from a \(source) or a number; a \(source) that is not \(article(read.readType)) \(read.readType) now fails decoding instead of giving \(read.defaultValue ?? "the default")"))
            }
            for read in [serverRead, archiveRead].compactMap({ $0 }) where read.isForceCast {
                notes.append((read.line, "\(model.name).\(property.name): a missing or mistyped value now fails decoding \(model.name) instead of crashing (`as!`)"))
            }
            entries.append(entry)
            fields.append(.init(property: property, serverKey: serverKey, archiveKey: archiveKey, convertedFrom: (serverRead ?? archiveRead)?.convertedFrom, nested: serverRead?.nested ?? archiveRead?.nested ?? write?.nested))
        }

        let serverSnake = prefersSnakeCase(entries.map { ($0.property, $0.serverKey ?? $0.property) })
        let archiveSnake = prefersSnakeCase(entries.map { ($0.property, $0.archiveKey ?? $0.property) })
        entries = entries.map { entry in
            var entry = entry
            if entry.serverKey == (serverSnake ? snakeCased(entry.property) : entry.property) { entry.serverKey = nil }
            if entry.archiveKey == (archiveSnake ? snakeCased(entry.property) : entry.property) { entry.archiveKey = nil }
            return entry
        }.filter { !$0.isEmpty }
        let (reference, added) = try initializer(for: model, line: firstLine)
        var kept = conformance.keptProtocols
        if conformance.isDictionariable {
            notes.append((conformance.archiveEncoder?.line ?? firstLine, "\(model.name) no longer conforms to Dictionariable: code that archives it through dictionaryRepresentation() must use archiveValue, or write(to:) and init(contentsOf:)"))
            kept.removeAll { $0 == "Dictionariable" }
        }
        return KeyMapPlan(
            typeName: model.name, accessModifier: model.accessModifier, initializerReference: reference, addedInitializer: added,
            entries: entries, serverKeysAreSnakeCase: serverSnake, archiveKeysAreSnakeCase: archiveSnake, keptProtocols: kept, nestedTypes: nestedTypes, notes: notes, fields: fields,
            hasServerSide: server != nil, hasArchiveDecoder: archive != nil
        )
    }

    /// Whether `.snakeCase` saves entries: at least two keys are their property's snake-cased
    /// name, more than would then need an entry to keep their own name.
    static func prefersSnakeCase(_ keys: [(property: String, key: String)]) -> Bool {
        let helped = keys.filter { $0.key != $0.property && $0.key == snakeCased($0.property) }.count
        let hurt = keys.filter { $0.key == $0.property && snakeCased($0.property) != $0.property }.count
        return helped >= 2 && helped > hurt
    }

    /// `reviewCount` → `review_count`: Archiver's own `KeyStrategy.snakeCase`, so that the tool
    /// writes `.snakeCase` only where the key map will compute the same keys.
    static func snakeCased(_ name: String) -> String {
        KeyStrategy.snakeCase.key(for: name)
    }

    /// Whether the type read is the property's, so that the key map reads the same thing.
    private static func check(_ read: PropertyRead, of property: StoredProperty, in model: StructDeclaration) throws(Unconvertible) {
        let expected = normalized(property.nonOptionalType)
        let found: String
        switch read.nested {
        case .single(let type)?: found = type
        case .collection(let type)?: found = "[\(type)]"
        case nil: found = normalized(read.readType)
        }
        guard found == expected else {
            throw Unconvertible(line: read.line, reason: "\(model.name).\(property.name) is a \(property.type) but is read as \(read.readType); the tool does not translate that conversion")
        }
    }

    private static func normalized(_ type: String) -> String {
        if type.hasPrefix("Array<"), type.hasSuffix(">") { return "[\(type.dropFirst(6).dropLast())]" }
        return type
    }

    private static func article(_ word: String) -> String {
        "AEIOU".contains(word.first ?? "x") ? "an" : "a"
    }

    private static func describe(_ read: PropertyRead?) -> String {
        guard let read else { return "is not read" }
        if read.isRequired { return "is required" }
        if let value = read.defaultValue { return "defaults to \(value)" }
        return "is optional"
    }

    /// A default as a key-path entry's `default:`, a value of the property's own type: literals
    /// as they are, a localized string or a constant as it is written, and an enum case spelt
    /// with its type. A default computed at each decode has no equivalent.
    static func render(defaultValue text: String, line: Int, property: StoredProperty) throws(Unconvertible) -> String {
        if isLiteral(text) { return text }
        if text.hasPrefix("NSLocalizedString(") { return text }
        if text.hasPrefix("."), text.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
            return "\(property.nonOptionalType)\(text)"
        }
        if text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }), text.first?.isUppercase == true {
            return text
        }
        throw Unconvertible(line: line, reason: "\(property.name)'s default `\(text)` is computed at each decode; a key map's default is one value")
    }

    private static func isLiteral(_ text: String) -> Bool {
        if ["[]", "[:]", "nil", "true", "false"].contains(text) { return true }
        if text.hasPrefix("\""), text.hasSuffix("\""), text.count >= 2, !text.contains("\\(") { return true }
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        return !digits.isEmpty && digits.allSatisfy { $0.isNumber || $0 == "." || $0 == "_" || $0 == "e" }
    }

    /// The initializer the key map calls: the memberwise one, an explicit one that only sets
    /// every property in order, or else one the tool adds.
    private static func initializer(for model: StructDeclaration, line: Int) throws(Unconvertible) -> (String, [StoredProperty]?) {
        let names = model.properties.map(\.name)
        let types = model.properties.map(\.type)
        if model.initializers.isEmpty {
            return ("\(model.name).init", nil)
        }
        if let memberwise = model.initializers.first(where: { initializer in
            !initializer.isFailable && initializer.types == types
                && initializer.labels.map({ initializer.propertyForLabel?[$0] ?? "" }) == names
        }) {
            return ("\(model.name).init(\(memberwise.labels.map { $0 + ":" }.joined()))", nil)
        }
        if let clash = model.initializers.first(where: { $0.labels == names }) {
            throw Unconvertible(line: clash.line, reason: "\(model.name).init(\(names.map { $0 + ":" }.joined())) does more than set its properties, and a key map needs an initializer that does only that")
        }
        return ("\(model.name).init(\(names.map { $0 + ":" }.joined()))", model.properties)
    }
}
