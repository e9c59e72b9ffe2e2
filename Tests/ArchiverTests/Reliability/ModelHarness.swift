import Foundation
@testable import Archiver
import ArchiverTesting

// Drives the archivers of one run of the model-based test (ModelBasedCacheTests.swift) and
// compares them with the reference model (ReferenceModel.swift) after every step.

/// How a load came out, in terms the model predicts.
enum ModelLoadOutcome: Equatable, Sendable, CustomStringConvertible {
    case value(Int)
    case absent
    case expired
    case failed(String)

    var description: String {
        switch self {
        case .value(let revision): "revision \(revision)"
        case .absent: "nil"
        case .expired: "expired"
        case .failed(let error): "error \(error)"
        }
    }
}

/// A change as an archiver announced it to an internal observer, on the thread that made it.
struct ModelRawEvent: Sendable {
    var instance: Int
    var kind: CacheState.RawChange.Kind
    /// The path of the type folder changed, or `nil` for a clear of every folder.
    var path: String?
    var id: String?
    /// What a load of the step's own id returned while the change was announced.
    var loadedOnEvent: ModelLoadOutcome?
}

/// A load of the step's id made when its change is announced, as an app that reloads on
/// `changes(of:)` or an `ArchivedValue` does.
struct ModelProbe: Sendable {
    var instance: Int
    var path: String
    var matches: @Sendable (String) -> Bool
    var load: @Sendable () -> ModelLoadOutcome
}

/// A change as `changes()` delivered it: the canonical text of its id.
struct ModelPublicEvent: Equatable, Sendable, CustomStringConvertible {
    var kind: CacheState.RawChange.Kind
    var id: String?

    var description: String { "\(kind)\(id.map { "(\($0))" } ?? "")" }
}

/// One `changes()` or `changes(of:)` stream and what it should have delivered.
final class ModelWatch {
    let instance: Int
    let kind: ModelKind
    /// The path of the type folder it watches.
    let path: String
    let folderName: String
    let filter: String?
    /// The id as the stream was asked for it, for messages.
    let spelling: String?
    let log = Locked<[ModelPublicEvent]>([])
    var expected: [ModelPublicEvent] = []
    var task: Task<Void, Never>?

    init(instance: Int, kind: ModelKind, path: String, folderName: String, filter: String?, spelling: String?) {
        self.instance = instance
        self.kind = kind
        self.path = path
        self.folderName = folderName
        self.filter = filter
        self.spelling = spelling
    }

    var name: String { "changes(\(spelling.map { "of: \($0)" } ?? "")) of \(folderName) via \(instance)" }
}

/// Where a run failed: the step and what disagreed with the model.
struct ModelFailure: Error {
    var step: Int
    var messages: [String]

    /// The first message's tag (`[load]`, `[event]`, …): a shrunk sequence must fail the same way.
    var tag: String { messages.first.flatMap { $0.split(separator: "]").first.map { String($0) + "]" } } ?? "" }
}

/// Runs one sequence of steps against fresh archivers on a temporary folder and the model.
final class ModelHarness {
    let ops: ModelOps
    let config: ModelRunConfig
    private let temporary: TemporaryArchiver
    private let archivers: [Archiver]
    /// Reads the folder as it is: no memory, expiry or size limit.
    private let oracle: Archiver
    private var model: ReferenceModel
    private let raw = Locked<[ModelRawEvent]>([])
    private let probe = Locked<ModelProbe?>(nil)
    private var observers: [(Archiver, UInt64)] = []
    private var watches: [ModelWatch] = []
    private var messages: [String] = []
    private var revision = 0
    private(set) var stepsRun = 0
    /// Called with the archiver a `loadAll` or listing step ran through, after the call returns and
    /// before the harness hears what was announced meanwhile: a test's way to have a trim remove
    /// what the call read at a moment of its choosing, as a concurrent trim may.
    var afterCall: ((Archiver) -> Void)?
    /// Called with the archiver a delete step runs through, before the delete: a test's way to
    /// have a trim remove the value first, as a concurrent trim may.
    var beforeDelete: ((Archiver) -> Void)?
    private var step = 0
    private let folders: [ModelFolder]
    /// Each folder by the path the archivers name it by to observers.
    private var folderByPath: [String: ModelFolder] = [:]
    private var pathByFolder: [ModelFolder: String] = [:]

    // What the step in progress allows besides its own changes.
    private var expiryAllowed: (instance: Int, folder: ModelFolder?, id: AnyHashable?)?
    private var evictionsAllowed: Set<Int> = []
    private var spared: (folder: ModelFolder, id: AnyHashable)?
    private var evicted: [(instance: Int, folder: ModelFolder, id: AnyHashable, label: String, use: ModelTime)] = []
    private var removedThisStep: [(ModelFolder, AnyHashable)] = []

    /// Larger than any file a run writes (padding, the id twice for a hashed name, the format's own bytes).
    private static let largestFile = 2_000
    /// How far a file's modification date may trail the clock of the step that wrote it: file
    /// systems stamp files from a clock that ticks every few milliseconds.
    private static let tick: TimeInterval = 0.02

    init(ops: ModelOps, config: ModelRunConfig) {
        self.ops = ops
        self.config = config
        let temporary = TemporaryArchiver(prefix: "ArchiverModel")
        self.temporary = temporary
        archivers = (0..<config.instances).map { _ in Archiver(archiveDirectoryURL: temporary.directoryURL, testHooks: TestHooks()) }
        oracle = Archiver(archiveDirectoryURL: temporary.directoryURL)
        model = ReferenceModel(instances: config.instances)
        folders = ModelAccounts.names.map { ModelFolder(kind: .profile, name: "ModelProfile-" + $0) }
            + [ModelFolder(kind: .counter, name: ModelCounter.directoryName), ModelFolder(kind: .reading, name: ModelReading.directoryName)]
        for folder in folders {
            modelAccount.withLock { $0 = String(folder.name.dropFirst("ModelProfile-".count)) }
            let path = withModelType(folder.kind) { type in Self.cachePath(type, in: oracle) }
            folderByPath[path] = folder
            pathByFolder[folder] = path
        }
        modelAccount.withLock { $0 = ModelAccounts.names[0] }
    }

