import SwiftSyntax

/// Finds the hand-written conformances in parsed files: the extensions that declare Archiver's
/// protocols or `Dictionariable`, and extensions nesting an NSCoding `Coding` class.
enum ConformanceCollector {
    /// Protocols whose requirements a key map provides.
    static let replacedProtocols: Set<String> = ["Serializable", "ArchiveRepresentable", "Dictionariable"]
    /// Protocols whose requirements the conformance writes by hand, but that a key map does
    /// not provide, so the key map's extension declares them again.
    static let conformanceProtocols: Set<String> = replacedProtocols.union(["Archivable", "Cachable"])

    /// The conformances in `files`, by ``TypeScope`` key.
    static func collect(from files: [ParsedFile], scope: TypeScope) -> [String: HandWrittenConformance] {
        var conformances: [String: HandWrittenConformance] = [:]
        for (fileIndex, file) in files.enumerated() {
            // Key types declared at the top of the file serve every extension in it.
            var fileKeys: [String: [String: String]] = [:]
            var fileRawValues: [String: [String: String]] = [:]
            for item in file.tree.statements {
                guard let declaration = item.item.as(DeclSyntax.self) else { continue }
                if let (name, keys) = keyConstants(in: declaration) { fileKeys[name] = keys }
                if let (name, cases) = stringCases(in: declaration) { fileRawValues[name] = cases }
            }
            for item in file.tree.statements {
                guard let extensionDecl = item.item.as(DeclSyntax.self)?.as(ExtensionDeclSyntax.self) else { continue }
                let typeName = extensionDecl.extendedType.trimmedDescription
                let key = scope.key(file: fileIndex, name: typeName)
                var conformance = conformances[key] ?? HandWrittenConformance(typeName: typeName, key: key)
                conformance.keyStructs.merge(fileKeys) { own, _ in own }
                conformance.rawValueKeys.merge(fileRawValues) { own, _ in own }
                if collect(extensionDecl, fileIndex: fileIndex, file: file, into: &conformance) {
                    conformances[key] = conformance
                }
            }
        }
        return conformances
    }

    /// Adds what `extensionDecl` holds of a conformance; false when it holds none.
    private static func collect(_ extensionDecl: ExtensionDeclSyntax, fileIndex: Int, file: ParsedFile, into conformance: inout HandWrittenConformance) -> Bool {
        let protocols = extensionDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        let members = extensionDecl.memberBlock.members.map(\.decl)
        // An extension that only nests an NSCoding class: `extension Event { class Coding … }`.
        if protocols.isEmpty, members.count == 1, let classDecl = members[0].as(ClassDeclSyntax.self), let coding = codingClass(classDecl, extensionDecl: extensionDecl, fileIndex: fileIndex, file: file, into: &conformance) {
            conformance.codingClass = coding
            if conformance.isEmpty { conformance.fileIndex = fileIndex }
            return true
        }
        guard protocols.contains(where: conformanceProtocols.contains) else { return false }
        var holdsConformance = false
        var declaresKeys = false
        var others: [(String, Int)] = []
        for member in members {
            if let (name, keys) = keyConstants(in: member) {
                conformance.keyStructs[name] = keys
                declaresKeys = true
            } else if let (name, cases) = stringCases(in: member) {
                conformance.rawValueKeys[name] = cases
                declaresKeys = true
            } else if let initializer = member.as(InitializerDeclSyntax.self), let body = initializer.body,
                      let parameter = initializer.signature.parameterClause.parameters.first,
                      initializer.signature.parameterClause.parameters.count == 1 {
                let objectName = (parameter.secondName ?? parameter.firstName).text
                let decoder = HandWrittenConformance.Decoder(body: body.statements, objectName: objectName, line: file.line(of: initializer))
                switch parameter.firstName.text {
                case "responseObject": conformance.serverDecoder = decoder; holdsConformance = true
                case "archive": conformance.archiveDecoder = decoder; holdsConformance = true
                case "dictionaryRepresentation":
                    conformance.archiveDecoder = decoder; conformance.isDictionariable = true; holdsConformance = true
                default: others.append((initializer.trimmedDescription.prefix(while: { $0 != "{" }).trimmingWhitespace, file.line(of: initializer)))
                }
            } else if let variable = member.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
                      binding.pattern.trimmedDescription == "archiveValue", let body = binding.accessorBlock?.getterBody {
                conformance.archiveEncoder = HandWrittenConformance.Encoder(body: body, coderName: nil, line: file.line(of: variable))
                holdsConformance = true
            } else if let function = member.as(FunctionDeclSyntax.self), function.name.text == "dictionaryRepresentation", let body = function.body {
                conformance.archiveEncoder = HandWrittenConformance.Encoder(body: body.statements, coderName: nil, line: file.line(of: function))
                conformance.isDictionariable = true
                holdsConformance = true
            } else {
                others.append((member.trimmedDescription.prefix(while: { $0 != "{" && $0 != "\n" && $0 != "=" }).trimmingWhitespace, file.line(of: member)))
            }
        }
        guard holdsConformance || declaresKeys else { return false }
        if conformance.extensions.isEmpty { conformance.fileIndex = fileIndex }
        conformance.extensions.append(.init(node: extensionDecl, fileIndex: fileIndex))
        conformance.otherMembers += others
        for name in protocols where !replacedProtocols.contains(name) && !conformance.keptProtocols.contains(name) {
            conformance.keptProtocols.append(name)
        }
        return true
    }

