/// The Swift text of a key map, in the form `Sources/Archiver/Archiver.docc/KeyMaps.md` shows.
///
/// ```swift
/// extension Review: KeyMapped {
///     static let keyMap = KeyMap(Review.init, [
///         .property(\.rating, server: "star_rating", default: 0),
///         .property(\.text, default: ""),
///     ])
/// }
/// ```
enum KeyMapRenderer {
    static func render(_ plan: KeyMapPlan) -> String {
        let protocols = (["KeyMapped"] + (plan.checks.isEmpty ? [] : ["KeyMapChecked"]) + plan.keptProtocols).joined(separator: ", ")
        var text = "extension \(plan.typeName): \(protocols) {\n"
        var arguments = plan.initializerReference
        if plan.serverKeysAreSnakeCase { arguments += ", serverKeys: .snakeCase" }
        if plan.archiveKeysAreSnakeCase { arguments += ", archiveKeys: .snakeCase" }
        if plan.entries.isEmpty {
            text += "    \(plan.accessModifier)static let keyMap = KeyMap(\(arguments))\n"
        } else {
            text += "    \(plan.accessModifier)static let keyMap = KeyMap(\(arguments), [\n"
            for entry in plan.entries {
                text += "        \(render(entry)),\n"
            }
            text += "    ])\n"
        }
        if !plan.checks.isEmpty {
            text += "\n    // Added by archiver-migrate: what the hand-written initializers refused after reading.\n"
            text += "    \(plan.accessModifier)func keyMapCheck(from source: KeyMapSource) -> String? {\n"
            for check in plan.checks {
                text += "        \(render(check, typeName: plan.typeName))\n"
            }
            text += "        return nil\n"
            text += "    }\n"
        }
        if !plan.forwarders.isEmpty {
            text += "\n    // Kept by archiver-migrate: the type's own conversion, now made by the key map.\n"
            text += plan.forwarders.map { "    " + $0 + "\n" }.joined(separator: "\n")
        }
        if let properties = plan.addedInitializer {
            let parameters = properties.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
            text += "\n    // Added by archiver-migrate: a key map calls an initializer that takes every stored\n"
            text += "    // property, in declaration order.\n"
            text += "    fileprivate init(\(parameters)) {\n"
            for property in properties {
                text += "        self.\(property.name) = \(property.name)\n"
            }
            text += "    }\n"
        }
        text += "}"
        for (name, placeholder) in plan.enumsToDeclare {
            text += "\n\n// Added by archiver-migrate: the key map reads \(name) by its raw value.\n"
            if let placeholder {
                text += "extension \(name): KeyMapValue {\n    \(plan.accessModifier)static var keyMapPlaceholder: \(name)? { .\(placeholder) }\n}"
            } else {
                text += "extension \(name): KeyMapValue {}"
            }
        }
        return text
    }

    static func render(_ entry: KeyMapPlan.Entry) -> String {
        var arguments = ["\\.\(entry.property)"]
        if let server = entry.serverKey { arguments.append("server: \(quoted(server))") }
        if let archive = entry.archiveKey { arguments.append("archive: \(quoted(archive))") }
        if let value = entry.defaultValue { arguments.append("default: \(value)") }
        if entry.usesDefaultIfInvalid { arguments.append("ifInvalid: .useDefault") }
        if let value = entry.archiveDefaultValue { arguments.append("archiveDefault: \(value)") }
        return ".property(\(arguments.joined(separator: ", ")))"
    }

    /// `if source == .archive, id.isEmpty { return "an archive whose id is empty is not a Review" }`
    static func render(_ check: KeyMapPlan.Check, typeName: String) -> String {
        let name = check.property
        let condition: String
        let what: String
        switch check.kind {
        case .empty:
            condition = check.isOptional ? "\(name)?.isEmpty == true" : "\(name).isEmpty"
            what = "whose \(name) is empty"
        case .missing:
            condition = "\(name) == nil"
            what = "without \(name)"
        }
        let sourceTest: String
        let subject: String
        if check.sources.count == 2 {
            (sourceTest, subject) = ("", "a value")
        } else if check.sources.contains(.archive) {
            (sourceTest, subject) = ("source == .archive, ", "an archive")
        } else {
            (sourceTest, subject) = ("source == .responseObject, ", "a response")
        }
        return "if \(sourceTest)\(condition) { return \(quoted("\(subject) \(what) is not \(article(typeName)) \(typeName)")) }"
    }

    private static func article(_ word: String) -> String {
        "AEIOU".contains(word.first ?? "x") ? "an" : "a"
    }

    static func quoted(_ string: String) -> String {
        var result = "\""
        for character in string {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
