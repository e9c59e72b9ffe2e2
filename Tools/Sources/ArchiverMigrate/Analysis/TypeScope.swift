import SwiftSyntax

/// Which declaration a type name means. Inputs may span several modules, each with its own
/// `User`: a name is looked up in its file's module — the folder under `Sources/` or `Tests/`, or
/// else the file's folder — and, where the module declares it in several files (private test
/// types), in its own file.
struct TypeScope {
    private let moduleKeys: [String]
    private let structs: [String: [String: [StructDeclaration]]]
    private let otherTypes: [String: Set<String>]

    init(files: [ParsedFile]) {
        moduleKeys = files.map { Self.moduleKey(of: $0.path) }
        var structs: [String: [String: [StructDeclaration]]] = [:]
        var others: [String: Set<String>] = [:]
        for (index, file) in files.enumerated() {
            let module = moduleKeys[index]
            for item in file.tree.statements {
                if let declaration = item.item.as(StructDeclSyntax.self) {
                    structs[module, default: [:]][declaration.name.text, default: []].append(StructDeclaration(declaration, fileIndex: index, file: file))
                } else if let declaration = item.item.as(ClassDeclSyntax.self) {
                    others[module, default: []].insert(declaration.name.text)
                } else if let declaration = item.item.as(EnumDeclSyntax.self) {
                    others[module, default: []].insert(declaration.name.text)
                }
            }
        }
        self.structs = structs
        self.otherTypes = others
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
        if otherTypes[parts[0]]?.contains(name) == true { return .failure(.init("\(name) is a class or an enum; key maps derive structs")) }
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
