import Foundation

/// The largest file ``ArchiveFile`` reads: the default of ``Archiver/Limits/maximumFileSize``.
private let maximumFileSize = Archiver.Limits().maximumFileSize

/// Files at URLs the caller names, through ``FileIO`` like the archiver's own: what
/// ``ArchiveComparison/measure(_:runs:in:)`` stores and loads.
enum ArchiveFile {
    /// Writes what `encode` returns to `url`; an encoding error is made to name the file.
    static func write(to url: URL, _ encode: () throws(ArchiverError) -> Data) throws(ArchiverError) {
        let data: Data
        do {
            data = try encode()
        } catch {
            throw error.at(url)
        }
        guard url.isFileURL else {
            throw .fileSystem(operation: "write", file: url, reason: "not a file URL")
        }
        // Staged beside the destination, so that the rename stays on one volume; not flushed,
        // as PropertyListEncoder's way in `measure` is not, so that both ways do equal I/O.
        let folder = url.deletingLastPathComponent().path
        do {
            try FileIO.writeAtomically(data, named: url.lastPathComponent, in: folder, stagingDirectory: folder, durable: false, hooks: nil)
        } catch {
            let (operation, reason) = error.operationAndReason(missingDirectory: "the folder does not exist")
            throw .fileSystem(operation: operation, file: url, reason: reason)
        }
    }

    /// Reads `url` and decodes it with `decode`; a decoding error is made to name the file.
    static func read<Value>(
        _ url: URL, typeName: String, _ decode: (Data) throws(ArchiverError) -> Value
    ) throws(ArchiverError) -> Value {
        let data = try read(url, typeName: typeName)
        do {
            return try decode(data)
        } catch {
            throw error.at(url)
        }
    }

    private static func read(_ url: URL, typeName: String) throws(ArchiverError) -> Data {
        guard url.isFileURL else {
            throw .fileSystem(operation: "read", file: url, reason: "not a file URL")
        }
        let result: FileIO.ReadResult
        do {
            result = try FileIO.readFile(url.path, limit: maximumFileSize)
        } catch {
            // A read that finds no folder finds no file.
            if case .missingDirectory = error { throw .fileSystem(operation: "read", file: url, reason: "no such file") }
            let (operation, reason) = error.operationAndReason(missingDirectory: "")
            throw .fileSystem(operation: operation, file: url, reason: reason)
        }
        switch result {
        case .missing: throw .fileSystem(operation: "read", file: url, reason: "no such file")
        case .notRegularFile: throw .corruptFile(type: typeName, id: nil, file: url, reason: "is not a regular file")
        case .tooLarge(let size): throw .fileTooLarge(type: typeName, id: nil, file: url, size: size, limit: maximumFileSize)
        case .contents(let data): return data
        }
    }
}
