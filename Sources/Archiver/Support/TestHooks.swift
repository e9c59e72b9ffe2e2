/// What a test can set on an archiver made for it, in one place: the seams into the file layer,
/// the trim and the workers of deep conversions.
///
/// An archiver an app makes holds none (``Archiver/testHooks`` is `nil`), so its calls test one
/// optional and go on: no lock, no task-local value, no scan. A test makes its archiver with
/// `Archiver(archiveDirectoryURL:testHooks:)`; a conversion, which has no archiver, finds the
/// hooks in its thread's ``ConversionState``.
///
/// ```swift
/// let hooks = TestHooks(foldsCase: true)
/// let archiver = Archiver(archiveDirectoryURL: folder, testHooks: hooks)
/// try note.store(in: archiver)          // named as on a volume that folds case
/// hooks.fileSystemCalls                 // the folder opens and file examinations so far
/// ```
final class TestHooks: Sendable {
    /// Whether the archiver's file layer behaves as if its volume folded case, so that the naming
    /// logic for such volumes runs on every test run, on any file system: opening, removing or
    /// replacing a name finds an entry that differs from it only in ASCII case.
    let foldsCase: Bool

    /// The stack size of the workers a conversion on this thread starts, which then always start
    /// a thread: a size no thread can have makes the start fail.
    let workerStackSize: Int?

    private let calls = Locked(0)
    private let trimObserver = Locked<(@Sendable (TrimMoment) -> Void)?>(nil)

    init(foldsCase: Bool = false, workerStackSize: Int? = nil) {
        self.foldsCase = foldsCase
        self.workerStackSize = workerStackSize
    }

    /// How many times the archiver's calls opened a folder or examined a file: what a memory hit
    /// must leave unchanged.
    var fileSystemCalls: Int { calls.withLock { $0 } }

    func countFileSystemCall() { calls.withLock { $0 += 1 } }

    /// The moments of a trim pass a test may hold it at.
    enum TrimMoment: Sendable { case started, listed }

    /// Called at each moment of each trim pass, for tests that hold a trim while they store.
    var onTrim: (@Sendable (TrimMoment) -> Void)? {
        get { trimObserver.withLock { $0 } }
        set { trimObserver.withLock { $0 = newValue } }
    }
}
