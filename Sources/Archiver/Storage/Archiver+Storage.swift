import Foundation

extension Archiver {
    /// Where one type's archives live: its folder, and the name errors give it.
    struct Folder {
        var typeName: String
        var directoryName: String

        init<Value: Archivable>(_ type: Value.Type) {
            typeName = String(describing: type)
            directoryName = type.directoryName
        }

        init(typeName: String, directoryName: String) {
            self.typeName = typeName
            self.directoryName = directoryName
        }
    }

    // MARK: Locations

    /// The folder that holds the archives of `type`.
    ///
    /// ```swift
    /// try Archiver.default.directoryURL(for: User.self)  // …/com.MyApp.archives/User
    /// ```
    public func directoryURL<Value: Archivable>(for type: Value.Type) throws(ArchiverError) -> URL {
        try directoryURL(of: Folder(type))
    }

    /// The file that holds, or would hold, the archive of the `type` value with id `resourceID`.
    ///
    /// ```swift
    /// try Archiver.default.fileURL(for: User.self, resourceID: "abcd")  // …/User/abcd.plist
    /// try Archiver.default.fileURL(for: User.self, resourceID: "../x")  // …/User/%2E.%2Fx.plist
    /// ```
    public func fileURL<Value: Archivable>(for type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> URL {
        try fileURL(in: Folder(type), id: Value.text(forResourceID: resourceID)).url
    }

    func directoryURL(of folder: Folder) throws(ArchiverError) -> URL {
        guard let archiveDirectory = archiveDirectoryURL else { throw .noArchiveDirectory(type: folder.typeName) }
        guard let component = ArchiveFileName.component(for: folder.directoryName) else {
            throw .fileSystem(operation: "use the empty directory name of", file: archiveDirectory, reason: folder.typeName)
        }
        return archiveDirectory.appendingPathComponent(component, isDirectory: true)
    }

    private func fileURL(in folder: Folder, id: String) throws(ArchiverError) -> (url: URL, form: ArchiveFileName.Form) {
        guard let (stem, form) = ArchiveFileName.stem(for: id) else { throw .emptyIdentifier(type: folder.typeName) }
        let url = try directoryURL(of: folder).appendingPathComponent(stem + "." + ArchiveFileName.fileExtension, isDirectory: false)
        return (url, form)
    }

    private func stagingDirectory() -> URL? {
        archiveDirectoryURL?.appendingPathComponent(".staging", isDirectory: true)
    }

    // MARK: Store

    /// Stores the archive of `value`, replacing any earlier one with the same id, and returns
    /// the file's URL.
    ///
    /// ```swift
    /// let url = try Archiver.default.store(user)  // …/User/abcd-efgh-ijkl-mnop.plist
    /// ```
    ///
    /// - Throws: ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)`` when the archive
    ///   holds a value a property list cannot (nothing is written then),
    ///   ``ArchiverError/emptyIdentifier(type:)``, or ``ArchiverError/fileSystem(operation:file:reason:)``.
    @discardableResult
    public func store<Value: Archivable>(_ value: Value) throws(ArchiverError) -> URL {
        let folder = Folder(Value.self)
        let id = Value.text(forResourceID: value.id)
        let data: Data
        do {
            data = try PropertyListCoding.data(for: value.archiveValue, maximumDepth: limits.maximumDepth)
        } catch {
            switch error {
            case .unsupportedValue(let keyPath, let found):
                throw .invalidPropertyList(type: folder.typeName, id: id, keyPath: keyPath, found: found)
            case .malformed(let reason):
                throw .invalidPropertyList(type: folder.typeName, id: id, keyPath: "", found: reason)
            }
        }
        return try store(data, in: folder, id: id)
    }

    /// Writes `data` as the file of `id` in `folder`, atomically.
    func store(_ data: Data, in folder: Folder, id: String) throws(ArchiverError) -> URL {
        let (url, form) = try fileURL(in: folder, id: id)
        if form == .hashed {
            hashedNameLock.lock()
            defer { hashedNameLock.unlock() }
            let identifierURL = url.deletingPathExtension().appendingPathExtension(ArchiveFileName.identifierExtension)
            try writeAtomically(Data(id.utf8), to: identifierURL)
            try writeAtomically(data, to: url)
        } else {
            try writeAtomically(data, to: url)
        }
        return url
    }

    private func writeAtomically(_ data: Data, to url: URL) throws(ArchiverError) {
        guard let staging = stagingDirectory() else { throw .noArchiveDirectory(type: url.deletingLastPathComponent().lastPathComponent) }
        sweepStaleTemporaryFiles(in: staging)
        // A folder can vanish between attempts when another thread clears the archiver. Retrying
        // lets the last writer win instead of failing; the bound only stops a writer that races a
        // tight loop of clears forever (each retry costs two directory creations, no more).
        let maximumAttempts = 64
        var attempts = 0
        while true {
            do {
                try FileIO.writeAtomically(data, to: url.path, stagingDirectory: staging.path)
                return
            } catch .missingDirectory where attempts < maximumAttempts {
                attempts += 1
                do {
                    try FileIO.createDirectory(url.deletingLastPathComponent().path)
                    try FileIO.createDirectory(staging.path)
                } catch {
                    if attempts == maximumAttempts { throw Self.error(error, file: url) }
                }
            } catch {
                throw Self.error(error, file: url)
            }
        }
    }

    /// How old a temporary file in the staging folder must be before a sweep deletes it: far
    /// longer than any write takes, so that only the leftovers of killed writers go.
    static let staleTemporaryFileAge: TimeInterval = 60 * 60

    /// Deletes the temporary files that writers killed mid-write left in `staging`, the first time
    /// this archiver writes there. Best effort: a sweep that fails leaves orphans, never an error.
    func sweepStaleTemporaryFiles(in staging: URL) {
        let isFirstWrite = sweptStagingDirectories.withLock { $0.insert(staging.path).inserted }
        guard isFirstWrite, let names = try? FileManager.default.contentsOfDirectory(atPath: staging.path) else { return }
        let cutoff = Date().addingTimeInterval(-Self.staleTemporaryFileAge)
        for name in names where name.hasSuffix(".tmp") {
            let path = staging.appendingPathComponent(name).path
            guard let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  modified < cutoff
            else { continue }
            try? FileIO.remove(path)
        }
    }

    // MARK: Load

    /// Loads the `type` value stored under `resourceID`; `nil` if there is none.
    ///
    /// ```swift
    /// let user = try Archiver.default.load(User.self, resourceID: "abcd-efgh-ijkl-mnop")
    /// ```
    ///
    /// - Throws: ``ArchiverError/corruptFile(type:id:file:reason:)`` for a file that is not an
    ///   archive, ``ArchiverError/decodingFailed(type:id:file:error:)`` for one the type rejects,
    ///   ``ArchiverError/fileTooLarge(type:id:file:size:limit:)``, or ``ArchiverError/emptyIdentifier(type:)``.
    public func load<Value: Archivable>(_ type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> Value? {
        try load(type, text: Value.text(forResourceID: resourceID))
    }

    private func load<Value: Archivable>(_ type: Value.Type, text id: String) throws(ArchiverError) -> Value? {
        let folder = Folder(type)
        guard let (archive, url) = try loadArchive(in: folder, id: id) else { return nil }
        do {
            return try Value.decode(archive: archive)
        } catch {
            throw .decodingFailed(type: folder.typeName, id: id, file: url, error: error)
        }
    }

    /// The archive dictionary stored for the `type` value with id `resourceID`, without decoding it.
    ///
    /// ```swift
    /// let archive = try Archiver.default.archive(for: User.self, resourceID: "abcd")
    /// archive?["name"]  // "George Costanza"
    /// ```
    public func archive<Value: Archivable>(for type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> Archive? {
        try loadArchive(in: Folder(type), id: Value.text(forResourceID: resourceID))?.archive
    }

    func loadArchive(in folder: Folder, id: String) throws(ArchiverError) -> (archive: Archive, url: URL)? {
        guard let (data, url) = try loadData(in: folder, id: id) else { return nil }
        do {
            let archive = try PropertyListCoding.archive(
                from: data, maximumDepth: limits.maximumDepth, keyedArchiveOptions: .propertyListClassesOnly)
            return (archive, url)
        } catch {
            switch error {
            case .propertyList(.malformed(let reason)), .propertyList(.unsupportedValue(_, let reason)):
                throw .corruptFile(type: folder.typeName, id: id, file: url, reason: reason)
            case .refusedKeyedArchive(let error):
                throw .refusedKeyedArchive(type: folder.typeName, id: id, file: url, error: error)
            }
        }
    }

    /// The bytes of the file of `id` in `folder`; `nil` if there is none.
    func loadData(in folder: Folder, id: String) throws(ArchiverError) -> (data: Data, url: URL)? {
        let (url, _) = try fileURL(in: folder, id: id)
        let limit = limits.maximumFileSize
        let result: FileIO.ReadResult
        do {
            result = try FileIO.readFile(url.path, limit: limit)
        } catch {
            throw Self.error(error, file: url)
        }
        switch result {
        case .missing:
            return nil
        case .notRegularFile:
            throw .corruptFile(type: folder.typeName, id: id, file: url, reason: "is not a regular file")
        case .tooLarge(let size):
            throw .fileTooLarge(type: folder.typeName, id: id, file: url, size: size, limit: limit)
        case .contents(let data):
            return (data, url)
        }
    }

    // MARK: Delete

    /// Deletes the archive of the `type` value with id `resourceID`; one that is not stored is
    /// not an error.
    ///
    /// ```swift
    /// try Archiver.default.delete(User.self, resourceID: "abcd-efgh-ijkl-mnop")
    /// ```
    public func delete<Value: Archivable>(_ type: Value.Type, resourceID: Value.ID) throws(ArchiverError) {
        try delete(in: Folder(type), id: Value.text(forResourceID: resourceID))
    }

    func delete(in folder: Folder, id: String) throws(ArchiverError) {
        let (url, form) = try fileURL(in: folder, id: id)
        do throws(FileIO.Failure) {
            if form == .hashed {
                hashedNameLock.lock()
                defer { hashedNameLock.unlock() }
                try FileIO.remove(url.path)
                try FileIO.remove(url.deletingPathExtension().appendingPathExtension(ArchiveFileName.identifierExtension).path)
            } else {
                try FileIO.remove(url.path)
            }
        } catch {
            throw Self.error(error, file: url)
        }
    }

    // MARK: Whole types

    /// The ids of every stored value of `type`, sorted: by value when the id type is `Comparable`,
    /// else by text. A file whose name is no id of the type (`notes.plist` beside `Int` ids) is
    /// left out; ``loadAll(_:failures:)`` reports it.
    ///
    /// ```swift
    /// try Archiver.default.resourceIDs(of: User.self)        // ["abcd-efgh-ijkl-mnop", …]
    /// try Archiver.default.resourceIDs(of: Repository.self)  // [9, 1296269]
    /// ```
    public func resourceIDs<Value: Archivable>(of type: Value.Type) throws(ArchiverError) -> [Value.ID] {
        try typedResourceIDs(of: type).ids.map(\.id)
    }

    /// The stored ids of `type` that parse, in order, and the texts of the names that do not.
    private func typedResourceIDs<Value: Archivable>(
        of type: Value.Type
    ) throws(ArchiverError) -> (ids: [(id: Value.ID, text: String)], unparsed: [String]) {
        var ids: [(id: Value.ID, text: String)] = []
        var unparsed: [String] = []
        for text in try resourceIDs(in: Folder(type)) {
            if let id = Value.resourceID(fromText: text) { ids.append((id, text)) } else { unparsed.append(text) }
        }
        return (ResourceIDOrder.sorted(ids), unparsed)
    }

    func resourceIDs(in folder: Folder) throws(ArchiverError) -> [String] {
        let directory = try directoryURL(of: folder)
        let names: [String]
        do {
            names = try FileIO.contents(of: directory.path)
        } catch {
            throw Self.error(error, file: directory)
        }
        let suffix = "." + ArchiveFileName.fileExtension
        var ids: [String] = []
        for name in names where name.hasSuffix(suffix) {
            let stem = String(name.dropLast(suffix.count))
            guard let (id, form) = ArchiveFileName.identifier(forStem: stem) else { continue }
            if let id {
                ids.append(id)
            } else if form == .hashed, let id = hashedIdentifier(stem: stem, in: directory) {
                ids.append(id)
            }
        }
        return ids.sorted()
    }

    /// The id kept beside a hashed file, if it is there and hashes to the file's name.
    private func hashedIdentifier(stem: String, in directory: URL) -> String? {
        let url = directory.appendingPathComponent(stem + "." + ArchiveFileName.identifierExtension)
        guard case .contents(let data)? = try? FileIO.readFile(url.path, limit: limits.maximumFileSize),
              let id = String(data: data, encoding: .utf8),
              ArchiveFileName.stem(for: id)?.stem == stem
        else { return nil }
        return id
    }

    /// Every stored value of `type`, sorted by id. Files that cannot be read or decoded are skipped,
    /// as ``Archivable/init(resourceID:)`` treats them; use ``loadAll(_:failures:)`` to see them.
    ///
    /// ```swift
    /// let users = try Archiver.default.loadAll(User.self)
    /// ```
    public func loadAll<Value: Archivable>(_ type: Value.Type) throws(ArchiverError) -> [Value] {
        var failures: [ArchiverError] = []
        return try loadAll(type, failures: &failures)
    }

    /// Every stored value of `type` that loads, sorted by id, with an error for each that does not.
    ///
    /// ```swift
    /// var failures: [ArchiverError] = []
    /// let users = try Archiver.default.loadAll(User.self, failures: &failures)
    /// ```
    public func loadAll<Value: Archivable>(_ type: Value.Type, failures: inout [ArchiverError]) throws(ArchiverError) -> [Value] {
        var values: [Value] = []
        let (ids, unparsed) = try typedResourceIDs(of: type)
        for (_, text) in ids {
            do {
                if let value = try load(type, text: text) { values.append(value) }
            } catch {
                failures.append(error)
            }
        }
        let folder = Folder(type)
        for text in unparsed {
            let file = (try? fileURL(in: folder, id: text).url) ?? URL(fileURLWithPath: text)
            failures.append(.corruptFile(type: folder.typeName, id: text, file: file,
                                         reason: "its name is no \(Value.ID.self) id of \(folder.typeName)"))
        }
        return values
    }

    /// Deletes every stored value of `type`.
    ///
    /// ```swift
    /// try Archiver.default.deleteAll(User.self)
    /// ```
    public func deleteAll<Value: Archivable>(_ type: Value.Type) throws(ArchiverError) {
        let directory = try directoryURL(of: Folder(type))
        guard let staging = stagingDirectory() else { throw .noArchiveDirectory(type: String(describing: type)) }
        do {
            try FileIO.createDirectory(staging.path)
            try FileIO.removeDirectory(directory.path, via: staging.appendingPathComponent(UUID().uuidString + ".deleting").path)
        } catch {
            throw Self.error(error, file: directory)
        }
    }

    static func error(_ failure: FileIO.Failure, file: URL) -> ArchiverError {
        let (operation, reason) = failure.operationAndReason(missingDirectory: "its folder could not be created")
        return .fileSystem(operation: operation, file: file, reason: reason)
    }
}
