import Foundation

extension Archiver {
    /// Where one type's archives live: its folder, the name errors give it, and how its ids read.
    // Unchecked: the closures hold only the model type's id conversion and decode. The
    // background forms (Cache/) carry a folder to another executor, where a legacy file's owner
    // is decoded off the model's actor; for a main-actor model that is formally outside its
    // isolation (value types only: no state is shared). See the closing note of issue 22's merge.
    struct Folder: @unchecked Sendable {
        var typeName: String
        var directoryName: String
        /// The canonical text of the id whose text is `text`, or `nil` when `text` is no id of the
        /// type: `"7"` for the `Int` text `"007"`, a UUID's upper-case text for its lower-case one.
        var canonicalText: (String) -> String?
        /// The canonical id text of the value `archive` holds, when it decodes; `nil` for folders
        /// whose type is not known here (Codable stores).
        var owner: ((Archive) -> String?)?

        init<Value: Archivable>(_ type: Value.Type) {
            typeName = String(describing: type)
            directoryName = type.directoryName
            canonicalText = { text in Value.resourceID(fromText: text).map { Folder.canonicalText(of: $0, Value.self) } }
            owner = { archive in (try? Value.decode(archive: archive)).map { Folder.canonicalText(of: $0.id, Value.self) } }
        }

        /// The text that names the file of `id`: one for all ids `==` calls equal. The id's text,
        /// composed as `==` sees it, and without a minus sign the id equals without (`-0.0`).
        static func canonicalText<Value: Archivable>(of id: Value.ID, _ type: Value.Type) -> String {
            var text = Value.text(forResourceID: id)
            if text.hasPrefix("-"), let unsigned = Value.resourceID(fromText: String(text.dropFirst())), unsigned == id {
                text = Value.text(forResourceID: unsigned)
            }
            return ArchiveFileName.canonical(text)
        }

        init(typeName: String, directoryName: String) {
            self.typeName = typeName
            self.directoryName = directoryName
            canonicalText = { ArchiveFileName.canonical($0) }
            owner = nil
        }
    }

    // MARK: Locations

    /// The folder that holds the archives of `type` (users ask for a file's, ``fileURL(for:resourceID:)``).
    func directoryURL<Value: Archivable>(for type: Value.Type) throws(ArchiverError) -> URL {
        try directoryURL(of: Folder(type))
    }

