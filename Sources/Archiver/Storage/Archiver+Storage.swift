import Foundation

// Each call works on the folder's paths as strings, made once per archiver and type
// (Archiver+Folders.swift); a URL is made only for an error or a result.

extension Archiver {
    // MARK: Store

    /// Stores the archive of `value`: what ``Archivable/store(in:)`` does.
    @discardableResult
    func storeValue<Value: Archivable>(_ value: Value) throws(ArchiverError) -> URL {
        let folder = folder(for: Value.self)
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
        let paths = try self.paths(of: folder)
        try adoptLegacyDirectory(of: paths)
        let folds = foldsCase(paths, creating: true)
        let (file, form) = try self.file(in: folder, id: id, foldingCase: folds)
        let directory = paths.current
        let legacy = prepare(folder, paths: paths, directory: directory, foldingCase: folds)
        if folds { try moveAsideLegacyFile(foldingOnto: file, of: id, legacy: legacy, in: folder) }
        // What the store adds to the folder, for the size limit: a hashed name's `.id` file too.
        var written = data.count
        if form == .hashed {
            written += id.utf8.count
            folderLock.lock()
            defer { folderLock.unlock() }
            let identifier = directory.file(Self.stem(of: file.name) + "." + ArchiveFileName.identifierExtension)
            try writeAtomically(Data(id.utf8), to: identifier, staging: paths.staging, folder: folder, id: id)
            try writeAtomically(data, to: file, staging: paths.staging, folder: folder, id: id)
            // A clear in another process may take the id file between the two writes; without
            // it the archive would load by id but never be listed.
            if case .missing? = try? FileIO.readFile(named: identifier.name, in: directory.path, limit: 0, hooks: testHooks) {
                try writeAtomically(Data(id.utf8), to: identifier, staging: paths.staging, folder: folder, id: id)
            }
        } else {
            try writeAtomically(data, to: file, staging: paths.staging, folder: folder, id: id)
        }
        try removeLegacyFiles(of: id, in: folder, paths: paths, directory: directory, foldingCase: folds)
        let url = file.url
        didStore(in: folder, id: id, url: url, size: written)  // Cache/: observers, size limit
        return url
    }

    /// The name `name` of an archive file (it ends in `.plist`, character by character) without
    /// its extension: those characters are ASCII, one byte each. Cut from the contiguous bytes,
    /// not a slice of the UTF-8 view, which `String(decoding:)` reads byte by byte.
    private static func stem(of name: String) -> String {
        var name = name
        return ByteReader.withUTF8(of: &name) { bytes in
            bytes.string(at: 0, count: max(0, bytes.count - ArchiveFileName.fileSuffix.utf8.count))
        }
    }

    /// The stem of `name` if it is an archive file's name (it ends in `.plist` character by
    /// character, as `hasSuffix` says), else `nil`, and whether the stem is ASCII: all read from
    /// the bytes in one pass when they can decide it. A name whose bytes end otherwise is none (no
    /// other text is canonically equivalent to a dot and lowercase ASCII letters), and one whose
    /// extension follows an ASCII byte is one (its dot starts a character). Only a dot after other
    /// text, which may join it into one character, asks `hasSuffix`, which compares characters.
    /// Listing a folder does this for every name.
    static func archiveStem(of name: String) -> (stem: String, isASCII: Bool)? {
        let suffix = ArchiveFileName.fileSuffix
        guard let (stem, isASCII) = ByteReader.text(of: name, beforeSuffix: suffix) else { return nil }
        // After an ASCII byte the extension's dot starts a character; the stem ends in one if it is ASCII.
        guard isASCII || stem.isEmpty || name.hasSuffix(suffix) else { return nil }
        return (stem, isASCII)
    }

