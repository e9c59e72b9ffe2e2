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
        let protocols = (["KeyMapped"] + plan.keptProtocols).joined(separator: ", ")
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
        return text + "}"
    }

    static func render(_ entry: KeyMapPlan.Entry) -> String {
        var arguments = ["\\.\(entry.property)"]
        if let server = entry.serverKey { arguments.append("server: \(quoted(server))") }
        if let archive = entry.archiveKey { arguments.append("archive: \(quoted(archive))") }
        if let value = entry.defaultValue { arguments.append("default: \(value)") }
        return ".property(\(arguments.joined(separator: ", ")))"
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
