import Foundation

// Earlier spellings of jobs that now have one name on the value or its type, with the archiver
// as an argument (see the Storage article's "One name per job"). They forward, and go in a
// later major version.
extension Archiver {
    /// Stores the archive of `value` in this archiver. Use ``Archivable/store(in:)``.
    ///
    /// ```swift
    /// try user.store(in: archiver)  // was: try archiver.store(user)
    /// ```
    @available(*, deprecated, message: "use value.store(in: archiver)")
    @discardableResult
    public func store<Value: Archivable>(_ value: Value) throws(ArchiverError) -> URL {
        try storeValue(value)
    }

    /// Loads the `type` value stored under `resourceID`. Use ``Archivable/load(resourceID:in:)``.
    ///
    /// ```swift
    /// try User.load(resourceID: "abcd", in: archiver)  // was: try archiver.load(User.self, resourceID: "abcd")
    /// ```
    @available(*, deprecated, message: "use Type.load(resourceID:in: archiver)")
    public func load<Value: Archivable>(_ type: Value.Type, resourceID: Value.ID) throws(ArchiverError) -> Value? {
        try loadValue(type, resourceID: resourceID)
    }

    /// Deletes the archive of the `type` value with id `resourceID`. Use ``Archivable/delete(resourceID:in:)``.
    ///
    /// ```swift
    /// try User.delete(resourceID: "abcd", in: archiver)  // was: try archiver.delete(User.self, resourceID: "abcd")
    /// ```
    @available(*, deprecated, message: "use Type.delete(resourceID:in: archiver)")
    public func delete<Value: Archivable>(_ type: Value.Type, resourceID: Value.ID) throws(ArchiverError) {
        try deleteValue(type, resourceID: resourceID)
    }

    /// The ids of every stored value of `type`. Use ``Archivable/storedResourceIDs(in:)``.
    ///
    /// ```swift
    /// try User.storedResourceIDs(in: archiver)  // was: try archiver.resourceIDs(of: User.self)
    /// ```
    @available(*, deprecated, message: "use Type.storedResourceIDs(in: archiver)")
    public func resourceIDs<Value: Archivable>(of type: Value.Type) throws(ArchiverError) -> [Value.ID] {
        try storedIDs(of: type)
    }

    /// Every stored value of `type` that loads. Use ``Archivable/loadAll(in:)``.
    ///
    /// ```swift
    /// try User.loadAll(in: archiver)  // was: try archiver.loadAll(User.self)
    /// ```
    @available(*, deprecated, message: "use Type.loadAll(in: archiver)")
    public func loadAll<Value: Archivable>(_ type: Value.Type) throws(ArchiverError) -> [Value] {
        var failures: [ArchiverError] = []
        return try loadAllValues(type, failures: &failures)
    }

    /// Every stored value of `type` that loads, and an error for each that does not. Use
    /// ``Archivable/loadAll(in:failures:)``.
    ///
    /// ```swift
    /// try User.loadAll(in: archiver, failures: &failures)  // was: try archiver.loadAll(User.self, failures: &failures)
    /// ```
    @available(*, deprecated, message: "use Type.loadAll(in: archiver, failures:)")
    public func loadAll<Value: Archivable>(_ type: Value.Type, failures: inout [ArchiverError]) throws(ArchiverError) -> [Value] {
        try loadAllValues(type, failures: &failures)
    }

    /// Deletes every stored value of `type`. Use ``Archivable/deleteAll(in:)``.
    ///
    /// ```swift
    /// try User.deleteAll(in: archiver)  // was: try archiver.deleteAll(User.self)
    /// ```
    @available(*, deprecated, message: "use Type.deleteAll(in: archiver)")
    public func deleteAll<Value: Archivable>(_ type: Value.Type) throws(ArchiverError) {
        try deleteAllValues(type)
    }
}