    /// On a volume that folds case, the legacy file of another id whose name differs from `file`'s
    /// only in case (0.6's `E621….plist` of the id `E621…`, where the store is for `e621…`) would be
    /// replaced by the store: it moves to its own id's name first, unless that id has a file there.
    private func moveAsideLegacyFile(
        foldingOnto file: ArchiveFileLocation, of id: String, legacy: [String: [String]], in folder: Folder
    ) throws(ArchiverError) {
        let stem = Self.stem(of: file.name).lowercased()
        let directory = file.directory
        for (owner, stems) in legacy where owner != id {
            for other in stems where other.lowercased() == stem {
                guard let ownerStem = ArchiveFileName.stem(for: owner, foldingCase: true)?.stem else { continue }
                let ownerName = ownerStem + "." + ArchiveFileName.fileExtension
                if case .missing? = try? FileIO.readFile(named: ownerName, in: directory.path, limit: 0, hooks: testHooks) {
                    do {
                        try FileIO.move(directory.file(other + "." + ArchiveFileName.fileExtension).path, to: directory.file(ownerName).path)
                    } catch {
                        throw Self.error(error, file: directory.url)
                    }
                }
                legacyIndexes.withLock { $0[directory.path]?[owner]?.removeAll { $0 == other } }
            }
        }
    }

    /// The legacy names that may hold `id`'s file, most likely first: those the folder's listing
    /// assigned to it (`index`), then Archiver 0.6's raw id, unless that is today's name, `current`.
    private static func legacyStems(of id: String, current: String?, index: [String: [String]]) -> [String] {
        var stems = index[id] ?? []
        if id != current, ArchiveFileName.isLegacyComponent(id), !stems.contains(id) { stems.append(id) }
        return stems
    }

