import Foundation

/// Archiver 0.6's folders: the archive directory and type folders under the unescaped names 0.6
/// gave them. Reads find them; the first store moves them to today's names.
extension Archiver {
    /// The folders where 0.6 may have kept the archives of the folder named `directoryName`, whose
    /// folder today is `current`, under the unescaped names of the archive directory
    /// (`legacyArchives`, when it differs) or the type folder; empty when neither name was escaped.
    static func legacyDirectoryURLs(current: URL, directoryName: String, legacyArchives: URL?) -> [URL] {
        let legacyName = ArchiveFileName.legacyComponent(for: directoryName)
        guard let legacyArchives else {
            return legacyName.map { [current.deletingLastPathComponent().appendingPathComponent($0, isDirectory: true)] } ?? []
        }
        let names = [current.lastPathComponent] + (legacyName.map { [$0] } ?? [])
        var urls = names.map { legacyArchives.appendingPathComponent($0, isDirectory: true) }
        if let legacyName { urls.insert(current.deletingLastPathComponent().appendingPathComponent(legacyName, isDirectory: true), at: 0) }
        return urls
    }

    /// The folders where 0.6 may have kept `folder`'s archives.
    func legacyDirectoryURLs(of folder: Folder) throws(ArchiverError) -> [URL] {
        try paths(of: folder).legacy.map(\.url)
    }

    /// The folder `folder`'s archives are read from: today's, unless only a folder 0.6 named
    /// differently is there. A store moves such a folder to today's name
    /// (``adoptLegacyDirectory(of:)``), so reads and writes meet.
    func currentDirectory(of paths: Paths) -> Place {
        guard !paths.legacy.isEmpty, !FileIO.isDirectory(paths.current.path, hooks: testHooks) else { return paths.current }
        return paths.legacy.first { FileIO.isDirectory($0.path, hooks: testHooks) } ?? paths.current
    }

    /// Moves a folder 0.6 named differently to today's name, when today's does not exist yet:
    /// the whole archive directory if that is what was renamed, else the type folder.
    func adoptLegacyDirectory(of paths: Paths) throws(ArchiverError) {
        guard !paths.legacy.isEmpty else { return }
        let current = paths.current.url
        var found = currentDirectory(of: paths).url
        guard found.path != current.path else { return }
        let archives = current.deletingLastPathComponent()
        if let legacyArchives = legacyArchiveDirectoryURL, found.deletingLastPathComponent().path == legacyArchives.path,
           !FileIO.isDirectory(archives.path, hooks: testHooks) {
            do {
                try FileIO.createFolder(archives.deletingLastPathComponent().path)
                try FileIO.move(legacyArchives.path, to: archives.path)
            } catch {
                throw Self.error(error, file: legacyArchives)
            }
            found = currentDirectory(of: paths).url
            guard found.path != current.path else { return }
        }
        do {
            try FileIO.createFolder(archives.path)
            try FileIO.move(found.path, to: current.path)
        } catch {
            throw Self.error(error, file: found)
        }
    }
}
