import SwiftSyntax

/// Rewrites hand-written conformances as key maps.
///
/// ```swift
/// let report = Migrator.migrate([(path: "Restaurant.swift", text: try String(contentsOfFile: "Restaurant.swift"))])
/// report.files[0].converted  // … extension Restaurant: KeyMapped { static let keyMap = KeyMap(Restaurant.init) }
/// ```
public enum Migrator {
    /// Migrates the conformances in `inputs` together, so that a type and the types it holds can
    /// be in different files.
    public static func migrate(_ inputs: [(path: String, text: String)]) -> MigrationReport {
        var diagnostics: [MigrationDiagnostic] = []
        let parsed = inputs.map { ParsedFile(path: $0.path, text: $0.text) }
        // A file with syntax errors takes no part: its declarations are not trusted.
        var usable: [ParsedFile] = []
        var usableIndex: [Int] = []
        for (index, file) in parsed.enumerated() {
            if let error = file.firstError() {
                diagnostics.append(.init(path: file.path, line: error.line, severity: .leftInPlace, message: "cannot parse the file, so nothing in it is changed: \(error.message)"))
            } else {
                usable.append(file)
                usableIndex.append(index)
            }
        }

        let scope = TypeScope(files: usable)
        let conformances = ConformanceCollector.collect(from: usable, scope: scope)
        var models: [String: StructDeclaration] = [:]
        var plans: [String: KeyMapPlan] = [:]
        var failures: [String: (fileIndex: Int, problem: Unconvertible)] = [:]
        let order = conformances.values.sorted { ($0.fileIndex, firstOffset(of: $0)) < ($1.fileIndex, firstOffset(of: $1)) }
        let alreadyKeyMapped = keyMappedTypes(in: usable, scope: scope)
        let encoderNames = Set(conformances.values.compactMap { $0.shape?.encoderName }).union(["archiveValue"])
        for conformance in order where !conformance.isEmpty && !alreadyKeyMapped.contains(conformance.key) {
            let key = conformance.key
            let line = conformance.serverDecoder?.line ?? conformance.archiveDecoder?.line ?? conformance.archiveEncoder?.line ?? 1
            let model: StructDeclaration
            switch scope.declaration(forKey: key, name: conformance.typeName) {
            case .success(let found): model = found
            case .failure(let reason):
                failures[key] = (conformance.fileIndex, Unconvertible(line: line, reason: reason.text))
                continue
            }
            models[key] = model
            do {
                plans[key] = try KeyMapPlanner.plan(for: conformance, model: model, files: usable, scope: scope, encoderNames: encoderNames)
            } catch {
                failures[key] = (reportingFile(of: conformance), error)
            }
        }
        // A type can become a key map only if the types it holds are key maps or stay out of reach.
        var changed = true
        while changed {
            changed = false
            for (key, plan) in plans {
                let conformance = conformances[key]!
                guard let held = plan.nestedTypes.sorted().first(where: { failures[scope.key(file: conformance.fileIndex, name: $0)] != nil }) else { continue }
                let line = conformance.serverDecoder?.line ?? conformance.archiveDecoder?.line ?? 1
                failures[key] = (reportingFile(of: conformance), Unconvertible(line: line, reason: "\(conformance.typeName) holds \(held), which stays hand-written; convert \(held) first"))
                plans[key] = nil
                changed = true
            }
        }
        for (key, failure) in failures.sorted(by: { ($0.value.fileIndex, $0.value.problem.line) < ($1.value.fileIndex, $1.value.problem.line) }) {
            let name = conformances[key]!.typeName
            let reason = failure.problem.reason.hasPrefix(name) ? failure.problem.reason : "\(name): \(failure.problem.reason)"
            diagnostics.append(.init(path: usable[failure.fileIndex].path, line: failure.problem.line, severity: .leftInPlace, message: reason))
        }

        var edits = EditList(files: usable)
        let converted = order.map(\.key).filter { plans[$0] != nil }
        // A type that holds one that reads some input otherwise reads it otherwise too: a value
        // the hand-written code dropped or refused inside it may now be kept, and the holder's
        // archive differ. Said at each holding property, down any depth.
        var readsDifferently = Set(converted.filter { plans[$0]!.readsDifferently })
        var holdingNotes: [String: [(line: Int, message: String)]] = [:]
        var grew = true
        while grew {
            grew = false
            for key in converted {
                let plan = plans[key]!
                let file = conformances[key]!.fileIndex
                for field in plan.fields {
                    guard let nested = field.nested, readsDifferently.contains(scope.key(file: file, name: nested.typeName)),
                          !(holdingNotes[key] ?? []).contains(where: { $0.message.hasPrefix("\(plan.typeName).\(field.property.name):") }) else { continue }
                    holdingNotes[key, default: []].append((field.line, "\(plan.typeName).\(field.property.name): holds \(nested.typeName), which reads some inputs otherwise (see its notes), so \(plan.typeName) reads them otherwise there too"))
                    if readsDifferently.insert(key).inserted { grew = true }
                }
            }
        }
        for key in converted {
            let conformance = conformances[key]!
            for note in plans[key]!.notes + (holdingNotes[key] ?? []) {
                diagnostics.append(.init(path: usable[reportingFile(of: conformance)].path, line: note.line, severity: .note, message: note.message))
            }
            // A held type outside the files given may still be hand-written, which no key map can hold.
            for held in plans[key]!.nestedTypes.sorted() {
                let heldKey = scope.key(file: conformance.fileIndex, name: held)
                guard plans[heldKey] == nil, !alreadyKeyMapped.contains(heldKey), conformances[heldKey] == nil else { continue }
                let line = conformance.serverDecoder?.line ?? conformance.archiveDecoder?.line ?? 1
                diagnostics.append(.init(path: usable[reportingFile(of: conformance)].path, line: line, severity: .note, message: "\(conformance.typeName) holds \(held), which is not among the files given: \(held) must be key-mapped too (or declare KeyMapValue) for this key map to compile"))
            }
        }
        let keptCoding = CodingReferences.keptClasses(conformances: converted.map { conformances[$0]! }, files: usable)
        var filesWithKeyMaps: Set<Int> = []
        // An enum read by several key maps declares KeyMapValue once, and not again.
        var declaredEnums = keyMapValueExtensions(in: usable)
        for key in converted {
            plans[key]!.enumsToDeclare.removeAll { !declaredEnums.insert($0.name).inserted }
        }
        for key in converted {
            let conformance = conformances[key]!
            let name = conformance.typeName
            let model = models[key]!
            var removals: [(Int, Syntax)] = conformance.extensions.map { ($0.fileIndex, Syntax($0.node)) }
            if let shape = conformance.shape {
                for member in shape.members { edits.removeMember(member, in: shape.memberFile) }
            }
            if let coding = conformance.codingClass {
                if let reference = keptCoding[name] {
                    let module = moduleName(of: usable[coding.fileIndex].path) ?? "<Module>"
                    diagnostics.append(.init(path: usable[reference.fileIndex].path, line: reference.line, severity: .leftInPlace, message: "\(name).Coding is kept because this code still uses it; once it does not, delete the class and read the old archives with KeyedArchiveOptions(classesReadAsDictionaries: [\"\(module).\(name).Coding\"])"))
                } else if let container = coding.container {
                    removals.append((coding.fileIndex, Syntax(container)))
                }
            }
            removals.sort { ($0.0, $0.1.position) < ($1.0, $1.1.position) }
            let text = KeyMapRenderer.render(plans[key]!)
            if let anchor = removals.first {
                edits.replace(anchor.1, in: anchor.0, with: text)
                for removal in removals.dropFirst() { edits.remove(removal.1, in: removal.0) }
                filesWithKeyMaps.insert(anchor.0)
            } else if let shape = conformance.shape, let anchor = shape.anchor {
                edits.insert("\n\n" + text, after: anchor, in: shape.memberFile)
                filesWithKeyMaps.insert(shape.memberFile)
            } else {
                edits.insert("\n\n" + text, after: Syntax(model.node), in: model.fileIndex)
                filesWithKeyMaps.insert(model.fileIndex)
            }
        }
        // A file that gains a key map needs the library.
        for index in filesWithKeyMaps {
            let imports = usable[index].tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self) }
            guard !imports.contains(where: { $0.path.trimmedDescription == "Archiver" }) else { continue }
            if let last = imports.last {
                edits.insert("\nimport Archiver", after: Syntax(last), in: index)
            } else {
                edits.insertAtStart("import Archiver\n", in: index)
            }
        }
        sortDiagnostics(&diagnostics, paths: parsed.map(\.path))

        var results: [FileMigration] = parsed.map { FileMigration(path: $0.path, original: $0.text, converted: $0.text, parsed: false) }
        for (position, index) in usableIndex.enumerated() {
            results[index] = FileMigration(path: parsed[index].path, original: parsed[index].text, converted: edits.apply(to: position), parsed: true)
        }
        var declaringFiles: [String: String] = [:]
        var nestedKeys: [String: [String: String]] = [:]
        for key in converted {
            declaringFiles[key] = usable[models[key]!.fileIndex].path
            let file = conformances[key]!.fileIndex
            nestedKeys[key] = Dictionary(uniqueKeysWithValues: plans[key]!.nestedTypes.map { ($0, scope.key(file: file, name: $0)) })
        }
        let archiveRepresentable = Set(converted.filter { key in
            let conformance = conformances[key]!
            return conformance.archiveDecoder != nil && conformance.codingClass == nil && !conformance.isDictionariable
        })
        return MigrationReport(
            files: results, diagnostics: diagnostics, convertedTypes: converted.map { conformances[$0]!.typeName },
            convertedKeys: converted, plans: plans, nestedKeys: nestedKeys,
            archiveRepresentableBefore: archiveRepresentable,
            dictionariableBefore: Set(converted.filter { conformances[$0]!.isDictionariable }), declaringFiles: declaringFiles
        )
    }

    /// The types that already declare `KeyMapped`, so that a second run changes nothing.
    private static func keyMappedTypes(in files: [ParsedFile], scope: TypeScope) -> Set<String> {
        var keys: Set<String> = []
        for (index, file) in files.enumerated() {
            for item in file.tree.statements {
                let name: String
                let inherited: InheritanceClauseSyntax?
                if let declaration = item.item.as(StructDeclSyntax.self) {
                    (name, inherited) = (declaration.name.text, declaration.inheritanceClause)
                } else if let declaration = item.item.as(ExtensionDeclSyntax.self) {
                    (name, inherited) = (declaration.extendedType.trimmedDescription, declaration.inheritanceClause)
                } else {
                    continue
                }
                if inherited?.inheritedTypes.contains(where: { $0.type.trimmedDescription == "KeyMapped" }) == true {
                    keys.insert(scope.key(file: index, name: name))
                }
            }
        }
        return keys
    }

    /// The types an extension declares `KeyMapValue` for.
    private static func keyMapValueExtensions(in files: [ParsedFile]) -> Set<String> {
        var names: Set<String> = []
        for file in files {
            for item in file.tree.statements {
                guard let declaration = item.item.as(ExtensionDeclSyntax.self),
                      declaration.inheritanceClause?.inheritedTypes.contains(where: { $0.type.trimmedDescription == "KeyMapValue" }) == true else { continue }
                names.insert(declaration.extendedType.trimmedDescription)
            }
        }
        return names
    }

    /// The file a type's diagnostics point into: its extensions', or its NSCoding class's.
    private static func reportingFile(of conformance: HandWrittenConformance) -> Int {
        if conformance.extensions.isEmpty, let coding = conformance.codingClass { return coding.fileIndex }
        return conformance.fileIndex
    }

    /// `Models` for a file under `Sources/Models/`.
    static func moduleName(of path: String) -> String? {
        let components = path.split(separator: "/")
        guard let index = components.lastIndex(of: "Sources"), index + 2 < components.count else { return nil }
        return String(components[index + 1])
    }

    private static func firstOffset(of conformance: HandWrittenConformance) -> Int {
        conformance.extensions.first.map { $0.node.position.utf8Offset } ?? conformance.codingClass?.node.position.utf8Offset ?? 0
    }

    private static func sortDiagnostics(_ diagnostics: inout [MigrationDiagnostic], paths: [String]) {
        diagnostics.sort { a, b in
            let fileA = paths.firstIndex(of: a.path) ?? 0, fileB = paths.firstIndex(of: b.path) ?? 0
            return (fileA, a.line, a.severity == .leftInPlace ? 0 : 1) < (fileB, b.line, b.severity == .leftInPlace ? 0 : 1)
        }
    }
}
