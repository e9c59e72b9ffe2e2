import SwiftSyntax

/// Which declaration a type name means. Inputs may span several modules, each with its own
/// `User`: a name is looked up in its file's module — the folder under `Sources/` or `Tests/`, or
/// else the file's folder — and, where the module declares it in several files (private test
/// types), in its own file.
struct TypeScope {
    private let moduleKeys: [String]
    private let structs: [String: [String: [StructDeclaration]]]
    private let otherTypes: [String: [String: String]]
    /// Enums with a raw value, by module then qualified name: what a key map needs to read them.
    private let enums: [String: [String: EnumDeclaration]]

    init(files: [ParsedFile]) {
        moduleKeys = files.map { Self.moduleKey(of: $0.path) }
        var structs: [String: [String: [StructDeclaration]]] = [:]
        var others: [String: [String: String]] = [:]
        var enums: [String: [String: EnumDeclaration]] = [:]
        for (index, file) in files.enumerated() {
            let module = moduleKeys[index]
            // Types nested in others are named as code outside them names them: `Game.State`.
            var pending: [(DeclSyntax, String)] = file.tree.statements.compactMap { item in item.item.as(DeclSyntax.self).map { ($0, "") } }
            while let (declaration, prefix) = pending.popLast() {
                let members: MemberBlockItemListSyntax?
                if let node = declaration.as(StructDeclSyntax.self) {
                    let name = prefix + node.name.text
                    structs[module, default: [:]][name, default: []].append(StructDeclaration(node, qualifiedName: name, fileIndex: index, file: file))
                    members = node.memberBlock.members
                    pending += members!.map { ($0.decl, name + ".") }
                } else if let node = declaration.as(ClassDeclSyntax.self) {
                    let name = prefix + node.name.text
                    others[module, default: [:]][name] = "a class"
                    pending += node.memberBlock.members.map { ($0.decl, name + ".") }
                } else if let node = declaration.as(EnumDeclSyntax.self) {
                    let name = prefix + node.name.text
                    others[module, default: [:]][name] = "an enum"
                    if let enumDeclaration = EnumDeclaration(node, qualifiedName: name) { enums[module, default: [:]][name] = enumDeclaration }
                    pending += node.memberBlock.members.map { ($0.decl, name + ".") }
                } else if let node = declaration.as(ExtensionDeclSyntax.self) {
                    pending += node.memberBlock.members.map { ($0.decl, node.extendedType.trimmedDescription + ".") }
                }
            }
        }
        self.structs = structs
        self.otherTypes = others
        self.enums = enums
    }

    /// The raw-value enum `name` names in `file`'s module, looked up as written or in the
    /// type that reads it (`State` inside `Game`).
    func enumDeclaration(file: Int, name: String, within owner: String? = nil) -> EnumDeclaration? {
        let module = moduleKeys[file]
        if let owner, let nested = enums[module]?["\(owner).\(name)"] { return nested }
        return enums[module]?[name]
    }

    /// Whether `name` is a struct of `file`'s module.
    func isStruct(file: Int, name: String) -> Bool {
        structs[moduleKeys[file]]?[name] != nil
    }

    static func moduleKey(of path: String) -> String {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        if let index = components.lastIndex(where: { $0 == "Sources" || $0 == "Tests" }), index + 2 < components.count {
            return components[...(index + 1)].joined(separator: "/")
        }
        return components.dropLast().joined(separator: "/")
    }

    /// The key of `name` as seen from `file`.
    func key(file: Int, name: String) -> String {
        let module = moduleKeys[file]
        let candidates = structs[module]?[name] ?? []
        if candidates.count > 1, candidates.contains(where: { $0.fileIndex == file }) {
            return "\(module)|\(name)|\(file)"
        }
        return "\(module)|\(name)"
    }

    /// The struct a key names, or why there is none.
    func declaration(forKey key: String, name: String) -> Result<StructDeclaration, Unconvertible.Reason> {
        let parts = key.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let candidates = structs[parts[0]]?[name] ?? []
        if parts.count == 3, let file = Int(parts[2]), let own = candidates.first(where: { $0.fileIndex == file }) {
            return .success(own)
        }
        if candidates.count == 1 { return .success(candidates[0]) }
        if candidates.count > 1 { return .failure(.init("\(name) is declared in several files of its module; pass one module's files at a time")) }
        if let kind = otherTypes[parts[0]]?[name] { return .failure(.init("\(name) is \(kind); key maps derive structs")) }
        return .failure(.init("the declaration of \(name) is not among the files given; pass its file too"))
    }
}

extension Unconvertible {
    /// A reason not yet tied to a line.
    struct Reason: Error {
        let text: String
        init(_ text: String) { self.text = text }
    }
}

/// An enum with a raw value, as a key map needs to read it: `enum Kind: Int { case pawn, rook }`.
struct EnumDeclaration {
    let name: String
    let rawType: String
    let firstCase: String
    /// The first case's raw value as a Swift literal: `"wetland"`, `0`.
    let firstRawLiteral: String
    let isCaseIterable: Bool
    /// Whether the enum already declares `KeyMapValue` where it is declared.
    let isKeyMapValue: Bool
    /// The raw values of a `String` enum's cases.
    let stringRawValues: Set<String>

    init?(_ node: EnumDeclSyntax, qualifiedName: String) {
        let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
        guard let raw = inherited.first, ["String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float"].contains(raw),
              let first = node.memberBlock.members.lazy.compactMap({ $0.decl.as(EnumCaseDeclSyntax.self)?.elements.first }).first,
              first.parameterClause == nil else { return nil }
        name = qualifiedName
        rawType = raw
        firstCase = first.name.text
        firstRawLiteral = first.rawValue?.value.trimmedDescription ?? (raw == "String" ? "\"\(first.name.text)\"" : "0")
        isCaseIterable = inherited.contains("CaseIterable")
        isKeyMapValue = inherited.contains("KeyMapValue")
        var values: Set<String> = []
        for member in node.memberBlock.members {
            for element in member.decl.as(EnumCaseDeclSyntax.self)?.elements ?? [] {
                values.insert(element.rawValue?.value.stringLiteral ?? element.name.text)
            }
        }
        stringRawValues = values
    }
}
