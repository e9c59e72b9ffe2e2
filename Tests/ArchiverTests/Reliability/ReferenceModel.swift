import Foundation
@testable import Archiver

// The reference model the model-based cache test (ModelBasedCacheTests.swift) checks the archiver
// against: what each folder holds, as a dictionary of id to revision, with nothing of files,
// names, locks or threads in it. Ids are keys by `==` (`AnyHashable`), so `-0.0` and `0.0`, or
// `"café"` composed and decomposed, are one key: the model is right about which ids are one by
// construction, and the archiver must agree.

// MARK: Model types

/// Who is signed in: `ModelProfile`'s folder follows it, as an app's folder per account does.
let modelAccount = Locked(ModelAccounts.names[0])

enum ModelAccounts {
    static let names = ["alice", "bob", "carol"]
}

/// The archiver the 0.6 forms of the model types (`storeArchive()`, `init?(resourceID:)`,
/// `deleteArchive()`) use: the instance the step runs through.
let modelZeroSixArchiver = Locked<Archiver?>(nil)
private let unboundModelArchiver = Archiver(archiveDirectoryURL: nil)

enum ModelKind: Int, CaseIterable, Sendable, CustomStringConvertible {
    case profile, counter, reading

    var description: String {
        switch self {
        case .profile: "Profile"
        case .counter: "Counter"
        case .reading: "Reading"
        }
    }
}

/// A value of the model: its id, the revision that tells one store from another, and padding
/// that gives files different sizes for the size limit.
protocol ModelRecord: Archivable, Sendable, SendableMetatype where ID: Sendable {
    static var kind: ModelKind { get }
    /// The ids a run uses; `canonicalSpellings` of them are the ones a run without
    /// non-canonical ids uses; `hashedSpelling`, if any, is one only runs with hashed ids use.
    static var spellings: [ID] { get }
    static var canonicalSpellings: [Int] { get }
    static var hashedSpelling: Int? { get }
    var revision: Int { get }
    var padding: String { get }
    init(id: ID, revision: Int, padding: String)
}

extension ModelRecord {
    static var archiver: Archiver { modelZeroSixArchiver.withLock { $0 } ?? unboundModelArchiver }

    var archiveValue: Archive { ["id": id, "revision": revision, "padding": padding] }

    init?(archive: Archive) {
        guard let id = archive["id"] as? ID, let revision = archive["revision"] as? Int,
              let padding = archive["padding"] as? String else { return nil }
        self.init(id: id, revision: revision, padding: padding)
    }

    /// The text that names `id`'s file, as the archiver makes it.
    static func canonicalText(_ id: ID) -> String {
        Archiver.Folder.canonicalText(of: id, Self.self)
    }
}

/// One folder per signed-in account; String ids, two of them one id in two Unicode forms, one
/// escaped, one long enough to be hashed.
struct ModelProfile: ModelRecord {
    static let kind = ModelKind.profile
    static var directoryName: String { "ModelProfile-" + modelAccount.withLock { $0 } }
    static let spellings = ["alice", "bob", "caf\u{E9}", "cafe\u{301}", "a/b", String(repeating: "long-", count: 60)]
    static let canonicalSpellings = [0, 1, 2, 4, 5]
    static let hashedSpelling: Int? = 5
    let id: String
    let revision: Int
    let padding: String
}

/// Int ids, whose 0.6 names (`007.plist`, `+42.plist`) are other spellings of today's.
struct ModelCounter: ModelRecord {
    static let kind = ModelKind.counter
    static var directoryName: String { "ModelCounter" }
    static let spellings = [0, 1, 7, 42, -3]
    static let canonicalSpellings = [0, 1, 2, 3, 4]
    static let hashedSpelling: Int? = nil
    let id: Int
    let revision: Int
    let padding: String
}

/// Double ids: `-0.0` is `0.0`.
struct ModelReading: ModelRecord {
    static let kind = ModelKind.reading
    static var directoryName: String { "ModelReading" }
    static let spellings: [Double] = [0.0, -0.0, 1.5, -2.25, 1e300]
    static let canonicalSpellings = [0, 2, 3, 4]
    static let hashedSpelling: Int? = nil
    let id: Double
    let revision: Int
    let padding: String
}

/// The type of each kind, for code that picks one at run time.
func withModelType<Result>(_ kind: ModelKind, _ body: (any ModelRecord.Type) throws -> Result) rethrows -> Result {
    switch kind {
    case .profile: try body(ModelProfile.self)
    case .counter: try body(ModelCounter.self)
    case .reading: try body(ModelReading.self)
    }
}