    private static func cachePath<R: ModelRecord>(_ type: R.Type, in archiver: Archiver) -> String {
        archiver.folder(for: R.self).cachePath
    }

    private var observing: Bool { ops.contains(.observation) }
    /// Whether a trim may have run while a step did (concurrent trims, or stores back to back).
    private var trimsOverlapSteps = false
    /// Whether a step stored: the size limit is kept from the first store on.
    private var hasStored = false
    /// `ARCHIVER_MODEL_TRACE=1` prints each step and each change the archivers announce.
    private static let tracing = ProcessInfo.processInfo.environment["ARCHIVER_MODEL_TRACE"] == "1"

    // MARK: Running

    /// Runs `steps`, or those that start before `deadline`; the first step at which the archiver
    /// disagrees with the model, if any.
    func run(_ steps: [ModelOp], until deadline: Date = .distantFuture) async -> ModelFailure? {
        modelAccount.withLock { $0 = ModelAccounts.names[0] }
        trimsOverlapSteps = config.concurrentTrims
        setUp()
        defer { tearDown() }
        for (index, op) in steps.enumerated() {
            if index > 0, Date() > deadline { break }
            step = index
            if Self.tracing { print("model: step \(index): \(op)") }
            await perform(op)
            stepsRun += 1
            if messages.isEmpty { await checkEverything(after: op) }
            if !messages.isEmpty { return ModelFailure(step: index, messages: messages) }
        }
        step = stepsRun
        if config.concurrentTrims { await checkIdle() }
        await checkWatches(grace: true)
        return messages.isEmpty ? nil : ModelFailure(step: stepsRun, messages: messages)
    }

    private func setUp() {
        for archiver in archivers + [oracle] { archiver.syncsToDisk = false }
        for archiver in archivers {
            if config.memory { archiver.memoryLimits = Archiver.MemoryLimits(count: 100_000, bytes: 1 << 30) }
            archiver.maximumAge = config.maximumAge
            archiver.maximumTotalSize = config.sizeLimit
        }
        if config.legacySeed { writeLegacyFiles() }
        for (instance, archiver) in archivers.enumerated() {
            // One observer per folder (an observer watches one); a clear of every folder reaches
            // them all, and only the first records it.
            for (index, folder) in folders.enumerated() {
                let raw = raw, probe = probe
                let token = archiver.cache.addObserver(CacheState.Observer(folder: pathByFolder[folder]!, id: nil, deliver: { change in
                    if change.folder == nil, index > 0 { return }
                    var loaded: ModelLoadOutcome?
                    if let probe = probe.withLock({ $0 }), probe.instance == instance, change.kind != .cleared,
                       change.folder == probe.path, let id = change.id, probe.matches(id) {
                        loaded = probe.load()
                    }
                    raw.withLock { $0.append(ModelRawEvent(instance: instance, kind: change.kind, path: change.folder,
                                                           id: change.id, loadedOnEvent: loaded)) }
                }))
                observers.append((archiver, token))
            }
        }
        if observing {
            for instance in archivers.indices {
                for kind in ModelKind.allCases { watch(kind, instance: instance) }
            }
        }
    }

    private func tearDown() {
        for watch in watches { watch.task?.cancel() }
        for archiver in archivers { archiver.waitForTrims() }
        for (archiver, token) in observers { archiver.cache.removeObserver(token) }
        modelZeroSixArchiver.withLock { $0 = nil }
        temporary.removeDirectory()
    }