    /// The file that holds, or would hold, the archive of the `type` value with id `resourceID`;
    /// its folder holds every archive of the type.
    ///
    /// ```swift
    /// try Archiver.default.fileURL(for: User.self, resourceID: "abcd")  // …/User/abcd.plist
    /// try Archiver.default.fileURL(for: User.self, resourceID: "../x")  // …/User/%2E.%2Fx.plist
    /// ```
    public func fileURL<Value: Archivable>(for type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> URL {
        try fileURL(in: Folder(type), id: Folder.canonicalText(of: resourceID, type), foldingCase: foldsCase()).url
    }

    func directoryURL(of folder: Folder) throws(ArchiverError) -> URL {
        guard let archiveDirectory = archiveDirectoryURL else { throw .noArchiveDirectory(type: folder.typeName) }
        guard let component = ArchiveFileName.component(for: folder.directoryName) else {
            throw .fileSystem(operation: "use the empty directory name of", file: archiveDirectory, reason: folder.typeName)
        }
        return archiveDirectory.appendingPathComponent(component, isDirectory: true)
    }

    private func fileURL(in folder: Folder, id: String, foldingCase: Bool) throws(ArchiverError) -> (url: URL, form: ArchiveFileName.Form) {
        guard let (stem, form) = ArchiveFileName.stem(for: id, foldingCase: foldingCase) else { throw .emptyIdentifier(type: folder.typeName) }
        let url = try directoryURL(of: folder).appendingPathComponent(stem + "." + ArchiveFileName.fileExtension, isDirectory: false)
        return (url, form)
    }

    /// Whether the volume of the archive directory folds case (`aB3` and `Ab3` one name), found
    /// once per archive directory by looking its name up with the case of its letters swapped. A
    /// missing directory holds nothing to find: `false`, not remembered. With `creating` (a
    /// store), the directory is created first, so that the store names its file right.
    func foldsCase(creating: Bool = false) -> Bool {
        guard let archives = archiveDirectoryURL else { return false }
        let path = archives.path
        if let known = caseFolding.withLock({ $0[path] }) { return known }
        if creating { try? FileIO.createFolder(path) }
        var answer = FileIO.foldsCase(path)
        if answer == nil, let staging = stagingDirectory() {
            // The directory's name has no letter to swap; `.staging` has.
            if creating { try? FileIO.createFolder(staging.path) }
            answer = FileIO.foldsCase(staging.path)
        }
        guard let answer else { return false }
        caseFolding.withLock { $0[path] = answer }
        return answer
    }

    private func stagingDirectory() -> URL? {
        archiveDirectoryURL?.appendingPathComponent(".staging", isDirectory: true)
    }

    // MARK: Store

    /// Stores the archive of `value`: what ``Archivable/store(in:)`` does.
    @discardableResult
    func storeValue<Value: Archivable>(_ value: Value) throws(ArchiverError) -> URL {
        let folder = Folder(Value.self)
        let id = Folder.canonicalText(of: value.id, Value.self)
        let data: Data
        do {
            data = try PropertyListCoding.data(of: value, maximumDepth: limits.maximumDepth)
        } catch {
            throw .writing(folder.typeName, id: id, error)
        }
        return try store(data, in: folder, id: id)
    }

    /// Writes `data` as the file of `id` in `folder`, atomically, and removes the files of `id`
    /// under legacy names, so that the value is found under one name from then on.
    func store(_ data: Data, in folder: Folder, id text: String) throws(ArchiverError) -> URL {
        let id = ArchiveFileName.canonical(text)
        beginWrite(in: folder, id: id); defer { endWrite(in: folder, id: id) }  // Cache/: memory, expiry, eviction
        try adoptLegacyDirectory(of: folder)
        let folds = foldsCase(creating: true)
        let (url, form) = try fileURL(in: folder, id: id, foldingCase: folds)
        let directory = url.deletingLastPathComponent()
        let legacy = prepare(folder, directory: directory, foldingCase: folds)
        if folds { try moveAsideLegacyFile(foldingOnto: url, of: id, legacy: legacy, in: folder) }
        if form == .hashed {
            folderLock.lock()
            defer { folderLock.unlock() }
            let identifierURL = url.deletingPathExtension().appendingPathExtension(ArchiveFileName.identifierExtension)
            try writeAtomically(Data(id.utf8), to: identifierURL, folder: folder, id: id)
            try writeAtomically(data, to: url, folder: folder, id: id)
            // A clear in another process may take the id file between the two writes; without
            // it the archive would load by id but never be listed.
            if case .missing? = try? FileIO.readFile(named: identifierURL.lastPathComponent,
                                                    in: url.deletingLastPathComponent().path, limit: 0) {
                try writeAtomically(Data(id.utf8), to: identifierURL, folder: folder, id: id)
            }
        } else {
            try writeAtomically(data, to: url, folder: folder, id: id)
        }
        try removeLegacyFiles(of: id, in: folder, directory: directory, foldingCase: folds)
        didStore(in: folder, id: id, url: url, size: data.count)  // Cache/: observers, size limit
        return url
    }

    /// On a volume that folds case, the legacy file of another id whose name differs from `url`'s
    /// only in case (0.6's `E621….plist` of the id `E621…`, where the store is for `e621…`) would be
    /// replaced by the store: it moves to its own id's name first, unless that id has a file there.
    private func moveAsideLegacyFile(
        foldingOnto url: URL, of id: String, legacy: [String: [String]], in folder: Folder
    ) throws(ArchiverError) {
        let stem = url.deletingPathExtension().lastPathComponent.lowercased()
        let directory = url.deletingLastPathComponent()
        for (owner, stems) in legacy where owner != id {
            for other in stems where other.lowercased() == stem {
                guard let ownerStem = ArchiveFileName.stem(for: owner, foldingCase: true)?.stem else { continue }
                let ownerName = ownerStem + "." + ArchiveFileName.fileExtension
                if case .missing? = try? FileIO.readFile(named: ownerName, in: directory.path, limit: 0) {
                    do {
                        try FileIO.move(directory.appendingPathComponent(other + "." + ArchiveFileName.fileExtension).path,
                                        to: directory.appendingPathComponent(ownerName).path)
                    } catch {
                        throw Self.error(error, file: directory)
                    }
                }
                legacyIndexes.withLock { $0[directory.path]?[owner]?.removeAll { $0 == other } }
            }
        }
    }

    /// The legacy names that may hold `id`'s file in `directory`, most likely first: those the
    /// folder's listing assigned to it, then Archiver 0.6's raw id.
    private func legacyStems(of id: String, in folder: Folder, directory: URL, foldingCase folds: Bool) -> [String] {
        var stems = prepare(folder, directory: directory, foldingCase: folds)[id] ?? []
        let current = ArchiveFileName.stem(for: id, foldingCase: folds)?.stem
        if id != current, ArchiveFileName.isLegacyComponent(id), !stems.contains(id) { stems.append(id) }
        return stems
    }

    /// Whether the legacy file `stem` of `directory` (its bytes `data`, when read) is `id`'s. The
    /// value in it has `id`, when the folder's type is known and it decodes: that settles names
    /// two ids can claim (0.6's `https%3A%2F%2Fexample.com%2Fa.plist`, today's name of
    /// `https://example.com/a`) and names a folding volume finds for another spelling. Else the
    /// name must be no other id's today and, on a folding volume, on disk exactly as asked.
    private func claims(_ stem: String, for id: String, data: Data?, in folder: Folder, directory: URL, foldingCase folds: Bool) -> Bool {
        if let owner = folder.owner, let data,
           let archive = try? PropertyListCoding.archive(
               from: data, maximumDepth: limits.maximumDepth, keyedArchiveOptions: .propertyListClassesOnly),
           let found = owner(archive) {
            return found == id
        }
        if let other = ArchiveFileName.identifier(forStem: stem, foldingCase: folds), folder.canonicalText(other) != id {
            return false
        }
        return !folds || FileIO.hasEntry(named: stem + "." + ArchiveFileName.fileExtension, in: directory.path)
    }

    /// Removes the files of `id` under legacy names in `directory`, each once it is shown to be `id`'s.
    private func removeLegacyFiles(of id: String, in folder: Folder, directory: URL, foldingCase folds: Bool) throws(ArchiverError) {
        for stem in legacyStems(of: id, in: folder, directory: directory, foldingCase: folds) {
            let name = stem + "." + ArchiveFileName.fileExtension
            let data: Data?
            switch try? FileIO.readFile(named: name, in: directory.path, limit: limits.maximumFileSize) {
            case .missing?: continue
            case .contents(let contents)?: data = contents
            default: data = nil
            }
            guard claims(stem, for: id, data: data, in: folder, directory: directory, foldingCase: folds) else { continue }
            do {
                try FileIO.remove(named: name, in: directory.path)
            } catch {
                throw Self.error(error, file: directory)
            }
        }
        legacyIndexes.withLock { _ = $0[directory.path]?.removeValue(forKey: id) }
    }

    private func writeAtomically(_ data: Data, to url: URL, folder: Folder, id: String) throws(ArchiverError) {
        guard let staging = stagingDirectory() else { throw .noArchiveDirectory(type: folder.typeName) }
        let directory = url.deletingLastPathComponent()
        let durable = syncsToDisk
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
                try FileIO.writeAtomically(data, named: url.lastPathComponent, in: directory.path,
                                           stagingDirectory: staging.path, durable: durable)
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
                    if attempts == maximumAttempts { throw Self.storeError(error, file: url, folder: folder, id: id) }
                }
            } catch {
                throw Self.storeError(error, file: url, folder: folder, id: id)
            }
        }
    }

    /// How old a temporary file must be before a sweep deletes it: far longer than any write
    /// takes, so that only the leftovers of killed processes go. Trash folders go as soon as no
    /// clear holds them (``FileIO/sweepTrash(_:before:where:)``).
    static let staleTemporaryFileAge: TimeInterval = 60 * 60

    /// Readies `directory` (the folder of `folder`'s archives) for a call, the first time this
    /// archiver touches it or after a clear: sweeps what killed processes left, and lists the
    /// legacy names in it. Returns those names by the canonical text of the id each belongs to.
    @discardableResult
    func prepare(_ folder: Folder, directory: URL, foldingCase folds: Bool) -> [String: [String]] {
        if let staging = stagingDirectory(), isFirstSweep(of: staging) { sweepArchiveDirectory(staging: staging) }
        if let known = legacyIndexes.withLock({ $0[directory.path] }) { return known }
        let names = (try? FileIO.names(in: directory.path)) ?? []
        sweepTypeDirectory(directory, names: names)
        return indexLegacyNames(names, in: folder, directory: directory, foldingCase: folds)
    }

    /// Deletes the trash of killed clears in and beside the archive directory and in `.staging`,
    /// and stale temporary files in `.staging`. Best effort: a sweep that fails leaves orphans,
    /// never an error. It never follows a link.
    func sweepArchiveDirectory(staging: URL) {
        let cutoff = Date().addingTimeInterval(-Self.staleTemporaryFileAge)
        FileIO.sweep(staging.path, before: cutoff) { $0.hasSuffix(".tmp") }
        FileIO.sweepTrash(staging.path, before: cutoff) { $0.contains(".deleting") }
        let archives = staging.deletingLastPathComponent()
        FileIO.sweepTrash(archives.path, before: cutoff) { $0.hasPrefix(".") && $0.contains(".deleting") }
        let trashPrefix = ".\(archives.lastPathComponent).deleting-"
        FileIO.sweepTrash(archives.deletingLastPathComponent().path, before: cutoff) { $0.hasPrefix(trashPrefix) }
    }

    /// Deletes stale temporary files, trash and orphan `.id` files (a delete killed between its two
    /// unlinks) in the type folder `directory`, whose entries are `names`.
    func sweepTypeDirectory(_ directory: URL, names: [String]) {
        let cutoff = Date().addingTimeInterval(-Self.staleTemporaryFileAge)
        if names.contains(where: { $0.hasPrefix(".") }) {
            FileIO.sweep(directory.path, before: cutoff) { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
            FileIO.sweepTrash(directory.path, before: cutoff) { $0.hasPrefix(".") && $0.contains(".deleting-") }
        }
        let archives = Set(names.filter { $0.hasSuffix("." + ArchiveFileName.fileExtension) })
        for name in names where name.hasSuffix("." + ArchiveFileName.identifierExtension) {
            let stem = String(name.dropLast(ArchiveFileName.identifierExtension.count + 1))
            if ArchiveFileName.isHashed(stem), !archives.contains(stem + "." + ArchiveFileName.fileExtension) {
                removeOrphanIdentifier(stem: stem, in: directory)
            }
        }
    }

    /// Removes the `.id` file of a hashed name whose archive is gone. A store in another process
    /// writes the `.id` file first: if its archive appears meanwhile, the `.id` file is put back.
    private func removeOrphanIdentifier(stem: String, in directory: URL) {
        folderLock.lock()
        defer { folderLock.unlock() }
        let name = stem + "." + ArchiveFileName.identifierExtension
        guard case .contents(let contents)? = try? FileIO.readFile(named: name, in: directory.path, limit: limits.maximumFileSize),
              (try? FileIO.remove(named: name, in: directory.path)) != nil
        else { return }
        if case .contents? = try? FileIO.readFile(named: stem + "." + ArchiveFileName.fileExtension, in: directory.path, limit: 0) {
            try? writeAtomically(contents, to: directory.appendingPathComponent(name), folder: Folder(typeName: "", directoryName: ""), id: "")
        }
    }

    /// Records, from the entries `names` of `directory`, which names are legacy names and whose:
    /// a name that reads as an id (today's reading first, then 0.6's raw id) whose canonical name
    /// is another (`007.plist` for the `Int` 7, a lower-case UUID, `-0.0`, `aB3.plist` on a
    /// volume that folds case, 0.6's percent-encoded `https%3A%2F%2Fexample.com%2Fa.plist`).
    @discardableResult
    private func indexLegacyNames(_ names: [String], in folder: Folder, directory: URL, foldingCase folds: Bool) -> [String: [String]] {
        var index: [String: [String]] = [:]
        let suffix = "." + ArchiveFileName.fileExtension
        for name in names where name.hasSuffix(suffix) {
            let stem = String(name.dropLast(suffix.count))
            for owner in Self.readings(of: stem, in: folder, foldingCase: folds).legacyOwners {
                index[owner, default: []].append(stem)
            }
        }
        legacyIndexes.withLock { $0[directory.path] = index }
        return index
    }

    /// The id `stem` is listed as (today's reading wins), and the ids whose legacy name it is.
    private static func readings(of stem: String, in folder: Folder, foldingCase folds: Bool) -> (listed: String?, legacyOwners: [String]) {
        guard !ArchiveFileName.isHashed(stem) else { return (nil, []) }
        var listed: String?
        var owners: [String] = []
        if let today = ArchiveFileName.identifier(forStem: stem, foldingCase: folds), let id = folder.canonicalText(today) {
            listed = id
            if ArchiveFileName.stem(for: id, foldingCase: folds)?.stem != stem { owners.append(id) }
        }
        if ArchiveFileName.isLegacyComponent(stem), let id = folder.canonicalText(stem),
           ArchiveFileName.stem(for: id, foldingCase: folds)?.stem != stem {
            if !owners.contains(id) { owners.append(id) }
            if listed == nil { listed = id }
        }
        return (listed, owners)
    }

    private func isFirstSweep(of directory: URL) -> Bool {
        sweptDirectories.withLock { $0.insert(directory.path).inserted }
    }

    // MARK: Load

    /// Loads the `type` value stored under `resourceID`: what ``Archivable/load(resourceID:in:)`` does.
    func loadValue<Value: Archivable>(_ type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> Value? {
        try load(type, text: Folder.canonicalText(of: resourceID, type))
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

    /// The archive dictionary stored for the `type` value with id `resourceID`, without decoding
    /// it (the library's tests look at it; users read a file with `Archive(archivedData:)`).
    func archive<Value: Archivable>(for type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> Archive? {
        try loadArchive(in: Folder(type), id: Folder.canonicalText(of: resourceID, type))?.archive
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

    /// The bytes of the file of `id` in `folder`; `nil` if there is none. A file under a legacy
    /// name is read when today's is absent and the file is shown to be `id`'s (``claims``); on a
    /// volume that folds case, so is today's name when it folds onto a legacy name.
    func loadData(in folder: Folder, id text: String) throws(ArchiverError) -> (data: Data, url: URL)? {
        let id = ArchiveFileName.canonical(text)
        let folds = foldsCase()
        let (url, _) = try fileURL(in: folder, id: id, foldingCase: folds)
        let directory = try currentDirectoryURL(of: folder)
        let current = url.deletingPathExtension().lastPathComponent
        let legacy = legacyStems(of: id, in: folder, directory: directory, foldingCase: folds)
        let currentIsAmbiguous = folds && legacyIndexes.withLock { indexes in
            indexes[directory.path]?.values.contains { $0.contains { $0 != current && $0.lowercased() == current.lowercased() } } ?? false
        }
        let limit = limits.maximumFileSize
        for (stem, mustClaim) in [(current, currentIsAmbiguous)] + legacy.map({ ($0, true) }) {
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
                if mustClaim, !claims(stem, for: id, data: data, in: folder, directory: directory, foldingCase: folds) { continue }
                if let expired = expiry(of: file, in: folder, id: id) { throw expired }  // Cache/: expiry
                return (data, file)
            }
        }
        return nil
    }

    // MARK: Delete

    /// Deletes the archive of the `type` value with id `resourceID`: what ``Archivable/delete(resourceID:in:)`` does.
    func deleteValue<Value: Archivable>(_ type: Value.Type, resourceID: Value.ID) throws(ArchiverError) {
        try delete(in: Folder(type), id: Folder.canonicalText(of: resourceID, type))
    }

    func delete(in folder: Folder, id text: String) throws(ArchiverError) {
        let id = ArchiveFileName.canonical(text)
        let folds = foldsCase()
        let (url, form) = try fileURL(in: folder, id: id, foldingCase: folds)
        beginWrite(in: folder, id: id); defer { endWrite(in: folder, id: id) }  // Cache/: memory, expiry, eviction
        let directory = try currentDirectoryURL(of: folder)
        prepare(folder, directory: directory, foldingCase: folds)
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
        try removeLegacyFiles(of: id, in: folder, directory: directory, foldingCase: folds)
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

    /// The texts of the stored ids of `folder`, each once: a value under today's name and legacy
    /// ones (`7`, `007` and `+7` for the `Int` 7; a store killed before it removed the old file)
    /// is one id. Names that read as no id of the type are listed as they are, to be reported.
    func resourceIDs(in folder: Folder) throws(ArchiverError) -> [String] {
        let directory = try currentDirectoryURL(of: folder)
        let folds = foldsCase()
        if let staging = stagingDirectory(), isFirstSweep(of: staging) { sweepArchiveDirectory(staging: staging) }
        let names: [String]
        do {
            names = try FileIO.names(in: directory.path)
        } catch {
            throw Self.error(error, file: directory)
        }
        // Each listing refreshes the legacy names this archiver knows, and sweeps what it finds.
        sweepTypeDirectory(directory, names: names)
        indexLegacyNames(names, in: folder, directory: directory, foldingCase: folds)
        let suffix = "." + ArchiveFileName.fileExtension
        var ids = Set<String>()
        let isUnexpired = unexpiredNames(in: directory)  // Cache/: expiry
        for name in names where name.hasSuffix(suffix) && isUnexpired(name) {
            let stem = String(name.dropLast(suffix.count))
            if ArchiveFileName.isHashed(stem) {
                if let id = hashedIdentifier(stem: stem, in: directory) { ids.insert(folder.canonicalText(id) ?? id) }
            } else if let id = Self.readings(of: stem, in: folder, foldingCase: folds).listed {
                ids.insert(id)
            } else if let today = ArchiveFileName.identifier(forStem: stem, foldingCase: folds) {
                ids.insert(today)
            } else if ArchiveFileName.isLegacyComponent(stem), folder.canonicalText(stem) == nil {
                ids.insert(stem)
            }
        }
        return ids.sorted()
    }

    /// The id kept beside a hashed file, if it is there and hashes to the file's name.
    func hashedIdentifier(stem: String, in directory: URL) -> String? {
        let name = stem + "." + ArchiveFileName.identifierExtension
        guard case .contents(let data)? = try? FileIO.readFile(named: name, in: directory.path, limit: limits.maximumFileSize),
              let id = String(data: data, encoding: .utf8),
              stem == "%%" + SHA256.hexDigest(of: Array(ArchiveFileName.canonical(id).utf8))
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
            let file = (try? fileURL(in: folder, id: text, foldingCase: foldsCase()).url) ?? URL(fileURLWithPath: text)
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
            // What a killed clear left beside this folder goes too, and the next call that
            // touches a folder sweeps it and lists its names afresh.
            FileIO.sweepTrash(directory.deletingLastPathComponent().path, before: Date().addingTimeInterval(-Self.staleTemporaryFileAge)) {
                $0.hasPrefix(".\(directory.lastPathComponent).deleting-")
            }
        }
        sweptDirectories.withLock { $0.removeAll() }
        legacyIndexes.withLock { $0.removeAll() }
    }
}