// MARK: Operation classes

/// The kinds of operation a run may use, each switchable, so that a class that finds a defect
/// can be left out while the rest keep running.
struct ModelOps: OptionSet, Sendable, CustomStringConvertible {
    let rawValue: Int

    /// `storeInBackground`, `loadInBackground`, `deleteInBackground`, the background listing and `loadAll`.
    static let backgroundForms = ModelOps(rawValue: 1 << 0)
    /// `storeArchive()`, `init?(resourceID:)`, `deleteArchive()`, `unarchivedCollection`.
    static let zeroSixForms = ModelOps(rawValue: 1 << 1)
    /// Ids spelled otherwise than their canonical text: `-0.0`, a decomposed `"café"`.
    static let nonCanonicalIDs = ModelOps(rawValue: 1 << 2)
    /// `deleteAll`, `clearAll()`, `removeAll()`.
    static let clears = ModelOps(rawValue: 1 << 3)
    /// `ModelProfile`'s folder changes with the signed-in account.
    static let accountSwitches = ModelOps(rawValue: 1 << 4)
    /// `maximumAge`, files aged by their modification date, `trim()`.
    static let expiry = ModelOps(rawValue: 1 << 5)
    /// `maximumTotalSize`, with each trim awaited before the next step.
    static let sizeLimit = ModelOps(rawValue: 1 << 6)
    /// Trims that run while the next steps do (one archiver), and stores back to back that a
    /// trim overlaps.
    static let concurrentTrims = ModelOps(rawValue: 1 << 7)
    /// `memoryLimits`.
    static let memoryLayer = ModelOps(rawValue: 1 << 8)
    /// Two archivers on one folder.
    static let multipleArchivers = ModelOps(rawValue: 1 << 9)
    /// Files under Archiver 0.6's names (`007.plist`, `-0.0.plist`, a decomposed name) when a run starts.
    static let legacyNames = ModelOps(rawValue: 1 << 10)
    /// `changes()` and `changes(of:)` compared with the model, and the id text each change carries.
    static let observation = ModelOps(rawValue: 1 << 11)
    /// A load of the id made while its store or delete is announced, as an app reloading on a
    /// change does: it must see the change.
    static let loadOnChange = ModelOps(rawValue: 1 << 13)
    /// An id too long for a file name, stored under its hash with an `.id` file beside it.
    static let hashedIDs = ModelOps(rawValue: 1 << 14)
    /// Files whose modification date is ahead of the clock (another device's, a restored backup).
    static let futureDates = ModelOps(rawValue: 1 << 15)
    /// Loads served from memory count as uses for the size limit's least-recently-used order,
    /// as the documentation's "loaded or stored longest ago" reads.
    static let memoryHitsAreUses = ModelOps(rawValue: 1 << 12)

    static let all: ModelOps = [
        .backgroundForms, .zeroSixForms, .nonCanonicalIDs, .clears, .accountSwitches, .expiry, .sizeLimit,
        .concurrentTrims, .memoryLayer, .multipleArchivers, .legacyNames, .observation, .memoryHitsAreUses, .loadOnChange, .hashedIDs, .futureDates,
    ]

    static let names: [(String, ModelOps)] = [
        ("background", .backgroundForms), ("zeroSix", .zeroSixForms), ("nonCanonical", .nonCanonicalIDs),
        ("clears", .clears), ("accounts", .accountSwitches), ("expiry", .expiry), ("sizeLimit", .sizeLimit),
        ("concurrentTrims", .concurrentTrims), ("memory", .memoryLayer), ("multipleArchivers", .multipleArchivers),
        ("legacyNames", .legacyNames), ("observation", .observation), ("memoryHitsAreUses", .memoryHitsAreUses),
        ("loadOnChange", .loadOnChange), ("hashedIDs", .hashedIDs), ("futureDates", .futureDates),
    ]

    /// `all`, or a comma-separated list of names, each optionally prefixed with `-` to remove it from `all`.
    init?(parsing text: String) {
        var ops: ModelOps = []
        for raw in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !raw.isEmpty {
            if raw == "all" { ops.formUnion(.all); continue }
            if raw == "none" { continue }
            let removing = raw.hasPrefix("-")
            let name = removing ? String(raw.dropFirst()) : raw
            guard let match = Self.names.first(where: { $0.0 == name })?.1 else { return nil }
            if removing {
                if ops.isEmpty { ops = .all }
                ops.subtract(match)
            } else {
                ops.formUnion(match)
            }
        }
        self = ops
    }

