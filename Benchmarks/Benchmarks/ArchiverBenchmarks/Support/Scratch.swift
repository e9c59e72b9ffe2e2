import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A benchmark's own folder in the temporary directory, made before its runs and removed after.
struct Scratch: Sendable {
    let url: URL

    var path: String { url.path }

    /// The folder for the benchmark named `name`, in a folder of this process's.
    init(_ name: String) {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("archiver-benchmarks-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
    }

    func create() throws {
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes this folder, and the process's folder once it is empty: the harness runs each
    /// benchmark in a process of its own.
    func remove() {
        try? FileManager.default.removeItem(at: url)
        rmdir(url.deletingLastPathComponent().path)
    }

    /// The path of the file named `name` in this folder.
    func file(_ name: String) -> String {
        url.appendingPathComponent(name, isDirectory: false).path
    }
}
