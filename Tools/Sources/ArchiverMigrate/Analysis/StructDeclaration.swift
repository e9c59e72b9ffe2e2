import SwiftSyntax

/// A stored property of a struct, as declared.
struct StoredProperty: Sendable {
    let name: String
    let type: String
    let isLet: Bool
    let hasInitialValue: Bool
    let line: Int
    /// The initial value as written: `false` in `var hasMoved = false`.
    var initialValue: String? = nil

    var isOptional: Bool { type.hasSuffix("?") || type.hasPrefix("Optional<") }
    /// The type without one level of optionality: `Date` for `Date?`.
    var nonOptionalType: String {
        if type.hasSuffix("?") { return String(type.dropLast()) }
        if type.hasPrefix("Optional<"), type.hasSuffix(">") { return String(type.dropFirst(9).dropLast()) }
        return type
    }
}

/// An initializer written in a struct's body: which property each parameter sets, if that is
/// all it does.
struct ExplicitInitializer {
    let labels: [String]
    let types: [String]
    /// The property each parameter, by label, is assigned to; nil when the body does more.
    let propertyForLabel: [String: String]?
    let isFailable: Bool
    let line: Int
}

/// A struct, as declared.
struct StructDeclaration {
    /// The name code outside the type uses: `Game.Move` for a struct nested in `Game`.
    let name: String
    /// The name as declared: `Move`.
    let shortName: String
    let accessModifier: String
    let properties: [StoredProperty]
    let initializers: [ExplicitInitializer]
    let hasMembersWithConformances: Bool
    let fileIndex: Int
    let node: StructDeclSyntax
}

extension StructDeclaration {
    init(_ node: StructDeclSyntax, qualifiedName: String? = nil, fileIndex: Int, file: ParsedFile) {
        shortName = node.name.text
        name = qualifiedName ?? node.name.text
        accessModifier = node.modifiers.lazy.map(\.name.text).first { ["public", "package", "open"].contains($0) }.map { $0 == "open" ? "public " : $0 + " " } ?? ""
        var properties: [StoredProperty] = []
        var initializers: [ExplicitInitializer] = []
        var conformanceMembers = false
        for member in node.memberBlock.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                guard !variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }) else { continue }
                for binding in variable.bindings {
                    guard binding.accessorBlock == nil || binding.accessorBlock?.isObservers == true,
                          let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    properties.append(StoredProperty(
                        name: name,
                        type: binding.typeAnnotation?.type.trimmedDescription ?? binding.initializer.map { Self.inferredType(of: $0.value) } ?? "",
                        isLet: variable.bindingSpecifier.text == "let",
                        hasInitialValue: binding.initializer != nil,
                        line: file.line(of: binding),
                        initialValue: binding.initializer?.value.trimmedDescription
                    ))
                    if name == "archiveValue" { conformanceMembers = true }
                }
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                let parameters = initializer.signature.parameterClause.parameters
                // A conversion from a dictionary is removed with the rest of the conversion.
                if DictionaryShape.isDictionaryInitializer(initializer) { continue }
                if parameters.first?.firstName.text == "responseObject" || parameters.first?.firstName.text == "archive" {
                    conformanceMembers = true
                }
                initializers.append(ExplicitInitializer(initializer, file: file))
            }
        }
        self.properties = properties
        self.initializers = initializers
        self.hasMembersWithConformances = conformanceMembers
        self.fileIndex = fileIndex
        self.node = node
    }
}

extension StructDeclaration {
    /// Whether `expression` names this struct: `Move`, or `Game.Move` for one nested in `Game`.
    func isNamed(by expression: ExprSyntax) -> Bool {
        let text = expression.trimmedDescription
        return text == name || text == shortName || text == "Self"
    }

    /// The type Swift infers for a stored property from its initial value, where the value says
    /// it plainly: `false`, `0`, `0.5`, `""`, `Kind.pawn`, `Date()`, `[Move]()`; "" otherwise.
    static func inferredType(of value: ExprSyntax) -> String {
        if value.is(BooleanLiteralExprSyntax.self) { return "Bool" }
        if value.is(IntegerLiteralExprSyntax.self) { return "Int" }
        if value.is(FloatLiteralExprSyntax.self) { return "Double" }
        if value.is(StringLiteralExprSyntax.self) { return "String" }
        if let prefix = value.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return inferredType(of: prefix.expression)
        }
        if let call = value.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
            if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1 {
                return array.trimmedDescription
            }
            if let name = typeName(call.calledExpression) { return name }
        }
        // `Kind.pawn`: a case or a static constant of an uppercase type.
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base, let name = typeName(base),
           member.declName.baseName.text.first?.isLowercase == true {
            return name
        }
        return ""
    }

    /// `Kind` or `Game.State` when `expression` names a type (uppercase by convention).
    private static func typeName(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isUppercase == true {
            return reference.baseName.text
        }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let prefix = typeName(base),
           member.declName.baseName.text.first?.isUppercase == true {
            return prefix + "." + member.declName.baseName.text
        }
        return nil
    }
}

extension AccessorBlockSyntax {
    fileprivate var isObservers: Bool {
        guard case .accessors(let list) = accessors else { return false }
        return list.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }
}

extension ExplicitInitializer {
    init(_ node: InitializerDeclSyntax, file: ParsedFile) {
        let parameters = Array(node.signature.parameterClause.parameters)
        labels = parameters.map(\.firstName.text)
        types = parameters.map { $0.type.trimmedDescription }
        isFailable = node.optionalMark != nil
        line = file.line(of: node)
        let internalNames = parameters.map { ($0.secondName ?? $0.firstName).text }
        var mapping: [String: String] = [:]
        var simple = true
        for item in node.body?.statements ?? [] {
            guard let assignment = Assignment(item),
                  let property = assignment.target.propertyName,
                  let source = assignment.value.as(DeclReferenceExprSyntax.self)?.baseName.text,
                  let index = internalNames.firstIndex(of: source) else {
                simple = false
                break
            }
            mapping[labels[index]] = property
        }
        propertyForLabel = simple && mapping.count == labels.count ? mapping : nil
    }
}
