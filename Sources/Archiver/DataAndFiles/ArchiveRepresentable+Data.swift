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
    /// - Throws: ``ArchiveDataError/Reason/invalidPropertyList(keyPath:found:)`` naming the first
    ///   value a property list cannot hold.
    public func archivedData() throws(ArchiveDataError) -> Data {
        do {
            return try PropertyListCoding.data(for: archiveValue)
        } catch {
            throw ArchiveDataError(typeName: String(describing: Self.self), reason: Archive.reason(writing: error))
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
    /// - Throws: ``ArchiveDataError`` saying whether the bytes are not an archive, a refused keyed
    ///   archive, or an archive the type rejects, and where.
    public init(archivedData data: Data, keyedArchiveOptions: KeyedArchiveOptions = .propertyListClassesOnly) throws(ArchiveDataError) {
        let typeName = String(describing: Self.self)
        let archive: Archive
        do {
            archive = try PropertyListCoding.archive(
                from: data, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: keyedArchiveOptions)
        } catch {
            throw ArchiveDataError(typeName: typeName, reason: Archive.reason(reading: error))
        }
        do {
            self = try Self.decode(archive: archive)
        } catch {
            throw ArchiveDataError(typeName: typeName, reason: .decodingFailed(error))
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
    /// - Throws: ``ArchiveDataError/Reason/invalidPropertyList(keyPath:found:)`` naming the
    ///   element and key path (`[1].photo`).
    public func archivedData() throws(ArchiveDataError) -> Data {
        do {
            return try PropertyListCoding.data(forArchives: archiveValue, maximumDepth: PropertyListCoding.defaultMaximumDepth)
        } catch {
            throw ArchiveDataError(typeName: String(describing: Self.self), reason: Archive.reason(writing: error))
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
    /// - Throws: ``ArchiveDataError``; a failed element reads `Array<Session>[1].events[0].timeStamp: …`.
    public init(archivedData data: Data, keyedArchiveOptions: KeyedArchiveOptions = .propertyListClassesOnly) throws(ArchiveDataError) {
        let typeName = String(describing: Self.self)
        let elements: [Any]
        do {
            elements = try PropertyListCoding.archives(
                from: data, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: keyedArchiveOptions)
        } catch {
            throw ArchiveDataError(typeName: typeName, reason: Archive.reason(reading: error))
        }
        var values: [Element] = []
        values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let archive = element as? Archive else {
                let error = ArchiveDecodingError(
                    typeName: typeName, path: [.index(index)],
                    reason: .typeMismatch(expected: "archive dictionary", found: ArchiveDecodingError.describe(element)))
                throw ArchiveDataError(typeName: typeName, reason: .decodingFailed(error))
            }
            do {
                values.append(try Element.decode(archive: archive))
            } catch {
                throw ArchiveDataError(typeName: typeName, reason: .decodingFailed(error.nested(in: Self.self, at: [.index(index)])))
            }
        }
        self = values
    }
}
