import Foundation

/// Whether git can give a file back: `--write` rewrites only files that are committed as they are.
enum GitStatus {
    /// Why the file cannot be rewritten safely, or nil when git holds it unchanged.
    static func uncommittedReason(for url: URL) -> String? {
        let folder = url.deletingLastPathComponent()
        guard let result = run(["status", "--porcelain", "--untracked-files=all", "--", url.lastPathComponent], in: folder) else {
            return "git is not available to tell whether it has uncommitted changes"
        }
        guard result.status == 0 else {
            return "it is not in a git repository, so the rewrite could not be undone"
        }
        let status = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        if !status.isEmpty {
            return status.hasPrefix("??") ? "it is not committed to git" : "it has uncommitted changes"
        }
        // An ignored file shows no status either, and git could not give it back.
        guard run(["ls-files", "--error-unmatch", "--", url.lastPathComponent], in: folder)?.status == 0 else {
            return "it is not committed to git"
        }
        return nil
    }

    private static func run(_ arguments: [String], in folder: URL) -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
