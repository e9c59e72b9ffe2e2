import Foundation
import Testing

/// What the compiler refuses: code type-checked against the Archiver module this test run built,
/// so that "a compile-time error, not a run-time one" is itself tested.
struct CompileTimeCheckTests {
    /// The folder of the built modules, beside the test bundle.
    static let modulesDirectory: URL? = {
        var candidates: [URL] = []
        for executable in [CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }, Bundle.main.executableURL].compactMap({ $0 }) {
            var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                candidates.append(directory.appendingPathComponent("Modules"))
                directory.deleteLastPathComponent()
            }
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Archiver.swiftmodule").path) }
    }()

    struct CompilerDidNotRun: Error, CustomStringConvertible {
        var status: Int32
        var output: String
        var description: String { "swiftc exited with status \(status) and no error line:\n\(output)" }
    }

    /// The compiler's errors for `source`, type-checked against Archiver. Fails, rather than
    /// skips, when the built modules or the compiler cannot be found: a check that did not run
    /// must not pass.
    static func errors(typeChecking source: String, flags: [String] = []) throws -> [String] {
        let modules = try #require(modulesDirectory, "no Modules folder with Archiver.swiftmodule beside the test bundle")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("CompileTimeCheck-\(UUID().uuidString).swift")
        try Data(source.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-I", modules.path] + flags + [file.path]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let errors = text.components(separatedBy: "\n").filter { $0.contains(": error: ") }
        // A compiler that did not run (not found, crashed) reports no ": error: " line either:
        // that must fail the check, not pass it.
        if process.terminationStatus != 0, errors.isEmpty {
            throw CompilerDidNotRun(status: process.terminationStatus, output: text)
        }
        return errors
    }

    /// What an Xcode 26 app target compiles with, as Package.swift's `appTargetSettings`.
    static let appTarget = [
        "-default-isolation", "MainActor",
        "-enable-upcoming-feature", "InferIsolatedConformances",
        "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
    ]

    /// `app`, type-checked with an app target's settings, gives `count` errors, each saying
    /// `message`, and none once `fix` has been applied to it.
    static func expectInAnAppTarget(
        _ app: String, errors count: Int, saying message: String, fixedBy fix: (String) -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let errors = try Self.errors(typeChecking: app, flags: appTarget)
        #expect(errors.count == count, "\(errors)", sourceLocation: sourceLocation)
        #expect(errors.allSatisfy { $0.contains(message) }, "\(errors)", sourceLocation: sourceLocation)
        #expect(try Self.errors(typeChecking: fix(app), flags: appTarget) == [], sourceLocation: sourceLocation)
    }

    static let model = """
        import Archiver
        enum Kind: String { case deli, soup }
        struct Shop { let id: Int; let rating: Int; let kind: Kind }

        """

    @Test
    func aModelWithKeyPathEntriesAndANamedEnumPlaceholderCompiles() throws {
        let errors = try Self.errors(typeChecking: Self.model + """
            extension Kind: KeyMapValue { static var keyMapPlaceholder: Kind? { .deli } }
            extension Shop: KeyMapped, Archivable {
                static let keyMap = KeyMap(Shop.init, [.property(\\.kind, default: .deli), .property(\\.rating, default: 0)])
            }
            let shop = try Shop.load(resourceID: 7)
            """)
        #expect(errors == [])
    }

    @Test
    func aRawValueEnumThatIsNotCaseIterableMustNameItsPlaceholder() throws {
        let errors = try Self.errors(typeChecking: Self.model + "extension Kind: KeyMapValue {}\n")
        #expect(errors.contains { $0.contains("a raw-value type that is not CaseIterable names any one of its values") })
    }

    @Test
    func aDefaultOfAnotherTypeThanThePropertyDoesNotCompile() throws {
        let errors = try Self.errors(typeChecking: Self.model + """
            extension Kind: KeyMapValue { static var keyMapPlaceholder: Kind? { .deli } }
            extension Shop: KeyMapped { static let keyMap = KeyMap(Shop.init, [.property(\\.rating, default: "none")]) }
            """)
        #expect(errors.contains { $0.contains("cannot convert value of type 'String' to expected argument type 'Int'") })
    }

    @Test
    func anIdOfAnotherTypeThanTheModelsDoesNotCompile() throws {
        let errors = try Self.errors(typeChecking: Self.model + """
            extension Kind: KeyMapValue { static var keyMapPlaceholder: Kind? { .deli } }
            extension Shop: KeyMapped, Archivable { static let keyMap = KeyMap(Shop.init) }
            let shop = Shop(resourceID: "7")
            """)
        #expect(errors.contains { $0.contains("cannot convert value of type 'String' to expected argument type 'Int'") })
    }

    /// Background loads and stores decode and encode off the main actor: in an app target, a
    /// model left main-actor does not compile with them, and one declared `nonisolated` does.
    @Test
    func aMainActorModelDoesNotCompileWithTheFormsThatDecodeOrEncodeItInTheBackground() throws {
        let app = """
            import Archiver
            struct Note: Equatable { let id: Int; let text: String }
            extension Note: KeyMapped, Archivable { static let keyMap = KeyMap(Note.init) }

            func use(_ note: Note) async throws {
                _ = try await Note.loadInBackground(resourceID: 1)
                _ = try await Note.loadAllInBackground()
                try await note.storeInBackground()
                _ = try await Note.storedResourceIDsInBackground()
                try await Note.deleteInBackground(resourceID: 1)
                _ = try Note.load(resourceID: 1)
            }

            """
        try Self.expectInAnAppTarget(app, errors: 3, saying: "main actor-isolated conformance of 'Note' to 'Archivable'") {
            $0.replacingOccurrences(of: "struct Note", with: "nonisolated struct Note")
                .replacingOccurrences(of: "extension Note", with: "nonisolated extension Note")
        }
    }

    /// A function a key map calls runs wherever the value is decoded or encoded: in an app target a
    /// helper a transform names and an initializer of the model's own are main-actor unless they
    /// say `nonisolated`, and the map does not compile with them, whatever the model's isolation.
    /// The Key Maps and Storage articles quote this error and name the fix.
    @Test
    func aHelperOrAnInitializerAMapCallsCompilesOnceItIsNonisolated() throws {
        let app = """
            import Archiver
            import Foundation
            struct Post {
                let id: Int
                let editedAt: Date?
                init(id: Int, editedAt: Date?) { self.id = id; self.editedAt = editedAt }
            }
            extension Post: KeyMapped {
                static let keyMap = KeyMap(Post.init, [.transform(\\.editedAt, decode: milliseconds, encode: { $0.map(milliseconds) })])
            }
            func milliseconds(_ value: Any) throws(ArchiveDecodingError) -> Date {
                Date(timeIntervalSince1970: try Double(keyMapValue: KeyMapInput(value, from: .responseObject)) / 1000)
            }
            func milliseconds(_ date: Date) -> Double { date.timeIntervalSince1970 * 1000 }

            """
        try Self.expectInAnAppTarget(app, errors: 3, saying: "loses global actor 'MainActor'") {
            $0.replacingOccurrences(of: "    init(", with: "    nonisolated init(")
                .replacingOccurrences(of: "\nfunc ", with: "\nnonisolated func ")
        }
    }

    /// Why the background forms' error cannot name `nonisolated`, as the Storage article says: the
    /// compiler checks a conformance's isolation after choosing the function, so an unavailable
    /// overload whose message names the fix is not chosen for a main-actor conformance (the
    /// error stays the compiler's), and does not get in the way of a nonisolated one. Should a
    /// later compiler choose it, this fails, and the library can add such overloads.
    @Test
    func anUnavailableOverloadCannotNameTheFixForAMainActorConformance() throws {
        let app = """
            nonisolated protocol Loadable { init() }
            nonisolated struct Transfer<Value>: @unchecked Sendable { var value: Value }
            extension Loadable where Self: SendableMetatype {
                nonisolated static func loadInBackground() async -> Self { await Task.detached { Transfer(value: Self()) }.value.value }
            }
            extension Loadable {
                @available(*, unavailable, message: "declare the model and its conformance nonisolated")
                nonisolated static func loadInBackground() async -> Self { fatalError() }
            }
            struct Note: Loadable { init() {} }
            func use() async { _ = await Note.loadInBackground() }

            """
        try Self.expectInAnAppTarget(app, errors: 1, saying: "main actor-isolated conformance of 'Note' to 'Loadable'") {
            $0.replacingOccurrences(of: "struct Note", with: "nonisolated struct Note")
        }
    }
}
