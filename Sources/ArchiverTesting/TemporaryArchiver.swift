import Archiver
import Foundation

/// A fresh temporary folder and an ``Archiver/Archiver`` on it, deleted when this is released or
/// ``removeDirectory()`` is called.
///
/// `Archiver` is a `final` class; this holds one (``archiver``) rather than being one, and
/// ``with(_:)`` hands the archiver itself to its body.
///
/// Tests that store through it never meet each other's files or the app's, and can run in parallel.
///
/// ```swift
/// @Test func storesAndLoadsAUser() async throws {
///     try await TemporaryArchiver.with { archiver in
///         try user.store(in: archiver)
///         #expect(try User.load(resourceID: user.id, in: archiver)?.name == "George Costanza")
///     }  // the folder is gone here
/// }
/// ```
///
/// Types whose `archiver` should follow the test can read ``current``, which ``with(_:)`` binds
/// for the task and its child tasks:
///
/// ```swift
/// struct Note: Archivable {
///     static var archiver: Archiver { TemporaryArchiver.current ?? .default }
///     …
/// }
/// ```
public final class TemporaryArchiver: Sendable {
    /// The archiver ``with(_:)`` is running, in this task and its child tasks; `nil` outside it.
    @TaskLocal public static var current: Archiver?

    /// The temporary folder that holds this archiver's type folders.
    public let directoryURL: URL

    /// The archiver that stores in ``directoryURL``.
    ///
    /// ```swift
    /// let temporary = TemporaryArchiver()
    /// try user.store(in: temporary.archiver)
    /// ```
    public let archiver: Archiver

    /// Creates an archiver on a new, uniquely named folder in the temporary directory. The folder
    /// itself is created by the first store.
    ///
    /// ```swift
    /// let archiver = TemporaryArchiver()
    /// archiver.directoryURL.path  // "/tmp/ArchiverTesting-3F2A…"
    /// ```
    public init(prefix: String = "ArchiverTesting") {
        directoryURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        archiver = Archiver(archiveDirectoryURL: directoryURL)
    }

    deinit {
        removeDirectory()
    }

    /// Deletes the temporary folder and everything in it. Storing again recreates it.
    ///
    /// ```swift
    /// let archiver = TemporaryArchiver()
    /// defer { archiver.removeDirectory() }
    /// ```
    public func removeDirectory() {
        try? FileManager.default.removeItem(at: directoryURL)
    }

    /// Runs `body` with a new temporary archiver bound to ``current``, then deletes its folder,
    /// whether `body` returns or throws.
    ///
    /// ```swift
    /// let count = try await TemporaryArchiver.with { archiver in
    ///     try notes.store()          // Note.archiver reads TemporaryArchiver.current
    ///     return try Note.storedResourceIDs().count
    /// }
    /// ```
    @discardableResult
    public static func with<Result>(_ body: (Archiver) async throws -> Result) async rethrows -> Result {
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        return try await $current.withValue(temporary.archiver) {
            try await body(temporary.archiver)
        }
    }

    /// Runs `body` with a new temporary archiver bound to ``current``, then deletes its folder;
    /// for synchronous tests and XCTest.
    ///
    /// ```swift
    /// func testStoresAUser() throws {
    ///     try TemporaryArchiver.with { archiver in
    ///         try user.store(in: archiver)
    ///         XCTAssertNotNil(try User.load(resourceID: user.id, in: archiver))
    ///     }
    /// }
    /// ```
    @discardableResult
    public static func with<Result>(_ body: (Archiver) throws -> Result) rethrows -> Result {
        let temporary = TemporaryArchiver()
        defer { temporary.removeDirectory() }
        return try $current.withValue(temporary.archiver) {
            try body(temporary.archiver)
        }
    }
}
