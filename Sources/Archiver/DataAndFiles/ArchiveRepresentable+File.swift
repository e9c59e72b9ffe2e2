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
    /// - Throws: ``ArchiveDataError`` naming the file; nothing is written then.
    public func write(to url: URL) throws(ArchiveDataError) {
        let data: Data
        do {
            data = try archivedData()
        } catch {
            throw error.at(url)
        }
        try ArchiveFile.write(data, to: url, typeName: String(describing: Self.self))
    }

    /// Reads a value from the file at `url`: one ``write(to:)`` wrote, or a keyed archive that
    /// Archiver 0.6 or `NSKeyedArchiver.archiveRootObject(_:toFile:)` wrote.
    ///
    /// ```swift
    /// let movie = try Movie(contentsOf: url)
    /// ```
    ///
    /// - Throws: ``ArchiveDataError`` naming the file: missing, too large, not an archive, a
    ///   refused keyed archive, or an archive the type rejects.
    public init(contentsOf url: URL, keyedArchiveOptions: KeyedArchiveOptions = .propertyListClassesOnly) throws(ArchiveDataError) {
        let data = try ArchiveFile.read(url, typeName: String(describing: Self.self))
        do {
            try self.init(archivedData: data, keyedArchiveOptions: keyedArchiveOptions)
        } catch {
            throw error.at(url)
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
    public func write(to url: URL) throws(ArchiveDataError) {
        let data: Data
        do {
            data = try archivedData()
        } catch {
            throw error.at(url)
        }
        try ArchiveFile.write(data, to: url, typeName: String(describing: Self.self))
    }

    /// Reads an array from the file at `url`: one ``write(to:)`` wrote, or a keyed archive of an array.
    ///
    /// ```swift
    /// let sessions = try [Session](contentsOf: url)
    /// ```
    public init(contentsOf url: URL, keyedArchiveOptions: KeyedArchiveOptions = .propertyListClassesOnly) throws(ArchiveDataError) {
        let data = try ArchiveFile.read(url, typeName: String(describing: Self.self))
        do {
            try self.init(archivedData: data, keyedArchiveOptions: keyedArchiveOptions)
        } catch {
            throw error.at(url)
        }
    }
}

/// Files at URLs the caller names, through ``FileIO`` like the archiver's own.
enum ArchiveFile {
    static func write(_ data: Data, to url: URL, typeName: String) throws(ArchiveDataError) {
        guard url.isFileURL else {
            throw ArchiveDataError(typeName: typeName, file: url, reason: .fileSystem(operation: "write", reason: "not a file URL"))
        }
        // Staged beside the destination, so that the rename stays on one volume.
        let folder = url.deletingLastPathComponent().path
        do {
            try FileIO.writeAtomically(data, to: url.path, stagingDirectory: folder)
        } catch {
            let (operation, reason) = error.operationAndReason(missingDirectory: "the folder does not exist")
            throw ArchiveDataError(typeName: typeName, file: url, reason: .fileSystem(operation: operation, reason: reason))
        }
    }

    static func read(_ url: URL, typeName: String) throws(ArchiveDataError) -> Data {
        guard url.isFileURL else {
            throw ArchiveDataError(typeName: typeName, file: url, reason: .fileSystem(operation: "read", reason: "not a file URL"))
        }
        let result: FileIO.ReadResult
        do {
            result = try FileIO.readFile(url.path, limit: maximumFileSize)
        } catch {
            // A read that finds no folder finds no file.
            if case .missingDirectory = error { throw ArchiveDataError(typeName: typeName, file: url, reason: .missingFile) }
            let (operation, reason) = error.operationAndReason(missingDirectory: "")
            throw ArchiveDataError(typeName: typeName, file: url, reason: .fileSystem(operation: operation, reason: reason))
        }
        switch result {
        case .missing: throw ArchiveDataError(typeName: typeName, file: url, reason: .missingFile)
        case .notRegularFile: throw ArchiveDataError(typeName: typeName, file: url, reason: .notAnArchive("is not a regular file"))
        case .tooLarge(let size): throw ArchiveDataError(typeName: typeName, file: url, reason: .fileTooLarge(size: size, limit: maximumFileSize))
        case .contents(let data): return data
        }
    }
}

extension ArchiveDataError {
    /// This error, naming the file it concerns.
    func at(_ url: URL) -> ArchiveDataError {
        ArchiveDataError(typeName: typeName, file: url, reason: reason)
    }
}