    init(rawValue: Int) { self.rawValue = rawValue }

    var description: String {
        let names = Self.names.filter { contains($0.1) }.map(\.0)
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }
}

// MARK: Runs and steps

/// How one run's archivers are set up, drawn from its seed.
struct ModelRunConfig: Sendable, CustomStringConvertible {
    var memory: Bool
    var maximumAge: TimeInterval?
    var sizeLimit: Int?
    /// Trims are not awaited between steps.
    var concurrentTrims: Bool
    var instances: Int
    var legacySeed: Bool

    var description: String {
        "memory=\(memory) maximumAge=\(maximumAge.map { "\(Int($0))" } ?? "nil") sizeLimit=\(sizeLimit.map(String.init) ?? "nil") "
            + "concurrentTrims=\(concurrentTrims) archivers=\(instances) legacyFiles=\(legacySeed)"
    }

    static func random(_ ops: ModelOps, using rng: inout SeededGenerator) -> ModelRunConfig {
        let memory = ops.contains(.memoryLayer) && Bool.random(using: &rng)
        let maximumAge: TimeInterval? = ops.contains(.expiry) && Bool.random(using: &rng) ? 3_600 : nil
        let sizeLimit = ops.contains(.sizeLimit) && Bool.random(using: &rng) ? Int.random(in: 2_500...7_000, using: &rng) : nil
        let concurrent = sizeLimit != nil && ops.contains(.concurrentTrims) && Int.random(in: 0..<5, using: &rng) < 2
        let instances = !concurrent && ops.contains(.multipleArchivers) && Bool.random(using: &rng) ? 2 : 1
        let legacy = ops.contains(.legacyNames) && Bool.random(using: &rng)
        return ModelRunConfig(memory: memory, maximumAge: maximumAge, sizeLimit: sizeLimit, concurrentTrims: concurrent,
                              instances: instances, legacySeed: legacy)
    }
}

enum ModelWriteForm: String, Sendable { case sync, background, zeroSix, array }
enum ModelReadForm: String, Sendable { case sync, background, zeroSix, many }
enum ModelDeleteForm: String, Sendable { case byID, byValue, background, zeroSix }

/// One step of a run. Ids are indices into the kind's ``ModelRecord/spellings``; `via` is the
/// archiver the step runs through.
enum ModelOp: Sendable, CustomStringConvertible {
    case store(ModelKind, id: Int, via: Int, form: ModelWriteForm, padding: Int)
    case load(ModelKind, id: Int, via: Int, form: ModelReadForm)
    case loadAll(ModelKind, via: Int, background: Bool)
    case list(ModelKind, via: Int, background: Bool)
    case delete(ModelKind, id: Int, via: Int, form: ModelDeleteForm)
    case deleteAll(ModelKind, via: Int)
    case clearAll(via: Int, throwing: Bool)
    case switchAccount(Int)
    /// Sets the file's modification date two hours back: past any `maximumAge` a run sets.
    case age(ModelKind, id: Int)
    case trim(via: Int)
    /// Stores back to back, `pause` microseconds apart, with no check between them, so that trims
    /// overlap them; with `hold`, a trim that starts during them waits that many milliseconds
    /// before it lists the folder, so that it lists it after the stores that follow the one that
    /// scheduled it.
    case burst(ModelKind, ids: [Int], via: Int, padding: Int, pause: Int, hold: Int)
    /// Sets the file's modification date ahead of the clock: half an hour, or (`far`) two hours,
    /// past any `maximumAge` a run sets, which expires it as two hours back would: a file's age
    /// is its distance from now, whichever side.
    case dateAhead(ModelKind, id: Int, far: Bool)

    var description: String {
        switch self {
        case let .store(kind, id, via, form, padding): "store \(kind) \(spelling(kind, id)) via \(via) \(form.rawValue) padding=\(padding)"
        case let .load(kind, id, via, form): "load \(kind) \(spelling(kind, id)) via \(via) \(form.rawValue)"
        case let .loadAll(kind, via, background): "loadAll \(kind) via \(via)\(background ? " background" : "")"
        case let .list(kind, via, background): "storedResourceIDs \(kind) via \(via)\(background ? " background" : "")"
        case let .delete(kind, id, via, form): "delete \(kind) \(spelling(kind, id)) via \(via) \(form.rawValue)"
        case let .deleteAll(kind, via): "deleteAll \(kind) via \(via)"
        case let .clearAll(via, throwing): "\(throwing ? "removeAll()" : "clearAll()") via \(via)"
        case let .switchAccount(index): "switch account to \(ModelAccounts.names[index])"
        case let .age(kind, id): "age \(kind) \(spelling(kind, id)) by 2 h"
        case let .trim(via): "trim() via \(via)"
        case let .burst(kind, ids, via, padding, pause, hold):
            "store \(kind) \(ids.map { spelling(kind, $0) }.joined(separator: ", ")) back to back via \(via) padding=\(padding) "
                + "pause=\(pause)µs\(hold > 0 ? " trims held \(hold) ms" : "")"
        case let .dateAhead(kind, id, far): "date \(kind) \(spelling(kind, id)) \(far ? "2 h" : "30 min") ahead"
        }
    }

