import Foundation

/// `archiver-migrate`: the command line, as a function of its arguments, so that tests run it
/// in-process.
///
/// ```swift
/// let status = MigrateCommand.run(["Sources/Models/User.swift"], output: { print($0, terminator: "") }, errors: { … })
/// // prints the unified diff; status is 0 when everything was converted
/// ```
public enum MigrateCommand {
    /// Exit statuses.
    public enum Status: Int32, Sendable {
        /// Every hand-written conformance found was converted (and written, with `--write`).
        case converted = 0
        /// Something was left in place, a file could not be parsed, or a file was not written.
        case leftInPlace = 1
        /// The arguments were wrong or a file could not be read.
        case usage = 2
    }

    static let usage = """
    usage: archiver-migrate [--write [--force]] [--goldens DIR [--module NAME]] FILE_OR_FOLDER...

    Rewrites hand-written Archiver 0.6, Dictionariable and NSCoding-wrapper conformances as key
    maps, and any conversion of the same shape under another protocol or none: an initializer
    from [String: Any] and a property or method returning one, kept as calls of the key map.
    Prints a unified diff; reports what it left in place as file:line: reason, and each input the
    key map now reads otherwise as file:line: note:, on standard error. Exit status: 0 when everything was converted, 1 when something was left in place, a
    file could not be parsed or was not written, 2 for bad arguments.

      --write         apply the rewrite to the files (never to one that did not parse)
      --force         with --write, also rewrite files that have uncommitted changes or are not
                      under git; with --goldens, replace test files that differ
      --goldens DIR   write a test per converted type into DIR that records the hand-written
                      archive before the rewrite and checks the key map's after it
      --module NAME   the module the tests import (default: the folder under Sources/)
      --help          print this text

    """

    struct Options {
        var paths: [String] = []
        var write = false
        var force = false
        var goldens: String?
        var module: String?
    }

    /// Runs the command in `directory` and returns its exit status.
    public static func run(
        _ arguments: [String],
        in directory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
        output: (String) -> Void,
        errors: (String) -> Void
    ) -> Status {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                output(usage)
                return .converted
            case "--write": options.write = true
            case "--force": options.force = true
            case "--goldens", "--module":
                guard let value = remaining.popFirst() else {
                    errors("archiver-migrate: \(argument) needs a value\n\n" + usage)
                    return .usage
                }
                if argument == "--goldens" { options.goldens = value } else { options.module = value }
            default:
                guard !argument.hasPrefix("-") else {
                    errors("archiver-migrate: unknown option \(argument)\n\n" + usage)
                    return .usage
                }
                options.paths.append(argument)
            }
        }
        guard !options.paths.isEmpty else {
            errors("archiver-migrate: no files given\n\n" + usage)
            return .usage
        }
        if options.force && !options.write && options.goldens == nil {
            errors("archiver-migrate: --force only makes sense with --write or --goldens\n")
            return .usage
        }

        var inputs: [(path: String, text: String)] = []
        for path in options.paths {
            let url = resolve(path, in: directory)
            let found = swiftFiles(at: url, named: path)
            guard !found.isEmpty else {
                errors("archiver-migrate: \(path): no such Swift file or folder\n")
                return .usage
            }
            for (displayPath, fileURL) in found {
                guard let data = FileManager.default.contents(atPath: fileURL.path), let text = String(data: data, encoding: .utf8) else {
                    errors("archiver-migrate: \(displayPath): cannot read it as UTF-8\n")
                    return .usage
                }
                inputs.append((displayPath, text))
            }
        }

        let report = Migrator.migrate(inputs)
        var status = report.leftInPlace ? Status.leftInPlace : .converted
        for file in report.files where file.isChanged {
            if options.write {
                let url = resolve(file.path, in: directory)
                if !options.force, let reason = GitStatus.uncommittedReason(for: url) {
                    errors("\(file.path): not written: \(reason); commit or stash it first, or pass --force\n")
                    status = .leftInPlace
                    continue
                }
                do {
                    try Data(file.converted.utf8).write(to: url, options: .atomic)
                    errors("archiver-migrate: rewrote \(file.path)\n")
                } catch {
                    errors("\(file.path): not written: \(error.localizedDescription)\n")
                    status = .leftInPlace
                }
            } else {
                output(file.diff)
            }
        }
        for diagnostic in report.diagnostics {
            errors("\(diagnostic)\n")
        }

        if let goldens = options.goldens {
            guard let module = options.module ?? inferredModule(report: report) else {
                errors("archiver-migrate: --goldens needs --module NAME: the tool cannot tell the module from the paths\n")
                return .usage
            }
            let (files, skipped) = GoldenTestWriter.tests(for: report, module: module)
            let folder = resolve(goldens, in: directory)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for file in files {
                    let url = folder.appendingPathComponent(file.fileName)
                    // A test already there may hold the user's edits, or goldens it recorded.
                    if FileManager.default.fileExists(atPath: url.path), (try? String(contentsOf: url, encoding: .utf8)) != file.text, !options.force {
                        errors("archiver-migrate: \(goldens)/\(file.fileName) exists and differs; not overwritten (pass --force to replace it)\n")
                        status = .leftInPlace
                        continue
                    }
                    try Data(file.text.utf8).write(to: url, options: .atomic)
                    errors("archiver-migrate: wrote \(goldens)/\(file.fileName)\n")
                }
            } catch {
                errors("archiver-migrate: cannot write the golden tests in \(goldens): \(error.localizedDescription)\n")
                status = .leftInPlace
            }
            for (type, reason) in skipped {
                errors("archiver-migrate: no golden test for \(type): \(reason)\n")
            }
        }

        let left = report.diagnostics.filter { $0.severity == .leftInPlace }.count
        errors("archiver-migrate: \(report.convertedTypes.count) type\(report.convertedTypes.count == 1 ? "" : "s") converted\(report.convertedTypes.isEmpty ? "" : " (\(report.convertedTypes.joined(separator: ", ")))"), \(left) left in place\n")
        return status
    }

    private static func resolve(_ path: String, in directory: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : directory.appendingPathComponent(path).standardizedFileURL
    }

    /// The Swift files at `url`: the file itself, or the files of a folder and its subfolders.
    private static func swiftFiles(at url: URL, named path: String) -> [(String, URL)] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [(path, url)] }
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        var files: [(String, URL)] = []
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift"), !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { continue }
            let display = path.hasSuffix("/") ? path + relative : path + "/" + relative
            files.append((display, url.appendingPathComponent(relative)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// `Models` for types declared under `Sources/Models/`.
    private static func inferredModule(report: MigrationReport) -> String? {
        let modules = Set(report.declaringFiles.values.compactMap(Migrator.moduleName(of:)))
        return modules.count == 1 ? modules.first : nil
    }
}
