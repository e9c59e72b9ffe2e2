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

    /// Stores the archive of `value`: what ``Archivable/store(in:)`` does.
    @discardableResult
    func storeValue<Value: Archivable>(_ value: Value) throws(ArchiverError) -> URL {
        let folder = Folder(Value.self)
        let id = Value.text(forResourceID: value.id)
        let data: Data
        do {
            data = try PropertyListCoding.data(for: value.archiveValue, maximumDepth: limits.maximumDepth)
        } catch {
            throw .writing(folder.typeName, id: id, error)
        }
        return try store(data, in: folder, id: id)
    }

    /// Writes `data` as the file of `id` in `folder`, atomically, and removes the file an earlier
    /// version named differently, so that the value is found under one name from then on.
    func store(_ data: Data, in folder: Folder, id: String) throws(ArchiverError) -> URL {
        let (url, form) = try fileURL(in: folder, id: id)
        beginWrite(in: folder, id: id); defer { endWrite(in: folder, id: id) }  // Cache/: memory, expiry, eviction
        try adoptLegacyDirectory(of: folder)
        if form == .hashed {
            folderLock.lock()
            defer { folderLock.unlock() }
            let identifierURL = url.deletingPathExtension().appendingPathExtension(ArchiveFileName.identifierExtension)
            try writeAtomically(Data(id.utf8), to: identifierURL)
            try writeAtomically(data, to: url)
            // A clear in another process may take the id file between the two writes; without
            // it the archive would load by id but never be listed.
            if case .missing? = try? FileIO.readFile(named: identifierURL.lastPathComponent,
                                                    in: url.deletingLastPathComponent().path, limit: 0) {
                try writeAtomically(Data(id.utf8), to: identifierURL)
            }
        } else {
            try writeAtomically(data, to: url)
        }
        try removeLegacyFiles(of: id, in: url.deletingLastPathComponent())
        didStore(in: folder, id: id, url: url, size: data.count)  // Cache/: observers, size limit
        return url
    }

    /// Removes the files earlier versions wrote for `id` under other names in `directory`.
    private func removeLegacyFiles(of id: String, in directory: URL) throws(ArchiverError) {
        for stem in ArchiveFileName.legacyStems(for: id) {
            do {
                try FileIO.remove(named: stem + "." + ArchiveFileName.fileExtension, in: directory.path)
                if ArchiveFileName.identifier(forStem: stem)?.form == .hashed {
                    try FileIO.remove(named: stem + "." + ArchiveFileName.identifierExtension, in: directory.path)
                }
            } catch {
                throw Self.error(error, file: directory)
            }
        }
    }

    private func writeAtomically(_ data: Data, to url: URL) throws(ArchiverError) {
        guard let staging = stagingDirectory() else { throw .noArchiveDirectory(type: url.deletingLastPathComponent().lastPathComponent) }
        let directory = url.deletingLastPathComponent()
        sweepLeftovers(staging: staging, typeDirectory: directory)
        // A folder can vanish between attempts when another thread clears the archiver. Retrying
        // lets the last writer win instead of failing. A writer that a tight loop of clears keeps
        // starving takes the lock clears take, which stops those of this process; the bound only
        // stops one that clears in other processes starve forever.
        let attemptsUnlocked = 8, maximumAttempts = 64
        var attempts = 0
        var locked = false
        defer { if locked { folderLock.unlock() } }
        while true {
            do {
                try FileIO.writeAtomically(data, named: url.lastPathComponent, in: directory.path, stagingDirectory: staging.path)
                return
            } catch .missingDirectory where attempts < maximumAttempts {
                attempts += 1
                if attempts == attemptsUnlocked {
                    folderLock.lock()
                    locked = true
                }
                do {
                    try FileIO.createFolder(directory.path)
                    try FileIO.createFolder(staging.path)
                } catch {
                    if attempts == maximumAttempts { throw Self.error(error, file: url) }
                }
            } catch {
                throw Self.error(error, file: url)
            }
        }
    }

    /// How old a temporary file or trash folder must be before a sweep deletes it: far longer
    /// than any write or clear takes, so that only the leftovers of killed processes go.
    static let staleTemporaryFileAge: TimeInterval = 60 * 60

    /// Deletes what killed processes left, the first time this archiver writes to each folder:
    /// temporary files in `.staging` and beside archives (`*.tmp`), and the trash of clears
    /// (`*.deleting*`) in the staging folder, the archive directory and beside it. Best effort: a
    /// sweep that fails leaves orphans, never an error. It never follows a link.
    func sweepLeftovers(staging: URL, typeDirectory: URL) {
        let cutoff = Date().addingTimeInterval(-Self.staleTemporaryFileAge)
        if isFirstSweep(of: staging) {
            FileIO.sweep(staging.path, before: cutoff) { $0.hasSuffix(".tmp") || $0.contains(".deleting") }
            let archives = staging.deletingLastPathComponent()
            FileIO.sweep(archives.path, before: cutoff) { $0.hasPrefix(".") && $0.contains(".deleting") }
            let trashPrefix = ".\(archives.lastPathComponent).deleting-"
            FileIO.sweep(archives.deletingLastPathComponent().path, before: cutoff) { $0.hasPrefix(trashPrefix) }
        }
        if isFirstSweep(of: typeDirectory) {
            FileIO.sweep(typeDirectory.path, before: cutoff) { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
        }
    }

    private func isFirstSweep(of directory: URL) -> Bool {
        sweptDirectories.withLock { $0.insert(directory.path).inserted }
    }

    // MARK: Load

    /// Loads the `type` value stored under `resourceID`: what ``Archivable/load(resourceID:in:)`` does.
    func loadValue<Value: Archivable>(_ type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> Value? {
        try load(type, text: Value.text(forResourceID: resourceID))
    }

    private func load<Value: Archivable>(_ type: Value.Type, text id: String) throws(ArchiverError) -> Value? {
        if let remembered = rememberedValue(type, id: id) { return remembered }  // Cache/: memory layer
        let folder = Folder(type)
        let generation = cache.generation
        guard let (data, url) = try loadData(in: folder, id: id) else { return nil }
        return try decode(type, archive: archive(from: data, in: folder, id: id, file: url), in: folder, id: id,
                          file: url, size: data.count, readAt: generation)
    }

    /// Decodes a `type` value from the archive read from `url`, and remembers it in memory.
    func decode<Value: Archivable>(
        _ type: Value.Type, archive: Archive, in folder: Folder, id: String, file url: URL, size: Int, readAt generation: UInt64
    ) throws(ArchiverError) -> Value {
        let value: Value
        do {
            value = try Value.decode(archive: archive)
        } catch {
            throw .decodingFailed(type: folder.typeName, id: id, file: url, error: error)
        }
        remember(value, in: folder, id: id, file: url, size: size, readAt: generation)
        return value
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
        return try (archive(from: data, in: folder, id: id, file: url), url)
    }

    /// The archive in `data`, read from `url`.
    func archive(from data: Data, in folder: Folder, id: String, file url: URL) throws(ArchiverError) -> Archive {
        do {
            return try PropertyListCoding.archive(
                from: data, maximumDepth: limits.maximumDepth, keyedArchiveOptions: .propertyListClassesOnly)
        } catch {
            throw .reading(folder.typeName, id: id, error).at(url)
        }
    }

    /// The bytes of the file of `id` in `folder`; `nil` if there is none. A file an earlier
    /// version named differently is read when today's is absent.
    func loadData(in folder: Folder, id: String) throws(ArchiverError) -> (data: Data, url: URL)? {
        let (url, _) = try fileURL(in: folder, id: id)
        let directory = try currentDirectoryURL(of: folder)
        let stems = [url.deletingPathExtension().lastPathComponent] + ArchiveFileName.legacyStems(for: id)
        let limit = limits.maximumFileSize
        for stem in stems {
            let file = directory.appendingPathComponent(stem + "." + ArchiveFileName.fileExtension, isDirectory: false)
            let result: FileIO.ReadResult
            do {
                result = try FileIO.readFile(named: file.lastPathComponent, in: directory.path, limit: limit)
            } catch {
                throw Self.error(error, file: file)
            }
            switch result {
            case .missing:
                continue
            case .notRegularFile:
                throw .corruptFile(type: folder.typeName, id: id, file: file, reason: "is not a regular file (a folder, link or device)")
            case .tooLarge(let size):
                throw .fileTooLarge(type: folder.typeName, id: id, file: file, size: size, limit: limit)
            case .contents(let data):
                if let expired = expiry(of: file, in: folder, id: id) { throw expired }  // Cache/: expiry
                return (data, file)
            }
        }
        return nil
    }

    // MARK: Delete

    /// Deletes the archive of the `type` value with id `resourceID`: what ``Archivable/delete(resourceID:in:)`` does.
    func deleteValue<Value: Archivable>(_ type: Value.Type, resourceID: Value.ID) throws(ArchiverError) {
        try delete(in: Folder(type), id: Value.text(forResourceID: resourceID))
    }

    func delete(in folder: Folder, id: String) throws(ArchiverError) {
        let (url, form) = try fileURL(in: folder, id: id)
        beginWrite(in: folder, id: id); defer { endWrite(in: folder, id: id) }  // Cache/: memory, expiry, eviction
        let directory = try currentDirectoryURL(of: folder)
        do throws(FileIO.Failure) {
            if form == .hashed {
                folderLock.lock()
                defer { folderLock.unlock() }
                try FileIO.remove(named: url.lastPathComponent, in: directory.path)
                try FileIO.remove(named: url.deletingPathExtension().lastPathComponent + "." + ArchiveFileName.identifierExtension,
                                  in: directory.path)
            } else {
                try FileIO.remove(named: url.lastPathComponent, in: directory.path)
            }
        } catch {
            throw Self.error(error, file: url)
        }
        try removeLegacyFiles(of: id, in: directory)
        didDelete(in: folder, id: id)  // Cache/: observers
    }

    // MARK: Whole types

    /// The ids of every stored value of `type`, sorted: what ``Archivable/storedResourceIDs(in:)`` returns.
    func storedIDs<Value: Archivable>(of type: Value.Type) throws(ArchiverError) -> [Value.ID] {
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
        let directory = try currentDirectoryURL(of: folder)
        let names: [String]
        do {
            names = try FileIO.names(in: directory.path)
        } catch {
            throw Self.error(error, file: directory)
        }
        let suffix = "." + ArchiveFileName.fileExtension
        // A value kept under today's name and an earlier one (a store that was killed before it
        // removed the old file) is listed once; so are ids equal under `==`.
        var ids = Set<String>()
        let isUnexpired = unexpiredNames(in: directory)  // Cache/: expiry
        for name in names where name.hasSuffix(suffix) && isUnexpired(name) {
            let stem = String(name.dropLast(suffix.count))
            guard let (id, form) = ArchiveFileName.identifier(forStem: stem) else { continue }
            // Kept as found, not composed: a file 0.6 named with a decomposed id is found by that id.
            if let id {
                ids.insert(id)
            } else if form == .hashed, let id = hashedIdentifier(stem: stem, in: directory) {
                ids.insert(id)
            }
        }
        return ids.sorted()
    }

    /// The id kept beside a hashed file, if it is there and hashes to the file's name.
    func hashedIdentifier(stem: String, in directory: URL) -> String? {
        let name = stem + "." + ArchiveFileName.identifierExtension
        guard case .contents(let data)? = try? FileIO.readFile(named: name, in: directory.path, limit: limits.maximumFileSize),
              let id = String(data: data, encoding: .utf8),
              ArchiveFileName.isStem(stem, of: id)
        else { return nil }
        return id
    }

    /// Every stored value of `type` that loads, with an error for each that does not: what
    /// ``Archivable/loadAll(in:failures:)`` returns.
    func loadAllValues<Value: Archivable>(_ type: Value.Type, failures: inout [ArchiverError]) throws(ArchiverError) -> [Value] {
        var values: [Value] = []
        let (ids, unparsed) = try typedResourceIDs(of: type)
        for (_, text) in ids {
            do {
                if let value = try load(type, text: text) { values.append(value) }
            } catch .expired {
                continue  // expired since it was listed: as if not stored
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

    /// Deletes every stored value of `type`: what ``Archivable/deleteAll(in:)`` does.
    func deleteAllValues<Value: Archivable>(_ type: Value.Type) throws(ArchiverError) {
        let folder = Folder(type)
        let directories = try [directoryURL(of: folder)] + legacyDirectoryURLs(of: folder)
        defer { didClear(folder) }  // Cache/: memory, observers
        try removeFolders(directories)
    }

    /// Removes each folder, renaming it to a `.deleting` sibling first (or emptying it in place),
    /// under the lock that keeps a hashed id's two files together, so that a store never leaves
    /// one without the other.
    func removeFolders(_ directories: [URL]) throws(ArchiverError) {
        folderLock.lock()
        defer { folderLock.unlock() }
        for directory in directories {
            let trash = directory.deletingLastPathComponent()
                .appendingPathComponent(".\(directory.lastPathComponent).deleting-\(UUID().uuidString)")
            do {
                try FileIO.removeFolder(directory.path, via: trash.path)
            } catch {
                throw Self.error(error, file: directory)
            }
        }
    }
}
