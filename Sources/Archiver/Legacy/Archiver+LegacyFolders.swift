import Foundation

/// Archiver 0.6's folders: the archive directory and type folders under the unescaped names 0.6
/// gave them. Reads find them; the first store moves them to today's names.
extension Archiver {
    /// The folders where 0.6 may have kept `folder`'s archives, under the unescaped names of the
    /// archive directory or the type folder; empty when neither name was escaped.
    func legacyDirectoryURLs(of folder: Folder) throws(ArchiverError) -> [URL] {
        let current = try directoryURL(of: folder)
        let legacyName = ArchiveFileName.legacyComponent(for: folder.directoryName)
        guard let legacyArchives = legacyArchiveDirectoryURL else {
            return legacyName.map { [current.deletingLastPathComponent().appendingPathComponent($0, isDirectory: true)] } ?? []
        }
        let names = [current.lastPathComponent] + (legacyName.map { [$0] } ?? [])
        var urls = names.map { legacyArchives.appendingPathComponent($0, isDirectory: true) }
        if let legacyName { urls.insert(current.deletingLastPathComponent().appendingPathComponent(legacyName, isDirectory: true), at: 0) }
        return urls
    }

    /// The folder `folder`'s archives are read from: today's, unless only a folder 0.6 named
    /// differently is there. A store moves such a folder to today's name
    /// (``adoptLegacyDirectory(of:)``), so reads and writes meet.
    func currentDirectoryURL(of folder: Folder) throws(ArchiverError) -> URL {
        let current = try directoryURL(of: folder)
        let legacy = try legacyDirectoryURLs(of: folder)
        guard !legacy.isEmpty, !FileIO.isDirectory(current.path) else { return current }
        return legacy.first { FileIO.isDirectory($0.path) } ?? current
    }

    /// Moves a folder 0.6 named differently to today's name, when today's does not exist yet:
    /// the whole archive directory if that is what was renamed, else the type folder.
    func adoptLegacyDirectory(of folder: Folder) throws(ArchiverError) {
        let current = try directoryURL(of: folder)
        var found = try currentDirectoryURL(of: folder)
        guard found.path != current.path else { return }
        let archives = current.deletingLastPathComponent()
        if let legacyArchives = legacyArchiveDirectoryURL, found.deletingLastPathComponent().path == legacyArchives.path,
           !FileIO.isDirectory(archives.path) {
            do {
                try FileIO.createFolder(archives.deletingLastPathComponent().path)
                try FileIO.move(legacyArchives.path, to: archives.path)
            } catch {
                throw Self.error(error, file: legacyArchives)
            }
            found = try currentDirectoryURL(of: folder)
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
