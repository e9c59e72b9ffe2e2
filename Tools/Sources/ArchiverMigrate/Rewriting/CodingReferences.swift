import SwiftSyntax

/// Finds the NSCoding classes that code outside the deleted conformances still uses.
enum CodingReferences {
    struct Reference {
        let typeName: String
        let fileIndex: Int
        let offset: Int
        let line: Int
    }

    /// The first outside use of each class that must be kept, by type name.
    static func keptClasses(conformances: [HandWrittenConformance], files: [ParsedFile]) -> [String: Reference] {
        let candidates = conformances.filter { $0.codingClass?.container != nil }
        guard !candidates.isEmpty else { return [:] }
        var references: [Reference] = []
        for (index, file) in files.enumerated() {
            let finder = Finder(names: Set(candidates.map(\.typeName)), fileIndex: index, file: file)
            finder.walk(file.tree)
            references += finder.references
        }
        var removed: [String: (Int, Range<Int>)] = [:]
        for conformance in candidates {
            let container = conformance.codingClass!.container!
            removed[conformance.typeName] = (conformance.codingClass!.fileIndex, container.position.utf8Offset..<container.endPosition.utf8Offset)
        }
        var extensionRanges: [(Int, Range<Int>)] = []
        for conformance in conformances {
            for removedExtension in conformance.extensions {
                extensionRanges.append((removedExtension.fileIndex, removedExtension.node.position.utf8Offset..<removedExtension.node.endPosition.utf8Offset))
            }
        }
        var kept: [String: Reference] = [:]
        var changed = true
        while changed {
            changed = false
            for reference in references where kept[reference.typeName] == nil {
                let inRemoved = removed.values.contains { $0.0 == reference.fileIndex && $0.1.contains(reference.offset) }
                    || extensionRanges.contains { $0.0 == reference.fileIndex && $0.1.contains(reference.offset) }
                if !inRemoved {
                    kept[reference.typeName] = reference
                    removed[reference.typeName] = nil
                    changed = true
                }
            }
        }
        return kept
    }

    private final class Finder: SyntaxVisitor {
        let names: Set<String>
        let fileIndex: Int
        let file: ParsedFile
        var references: [Reference] = []

        init(names: Set<String>, fileIndex: Int, file: ParsedFile) {
            self.names = names
            self.fileIndex = fileIndex
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
            if node.name.text == "Coding", let base = node.baseType.as(IdentifierTypeSyntax.self)?.name.text, names.contains(base) {
                references.append(Reference(typeName: base, fileIndex: fileIndex, offset: node.position.utf8Offset, line: file.line(of: node)))
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if node.declName.baseName.text == "Coding", let base = node.base?.identifier, names.contains(base) {
                references.append(Reference(typeName: base, fileIndex: fileIndex, offset: node.position.utf8Offset, line: file.line(of: node)))
            }
            return .visitChildren
        }
    }
}
