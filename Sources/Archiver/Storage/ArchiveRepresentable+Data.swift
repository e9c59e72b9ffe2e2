import Foundation

extension ArchiveRepresentable {
    /// This value's archive as binary property-list bytes: what ``Archivable`` values store,
    /// for a value that lives anywhere — a file you name, a database column, a pasteboard.
    ///
    /// ```swift
    /// let movie = Movie(name: "Jurassic Park", director: "Steven Spielberg", releaseYear: 1993)
    /// let data = try movie.archivedData()   // "bplist00…", 97 bytes
    /// let again = try Movie(archivedData: data)
    /// ```
    ///
    /// - Throws: ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)`` naming the first
    ///   value a property list cannot hold.
    public func archivedData() throws(ArchiverError) -> Data {
        do {
            return try PropertyListCoding.data(of: self)
        } catch {
            throw .writing(String(describing: Self.self), error)
        }
    }

    /// Creates a value from archived bytes: ones ``archivedData()`` made, or a keyed archive of
    /// its archive dictionary, as Archiver 0.6 and `NSKeyedArchiver.archivedData(withRootObject:)`
    /// of an `NSDictionary` made.
    ///
    /// ```swift
    /// let movie = try Movie(archivedData: data)
    /// // Files NSCoding wrapper classes wrote name the class; read its fields as the archive:
    /// let wrapped = try Movie(archivedData: legacy, keyedArchiveOptions: .init(classesReadAsDictionaries: ["MyApp.MovieClass"]))
    /// ```
    ///
    /// - Throws: ``ArchiverError/corruptFile(type:id:file:reason:)`` for bytes that are not an
    ///   archive, ``ArchiverError/refusedKeyedArchive(type:id:file:error:)``, or
    ///   ``ArchiverError/decodingFailed(type:id:file:error:)`` for an archive the type rejects,
    ///   with the key path; `id` and `file` are `nil`.
    public init(archivedData data: Data, keyedArchiveOptions: KeyedArchiveOptions = KeyedArchiveOptions()) throws(ArchiverError) {
        let typeName = String(describing: Self.self)
        let archive: Archive
        do {
            archive = try PropertyListCoding.archive(
                from: data, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: keyedArchiveOptions)
        } catch {
            throw .reading(typeName, error)
        }
        do {
            self = try Self.decode(archive: archive)
        } catch {
            throw .decodingFailed(type: typeName, id: nil, file: nil, error: error)
        }
    }
}

extension Array where Element: ArchiveRepresentable {
    /// The archives of these values as binary property-list bytes, in order.
    ///
    /// ```swift
    /// let data = try sessions.archivedData()
    /// let again = try [Session](archivedData: data)  // the same sessions, in order
    /// ```
    ///
    /// - Throws: ``ArchiverError/invalidPropertyList(type:id:keyPath:found:)`` naming the
    ///   element and key path (`[1].photo`).
    public func archivedData() throws(ArchiverError) -> Data {
        do {
            return try PropertyListCoding.data(forArchives: archiveValue, maximumDepth: PropertyListCoding.defaultMaximumDepth)
        } catch {
            throw .writing(String(describing: Self.self), error)
        }
    }

    /// Creates an array from archived bytes: ones ``archivedData()`` made, or a keyed archive of
    /// an array of archive dictionaries (or of wrapper objects read as dictionaries).
    ///
    /// Every element must decode; the first that does not is named by its index.
    ///
    /// ```swift
    /// let sessions = try [Session](archivedData: data)
    /// ```
    ///
    /// - Throws: ``ArchiverError``; a failed element reads `Array<Session>[1].events[0].timeStamp: …`.
    public init(archivedData data: Data, keyedArchiveOptions: KeyedArchiveOptions = KeyedArchiveOptions()) throws(ArchiverError) {
        let typeName = String(describing: Self.self)
        let elements: [Any]
        do {
            elements = try PropertyListCoding.archives(
                from: data, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: keyedArchiveOptions)
        } catch {
            throw .reading(typeName, error)
        }
        var values: [Element] = []
        values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let archive = element as? Archive else {
                let error = ArchiveDecodingError(
                    typeName: typeName, path: [.index(index)],
                    reason: .typeMismatch(expected: "archive dictionary", found: ArchiveDecodingError.describe(element)))
                throw .decodingFailed(type: typeName, id: nil, file: nil, error: error)
            }
            do {
                values.append(try Element.decode(archive: archive))
            } catch {
                throw .decodingFailed(type: typeName, id: nil, file: nil, error: error.nested(in: Self.self, at: [.index(index)]))
            }
        }
        self = values
    }
}
