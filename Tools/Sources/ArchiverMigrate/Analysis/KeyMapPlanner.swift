import Archiver
import Foundation

/// Combines what the decoders read and the encoder writes into a key map, or says why it cannot.
enum KeyMapPlanner {
    static func plan(for conformance: HandWrittenConformance, model: StructDeclaration, files: [ParsedFile], scope: TypeScope? = nil, encoderNames: Set<String> = ["archiveValue"]) throws(Unconvertible) -> KeyMapPlan {
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
        if let problem = conformance.shape?.problem { throw problem }
        let keys = KeyResolver(keyStructs: conformance.keyStructs, rawValueKeys: conformance.rawValueKeys)
        let codingFile = conformance.codingClass.map { files[$0.fileIndex] } ?? file
        let wrapped = conformance.codingClass?.wrappedProperty

        var server: DecoderReader?
        if let decoder = conformance.serverDecoder {
            var reader = DecoderReader(file: file, model: model, keys: keys, decoder: decoder)
            reader.scope = scope
            reader.fileIndex = conformance.fileIndex
            try reader.read(decoder.body)
            server = reader
        }
        var archive: DecoderReader?
        if let decoder = conformance.archiveDecoder {
            var reader = DecoderReader(file: codingFile, model: model, keys: keys, decoder: decoder, wrappedProperty: wrapped)
            reader.scope = scope
            reader.fileIndex = conformance.fileIndex
            try reader.read(decoder.body)
            for read in reader.reads.values where read.isNestedPath {
                throw Unconvertible(line: read.line, reason: "\(model.name) reads \"\(read.key)\" from a nested dictionary of its archive, and a key map's archives are flat")
            }
            archive = reader
        }
        var writer: EncoderReader?
        if let encoder = conformance.archiveEncoder {
            var reader = EncoderReader(file: codingFile, model: model, keys: keys, encoder: encoder, wrappedProperty: wrapped)
            reader.encoderNames = encoderNames
            try reader.read()
            writer = reader
        }
        if (archive == nil) != (writer == nil) {
            throw Unconvertible(line: firstLine, reason: "\(model.name) \(archive == nil ? "writes archives but does not read them" : "reads archives but does not write them"); a key map does both")
        }

        let serverRules = try server?.emptinessRules() ?? [:]
        let archiveRules = try archive?.emptinessRules() ?? [:]
        var checks: [KeyMapPlan.Check] = []
        /// One check per property and kind, with the sources that apply it.
        func addCheck(_ check: KeyMapPlan.Check) {
            if let index = checks.firstIndex(where: { $0.property == check.property && $0.kind == check.kind }) {
                checks[index].sources.formUnion(check.sources)
            } else {
                checks.append(check)
            }
        }

        var entries: [KeyMapPlan.Entry] = []
        var fields: [KeyMapPlan.Field] = []
        var notes: [(Int, String)] = []
        var nestedTypes: Set<String> = []
        var enumsToDeclare: [(name: String, placeholder: String?)] = []
        var notedInputs: [KeyMapPlan.NotedInputs] = []
        var readsDifferently = false
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

            // What each door gives a missing key. The map's `default:` is the server's (or, for a
            // type that only archives, the archive's); `archiveDefault:` gives archives their own.
            // An optional the initializer required gets nil from the map and a check refusing nil;
            // a value an initializer refused when empty, a check refusing it.
            var doors: [Door] = []
            for (source, read, rules) in [(KeyMapPlan.Source.responseObject, serverRead, serverRules), (.archive, archiveRead, archiveRules)] {
                guard let read else { continue }
                let door = Door(source: source, read: read, property: property, refusesEmpty: rules[property.name] != nil)
                if read.isRequired, property.isOptional {
                    addCheck(.init(property: property.name, kind: .missing, isOptional: true, sources: [source]))
                }
                if door.refusesEmpty {
                    addCheck(.init(property: property.name, kind: .empty, isOptional: property.isOptional, sources: [source]))
                }
                if door.wanted == .none, !property.isOptional {
                    throw Unconvertible(line: read.line, reason: "\(model.name).\(property.name) is neither required nor given a default")
                }
                doors.append(door)
            }
            // `as? String ?? ""` gives a number "" where the map would fail; a door that refuses
            // the value anyway (required, or refused when empty) fails alike.
            entry.usesDefaultIfInvalid = doors.contains { $0.read.isLenient && $0.wanted != .refused }
            if let first = doors.first {
                // A missing key the door refuses needs no default: the map refuses it too.
                let chosen = first.wanted.value
                guard first.outcome(given: chosen) == first.wanted else {
                    throw Unconvertible(line: first.read.line, reason: "\(model.name).\(property.name): \(first.source == .archive ? "archives" : "responses") \(first.wanted), which a key map cannot say of an optional")
                }
                if let chosen { entry.defaultValue = try render(defaultValue: chosen, line: first.read.line, property: property) }
                if doors.count == 2, doors[1].outcome(given: chosen) != doors[1].wanted {
                    let archive = doors[1]
                    guard let own = archive.read.defaultValue, archive.outcome(given: own) == archive.wanted else {
                        // Archives fall back to the server's default: no entry makes them refuse a
                        // missing key, or give nil, where responses get a value.
                        throw Unconvertible(line: archive.read.line, reason: "\(model.name).\(property.name): responses \(first.wanted) but archives \(archive.wanted), which a key map cannot say (an archive without the key gets the server's default)")
                    }
                    entry.archiveDefaultValue = try render(defaultValue: own, line: archive.read.line, property: property)
                }
            }
            if let read = serverRead ?? archiveRead, let source = read.convertedFrom {
                readsDifferently = true
                let gave = read.defaultValue ?? "the default"
                var text = "\(model.name).\(property.name): read from a \(source) or a number; a number now reads as \(article(read.readType)) \(read.readType) where the hand-written code gave \(gave)"
                let strings = ReadingDifferences.stringConversionInputs(to: read.readType, defaultValue: gave)
                if !strings.isEmpty { text += "; " + list(strings) }
                notes.append((read.line, text))
            }
            let helpers = [serverRead, archiveRead].compactMap { $0 }.filter { $0.collectionHelper != nil }
            if let first = helpers.first {
                let names = helpers.compactMap(\.collectionHelper).joined(separator: " and ")
                readsDifferently = true
                notes.append((first.line, "\(model.name).\(property.name): an array that holds something other than an object now keeps its valid elements, where \(names) gave []"))
            }
            for (source, read) in [(KeyMapPlan.Source.responseObject, serverRead), (.archive, archiveRead)] {
                guard let read, let note = readingNote(read, property: property, model: model, door: doors.first { $0.source == source }) else { continue }
                notes.append((read.line, note))
                readsDifferently = true
                let literals = ReadingDifferences.inputs(castTo: read.castType ?? "").map(\.literal)
                if !literals.isEmpty { notedInputs.append(.init(property: property.name, source: source, literals: literals)) }
            }
            for read in [serverRead, archiveRead].compactMap({ $0 }) {
                if let enumType = read.enumType, let declaration = scope?.enumDeclaration(file: conformance.fileIndex, name: enumType),
                   !declaration.isKeyMapValue, !enumsToDeclare.contains(where: { $0.name == declaration.name }) {
                    enumsToDeclare.append((declaration.name, declaration.isCaseIterable ? nil : declaration.firstCase))
                }
            }
            for read in [serverRead, archiveRead].compactMap({ $0 }) where read.isForceCast {
                notes.append((read.line, "\(model.name).\(property.name): a missing or mistyped value now fails decoding \(model.name) instead of crashing (`as!`)"))
            }
            entries.append(entry)
            var field = KeyMapPlan.Field(property: property, serverKey: serverKey, archiveKey: archiveKey, convertedFrom: (serverRead ?? archiveRead)?.convertedFrom, nested: serverRead?.nested ?? archiveRead?.nested ?? write?.nested)
            field.line = (serverRead ?? archiveRead)?.line ?? write?.line ?? 0
            if let enumType = (serverRead ?? archiveRead)?.enumType {
                field.enumSample = scope?.enumDeclaration(file: conformance.fileIndex, name: enumType)?.firstRawLiteral
            }
            fields.append(field)
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
            notes.append((conformance.archiveEncoder?.line ?? firstLine, "\(model.name) no longer conforms to Dictionariable: code that archives it through dictionaryRepresentation() must use archiveValue, or archivedData() and init(archivedData:)"))
            kept.removeAll { $0 == "Dictionariable" }
        }
        var plan = KeyMapPlan(
            typeName: model.name, accessModifier: model.accessModifier, initializerReference: reference, addedInitializer: added,
            entries: entries, serverKeysAreSnakeCase: serverSnake, archiveKeysAreSnakeCase: archiveSnake, keptProtocols: kept, nestedTypes: nestedTypes, notes: notes, checks: checks, fields: fields,
            hasServerSide: server != nil, hasArchiveDecoder: archive != nil
        )
        if let shape = conformance.shape {
            plan.forwarders = forwarders(for: shape, door: archive != nil ? "archive" : "responseObject")
            let encoder = shape.encoderName.map { name in shape.encoderSignature?.contains("func ") == true ? name + "()" : name }
            plan.shapeCalls = .init(label: shape.decoderLabel, encoder: encoder)
        }
        plan.notedInputs = notedInputs
        plan.readsDifferently = readsDifferently
        plan.enumsToDeclare = enumsToDeclare
        return plan
    }

    /// The note for a value the key map reads otherwise than the hand-written cast did: which
    /// inputs, and what the hand-written code gave them.
    static func readingNote(_ read: PropertyRead, property: StoredProperty, model: StructDeclaration, door: Door?) -> String? {
        guard let cast = read.castType else { return nil }
        let type = cast
        let inputs = ReadingDifferences.inputs(castTo: type)
        let booleans = ReadingDifferences.jsonBooleans(castTo: type)
        guard !inputs.isEmpty || booleans != nil else { return nil }
        let gave: String
        switch door?.wanted {
        case .refused?, nil: gave = "refused the value"
        case .none?: gave = "gave nil"
        case .value(let value)?: gave = "gave \(value)"
        }
        let subject = read.enumType.map { "a raw value of \($0)" } ?? (type.hasPrefix("[") ? type : "\(article(type)) \(type)")
        let doorName = door?.source == .archive ? "archives" : "responses"
        var text = "\(model.name).\(property.name): in \(doorName), \(list(inputs.map(\.name))) now read as \(subject), where `as? \(type)` \(gave)"
        if ReadingDifferences.namesSwiftNumbers(inputs) { text += " (the Swift numbers read as before when they come as NSNumbers, from JSONSerialization or an archive)" }
        if let booleans { text += "; \(booleans)" }
        return text
    }

    private static func list(_ items: [String]) -> String {
        switch items.count {
        case 0: ""
        case 1: items[0]
        default: items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    /// The shape's members, each now a call of the key map, so that the project's protocol and the
    /// code calling them keep working.
    static func forwarders(for shape: HandWrittenConformance.Shape, door: String) -> [String] {
        var members: [String] = []
        if let signature = shape.decoderSignature {
            let parameter = shape.decoderParameter
            let body = shape.decoderParameterIsOptional
                ? "guard let \(parameter) else { return nil }\n        self.init(\(door): \(parameter))"
                : "self.init(\(door): \(parameter))"
            members.append("\(signature) {\n        \(body)\n    }")
        }
        if let signature = shape.encoderSignature {
            members.append("\(signature) {\n        archiveValue\n    }")
        }
        return members
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

    /// What a hand-written initializer does with a missing key, on one door.
    enum Outcome: Equatable, CustomStringConvertible {
        /// The initializer returns nil.
        case refused
        /// nil, for an optional.
        case none
        /// A default, as written.
        case value(String)

        var value: String? {
            if case .value(let text) = self { return text }
            return nil
        }

        var description: String {
            switch self {
            case .refused: "refuse a missing key"
            case .none: "give nil for a missing key"
            case .value(let value): "default to \(value)"
            }
        }
    }

    /// One decoder's read of a property, and the rules it applies to it.
    struct Door {
        let source: KeyMapPlan.Source
        let read: PropertyRead
        let isOptional: Bool
        /// Whether the initializer refuses the value when empty (`if id.isEmpty { return nil }`).
        let refusesEmpty: Bool
        /// What the hand-written initializer does with a missing key.
        let wanted: Outcome

        init(source: KeyMapPlan.Source, read: PropertyRead, property: StoredProperty, refusesEmpty: Bool) {
            self.source = source
            self.read = read
            isOptional = property.isOptional
            self.refusesEmpty = refusesEmpty
            wanted = read.isRequired ? .refused : Self.outcome(read.defaultValue, isOptional: isOptional, refusesEmpty: refusesEmpty, refusesNil: false)
        }

        /// What the key map, with its checks, does with a missing key when `defaultValue` is
        /// the default this door falls back to.
        func outcome(given defaultValue: String?) -> Outcome {
            Self.outcome(defaultValue, isOptional: isOptional, refusesEmpty: refusesEmpty, refusesNil: read.isRequired)
        }

        private static func outcome(_ defaultValue: String?, isOptional: Bool, refusesEmpty: Bool, refusesNil: Bool) -> Outcome {
            guard let defaultValue, !(isOptional && defaultValue == "nil") else {
                return isOptional && !refusesNil ? .none : .refused
            }
            return refusesEmpty && ["\"\"", "[]", "[:]"].contains(defaultValue) ? .refused : .value(defaultValue)
        }
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