    private func spelling(_ kind: ModelKind, _ index: Int) -> String {
        withModelType(kind) { type in
            let text = type.spellings.indices.contains(index) ? String(reflecting: type.spellings[index] as Any) : "#\(index)"
            return text.count > 24 ? String(text.prefix(20)) + "…(\(text.count))" : text
        }
    }

    /// A step drawn at random from the classes `ops` allows.
    static func random(_ ops: ModelOps, config: ModelRunConfig, using rng: inout SeededGenerator) -> ModelOp {
        let kind = ModelKind.allCases.randomElement(using: &rng)!
        let id: Int = withModelType(kind) { type in
            let spellings = ops.contains(.nonCanonicalIDs) ? Array(type.spellings.indices) : type.canonicalSpellings
            return spellings.filter { ops.contains(.hashedIDs) || $0 != type.hashedSpelling }.randomElement(using: &rng)!
        }
        let via = Int.random(in: 0..<config.instances, using: &rng)
        let background = ops.contains(.backgroundForms) && Bool.random(using: &rng)
        var choices: [(weight: Int, make: (inout SeededGenerator) -> ModelOp)] = [
            (30, { rng in
                var forms: [ModelWriteForm] = [.sync, .array]
                if ops.contains(.backgroundForms) { forms += [.background, .background] }
                if ops.contains(.zeroSixForms) { forms.append(.zeroSix) }
                return .store(kind, id: id, via: via, form: forms.randomElement(using: &rng)!, padding: Int.random(in: 10...900, using: &rng))
            }),
            (25, { rng in
                var forms: [ModelReadForm] = [.sync, .many]
                if ops.contains(.backgroundForms) { forms += [.background, .background] }
                if ops.contains(.zeroSixForms) { forms.append(.zeroSix) }
                return .load(kind, id: id, via: via, form: forms.randomElement(using: &rng)!)
            }),
            (10, { rng in
                var forms: [ModelDeleteForm] = [.byID, .byValue]
                if ops.contains(.backgroundForms) { forms += [.background, .background] }
                if ops.contains(.zeroSixForms) { forms.append(.zeroSix) }
                return .delete(kind, id: id, via: via, form: forms.randomElement(using: &rng)!)
            }),
            (4, { _ in .list(kind, via: via, background: background) }),
            (4, { _ in .loadAll(kind, via: via, background: background) }),
        ]
        if ops.contains(.clears) {
            choices.append((1, { _ in .deleteAll(kind, via: via) }))
            choices.append((1, { rng in .clearAll(via: via, throwing: Bool.random(using: &rng)) }))
        }
        if ops.contains(.accountSwitches) {
            choices.append((3, { rng in .switchAccount(Int.random(in: 0..<ModelAccounts.names.count, using: &rng)) }))
        }
        if config.maximumAge != nil { choices.append((5, { _ in .age(kind, id: id) })) }
        if config.maximumAge != nil || config.sizeLimit != nil { choices.append((2, { _ in .trim(via: via) })) }
        if ops.contains(.concurrentTrims), config.sizeLimit != nil {
            choices.append((config.concurrentTrims ? 8 : 4, { rng in
                let spellings = withModelType(kind) { type in
                    type.canonicalSpellings.filter { ops.contains(.hashedIDs) || $0 != type.hashedSpelling }
                }
                let ids = (0..<Int.random(in: 2...5, using: &rng)).map { _ in spellings.randomElement(using: &rng)! }
                return .burst(kind, ids: ids, via: via, padding: Int.random(in: 300...900, using: &rng),
                              pause: Int.random(in: 0...1_500, using: &rng),
                              hold: Bool.random(using: &rng) ? Int.random(in: 2...8, using: &rng) : 0)
            }))
        }
        if ops.contains(.futureDates) { choices.append((3, { rng in .dateAhead(kind, id: id, far: Bool.random(using: &rng)) })) }
        var pick = Int.random(in: 0..<choices.reduce(0) { $0 + $1.weight }, using: &rng)
        for choice in choices {
            if pick < choice.weight { return choice.make(&rng) }
            pick -= choice.weight
        }
        return choices[0].make(&rng)
    }
}

