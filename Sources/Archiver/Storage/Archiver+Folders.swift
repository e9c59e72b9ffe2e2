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
        /// How a key-mapped or ``ArchiveCodable`` type reads its archive in place from a binary
        /// property list (``InPlaceReader``); `nil` for other types, which decode an archive dictionary.
        var inPlaceReader: AnyObject?
        /// Where the folder and its neighbours are, worked out once per archiver and archive
        /// directory (``Archiver/folder(for:)``); `nil` for a folder made without an archiver, or
        /// one whose archiver has no archive directory (``Archiver/paths(of:)`` says why).
        var paths: Paths?

        init<Value: Archivable>(_ type: Value.Type, directoryName: String) {
            typeName = TypeName.of(type)
            self.directoryName = directoryName
            // A `String` id's canonical text needs no parsing (no minus sign makes another
            // `String`): the closure is the one a folder of no known type has, which runs no
            // generic code for every name a listing reads.
            canonicalText = Value.ID.self == String.self
                ? { ArchiveFileName.canonical($0) }
                : { text in Value.resourceID(fromText: text).map { Folder.canonicalText(of: $0, Value.self) } }
            owner = { archive in (try? Value.decode(archive: archive)).map { Folder.canonicalText(of: $0.id, Value.self) } }
            inPlaceReader = (Value.self as? any KeyMapped.Type)?.inPlaceArchiveReader(as: Value.self)
                ?? (Value.self as? any ArchiveCodable.Type)?.inPlaceArchiveReader(as: Value.self)
        }

        init(typeName: String, directoryName: String) {
            self.typeName = typeName
            self.directoryName = directoryName
            canonicalText = { ArchiveFileName.canonical($0) }
            owner = nil
            inPlaceReader = nil
        }

        /// The text that names the file of `id`: one for all ids `==` calls equal. The id's text,
        /// composed as `==` sees it, and without a minus sign the id equals without (`-0.0`).
        ///
        /// The one id text of the library: every form (synchronous, `InBackground`, 0.6's), the
        /// memory layer, the streams of changes and the removals of expiry and the size limit name
        /// an id by it, so that no spelling of an id reaches another file, value or observer.
        static func canonicalText<Value: Archivable>(of id: Value.ID, _ type: Value.Type) -> String {
            var text = Value.text(forResourceID: id)
            // The byte first: most texts have no minus, and `hasPrefix` compares characters.
            if text.utf8.first == UInt8(ascii: "-"), text.hasPrefix("-"), let unsigned = Value.resourceID(fromText: String(text.dropFirst())), unsigned == id {
                text = Value.text(forResourceID: unsigned)
            }
            return ArchiveFileName.canonical(text)
        }
    }

    /// A folder on disk: its URL, for errors and results, and its path, for the system calls,
    /// each made once.
    struct Place: Sendable {
        let url: URL
        let path: String

        init(_ url: URL) {
            self.url = url
            path = url.path
        }

        /// The entry `name` of this folder: its path at once, its URL only when asked for.
        func file(_ name: String) -> ArchiveFileLocation {
            ArchiveFileLocation(directory: self, name: name)
        }
    }

    /// The folders a type's calls touch, for one archive directory: the archive directory, the
    /// type's folder today, the folders 0.6 may have used, and the staging folder. A class, so
    /// that passing a folder around copies one reference.
    final class Paths: Sendable {
        let archives: Place
        let current: Place
        /// Where 0.6 kept the type's archives, most likely first; empty when 0.6's names are today's.
        let legacy: [Place]
        let staging: Place
        /// Whether the archive directory's volume folds case, once the archiver knows
        /// (``Archiver/caseFolding`` holds the answer; this saves looking it up by path).
        let foldsCase = Locked<Bool?>(nil)

        init(archives: Place, current: Place, legacy: [Place], staging: Place) {
            self.archives = archives
            self.current = current
            self.legacy = legacy
            self.staging = staging
        }
    }

    /// An archive file: its folder and its name. Its path is built from strings; its URL, which
    /// costs a parse, only for an error or a result.
    struct ArchiveFileLocation: Sendable {
        let directory: Place
        let name: String

        var path: String { directory.path + "/" + name }
        var url: URL { directory.url.appendingPathComponent(name, isDirectory: false) }
    }

    // MARK: Locations

    /// The folder of `type`'s archives, with its paths, made once per archiver and type and kept
    /// until the archive directory changes. `directoryName` is read on every call, so a type whose
    /// folder name changes is followed.
    func folder<Value: Archivable>(for type: Value.Type) -> Folder {
        let directoryName = Value.directoryName
        let key = ObjectIdentifier(type)
        if let known = location.withLock({ $0.folders[key] }), known.directoryName == directoryName { return known }
        var folder = Folder(type, directoryName: directoryName)
        return location.withLock { location in
            folder.paths = try? Self.paths(of: folder, archives: location.archiveDirectoryURL, legacyArchives: location.legacyArchiveDirectoryURL)
            location.folders[key] = folder
            if let path = folder.paths?.current.path { location.foldersByPath[path] = folder }
            return folder
        }
    }

    /// The folder at `path` (named `component` on disk) as the type that last used it made it,
    /// for a removal by a scan, which knows only a file's path: it reads the file's id as the
    /// type does (`7` for 0.6's `007.plist` of an `Int` id). A folder no type of this process has
    /// used reads ids as text; no value of it is in memory and no stream watches it.
    func knownFolder(at path: String, component: String) -> Folder {
        location.withLock { $0.foldersByPath[path] } ?? Folder(typeName: component, directoryName: component)
    }

    /// The folders `folder`'s calls touch: those worked out when it was made, else worked out now.
    func paths(of folder: Folder) throws(ArchiverError) -> Paths {
        if let paths = folder.paths { return paths }
        let (archives, legacyArchives) = location.withLock { ($0.archiveDirectoryURL, $0.legacyArchiveDirectoryURL) }
        return try Self.paths(of: folder, archives: archives, legacyArchives: legacyArchives)
    }

    private static func paths(of folder: Folder, archives: URL?, legacyArchives: URL?) throws(ArchiverError) -> Paths {
        guard let archives else { throw .noArchiveDirectory(type: folder.typeName) }
        guard let component = ArchiveFileName.component(for: folder.directoryName) else {
            throw .fileSystem(operation: "use the empty directory name of", file: archives, reason: folder.typeName)
        }
        let current = archives.appendingPathComponent(component, isDirectory: true)
        return Paths(archives: Place(archives), current: Place(current),
                     legacy: legacyDirectoryURLs(current: current, directoryName: folder.directoryName, legacyArchives: legacyArchives).map(Place.init),
                     staging: Place(archives.appendingPathComponent(".staging", isDirectory: true)))
    }

    /// The folder that holds the archives of `type` (users ask for a file's, ``fileURL(for:resourceID:)``).
    func directoryURL<Value: Archivable>(for type: Value.Type) throws(ArchiverError) -> URL {
        try paths(of: folder(for: type)).current.url
    }

    /// The file that holds, or would hold, the archive of the `type` value with id `resourceID`;
    /// its folder holds every archive of the type.
    ///
    /// ```swift
    /// try Archiver.default.fileURL(for: User.self, resourceID: "abcd")  // …/User/abcd.plist
    /// try Archiver.default.fileURL(for: User.self, resourceID: "../x")  // …/User/%2E.%2Fx.plist
    /// ```
    public func fileURL<Value: Archivable>(for type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> URL {
        let folder = folder(for: type)
        return try file(in: folder, id: Folder.canonicalText(of: resourceID, type), foldingCase: foldsCase(folder)).location.url
    }

    func directoryURL(of folder: Folder) throws(ArchiverError) -> URL {
        try paths(of: folder).current.url
    }

    /// Today's file of `id` in `folder` and the form of its name.
    func file(in folder: Folder, id: String, foldingCase: Bool) throws(ArchiverError) -> (location: ArchiveFileLocation, form: ArchiveFileName.Form) {
        guard let (stem, form) = ArchiveFileName.stem(for: id, foldingCase: foldingCase) else { throw .emptyIdentifier(type: folder.typeName) }
        return (try paths(of: folder).current.file(stem + "." + ArchiveFileName.fileExtension), form)
    }

    /// Whether the volume of `folder`'s archive directory folds case (``foldsCase(creating:)``).
    func foldsCase(_ folder: Folder, creating: Bool = false) -> Bool {
        guard let paths = folder.paths else { return foldsCase(creating: creating) }
        return foldsCase(paths, creating: creating)
    }

    /// Whether the volume of the archive directory folds case (`aB3` and `Ab3` one name), found
    /// once per archive directory by looking its name up with the case of its letters swapped. A
    /// missing directory holds nothing to find: `false`, not remembered. With `creating` (a
    /// store), the directory is created first, so that the store names its file right.
    func foldsCase(creating: Bool = false) -> Bool {
        guard let archives = archiveDirectoryURL else { return false }
        return foldsCase(archives: Place(archives), staging: Place(archives.appendingPathComponent(".staging", isDirectory: true)),
                         creating: creating) ?? false
    }

    func foldsCase(_ paths: Paths, creating: Bool = false) -> Bool {
        if let known = paths.foldsCase.withLock({ $0 }) { return known }
        guard let answer = foldsCase(archives: paths.archives, staging: paths.staging, creating: creating) else { return false }
        paths.foldsCase.withLock { $0 = answer }
        return answer
    }

    /// The answer, remembered for the archive directory; `nil` (to be taken as `false`) while
    /// the directory is missing.
    private func foldsCase(archives: Place, staging: Place, creating: Bool) -> Bool? {
        let path = archives.path
        if let known = caseFolding.withLock({ $0[path] }) { return known }
        if testHooks?.foldsCase == true { return true }
        if creating { try? FileIO.createFolder(path) }
        var answer = FileIO.foldsCase(path)
        if answer == nil {
            // The directory's name has no letter to swap; `.staging` has.
            if creating { try? FileIO.createFolder(staging.path) }
            answer = FileIO.foldsCase(staging.path)
        }
        guard let answer else { return nil }
        caseFolding.withLock { $0[path] = answer }
        return answer
    }
}

/// The names `String(describing:)` gives types, made once per type: a folder's default name and
/// the name errors give a type are asked for on every call.
enum TypeName {
    private static let names = Locked<[ObjectIdentifier: String]>([:])

    /// `String(describing: type)`, remembered.
    static func of(_ type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let known = names.withLock({ $0[key] }) { return known }
        let name = String(describing: type)
        names.withLock { $0[key] = name }
        return name
    }
}

/// How a key-mapped type's load reads its archive: from a binary property list in place. A class,
/// so that a ``Archiver/Folder`` holds it without knowing the type.
final class InPlaceReader<Value>: @unchecked Sendable {
    // Unchecked: the closure calls the model's key map, immutable once built (see ``KeyMap``).
    let read: (BinaryPropertyListDocument) throws(ArchiveDecodingError) -> Value

    init(_ read: @escaping (BinaryPropertyListDocument) throws(ArchiveDecodingError) -> Value) {
        self.read = read
    }
}