    /// Files as Archiver 0.6 named them, there before any archiver of this run looks.
    private func writeLegacyFiles() {
        let start = Date().addingTimeInterval(-600)
        func write<R: ModelRecord>(_ type: R.Type, _ id: R.ID, as stem: String, offset: Int) {
            revision += 1
            let value = R(id: id, revision: revision, padding: String(repeating: "l", count: 100 + offset * 50))
            let folder = currentFolder(R.kind)
            let directory = temporary.directoryURL.appendingPathComponent(folder.name, isDirectory: true)
            let file = directory.appendingPathComponent(stem + ".plist")
            let modified = start.addingTimeInterval(Double(offset))
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                let data = try PropertyListCoding.data(for: value.archiveValue)
                try data.write(to: file)
                try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: file.path)
                model.store(folder, AnyHashable(id), ModelFile(revision: revision, size: data.count, modified: ModelTime(lo: modified, hi: modified),
                                                                label: R.canonicalText(id), step: -1, legacyName: stem + ".plist"))
            } catch {
                messages.append("[setup] writing the 0.6 file \(stem).plist: \(error)")
            }
        }
        write(ModelCounter.self, 7, as: "007", offset: 0)
        write(ModelCounter.self, 42, as: "+42", offset: 1)
        write(ModelReading.self, 0.0, as: "-0.0", offset: 2)
        write(ModelReading.self, 1.5, as: "1.50", offset: 3)
        write(ModelProfile.self, "caf\u{E9}", as: "cafe\u{301}", offset: 4)
    }

    private func modelType(_ kind: ModelKind) -> any ModelRecord.Type {
        withModelType(kind) { $0 }
    }

    private func currentFolder(_ kind: ModelKind) -> ModelFolder {
        kind == .profile ? ModelFolder(kind: .profile, name: ModelProfile.directoryName)
            : folders.first { $0.kind == kind }!
    }

    private func fail(_ message: String) {
        if Self.ignored.contains(where: { message.hasPrefix("[\($0)]") }) { return }
        messages.append(message)
    }

    /// `ARCHIVER_MODEL_IGNORE=idle,lru` ignores failures of those tags, to look past a known
    /// defect for others.
    private static let ignored = (ProcessInfo.processInfo.environment["ARCHIVER_MODEL_IGNORE"] ?? "")
        .split(separator: ",").map(String.init)

    // MARK: Steps

    private func perform(_ op: ModelOp) async {
        expiryAllowed = nil
        evictionsAllowed = config.concurrentTrims ? [0] : []
        spared = nil
        evicted = []
        removedThisStep = []
        switch op {
        case let .store(kind, id, via, form, padding):
            hasStored = true
            if config.sizeLimit != nil { evictionsAllowed.insert(via) }
            await store(modelType(kind), id, via: via, form: form, padding: padding)
        case let .load(kind, id, via, form):
            await load(modelType(kind), id, via: via, form: form)
        case let .loadAll(kind, via, background):
            await loadAll(modelType(kind), via: via, background: background)
        case let .list(kind, via, background):
            await list(modelType(kind), via: via, background: background)
        case let .delete(kind, id, via, form):
            await delete(modelType(kind), id, via: via, form: form)
        case let .deleteAll(kind, via):
            deleteAll(modelType(kind), via: via)
        case let .clearAll(via, throwing):
            clearAll(via: via, throwing: throwing)
        case let .switchAccount(index):
            await switchAccount(to: index)
        case let .age(kind, id):
            age(modelType(kind), id, by: 7_200)
        case let .trim(via):
            if config.sizeLimit != nil { evictionsAllowed.insert(via) }
            trim(via: via)
        case let .burst(kind, ids, via, padding, pause, hold):
            hasStored = true
            if config.sizeLimit != nil { evictionsAllowed.insert(via) }
            burst(modelType(kind), ids, via: via, padding: padding, pause: pause, hold: hold)
        case let .dateAhead(kind, id, far):
            age(modelType(kind), id, by: far ? -7_200 : -1_800)
        }
        if !config.concurrentTrims, config.sizeLimit != nil { checkLeastRecentlyUsedOrder() }
    }

    /// Waits for the trims the step scheduled unless trims run concurrently, and hands over
    /// what the archivers announced since the last call.
    private func settle() -> [ModelRawEvent] {
        if !config.concurrentTrims { for archiver in archivers { archiver.waitForTrims() } }
        return raw.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }

    private func installProbe<R: ModelRecord>(_ type: R.Type, _ id: R.ID, via instance: Int) {
        guard ops.contains(.loadOnChange) else { return }
        let archiver = archivers[instance]
        probe.withLock {
            $0 = ModelProbe(instance: instance, path: pathByFolder[currentFolder(R.kind)]!,
                            matches: { text in R.resourceID(fromText: text) == id },
                            load: { Self.outcome { () throws(ArchiverError) in try R.load(resourceID: id, in: archiver) } })
        }
    }

    private static func outcome<R: ModelRecord>(_ body: () throws(ArchiverError) -> R?) -> ModelLoadOutcome {
        do {
            return try body().map { .value($0.revision) } ?? .absent
        } catch .expired {
            return .expired
        } catch {
            return .failed("\(error)")
        }
    }

    private static func outcome<R: ModelRecord>(_ body: () async throws(ArchiverError) -> R?) async -> ModelLoadOutcome {
        do {
            return try await body().map { .value($0.revision) } ?? .absent
        } catch .expired {
            return .expired
        } catch {
            return .failed("\(error)")
        }
    }

    private func size<R: ModelRecord>(of value: R) -> Int {
        let text = R.canonicalText(value.id)
        let data = (try? PropertyListCoding.data(for: value.archiveValue))?.count ?? Self.largestFile
        return data + (ArchiveFileName.form(of: text) == .hashed ? text.utf8.count : 0)
    }

    private func store<R: ModelRecord>(_ type: R.Type, _ index: Int, via instance: Int, form: ModelWriteForm, padding: Int) async {
        let archiver = archivers[instance]
        let id = R.spellings[index]
        revision += 1
        let stored = revision
        let value = R(id: id, revision: stored, padding: String(repeating: "p", count: padding))
        let folder = currentFolder(R.kind), key = AnyHashable(id), text = R.canonicalText(id)
        installProbe(R.self, id, via: instance)
        let start = Date()
        do throws(ArchiverError) {
            switch form {
            case .sync: try value.store(in: archiver)
            case .background: try await value.storeInBackground(in: archiver)
            case .array: try [value].store(in: archiver)
            case .zeroSix:
                modelZeroSixArchiver.withLock { $0 = archiver }
                value.storeArchive()
            }
        } catch {
            fail("[store] threw \(error)")
        }
        let end = Date()
        probe.withLock { $0 = nil }
        spared = (folder, key)
        let events = settle()
        let size = size(of: value)
        process(events, own: [(instance, .stored, folder, key)]) { event in
            if let loaded = event?.loadedOnEvent, loaded != .value(stored) {
                fail("[event] a load of \(text) made when its store was announced returned \(loaded), not the stored revision \(stored)")
            }
            model.store(folder, key, ModelFile(revision: stored, size: size, modified: ModelTime(lo: start - Self.tick, hi: end),
                                               label: text, step: step))
            model.memory[instance][folder]?[key] = nil
            if config.memory, event?.loadedOnEvent == .value(stored) { model.memory[instance][folder, default: [:]][key] = (stored, text) }
            if config.sizeLimit != nil { model.lastUse[instance][folder, default: [:]][key] = ModelTime(lo: start, hi: end) }
        }
    }

    private func burst<R: ModelRecord>(_ type: R.Type, _ indices: [Int], via instance: Int, padding: Int, pause: Int, hold: Int) {
        trimsOverlapSteps = true
        let archiver = archivers[instance]
        if hold > 0 {
            // A trim that starts during the burst waits before it lists the folder, so that it
            // lists it after the stores that follow the one that scheduled it.
            archiver.testHooks!.onTrim = { moment in
                if moment == .started { Thread.sleep(forTimeInterval: Double(hold) / 1_000) }
            }
        }
        let folder = currentFolder(R.kind)
        var stored: [(value: R, start: Date, end: Date)] = []
        for (offset, index) in indices.enumerated() {
            if offset > 0, pause > 0 { Thread.sleep(forTimeInterval: Double(pause) / 1_000_000) }
            revision += 1
            let value = R(id: R.spellings[index], revision: revision, padding: String(repeating: "b", count: padding + offset * 37 % 300))
            let start = Date()
            do throws(ArchiverError) {
                try value.store(in: archiver)
            } catch {
                fail("[store] threw \(error)")
            }
            stored.append((value, start, Date()))
        }
        if hold > 0 { archiver.testHooks!.onTrim = nil }
        var next = 0
        process(settle(), own: stored.map { (instance, .stored, folder, AnyHashable($0.value.id)) }) { _ in
            let (value, start, end) = stored[next]
            next += 1
            let key = AnyHashable(value.id), text = R.canonicalText(value.id)
            model.store(folder, key, ModelFile(revision: value.revision, size: size(of: value), modified: ModelTime(lo: start - Self.tick, hi: end),
                                               label: text, step: step))
            model.memory[instance][folder]?[key] = nil
            if config.sizeLimit != nil { model.lastUse[instance][folder, default: [:]][key] = ModelTime(lo: start, hi: end) }
        }
    }

    private func load<R: ModelRecord>(_ type: R.Type, _ index: Int, via instance: Int, form: ModelReadForm) async {
        let archiver = archivers[instance]
        let id = R.spellings[index]
        let folder = currentFolder(R.kind), key = AnyHashable(id), text = R.canonicalText(id)
        let before = model.file(folder, key)
        let remembered = config.memory ? model.memory[instance][folder]?[key] : nil
        let start = Date()
        let outcome: ModelLoadOutcome
        switch form {
        case .sync:
            outcome = Self.outcome { () throws(ArchiverError) in try R.load(resourceID: id, in: archiver) }
        case .background:
            outcome = await Self.outcome { () async throws(ArchiverError) in try await R.loadInBackground(resourceID: id, in: archiver) }
        case .many:
            outcome = Self.outcome { () throws(ArchiverError) in try R.load(resourceIDs: [id], in: archiver).first }
        case .zeroSix:
            modelZeroSixArchiver.withLock { $0 = archiver }
            outcome = R(resourceID: id).map { .value($0.revision) } ?? .absent
        }
        let end = Date()
        expiryAllowed = (instance, folder, key)
        process(settle(), own: []) { _ in }
        let expiredOutcome: ModelLoadOutcome = form == .sync || form == .background ? .expired : .absent
        verifying {
            var allowed: [ModelLoadOutcome] = []
            if let remembered { allowed.append(.value(remembered.revision)) }
            if let before {
                allowed.append(before.aged && config.maximumAge != nil ? expiredOutcome : .value(before.revision))
            } else {
                allowed.append(.absent)
            }
            if removedThisStep.contains(where: { $0 == (folder, key) }) { allowed += [.absent, expiredOutcome] }
            if !allowed.contains(outcome) {
                let holds = before.map { "revision \($0.revision)\($0.aged ? " (aged)" : "")" } ?? "nothing"
                fail("[load] \(form.rawValue) load of \(text) in \(folder) via \(instance) returned \(outcome); the folder holds \(holds)"
                    + (remembered.map { ", archiver \(instance) may remember revision \($0.revision)" } ?? ""))
            }
            if before?.aged == true, config.maximumAge != nil, outcome == expiredOutcome, model.file(folder, key) != nil {
                fail("[expiry] the load that found \(text) in \(folder) expired did not remove it (or did not say so)")
            }
        }
        if case .value(let loaded) = outcome {
            if config.memory { model.memory[instance][folder, default: [:]][key] = (loaded, text) }
            noteUse(instance, folder, key, start: start, end: end, fromMemory: remembered != nil)
        }
    }

    private func noteUse(_ instance: Int, _ folder: ModelFolder, _ key: AnyHashable, start: Date, end: Date, fromMemory: Bool) {
        guard config.sizeLimit != nil else { return }
        if fromMemory, !ops.contains(.memoryHitsAreUses) {
            // Served from memory or read again: the model cannot tell, so either time may be the one.
            let old = model.lastUse[instance][folder]?[key]
            model.lastUse[instance][folder, default: [:]][key] = ModelTime(lo: old?.lo ?? .distantPast, hi: end)
        } else {
            model.lastUse[instance][folder, default: [:]][key] = ModelTime(lo: start, hi: end)
        }
    }

    private func loadAll<R: ModelRecord>(_ type: R.Type, via instance: Int, background: Bool) async {
        let archiver = archivers[instance]
        let folder = currentFolder(R.kind)
        let expected = model.listing(folder, hidingAged: config.maximumAge != nil)
        let before = model.files[folder] ?? [:]
        let rememberedBefore = config.memory ? model.memory[instance][folder] ?? [:] : [:]
        let start = Date()
        let values: [R]
        do throws(ArchiverError) {
            values = background ? try await R.loadAllInBackground(in: archiver) : try R.loadAll(in: archiver)
        } catch {
            fail("[loadAll] threw \(error)")
            return
        }
        let end = Date()
        afterCall?(archiver)
        process(settle(), own: []) { _ in }
        let keys = values.map { AnyHashable($0.id) }
        verifying {
            let removed = Set(removedThisStep.filter { $0.0 == folder }.map(\.1))
            if Set(keys).count != keys.count {
                fail("[loadAll] returned an id twice: \(values.map { "\($0.id)" })")
            }
            if !Set(keys).isSubset(of: expected) || !expected.subtracting(removed).isSubset(of: Set(keys)) {
                fail("[loadAll] in \(folder) via \(instance) returned \(values.map { "\($0.id)" }.sorted()); the model lists \(expected.map { "\($0)" }.sorted())")
            }
        }
        for value in values {
            let key = AnyHashable(value.id)
            let remembered = config.memory ? model.memory[instance][folder]?[key] : nil
            let onDisk = model.file(folder, key)?.revision
            // A trim running beside the call (concurrent trims) may remove a value after the call
            // read it, from its file or from memory: the value it held before counts then, as
            // for a load. The archiver remembers no value removed since it was read.
            let removedDuringCall = removedThisStep.contains { $0 == (folder, key) }
            var allowed = [onDisk, remembered?.revision]
            if removedDuringCall { allowed += [before[key]?.revision, rememberedBefore[key]?.revision] }
            if !allowed.contains(value.revision) {
                fail("[loadAll] \(R.canonicalText(value.id)) came back as revision \(value.revision); the folder holds \(onDisk.map(String.init) ?? "nothing")"
                    + (removedDuringCall ? " (removed during the call; it held \(before[key].map { String($0.revision) } ?? "nothing") before)" : ""))
            }
            if removedDuringCall { continue }
            if config.memory { model.memory[instance][folder, default: [:]][key] = (value.revision, R.canonicalText(value.id)) }
            noteUse(instance, folder, key, start: start, end: end, fromMemory: remembered != nil)
        }
    }

    private func list<R: ModelRecord>(_ type: R.Type, via instance: Int, background: Bool) async {
        let archiver = archivers[instance]
        do throws(ArchiverError) {
            let ids = background ? try await R.storedResourceIDsInBackground(in: archiver) : try R.storedResourceIDs(in: archiver)
            afterCall?(archiver)
            process(settle(), own: []) { _ in }
            verifying {
                compareListing(ids, R.self, in: currentFolder(R.kind), hidingAged: config.maximumAge != nil, by: "archiver \(instance)",
                               listedBeforeRemovals: true)
            }
        } catch {
            fail("[list] threw \(error)")
        }
    }

    /// Compares a listing with the model. `listedBeforeRemovals`: the listing was taken before the
    /// harness heard the step's removals, so an id a concurrent trim removed since may be in it.
    private func compareListing<R: ModelRecord>(_ ids: [R.ID], _ type: R.Type, in folder: ModelFolder, hidingAged: Bool, by who: String,
                                                 listedBeforeRemovals: Bool = false) {
        let expected = model.listing(folder, hidingAged: hidingAged)
        let removed = Set(removedThisStep.filter { $0.0 == folder }.map(\.1))
        let listed = ids.map(AnyHashable.init)
        let mayList = listedBeforeRemovals ? expected.union(removed) : expected
        if listed.count != Set(listed).count || !Set(listed).isSubset(of: mayList) || !expected.subtracting(removed).isSubset(of: Set(listed)) {
            fail("[list] \(who) lists \(ids.map { String(reflecting: $0) }) in \(folder); the model holds \(expected.map { "\($0)" }.sorted())")
        }
    }

    private func delete<R: ModelRecord>(_ type: R.Type, _ index: Int, via instance: Int, form: ModelDeleteForm) async {
        let archiver = archivers[instance]
        let id = R.spellings[index]
        let value = R(id: id, revision: 0, padding: "")
        let folder = currentFolder(R.kind), key = AnyHashable(id), text = R.canonicalText(id)
        installProbe(R.self, id, via: instance)
        beforeDelete?(archiver)
        do throws(ArchiverError) {
            switch form {
            case .byID: try R.delete(resourceID: id, in: archiver)
            case .byValue: try value.delete(in: archiver)
            case .background: try await R.deleteInBackground(resourceID: id, in: archiver)
            case .zeroSix:
                modelZeroSixArchiver.withLock { $0 = archiver }
                value.deleteArchive()
            }
        } catch {
            fail("[delete] threw \(error)")
        }
        probe.withLock { $0 = nil }
        process(settle(), own: [(instance, .deleted, folder, key)]) { event in
            if let loaded = event?.loadedOnEvent, loaded != .absent {
                fail("[event] a load of \(text) made when its delete was announced returned \(loaded), not nil")
            }
            model.remove(folder, key)
            model.memory[instance][folder]?[key] = nil
        }
    }

    private func deleteAll<R: ModelRecord>(_ type: R.Type, via instance: Int) {
        let folder = currentFolder(R.kind)
        do throws(ArchiverError) {
            try R.deleteAll(in: archivers[instance])
        } catch {
            fail("[clear] deleteAll threw \(error)")
        }
        process(settle(), own: [(instance, .cleared, folder, nil)]) { _ in
            model.removeFolder(folder)
            model.memory[instance][folder] = [:]
        }
    }

    private func clearAll(via instance: Int, throwing: Bool) {
        if throwing {
            do throws(ArchiverError) {
                try archivers[instance].removeAll()
            } catch {
                fail("[clear] removeAll threw \(error)")
            }
        } else {
            archivers[instance].clearAll()
        }
        process(settle(), own: [(instance, .cleared, nil, nil)]) { _ in
            model.removeAll()
            model.memory[instance] = [:]
        }
    }

    private func switchAccount(to index: Int) async {
        modelAccount.withLock { $0 = ModelAccounts.names[index] }
        process(settle(), own: []) { _ in }
        guard observing else { return }
        // A stream follows the folder it was made for: the app makes new ones for the new account.
        await checkWatches(grace: false)
        if trimsOverlapSteps {
            // A trim still running could announce a removal after the old streams were checked
            // and before the new ones exist: the model would then expect the new streams, made
            // after it, to hear it. Once the trims are done and heard, nothing is in flight.
            for archiver in archivers { archiver.waitForTrims() }
            process(settle(), own: []) { _ in }
        }
        for watch in watches where watch.kind == .profile { watch.task?.cancel() }
        watches.removeAll { $0.kind == .profile }
        for instance in archivers.indices { watch(.profile, instance: instance) }
    }

    /// Sets the modification date of the file of an id the folder holds `seconds` back (ahead,
    /// if negative). Its age is its distance from now either way: two hours, back or ahead, is
    /// past any `maximumAge` a run sets. The size limit counts a date ahead as the moment it trims.
    private func age<R: ModelRecord>(_ type: R.Type, _ index: Int, by seconds: TimeInterval) {
        let id = R.spellings[index]
        let folder = currentFolder(R.kind), key = AnyHashable(id)
        guard var file = model.file(folder, key) else { return }
        let now = Date()
        let date = now.addingTimeInterval(-seconds)
        do {
            let url: URL
            if let legacy = file.legacyName {
                url = temporary.directoryURL.appendingPathComponent(folder.name, isDirectory: true).appendingPathComponent(legacy)
            } else {
                url = try oracle.fileURL(for: R.self, resourceID: id)
            }
            do {
                try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.path)
            } catch where config.concurrentTrims {
                // A trim in flight may have removed it: once the trims are done and the model has
                // heard what they removed, the file is aged only if the model still holds it.
                for archiver in archivers { archiver.waitForTrims() }
                process(settle(), own: []) { _ in }
                guard model.file(folder, key) != nil else { return }
                throw error
            }
            file.aged = config.maximumAge.map { abs(seconds) >= $0 } ?? false
            file.modified = seconds < 0 ? ModelTime(lo: now, hi: date) : ModelTime(lo: date, hi: date)
            model.store(folder, key, file)
        } catch {
            fail("[age] the file of \(R.canonicalText(id)) in \(folder), which the model holds, cannot be aged: \(error)")
        }
        process(settle(), own: []) { _ in }
    }

    private func trim(via instance: Int) {
        let removed: Int
        do throws(ArchiverError) {
            removed = try archivers[instance].trim()
        } catch {
            fail("[trim] threw \(error)")
            return
        }
        if config.maximumAge != nil { expiryAllowed = (instance, nil, nil) }
        let events = settle()
        process(events, own: []) { _ in }
        if config.maximumAge != nil {
            for (folder, files) in model.files {
                for (_, file) in files where file.aged {
                    fail("[expiry] trim() left \(file.label) in \(folder), expired")
                }
            }
        }
        let announced = events.filter { $0.instance == instance && $0.kind == .deleted }.count
        if !config.concurrentTrims, removed != announced {
            fail("[trim] trim() says it removed \(removed) archives; \(announced) removals were announced")
        }
    }

    // MARK: Changes

    /// Applies `events` to the model in the order they were announced: the step's own changes
    /// (`own`, in order; `apply` runs at each, with `nil` for one never announced), removals by
    /// expiry where the step allows them, removals by the size limit where a trim may run.
    private func process(
        _ events: [ModelRawEvent],
        own: [(instance: Int, kind: CacheState.RawChange.Kind, folder: ModelFolder?, id: AnyHashable?)],
        apply: (ModelRawEvent?) -> Void
    ) {
        var pending = own[...]
        var applied: [(instance: Int, kind: CacheState.RawChange.Kind, folder: ModelFolder?, id: AnyHashable?)] = []
        if Self.tracing { for event in events { print("model: step \(step) heard \(event.kind) \(event.id ?? "-") in \(event.path.flatMap { folderByPath[$0]?.name } ?? "all") via \(event.instance)") } }
        for event in events {
            let folder = event.path.flatMap { folderByPath[$0] }
            var key: AnyHashable?
            if let folder, let text = event.id {
                let type = modelType(folder.kind)
                if let (parsed, canonical) = Self.parse(type, text) {
                    key = parsed
                    if observing, canonical != text {
                        fail("[event] a change of \(folder) was announced with the id text \"\(text)\", not the canonical \"\(canonical)\"")
                    }
                }
            }
            expect(event, folder: folder, key: key)
            if let next = pending.first, next.instance == event.instance, next.kind == event.kind, next.folder == folder, next.id == key {
                applied.append(pending.removeFirst())
                apply(event)
                continue
            }
            if event.kind == .deleted, evictionsAllowed.contains(event.instance), let folder, let key, model.file(folder, key) == nil,
               applied.contains(where: { $0.instance == event.instance && $0.kind == .deleted && $0.folder == folder && $0.id == key }) {
                // A trim running beside the step removed the value just before the step deleted
                // it: both announce a removal (a delete announces one whether or not a file was
                // there), and the first was taken for the step's own.
                continue
            }
            if event.kind == .deleted, let folder, let key, let file = model.file(folder, key) {
                if let allowed = expiryAllowed, allowed.instance == event.instance, allowed.folder == nil || allowed.folder == folder,
                   allowed.id == nil || allowed.id == key, file.aged {
                    removedThisStep.append((folder, key))
                    model.remove(folder, key)
                    model.memory[event.instance][folder]?[key] = nil
                    model.lastUse[event.instance][folder]?[key] = nil
                    continue
                }
                if evictionsAllowed.contains(event.instance) {
                    evict(file, folder: folder, id: key, by: event.instance)
                    continue
                }
            }
            fail("[event] archiver \(event.instance) announced \(event.kind) of \(event.id.map { "\"\($0)\"" } ?? "everything") in "
                + "\(folder?.name ?? event.path ?? "every folder"), which the step does not explain (the model holds "
                + "\(folder.flatMap { folder in key.flatMap { model.file(folder, $0) } }.map { "revision \($0.revision)" } ?? "nothing") there)")
        }
        for missing in pending {
            if observing {
                fail("[event] archiver \(missing.instance) did not announce \(missing.kind) of \(missing.id.map { "\($0)" } ?? "everything") in \(missing.folder?.name ?? "every folder")")
            }
            apply(nil)
        }
    }

    private static func parse<R: ModelRecord>(_ type: R.Type, _ text: String) -> (AnyHashable, String)? {
        guard let id = R.resourceID(fromText: text) else { return nil }
        return (AnyHashable(id), R.canonicalText(id))
    }

    /// A removal by the size limit: it must be a value the folder holds, and not one of the
    /// values used since it was stored when those (with those removed or replaced since, which a
    /// trim that listed the folder earlier still counts) fit under the limit with room for the
    /// one a trim spares.
    private func evict(_ file: ModelFile, folder: ModelFolder, id: AnyHashable, by instance: Int) {
        let use = model.use(instance: instance, folder, id)
        if let limit = config.sizeLimit {
            var newer: [String] = []
            var newerSize = 0
            for (otherFolder, files) in model.files {
                for (otherID, other) in files where !(otherFolder == folder && otherID == id)
                    && model.use(instance: instance, otherFolder, otherID).hi >= file.modified.lo  {
                    newer.append("\(other.label)@\(otherFolder)")
                    newerSize += other.size
                }
            }
            for gone in model.graveyard where gone.lastUsed >= file.modified.lo  {
                newer.append("(removed since)")
                newerSize += gone.size
            }
            if newerSize + file.size + Self.largestFile <= limit {
                fail("[evict] the size limit removed \(file.label) in \(folder), stored at step \(file.step), though it and the "
                    + "\(newer.count) values used since (\(newer.sorted().joined(separator: ", "))) take \(newerSize + file.size) bytes of \(limit)")
            }
        }
        if !config.concurrentTrims, let spared, spared == (folder, id) {
            fail("[evict] the size limit removed \(file.label) in \(folder), the value just stored")
        }
        evicted.append((instance, folder, id, file.label, use))
        removedThisStep.append((folder, id))
        model.remove(folder, id)
        model.lastUse[instance][folder]?[id] = nil
        model.memory[instance][folder]?[id] = nil
    }

    /// With trims awaited, each removes the least recently used first: no value it removed was
    /// used after one it left (but the one just stored, which it spares).
    private func checkLeastRecentlyUsedOrder() {
        for removed in evicted {
            for (folder, files) in model.files {
                for (id, file) in files {
                    if let spared, spared == (folder, id) { continue }
                    let use = model.use(instance: removed.instance, folder, id)
                    if use.hi < removed.use.lo {
                        fail("[lru] the size limit removed \(removed.label) in \(removed.folder) (last used \(removed.use.lo.timeIntervalSince1970)) "
                            + "but kept \(file.label) in \(folder), used before it (\(use.hi.timeIntervalSince1970))")
                    }
                }
            }
        }
    }

    // MARK: Observation

    private func watch(_ kind: ModelKind, instance: Int) {
        watch(modelType(kind), instance: instance, filter: nil)
        let filters: [Int] = switch kind {
        case .profile: ops.contains(.nonCanonicalIDs) ? [2, 3] : [2]
        case .counter: [2]
        case .reading: ops.contains(.nonCanonicalIDs) ? [0, 1] : [0]
        }
        for index in filters { watch(modelType(kind), instance: instance, filter: index) }
    }

    private func watch<R: ModelRecord>(_ type: R.Type, instance: Int, filter index: Int?) {
        let id = index.map { R.spellings[$0] }
        let folder = currentFolder(R.kind)
        let watch = ModelWatch(instance: instance, kind: R.kind, path: pathByFolder[folder]!, folderName: folder.name, filter: id.map(R.canonicalText),
                               spelling: id.map { String(reflecting: $0) })
        let stream = R.changes(of: id, in: archivers[instance])
        let log = watch.log
        let consume: @Sendable () async -> Void = {
            for await change in stream {
                let event: ModelPublicEvent = switch change {
                case .stored(let id): ModelPublicEvent(kind: .stored, id: R.canonicalText(id))
                case .deleted(let id): ModelPublicEvent(kind: .deleted, id: R.canonicalText(id))
                case .cleared: ModelPublicEvent(kind: .cleared, id: nil)
                }
                log.withLock { $0.append(event) }
            }
        }
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            watch.task = Task(executorPreference: ModelExecutor.shared, operation: consume)
        } else {
            watch.task = Task(operation: consume)
        }
        watches.append(watch)
    }

    /// Adds what each stream should deliver for `event`.
    private func expect(_ event: ModelRawEvent, folder: ModelFolder?, key: AnyHashable?) {
        for watch in watches where watch.instance == event.instance {
            switch event.kind {
            case .cleared:
                if event.path == nil || event.path == watch.path { watch.expected.append(ModelPublicEvent(kind: .cleared, id: nil)) }
            case .stored, .deleted:
                guard event.path == watch.path, let folder, let key else { continue }
                let text = withModelType(folder.kind) { type in Self.canonicalText(type, key) }
                if watch.filter == nil || watch.filter == text { watch.expected.append(ModelPublicEvent(kind: event.kind, id: text)) }
            }
        }
    }

    private static func canonicalText<R: ModelRecord>(_ type: R.Type, _ key: AnyHashable) -> String? {
        (key.base as? R.ID).map(R.canonicalText)
    }

    /// Compares what each stream delivered with what it should have, waiting for it to arrive;
    /// with `grace`, waits a moment longer for changes that should not come.
    private func checkWatches(grace: Bool) async {
        guard observing else { return }
        await waitForWatches(grace: grace)
        var heard = watches.map { watch in watch.log.withLock { $0 } }
        if trimsOverlapSteps, zip(heard, watches).contains(where: { !Self.agree($0, $1.expected, strictOrder: false) }) {
            // A trim's removal may reach a stream before the observer that tells the model: once
            // the trims are done and the model has heard it all, the streams must agree.
            for archiver in archivers { archiver.waitForTrims() }
            process(settle(), own: []) { _ in }
            await waitForWatches(grace: true)
            heard = watches.map { watch in watch.log.withLock { $0 } }
        }
        for (heard, watch) in zip(heard, watches) where !Self.agree(heard, watch.expected, strictOrder: !trimsOverlapSteps) {
            fail("[changes] \(watch.name) delivered \(heard), the model expects \(watch.expected)")
        }
    }

    /// Whether a stream delivered what it should. While trims run concurrently, changes of two
    /// ids made on two threads have no order to keep: only each id's changes (and the clears
    /// between them) must come in order.
    private static func agree(_ heard: [ModelPublicEvent], _ expected: [ModelPublicEvent], strictOrder: Bool) -> Bool {
        if strictOrder || heard.count != expected.count { return heard == expected }
        func byID(_ events: [ModelPublicEvent]) -> [String: [ModelPublicEvent]] {
            var clears = 0
            var groups: [String: [ModelPublicEvent]] = [:]
            for event in events {
                if event.kind == .cleared { clears += 1; continue }
                groups[event.id ?? "", default: []].append(ModelPublicEvent(kind: event.kind, id: "\(event.id ?? "")#\(clears)"))
            }
            return groups
        }
        return byID(heard) == byID(expected)
    }

    /// Waits until each stream has delivered what it should, for at most 2 s; with `grace`, 20 ms
    /// longer. A change is handed to its stream as it is announced, so the tasks that read the
    /// streams (on ``ModelExecutor``, as the steps run) are usually queued already: yielding lets
    /// them run. Waits go through ``modelSleep(_:)``, not `Task.sleep`, whose wake-up may wait for
    /// a free thread of the shared pool, which the rest of the suite keeps busy.
    private func waitForWatches(grace: Bool) async {
        let deadline = Date().addingTimeInterval(2)
        for watch in watches {
            var yields = 0
            while watch.log.withLock({ $0.count }) < watch.expected.count, Date() < deadline {
                if yields < 20 {
                    yields += 1
                    await Task.yield()
                } else {
                    await modelSleep(0.000_2)
                }
            }
        }
        if grace { await modelSleep(0.02) }
    }

    // MARK: After every step

    private func checkEverything(after op: ModelOp) async {
        await checkWatches(grace: false)
        checkFolders()
        checkListings()
        if config.sizeLimit != nil, config.instances == 1 {
            if !config.concurrentTrims {
                checkWithinLimit()
            } else if step % 25 == 24 {
                await checkIdle()
            }
        }
    }

    /// The archiver with no cache settings must find in every folder what the model holds.
    private func checkFolders() {
        let account = modelAccount.withLock { $0 }
        defer { modelAccount.withLock { $0 = account } }
        verifying {
            for folder in folders {
                if folder.kind == .profile { modelAccount.withLock { $0 = String(folder.name.dropFirst("ModelProfile-".count)) } }
                checkFolder(modelType(folder.kind), folder)
            }
        }
    }

    /// Runs the checks in `body`; where trims run concurrently and one fails, waits for the
    /// trims, applies what they removed meanwhile (a removal is announced after the file goes),
    /// and runs them again.
    private func verifying(_ body: () -> Void) {
        let before = messages.count
        body()
        guard config.concurrentTrims, messages.count > before else { return }
        for archiver in archivers { archiver.waitForTrims() }
        let events = raw.withLock { events in
            defer { events.removeAll() }
            return events
        }
        guard !events.isEmpty else { return }
        messages.removeSubrange(before...)
        process(events, own: []) { _ in }
        body()
    }

    private func checkFolder<R: ModelRecord>(_ type: R.Type, _ folder: ModelFolder) {
        for index in R.canonicalSpellings {
            let id = R.spellings[index]
            let found = Self.outcome { () throws(ArchiverError) in try R.load(resourceID: id, in: oracle) }
            let expected: ModelLoadOutcome = model.file(folder, AnyHashable(id)).map { .value($0.revision) } ?? .absent
            if found != expected {
                fail("[folder] \(folder) holds \(found) for \(R.canonicalText(id)); the model holds \(expected)")
            }
        }
        do throws(ArchiverError) {
            compareListing(try R.storedResourceIDs(in: oracle), R.self, in: folder, hidingAged: false, by: "the folder")
        } catch {
            fail("[folder] listing \(folder) threw \(error)")
        }
    }

    private func checkListings() {
        verifying {
            for (instance, archiver) in archivers.enumerated() {
                for kind in ModelKind.allCases {
                    checkListing(modelType(kind), archiver, instance)
                }
            }
        }
    }

    private func checkListing<R: ModelRecord>(_ type: R.Type, _ archiver: Archiver, _ instance: Int) {
        do throws(ArchiverError) {
            compareListing(try R.storedResourceIDs(in: archiver), R.self, in: currentFolder(R.kind),
                           hidingAged: config.maximumAge != nil, by: "archiver \(instance)")
        } catch {
            fail("[list] listing via \(instance) threw \(error)")
        }
    }

    /// Waits for trims in flight, then checks the limit.
    private func checkIdle() async {
        for archiver in archivers { archiver.waitForTrims() }
        process(settle(), own: []) { _ in }
        checkWithinLimit()
    }

    private func checkWithinLimit() {
        // Files there before the run are over the limit until a store schedules a trim.
        guard let limit = config.sizeLimit, hasStored else { return }
        do throws(ArchiverError) {
            let total = try archivers[0].totalSize()
            if total > limit {
                fail("[idle] with no trim running, the archives take \(total) bytes, over the limit of \(limit)")
            }
        } catch {
            fail("[idle] totalSize threw \(error)")
        }
    }
}

/// A thread of the model test's own for its steps and the tasks that read its streams: the rest
/// of the suite keeps the cooperative pool busy (blocking waits, long loops), and a step that
/// waited there for a stream to be read took seconds.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
final class ModelExecutor: TaskExecutor {
    static let shared = ModelExecutor()
    private let queue = DispatchQueue(label: "ArchiverTests.ModelExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Sleeps for `seconds` with a timer of the model test's own: the task resumes on its executor
/// (``ModelExecutor``) without waiting for a thread of the shared pool.
func modelSleep(_ seconds: TimeInterval) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        modelTimers.asyncAfter(deadline: .now() + seconds) { continuation.resume() }
    }
}

private let modelTimers = DispatchQueue(label: "ArchiverTests.ModelTimers")

/// Runs `body` on ``ModelExecutor`` where the platform has task executors.
func onModelExecutor<Result>(_ body: () async -> Result) async -> Result {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
        return await withTaskExecutorPreference(ModelExecutor.shared, operation: body)
    }
    return await body()
}
