import Foundation

/// The largest file ``ArchiveRepresentable/init(contentsOf:keyedArchiveOptions:)`` reads: the
/// default of ``Archiver/Limits/maximumFileSize``.
private let maximumFileSize = Archiver.Limits().maximumFileSize

extension ArchiveRepresentable {
    /// Writes this value's archive to the file at `url`, atomically: a reader sees the old file or
    /// the new one, whole. The folder must exist. The bytes are staged in a `<UUID>.tmp` file in
    /// the same folder and renamed over `url`; only a process killed mid-write leaves one behind.
    ///
    /// ```swift
    /// let url = URL(fileURLWithPath: "/tmp/movie.plist")
    /// try movie.write(to: url)
    /// let again = try Movie(contentsOf: url)
    /// ```
    ///
    /// - Throws: ``ArchiverError`` naming the file: ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)``
    ///   or ``ArchiverError/fileSystem(operation:file:reason:)``; nothing is written then.
    public func write(to url: URL) throws(ArchiverError) {
        try ArchiveFile.write(to: url, typeName: String(describing: Self.self), archivedData)
    }

    /// Reads a value from the file at `url`: one ``write(to:)`` wrote, or a keyed archive that
    /// Archiver 0.6 or `NSKeyedArchiver.archiveRootObject(_:toFile:)` wrote.
    ///
    /// ```swift
    /// let movie = try Movie(contentsOf: url)
    /// ```
    ///
    /// - Throws: ``ArchiverError`` naming the file: ``ArchiverError/missingFile(type:file:)``,
    ///   ``ArchiverError/fileTooLarge(type:id:file:size:limit:)``, ``ArchiverError/corruptFile(type:id:file:reason:)``,
    ///   ``ArchiverError/refusedKeyedArchive(type:id:file:error:)`` or ``ArchiverError/decodingFailed(type:id:file:error:)``.
    public init(contentsOf url: URL, keyedArchiveOptions: KeyedArchiveOptions = KeyedArchiveOptions()) throws(ArchiverError) {
        self = try ArchiveFile.read(url, typeName: String(describing: Self.self)) { (data) throws(ArchiverError) in
            try Self(archivedData: data, keyedArchiveOptions: keyedArchiveOptions)
        }
    }
}

extension Array where Element: ArchiveRepresentable {
    /// Writes the archives of these values to the file at `url`, atomically.
    ///
    /// ```swift
    /// try sessions.write(to: url)
    /// let again = try [Session](contentsOf: url)
    /// ```
    public func write(to url: URL) throws(ArchiverError) {
        try ArchiveFile.write(to: url, typeName: String(describing: Self.self), archivedData)
    }

    /// Reads an array from the file at `url`: one ``write(to:)`` wrote, or a keyed archive of an array.
    ///
    /// ```swift
    /// let sessions = try [Session](contentsOf: url)
    /// ```
    public init(contentsOf url: URL, keyedArchiveOptions: KeyedArchiveOptions = KeyedArchiveOptions()) throws(ArchiverError) {
        self = try ArchiveFile.read(url, typeName: String(describing: Self.self)) { (data) throws(ArchiverError) in
            try Self(archivedData: data, keyedArchiveOptions: keyedArchiveOptions)
        }
    }
}

/// Files at URLs the caller names, through ``FileIO`` like the archiver's own.
enum ArchiveFile {
    /// Writes what `encode` returns to `url`; an encoding error is made to name the file.
    static func write(to url: URL, typeName: String, _ encode: () throws(ArchiverError) -> Data) throws(ArchiverError) {
        let data: Data
        do {
            data = try encode()
        } catch {
            throw error.at(url)
        }
        guard url.isFileURL else {
            throw .fileSystem(operation: "write", file: url, reason: "not a file URL")
        }
        // Staged beside the destination, so that the rename stays on one volume.
        let folder = url.deletingLastPathComponent().path
        do {
            try FileIO.writeAtomically(data, to: url.path, stagingDirectory: folder)
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
            if case .missingDirectory = error { throw .missingFile(type: typeName, file: url) }
            let (operation, reason) = error.operationAndReason(missingDirectory: "")
            throw .fileSystem(operation: operation, file: url, reason: reason)
        }
        switch result {
        case .missing: throw .missingFile(type: typeName, file: url)
        case .notRegularFile: throw .corruptFile(type: typeName, id: nil, file: url, reason: "is not a regular file")
        case .tooLarge(let size): throw .fileTooLarge(type: typeName, id: nil, file: url, size: size, limit: maximumFileSize)
        case .contents(let data): return data
        }
    }
}