    /// Whether the legacy file `stem` of `directory` (its bytes `data`, when read) is `id`'s. The
    /// value in it has `id`, when the folder's type is known and it decodes: that settles names
    /// two ids can claim (0.6's `https%3A%2F%2Fexample.com%2Fa.plist`, today's name of
    /// `https://example.com/a`) and names a folding volume finds for another spelling. Else the
    /// name must be no other id's today and, on a folding volume, on disk exactly as asked.
    private func claims(_ stem: String, for id: String, data: Data?, in folder: Folder, directory: Place, foldingCase folds: Bool) -> Bool {
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
    private func removeLegacyFiles(of id: String, in folder: Folder, paths: Paths, directory: Place, foldingCase folds: Bool) throws(ArchiverError) {
        let index = prepare(folder, paths: paths, directory: directory, foldingCase: folds)
        let current = ArchiveFileName.stem(for: id, foldingCase: folds)?.stem
        for stem in Self.legacyStems(of: id, current: current, index: index) {
            let name = stem + "." + ArchiveFileName.fileExtension
            let data: Data?
            switch try? FileIO.readFile(named: name, in: directory.path, limit: limits.maximumFileSize, hooks: testHooks) {
            case .missing?: continue
            case .contents(let contents)?: data = contents
            default: data = nil
            }
            guard claims(stem, for: id, data: data, in: folder, directory: directory, foldingCase: folds) else { continue }
            do {
                try FileIO.remove(named: name, in: directory.path, hooks: testHooks)
            } catch {
                throw Self.error(error, file: directory.url)
            }
            cache.forget(directory.file(name).path)  // Cache/: no record of a file that is gone
        }
        legacyIndexes.withLock { _ = $0[directory.path]?.removeValue(forKey: id) }
    }

    private func writeAtomically(_ data: Data, to file: ArchiveFileLocation, staging: Place, folder: Folder, id: String) throws(ArchiverError) {
        let directory = file.directory
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
                try FileIO.writeAtomically(data, named: file.name, in: directory.path,
                                           stagingDirectory: staging.path, durable: durable, hooks: testHooks)
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
                    if attempts == maximumAttempts { throw Self.storeError(error, file: file.url, folder: folder, id: id) }
                }
            } catch {
                throw Self.storeError(error, file: file.url, folder: folder, id: id)
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
    func prepare(_ folder: Folder, paths: Paths, directory: Place, foldingCase folds: Bool) -> [String: [String]] {
        sweepArchiveDirectoryOnce(paths)
        if let known = legacyIndexes.withLock({ $0[directory.path] }) { return known }
        let names = (try? FileIO.names(in: directory.path, hooks: testHooks)) ?? []
        sweepTypeDirectory(directory, staging: paths.staging, names: names)
        return indexLegacyNames(names, in: folder, directory: directory, foldingCase: folds)
    }

    /// Sweeps the archive directory of `paths`, the first time this archiver touches it or after a clear.
    private func sweepArchiveDirectoryOnce(_ paths: Paths) {
        if sweptDirectories.withLock({ $0.insert(paths.staging.path).inserted }) { sweepArchiveDirectory(staging: paths.staging.url) }
    }

    /// Deletes the trash of killed clears in and beside the archive directory and in `.staging`,
    /// and stale temporary files in `.staging`. Best effort: a sweep that fails leaves orphans,
    /// never an error. It never follows a link.
    func sweepArchiveDirectory(staging: URL) {
        let cutoff = Date().addingTimeInterval(-Self.staleTemporaryFileAge)
        FileIO.sweep(staging.path, before: cutoff) { $0.hasSuffix(".tmp") }
        FileIO.sweepTrash(staging.path, before: cutoff) { $0.contains(".deleting") }
        let archives = staging.deletingLastPathComponent()
        FileIO.sweepTrash(archives.path, before: cutoff, hiddenOnly: true) { $0.hasPrefix(".") && $0.contains(".deleting") }
        let trashPrefix = ".\(archives.lastPathComponent).deleting-"
        FileIO.sweepTrash(archives.deletingLastPathComponent().path, before: cutoff, hiddenOnly: true) { $0.hasPrefix(trashPrefix) }
    }

    /// Deletes stale temporary files, trash and orphan `.id` files (a delete killed between its two
    /// unlinks) in the type folder `directory`, whose entries are `names`.
    func sweepTypeDirectory(_ directory: Place, staging: Place, names: [String]) {
        let cutoff = Date().addingTimeInterval(-Self.staleTemporaryFileAge)
        let identifierSuffix = "." + ArchiveFileName.identifierExtension
        // One pass over the first and last bytes of the names finds whether any may be hidden (a
        // temporary file, trash) or an `.id` file, and only those are asked by characters:
        // `hasPrefix` and `hasSuffix` compare characters, which normalizes every name listed.
        let dot = UInt8(ascii: "."), identifierEnd = identifierSuffix.utf8.last
        var hidden = false, identifiers = false
        for name in names where !(hidden && identifiers) {
            var name = name
            let (first, last) = name.withUTF8 { ($0.first, $0.last) }
            if !hidden, first == dot, name.hasPrefix(".") { hidden = true }
            if !identifiers, last == identifierEnd, name.hasSuffix(identifierSuffix) { identifiers = true }
        }
        if hidden {
            FileIO.sweep(directory.path, before: cutoff) { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }
            FileIO.sweepTrash(directory.path, before: cutoff) { $0.hasPrefix(".") && $0.contains(".deleting-") }
        }
        // Most folders hold no `.id` file: the set of archive names is made only for one that does.
        guard identifiers else { return }
        let archives = Set(names.filter { $0.hasSuffix("." + ArchiveFileName.fileExtension) })
        for name in names where name.hasSuffix(identifierSuffix) {
            let stem = String(name.dropLast(identifierSuffix.count))
            if ArchiveFileName.isHashed(stem), !archives.contains(stem + "." + ArchiveFileName.fileExtension) {
                removeOrphanIdentifier(stem: stem, in: directory, staging: staging)
            }
        }
    }

    /// Removes the `.id` file of a hashed name whose archive is gone. A store in another process
    /// writes the `.id` file first: if its archive appears meanwhile, the `.id` file is put back.
    private func removeOrphanIdentifier(stem: String, in directory: Place, staging: Place) {
        folderLock.lock()
        defer { folderLock.unlock() }
        let name = stem + "." + ArchiveFileName.identifierExtension
        guard case .contents(let contents)? = try? FileIO.readFile(named: name, in: directory.path, limit: limits.maximumFileSize, hooks: testHooks),
              (try? FileIO.remove(named: name, in: directory.path, hooks: testHooks)) != nil
        else { return }
        if case .contents? = try? FileIO.readFile(named: stem + "." + ArchiveFileName.fileExtension, in: directory.path, limit: 0, hooks: testHooks) {
            try? writeAtomically(contents, to: directory.file(name), staging: staging, folder: Folder(typeName: "", directoryName: ""), id: "")
        }
    }

    /// Records, from the entries `names` of `directory`, which names are legacy names and whose:
    /// a name that reads as an id (today's reading first, then 0.6's raw id) whose canonical name
    /// is another (`007.plist` for the `Int` 7, a lower-case UUID, `-0.0`, `aB3.plist` on a
    /// volume that folds case, 0.6's percent-encoded `https%3A%2F%2Fexample.com%2Fa.plist`).
    @discardableResult
    private func indexLegacyNames(_ names: [String], in folder: Folder, directory: Place, foldingCase folds: Bool) -> [String: [String]] {
        var index: [String: [String]] = [:]
        for name in names {
            guard let stem = Self.archiveStem(of: name)?.stem else { continue }
            for owner in Self.readings(of: stem, in: folder, foldingCase: folds).legacyOwners {
                index[owner, default: []].append(stem)
            }
        }
        legacyIndexes.withLock { $0[directory.path] = index }
        return index
    }

    /// The id a listing reports for the (unhashed) archive `stem` of `folder`, as ``resourceIDs(in:)``
    /// does: the canonical text of the id it reads as (today's reading first, then 0.6's), else
    /// its text as read, to be reported as no id of the type; `nil` for a name that reads as none.
    /// Removals by expiry and the size limit name the id they remove by it.
    static func listedID(ofStem stem: String, in folder: Folder, foldingCase folds: Bool) -> String? {
        listedID(readings(of: stem, in: folder, foldingCase: folds), stem: stem, in: folder, foldingCase: folds)
    }

    private static func listedID(
        _ readings: (listed: String?, legacyOwners: [String]), stem: String, in folder: Folder, foldingCase folds: Bool
    ) -> String? {
        if let listed = readings.listed { return listed }
        if let today = ArchiveFileName.identifier(forStem: stem, foldingCase: folds) { return today }
        if ArchiveFileName.isLegacyComponent(stem), folder.canonicalText(stem) == nil { return stem }
        return nil
    }

    /// The id `stem` is listed as (today's reading wins), and the ids whose legacy name it is.
    private static func readings(of stem: String, in folder: Folder, foldingCase folds: Bool) -> (listed: String?, legacyOwners: [String]) {
        guard !ArchiveFileName.isHashed(stem) else { return (nil, []) }
        var listed: String?
        var owners: [String] = []
        let today = ArchiveFileName.identifier(forStem: stem, foldingCase: folds)
        if let today, let id = folder.canonicalText(today) {
            listed = id
            // Today's name of `today` is `stem`: only another canonical text can have another name.
            if id != today, ArchiveFileName.stem(for: id, foldingCase: folds)?.stem != stem { owners.append(id) }
        }
        // When the stem is today's name of itself (a plain name), 0.6's reading is the one above.
        if today != stem, ArchiveFileName.isLegacyComponent(stem), let id = folder.canonicalText(stem),
           ArchiveFileName.stem(for: id, foldingCase: folds)?.stem != stem {
            if !owners.contains(id) { owners.append(id) }
            if listed == nil { listed = id }
        }
        return (listed, owners)
    }

    // MARK: Load

    /// Loads the `type` value stored under `resourceID`: what ``Archivable/load(resourceID:in:)`` does.
    func loadValue<Value: Archivable>(_ type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> Value? {
        try load(type, text: Folder.canonicalText(of: resourceID, type))
    }

    private func load<Value: Archivable>(_ type: Value.Type, text id: String, in known: Folder? = nil) throws(ArchiverError) -> Value? {
        let folder = known ?? folder(for: type)
        if let remembered = rememberedValue(type, in: folder, id: id) { return remembered }  // Cache/: memory layer
        let generation = cache.generation
        guard let (data, file) = try loadData(in: folder, id: id) else { return nil }
        return try decode(type, parsed(data, in: folder, id: id, file: file), in: folder, id: id,
                          file: file, size: data.count, readAt: generation)
    }

    /// An archive file's contents, parsed: in place, for a key-mapped or ``ArchiveCodable`` type, or as a dictionary.
    enum ParsedArchive {
        case propertyList(BinaryPropertyListDocument)
        case archive(Archive)
    }

    /// The contents of `data`, read from `file`: a key-mapped or Codable type's binary property list is read
    /// in place; anything else (another type's archive, a 0.6 keyed archive, a file that is not a
    /// property list) is read as a dictionary, which also names what is wrong with a bad file.
    func parsed(_ data: Data, in folder: Folder, id: String, file: ArchiveFileLocation) throws(ArchiverError) -> ParsedArchive {
        if folder.inPlaceReader != nil, let document = try? BinaryPropertyListDocument(data: data, maximumDepth: limits.maximumDepth) {
            return .propertyList(document)
        }
        return .archive(try archive(from: data, in: folder, id: id, file: file))
    }

    /// Decodes a `type` value from the archive read from `file`, and remembers it in memory.
    func decode<Value: Archivable>(
        _ type: Value.Type, _ parsed: ParsedArchive, in folder: Folder, id: String, file: ArchiveFileLocation, size: Int, readAt generation: UInt64
    ) throws(ArchiverError) -> Value {
        let value: Value
        do {
            switch parsed {
            case .propertyList(let document):
                if let reader = folder.inPlaceReader as? InPlaceReader<Value> {
                    value = try reader.read(document)
                } else {
                    // Not reached: a folder reads in place only for the type it was made for.
                    value = try Value.decode(archive: document.foundationObject(at: document.topObject) as? Archive ?? [:])
                }
            case .archive(let archive):
                value = try Value.decode(archive: archive)
            }
        } catch {
            throw .decodingFailed(type: folder.typeName, id: id, file: file.url, error: error)
        }
        // The file's name is the value's identity: a file that holds another id's value (copied
        // or renamed by hand) is not this id's, and loading it would hand out a value `id` never had.
        let held = Folder.canonicalText(of: value.id, Value.self)
        guard held == id else {
            throw .corruptFile(type: folder.typeName, id: id, file: file.url,
                               reason: "holds the value of another id, \"\(ValueDescription.excerpt(held))\"")
        }
        remember(value, in: folder, id: id, file: file, size: size, readAt: generation)
        return value
    }

    /// The archive dictionary stored for the `type` value with id `resourceID`, without decoding
    /// it (the library's tests look at it; users read a file with `Archive(archivedData:)`).
    func archive<Value: Archivable>(for type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> Archive? {
        try loadArchive(in: folder(for: type), id: Folder.canonicalText(of: resourceID, type))?.archive
    }

    func loadArchive(in folder: Folder, id: String) throws(ArchiverError) -> (archive: Archive, file: ArchiveFileLocation)? {
        guard let (data, file) = try loadData(in: folder, id: id) else { return nil }
        return try (archive(from: data, in: folder, id: id, file: file), file)
    }

    /// The archive in `data`, read from `file`.
    func archive(from data: Data, in folder: Folder, id: String, file: ArchiveFileLocation) throws(ArchiverError) -> Archive {
        do {
            return try PropertyListCoding.archive(
                from: data, maximumDepth: limits.maximumDepth, keyedArchiveOptions: .propertyListClassesOnly)
        } catch {
            throw .reading(folder.typeName, id: id, error).at(file.url)
        }
    }

    /// The bytes of the file of `id` in `folder`; `nil` if there is none. A file under a legacy
    /// name is read when today's is absent and the file is shown to be `id`'s (``claims``); on a
    /// volume that folds case, so is today's name when it folds onto a legacy name.
    func loadData(in folder: Folder, id text: String) throws(ArchiverError) -> (data: Data, file: ArchiveFileLocation)? {
        let id = ArchiveFileName.canonical(text)
        let folds = foldsCase(folder)
        guard let current = ArchiveFileName.stem(for: id, foldingCase: folds)?.stem else { throw .emptyIdentifier(type: folder.typeName) }
        let paths = try self.paths(of: folder)
        let directory = currentDirectory(of: paths)
        let index = prepare(folder, paths: paths, directory: directory, foldingCase: folds)
        let currentIsAmbiguous = folds && index.values.contains { $0.contains { $0 != current && $0.lowercased() == current.lowercased() } }
        if let found = try readArchiveFile(current, mustClaim: currentIsAmbiguous, id: id, in: folder, directory: directory, foldingCase: folds) {
            return found
        }
        // Legacy names are looked for only when today's file is not there (or is not `id`'s).
        for stem in Self.legacyStems(of: id, current: current, index: index) {
            if let found = try readArchiveFile(stem, mustClaim: true, id: id, in: folder, directory: directory, foldingCase: folds) {
                return found
            }
        }
        return nil
    }

    /// The bytes of the file `stem` in `directory`, if it is there and, with `mustClaim`, is `id`'s.
    private func readArchiveFile(
        _ stem: String, mustClaim: Bool, id: String, in folder: Folder, directory: Place, foldingCase folds: Bool
    ) throws(ArchiverError) -> (data: Data, file: ArchiveFileLocation)? {
        let file = directory.file(stem + "." + ArchiveFileName.fileExtension)
        let limit = limits.maximumFileSize
        let result: FileIO.ReadResult
        do {
            result = try FileIO.readFile(named: file.name, in: directory.path, limit: limit, hooks: testHooks)
        } catch {
            throw Self.error(error, file: file.url)
        }
        switch result {
        case .missing:
            return nil
        case .notRegularFile:
            throw .corruptFile(type: folder.typeName, id: id, file: file.url, reason: "is not a regular file (a folder, link or device)")
        case .tooLarge(let size):
            throw .fileTooLarge(type: folder.typeName, id: id, file: file.url, size: size, limit: limit)
        case .contents(let data):
            if mustClaim, !claims(stem, for: id, data: data, in: folder, directory: directory, foldingCase: folds) { return nil }
            if let expired = expiry(of: file, in: folder, id: id) { throw expired }  // Cache/: expiry
            return (data, file)
        }
    }

    // MARK: Delete

    /// Deletes the archive of the `type` value with id `resourceID`: what ``Archivable/delete(resourceID:in:)`` does.
    func deleteValue<Value: Archivable>(_ type: Value.Type, resourceID: Value.ID) throws(ArchiverError) {
        try delete(in: folder(for: type), id: Folder.canonicalText(of: resourceID, type))
    }

    func delete(in folder: Folder, id text: String) throws(ArchiverError) {
        let id = ArchiveFileName.canonical(text)
        let folds = foldsCase(folder)
        let (file, form) = try self.file(in: folder, id: id, foldingCase: folds)
        beginWrite(in: folder, id: id); defer { endWrite(in: folder, id: id) }  // Cache/: memory, expiry, eviction
        let paths = try self.paths(of: folder)
        let directory = currentDirectory(of: paths)
        prepare(folder, paths: paths, directory: directory, foldingCase: folds)
        do throws(FileIO.Failure) {
            if form == .hashed {
                folderLock.lock()
                defer { folderLock.unlock() }
                try FileIO.remove(named: file.name, in: directory.path, hooks: testHooks)
                try FileIO.remove(named: Self.stem(of: file.name) + "." + ArchiveFileName.identifierExtension, in: directory.path, hooks: testHooks)
            } else {
                try FileIO.remove(named: file.name, in: directory.path, hooks: testHooks)
            }
        } catch {
            throw Self.error(error, file: file.url)
        }
        try removeLegacyFiles(of: id, in: folder, paths: paths, directory: directory, foldingCase: folds)
        didDelete(in: folder, id: id, file: file)  // Cache/: memory, observers
    }

    // MARK: Whole types

    /// The ids of every stored value of `type`, sorted: what ``Archivable/storedResourceIDs(in:)`` returns.
    func storedIDs<Value: Archivable>(of type: Value.Type) throws(ArchiverError) -> [Value.ID] {
        ResourceIDOrder.sortedIDs(try resourceIDs(in: folder(for: type)), as: Value.ID.self)
    }

    /// The stored ids of `type` in `folder` that parse, in order, and the texts of the names that do not, sorted.
    private func typedResourceIDs<Value: Archivable>(
        in folder: Folder, of type: Value.Type
    ) throws(ArchiverError) -> (ids: [(id: Value.ID, text: String)], unparsed: [String]) {
        ResourceIDOrder.parse(try resourceIDs(in: folder), as: Value.ID.self)
    }

    /// The texts of the stored ids of `folder`, each once, in no particular order: a value under
    /// today's name and legacy ones (`7`, `007` and `+7` for the `Int` 7; a store killed before it
    /// removed the old file) is one id. Names that read as no id of the type are listed as they
    /// are, to be reported. The names are read once, for the listing and the legacy index both.
    func resourceIDs(in folder: Folder) throws(ArchiverError) -> [String] {
        let paths = try self.paths(of: folder)
        let directory = currentDirectory(of: paths)
        let folds = foldsCase(paths)
        sweepArchiveDirectoryOnce(paths)
        let names: [String]
        do {
            names = try FileIO.names(in: directory.path, hooks: testHooks)
        } catch {
            throw Self.error(error, file: directory.url)
        }
        // Each listing refreshes the legacy names this archiver knows, and sweeps what it finds.
        sweepTypeDirectory(directory, staging: paths.staging, names: names)
        var index: [String: [String]] = [:]
        var ids: [String] = []
        ids.reserveCapacity(names.count)
        // The names of a folder are distinct, and so are ids that are their own ASCII stems
        // (ASCII texts are equal only byte for byte): only an id read otherwise (escaped, legacy,
        // hashed, made canonical) can repeat one, and only then are the ids made unique: hashing
        // every id into a set would cost as much as reading the names.
        var mayRepeat = false
        let isUnexpired = unexpiredNames(in: directory)  // Cache/: expiry
        for name in names {
            guard let (stem, isASCII) = Self.archiveStem(of: name) else { continue }
            if ArchiveFileName.isHashed(stem) {
                if isUnexpired(name), let id = hashedIdentifier(stem: stem, in: directory.path) {
                    ids.append(folder.canonicalText(id) ?? id)
                    mayRepeat = true
                }
                continue
            }
            let readings = Self.readings(of: stem, in: folder, foldingCase: folds)
            for owner in readings.legacyOwners { index[owner, default: []].append(stem) }
            guard isUnexpired(name), let id = Self.listedID(readings, stem: stem, in: folder, foldingCase: folds) else { continue }
            if !mayRepeat, !isASCII || id != stem { mayRepeat = true }
            ids.append(id)
        }
        legacyIndexes.withLock { $0[directory.path] = index }
        return mayRepeat ? Array(Set(ids)) : ids
    }

    /// The id kept beside a hashed file in the folder at `directory`, if it is there and hashes to the file's name.
    func hashedIdentifier(stem: String, in directory: String) -> String? {
        let name = stem + "." + ArchiveFileName.identifierExtension
        guard case .contents(let data)? = try? FileIO.readFile(named: name, in: directory, limit: limits.maximumFileSize, hooks: testHooks),
              let id = String(data: data, encoding: .utf8),
              stem == "%%" + SHA256.hexDigest(of: Array(ArchiveFileName.canonical(id).utf8))
        else { return nil }
        return id
    }

    /// Every stored value of `type` that loads, with an error for each that does not: what
    /// ``Archivable/loadAll(in:failures:)`` returns.
    func loadAllValues<Value: Archivable>(_ type: Value.Type, failures: inout [ArchiverError]) throws(ArchiverError) -> [Value] {
        var values: [Value] = []
        let folder = folder(for: type)
        let (ids, unparsed) = try typedResourceIDs(in: folder, of: type)
        values.reserveCapacity(ids.count)
        for (_, text) in ids {
            do {
                let (value, dropped) = try ArchiveDecodingError.collectingDroppedElements { () throws(ArchiverError) in
                    try load(type, text: text, in: folder)
                }
                guard let value else { continue }
                values.append(value)
                if !dropped.isEmpty, let file = try? file(in: folder, id: text, foldingCase: foldsCase(folder)).location.url {
                    failures.append(.droppedElements(type: folder.typeName, id: text, file: file, dropped: dropped))
                }
            } catch .expired {
                continue  // expired since it was listed: as if not stored
            } catch {
                failures.append(error)
            }
        }
        for text in unparsed {
            let file = (try? file(in: folder, id: text, foldingCase: foldsCase(folder)).location.url) ?? URL(fileURLWithPath: text)
            failures.append(.corruptFile(type: folder.typeName, id: text, file: file,
                                         reason: "its name is no \(Value.ID.self) id of \(folder.typeName)"))
        }
        return values
    }

    /// Deletes every stored value of `type`: what ``Archivable/deleteAll(in:)`` does.
    func deleteAllValues<Value: Archivable>(_ type: Value.Type) throws(ArchiverError) {
        let folder = folder(for: type)
        let paths = try self.paths(of: folder)
        defer { didClear(folder) }  // Cache/: memory, observers
        try removeFolders([paths.current.url] + paths.legacy.map(\.url))
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
            FileIO.sweepTrash(directory.deletingLastPathComponent().path, before: Date().addingTimeInterval(-Self.staleTemporaryFileAge),
                              hiddenOnly: true) {
                $0.hasPrefix(".\(directory.lastPathComponent).deleting-")
            }
        }
        sweptDirectories.withLock { $0.removeAll() }
        legacyIndexes.withLock { $0.removeAll() }
    }
}