    /// The string constants of a key struct or caseless enum: `struct ServerKey { static let id = "id" }`.
    private static func keyConstants(in declaration: DeclSyntax) -> (String, [String: String])? {
        let name: String
        let members: MemberBlockItemListSyntax
        if let keyStruct = declaration.as(StructDeclSyntax.self) {
            (name, members) = (keyStruct.name.text, keyStruct.memberBlock.members)
        } else if let keyEnum = declaration.as(EnumDeclSyntax.self), keyEnum.inheritanceClause == nil {
            (name, members) = (keyEnum.name.text, keyEnum.memberBlock.members)
        } else {
            return nil
        }
        var keys: [String: String] = [:]
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  variable.modifiers.contains(where: { $0.name.text == "static" }) else { return nil }
            for binding in variable.bindings {
                guard let constant = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let value = binding.initializer?.value.stringLiteral else { return nil }
                keys[constant] = value
            }
        }
        return keys.isEmpty ? nil : (name, keys)
    }

    /// The raw values of a `String` enum used for keys: `enum Key: String { case id, name = "full_name" }`.
    private static func stringCases(in declaration: DeclSyntax) -> (String, [String: String])? {
        guard let keyEnum = declaration.as(EnumDeclSyntax.self),
              keyEnum.inheritanceClause?.inheritedTypes.first?.type.trimmedDescription == "String" else { return nil }
        var cases: [String: String] = [:]
        for member in keyEnum.memberBlock.members {
            guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
            for element in caseDecl.elements {
                guard element.parameterClause == nil else { return nil }
                if let rawValue = element.rawValue {
                    guard let literal = rawValue.value.stringLiteral else { return nil }
                    cases[element.name.text] = literal
                } else {
                    cases[element.name.text] = element.name.text
                }
            }
        }
        return cases.isEmpty ? nil : (keyEnum.name.text, cases)
    }

    /// The decoder and encoder of a nested `Coding: NSObject, NSCoding` class.
    private static func codingClass(_ node: ClassDeclSyntax, extensionDecl: ExtensionDeclSyntax, fileIndex: Int, file: ParsedFile, into conformance: inout HandWrittenConformance) -> HandWrittenConformance.CodingClass? {
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        guard inherited.contains("NSCoding") || inherited.contains("NSSecureCoding") else { return nil }
        var wrapped: String?
        for member in node.memberBlock.members {
            if let (name, keys) = keyConstants(in: member.decl) {
                conformance.keyStructs[name] = keys
            } else if let (name, cases) = stringCases(in: member.decl) {
                conformance.rawValueKeys[name] = cases
            } else if let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first,
               binding.typeAnnotation?.type.trimmedDescription.hasPrefix(conformance.typeName) == true {
                wrapped = binding.pattern.trimmedDescription
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self), let body = initializer.body,
                      let parameter = initializer.signature.parameterClause.parameters.first, parameter.firstName.text == "coder" {
                conformance.archiveDecoder = .init(body: body.statements, objectName: (parameter.secondName ?? parameter.firstName).text, line: file.line(of: initializer))
            } else if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "encode", let body = function.body,
                      let parameter = function.signature.parameterClause.parameters.first, parameter.firstName.text == "with" {
                conformance.archiveEncoder = .init(body: body.statements, coderName: (parameter.secondName ?? parameter.firstName).text, line: file.line(of: function))
            }
        }
        guard let wrapped else { return nil }
        return .init(node: node, container: extensionDecl, wrappedProperty: wrapped, fileIndex: fileIndex)
    }
}

extension AccessorBlockSyntax {
    /// The statements of a getter, whether written alone or as `get { … }`.
    var getterBody: CodeBlockItemListSyntax? {
        switch accessors {
        case .getter(let statements): statements
        case .accessors(let accessors): accessors.first { $0.accessorSpecifier.text == "get" }?.body?.statements
        }
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
