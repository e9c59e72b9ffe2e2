import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// One input file, parsed, with its operators folded so that `a as? T ?? d` reads as one tree.
struct ParsedFile {
    let path: String
    let text: String
    let tree: SourceFileSyntax
    let hasErrors: Bool
    let locations: SourceLocationConverter

    init(path: String, text: String) {
        self.path = path
        self.text = text
        let parsed = Parser.parse(source: text)
        hasErrors = parsed.hasError
        let folded = OperatorTable.standardOperators.foldAll(parsed) { _ in }
        tree = folded.as(SourceFileSyntax.self) ?? parsed
        locations = SourceLocationConverter(fileName: path, tree: tree)
    }

    func line(of node: some SyntaxProtocol) -> Int {
        node.startLocation(converter: locations).line
    }

    /// The first syntax error: its line and the parser's message.
    func firstError() -> (line: Int, message: String)? {
        guard hasErrors, let diagnostic = ParseDiagnosticsGenerator.diagnostics(for: Parser.parse(source: text)).first else { return nil }
        return (diagnostic.location(converter: locations).line, diagnostic.message)
    }
}

/// A stored property of a struct, as declared.
struct StoredProperty: Sendable {
    let name: String
    let type: String
    let isLet: Bool
    let hasInitialValue: Bool
    let line: Int

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
    let name: String
    let accessModifier: String
    let properties: [StoredProperty]
    let initializers: [ExplicitInitializer]
    let hasMembersWithConformances: Bool
    let fileIndex: Int
    let node: StructDeclSyntax
}

extension StructDeclaration {
    init(_ node: StructDeclSyntax, fileIndex: Int, file: ParsedFile) {
        name = node.name.text
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
                        type: binding.typeAnnotation?.type.trimmedDescription ?? "",
                        isLet: variable.bindingSpecifier.text == "let",
                        hasInitialValue: binding.initializer != nil,
                        line: file.line(of: binding)
                    ))
                    if name == "archiveValue" { conformanceMembers = true }
                }
            } else if let initializer = member.decl.as(InitializerDeclSyntax.self) {
                let parameters = initializer.signature.parameterClause.parameters
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

/// `target = value`, as folded by `SwiftOperators`.
struct Assignment {
    let target: ExprSyntax
    let value: ExprSyntax

    init?(_ item: CodeBlockItemSyntax) {
        guard case .expr(let expression) = item.item else { return nil }
        self.init(expression)
    }

    init?(_ expression: ExprSyntax) {
        guard let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) else { return nil }
        target = infix.leftOperand
        value = infix.rightOperand
    }
}

extension ExprSyntax {
    /// `p` for `self.p` or `p`.
    var propertyName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return member.declName.baseName.text
        }
        return nil
    }

    /// The name of a plain identifier.
    var identifier: String? { self.as(DeclReferenceExprSyntax.self)?.baseName.text }

    /// The value of a string literal without interpolation.
    var stringLiteral: String? {
        self.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }
}
