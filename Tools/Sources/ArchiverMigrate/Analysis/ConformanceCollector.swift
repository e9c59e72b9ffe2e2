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
            collectShapes(in: file, fileIndex: fileIndex, scope: scope, fileKeys: fileKeys, fileRawValues: fileRawValues, into: &conformances)
        }
        // A shape's decoder reads archives when the type also writes them, else responses.
        for (key, conformance) in conformances {
            guard var shape = conformance.shape else { continue }
            let known = conformance.serverDecoder != nil || conformance.archiveDecoder != nil || conformance.archiveEncoder != nil || conformance.codingClass != nil
            if known {
                // A type converted through a protocol the tool knows may also return a dictionary
                // for something else (a request's parameters): that member is left alone. A
                // second initializer from a dictionary is a second conversion, which is reported.
                if let decoder = conformance.shapeDecoder {
                    shape.problem = shape.problem ?? Unconvertible(line: decoder.line, reason: "\(conformance.typeName) has a second conversion from a dictionary besides its \(conformance.serverDecoder != nil ? "init?(responseObject:)" : conformance.codingClass != nil ? "NSCoding class" : "init?(archive:)"); a key map replaces one, so convert one by hand first")
                    conformances[key]?.shape = shape
                } else {
                    conformances[key]?.shape = nil
                }
                continue
            }
            conformances[key]?.archiveEncoder = shape.encoder
            conformances[key]?.extensions += shape.wholeExtensions
            for name in shape.protocols where !conformance.keptProtocols.contains(name) {
                conformances[key]?.keptProtocols.append(name)
            }
            guard let decoder = conformance.shapeDecoder else { continue }
            if shape.encoder != nil {
                conformances[key]?.archiveDecoder = decoder
            } else {
                conformances[key]?.serverDecoder = decoder
            }
        }
        return conformances
    }

    /// Finds conversions by shape — `init?(json: [String: Any])`, `var dictionary: [String: Any]` —
    /// in every type body and in the extensions that declare none of the protocols above.
    private static func collectShapes(in file: ParsedFile, fileIndex: Int, scope: TypeScope, fileKeys: [String: [String: String]], fileRawValues: [String: [String: String]], into conformances: inout [String: HandWrittenConformance]) {
        // (declaration, the name of the type it is nested in, the top-level declaration holding it)
        var pending: [(DeclSyntax, String, Syntax)] = file.tree.statements.compactMap { item in
            item.item.as(DeclSyntax.self).map { ($0, "", Syntax($0)) }
        }
        while let (declaration, prefix, anchor) = pending.popLast() {
            let typeName: String
            let members: MemberBlockItemListSyntax
            var extensionDecl: ExtensionDeclSyntax?
            if let node = declaration.as(StructDeclSyntax.self) {
                (typeName, members) = (prefix + node.name.text, node.memberBlock.members)
            } else if let node = declaration.as(ClassDeclSyntax.self) {
                (typeName, members) = (prefix + node.name.text, node.memberBlock.members)
            } else if let node = declaration.as(EnumDeclSyntax.self) {
                (typeName, members) = (prefix + node.name.text, node.memberBlock.members)
            } else if let node = declaration.as(ExtensionDeclSyntax.self) {
                (typeName, members) = (node.extendedType.trimmedDescription, node.memberBlock.members)
                let protocols = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
                if protocols.contains(where: conformanceProtocols.contains) { continue }
                extensionDecl = node
            } else {
                continue
            }
            pending += members.map { ($0.decl, typeName + ".", anchor) }
            var decoders: [InitializerDeclSyntax] = []
            var encoders: [(DeclSyntax, String, CodeBlockItemListSyntax)] = []
            for member in members {
                if let initializer = member.decl.as(InitializerDeclSyntax.self), DictionaryShape.isDictionaryInitializer(initializer) {
                    decoders.append(initializer)
                } else if let (name, body) = DictionaryShape.encoderBody(member.decl) {
                    encoders.append((member.decl, name, body))
                }
            }
            guard !decoders.isEmpty || !encoders.isEmpty else { continue }
            let key = scope.key(file: fileIndex, name: typeName)
            var conformance = conformances[key] ?? HandWrittenConformance(typeName: typeName, key: key)
            conformance.keyStructs.merge(fileKeys) { own, _ in own }
            conformance.rawValueKeys.merge(fileRawValues) { own, _ in own }
            var shape = conformance.shape ?? HandWrittenConformance.Shape()
            if conformance.shape == nil, conformance.extensions.isEmpty, conformance.codingClass == nil { conformance.fileIndex = fileIndex }
            var keyDeclarations: [Syntax] = []
            for member in members {
                if let (name, keys) = keyConstants(in: member.decl) {
                    conformance.keyStructs[name] = keys
                    keyDeclarations.append(Syntax(member))
                } else if let (name, cases) = stringCases(in: member.decl) {
                    conformance.rawValueKeys[name] = cases
                    keyDeclarations.append(Syntax(member))
                }
            }
            for initializer in decoders {
                let line = file.line(of: initializer)
                let parameter = initializer.signature.parameterClause.parameters.first!
                guard shape.decoderSignature == nil, let body = initializer.body else {
                    shape.problem = shape.problem ?? Unconvertible(line: line, reason: "\(typeName) has more than one initializer from a dictionary; a key map replaces one, so keep one")
                    continue
                }
                shape.decoderSignature = String(initializer.trimmedDescription.prefix { $0 != "{" }).trimmingWhitespace
                shape.decoderParameter = (parameter.secondName ?? parameter.firstName).text
                shape.decoderLabel = parameter.firstName.text
                shape.decoderParameterIsOptional = parameter.type.is(OptionalTypeSyntax.self)
                shape.decoderIsFailable = initializer.optionalMark?.text == "?"
                conformance.shapeDecoder = .init(body: body.statements, objectName: shape.decoderParameter, line: line)
                if !shape.decoderIsFailable {
                    shape.problem = shape.problem ?? Unconvertible(line: line, reason: "\(typeName).\(initializer.trimmedDescription.prefix { $0 != "(" })(\(parameter.firstName.text):) cannot fail, but decoding a key map can (a value of the wrong type, a missing key without a default); make it `init?` first")
                }
            }
            for (member, name, body) in encoders {
                let line = file.line(of: member)
                guard shape.encoderSignature == nil else {
                    shape.problem = shape.problem ?? Unconvertible(line: line, reason: "\(typeName) has more than one property or method returning a dictionary (`\(shape.encoderName ?? "")`, `\(name)`); the tool cannot tell which one the initializer reads back")
                    continue
                }
                shape.encoderSignature = String(member.trimmedDescription.prefix { $0 != "{" }).trimmingWhitespace
                shape.encoderName = name
                shape.encoder = .init(body: body, coderName: nil, line: line)
            }
            // An array, not `members.filter`, which would build a detached collection whose
            // nodes no longer know where they are in the file.
            let shapeMembers = Array(members).filter { member in
                decoders.contains { Syntax($0) == Syntax(member.decl) } || encoders.contains { Syntax($0.0) == Syntax(member.decl) }
            }
            if let extensionDecl, shapeMembers.count + keyDeclarations.count == members.count {
                // Nothing else in the extension: it goes, and its protocols move to the key map's.
                shape.wholeExtensions.append(.init(node: extensionDecl, fileIndex: fileIndex))
                for name in extensionDecl.inheritanceClause?.inheritedTypes.map({ $0.type.trimmedDescription }) ?? [] where !shape.protocols.contains(name) {
                    shape.protocols.append(name)
                }
            } else {
                shape.members += shapeMembers.map { Syntax($0) }
                shape.anchor = shape.anchor ?? anchor
                shape.memberFile = fileIndex
            }
            conformance.shape = shape
            conformances[key] = conformance
        }
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