// MARK: The model

/// A moment known to lie between `lo` and `hi`: when a step ran, or either of two moments when
/// the model cannot tell which one the archiver used.
struct ModelTime {
    var lo: Date
    var hi: Date

    static let longAgo = ModelTime(lo: .distantPast, hi: .distantPast)

    static func latest(_ first: ModelTime, _ second: ModelTime?) -> ModelTime {
        guard let second else { return first }
        return ModelTime(lo: max(first.lo, second.lo), hi: max(first.hi, second.hi))
    }
}

/// A folder: a kind and its directory name.
struct ModelFolder: Hashable, CustomStringConvertible {
    var kind: ModelKind
    var name: String

    var description: String { name }
}

/// What the model knows of one stored value.
struct ModelFile {
    var revision: Int
    /// Bytes the archive takes, with its id file when the name is hashed.
    var size: Int
    /// Dated `maximumAge` or more from now, back (``ModelOp/age(_:id:)``) or ahead
    /// (``ModelOp/dateAhead(_:id:far:)``).
    var aged = false
    /// When its file was last modified.
    var modified: ModelTime
    /// Its id's canonical text (or, for a 0.6 file, its name), for messages.
    var label: String
    /// The step that stored it; -1 for a file there before the run.
    var step: Int
    /// The name of a file Archiver 0.6 wrote, until a store replaces it; `nil` for today's name.
    var legacyName: String? = nil
}

/// What every folder holds, and what each archiver may remember and has used.
struct ReferenceModel {
    var files: [ModelFolder: [AnyHashable: ModelFile]] = [:]
    /// Per archiver: the revision its memory layer may hold for an id of a folder. A load through
    /// it may return that revision or what the folder holds: another archiver's writes, and a
    /// file aged behind its back, are not seen by its memory, as the documentation says.
    var memory: [[ModelFolder: [AnyHashable: (revision: Int, text: String)]]]
    /// Per archiver: when it last stored or loaded each id of a folder (the size limit's order).
    var lastUse: [[ModelFolder: [AnyHashable: ModelTime]]]

    init(instances: Int) {
        memory = Array(repeating: [:], count: instances)
        lastUse = Array(repeating: [:], count: instances)
    }

    func file(_ folder: ModelFolder, _ id: AnyHashable) -> ModelFile? {
        files[folder]?[id]
    }

    /// The ids `folder` holds, as a listing through an archiver with `maximumAge` (`hidingAged`) shows them.
    func listing(_ folder: ModelFolder, hidingAged: Bool) -> Set<AnyHashable> {
        Set((files[folder] ?? [:]).filter { !(hidingAged && $0.value.aged) }.keys)
    }

    mutating func store(_ folder: ModelFolder, _ id: AnyHashable, _ file: ModelFile) {
        bury(folder, id)
        files[folder, default: [:]][id] = file
    }

    mutating func remove(_ folder: ModelFolder, _ id: AnyHashable) {
        bury(folder, id)
        files[folder]?[id] = nil
    }

    mutating func removeFolder(_ folder: ModelFolder) {
        for id in (files[folder] ?? [:]).keys { remove(folder, id) }
    }

    mutating func removeAll() {
        for folder in files.keys { removeFolder(folder) }
    }

    /// Files removed or replaced, with when they were last used: a trim that listed the folder
    /// before they went still counts them.
    var graveyard: [(size: Int, lastUsed: Date)] = []

    private mutating func bury(_ folder: ModelFolder, _ id: AnyHashable) {
        guard let file = files[folder]?[id] else { return }
        let used = lastUse.compactMap { $0[folder]?[id]?.hi }.max() ?? .distantPast
        graveyard.append((file.size, max(file.modified.hi, used)))
    }

    /// When archiver `instance` last used `id` in `folder`, as its size limit orders files:
    /// the later of its last load or store and the file's modification.
    func use(instance: Int, _ folder: ModelFolder, _ id: AnyHashable) -> ModelTime {
        let modified = files[folder]?[id]?.modified ?? .longAgo
        return ModelTime.latest(modified, lastUse[instance][folder]?[id])
    }

    var totalSize: Int {
        files.values.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.size } }
    }
}
