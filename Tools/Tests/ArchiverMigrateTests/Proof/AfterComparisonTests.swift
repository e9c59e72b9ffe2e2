import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// The tool's output next to MIGRATION.md's hand-written "After", type by type: where they
/// differ, the difference is listed here with the reason it remains, and the test fails on any
/// difference not listed (or listed and gone). The archives themselves are equal: that is what
/// TutorialEquivalenceTests and MigrationEquivalenceTests check.
struct AfterComparisonTests {
    /// What a type's conformance is made of, as read from source.
    struct Summary: Equatable {
        /// The struct's declaration: access and the protocols it declares itself.
        var declaration = ""
        /// Every protocol the struct and its extensions declare.
        var protocols: Set<String> = []
        /// The key map's expression, without its access modifier and whitespace.
        var keyMap: String?
        /// Conformance members written by hand, and nested NSCoding classes.
        var handWritten: Set<String> = []
    }

    enum Aspect: String, CaseIterable {
        case declaration, protocols, keyMap, handWritten
    }

    struct Difference {
        let aspect: Aspect
        let why: String
    }

    static let declarationsWhy = "MIGRATION.md's After also made the type public or Equatable for its own tests; the tool changes conformances, never a type's declaration"

    /// The differences that remain, and why each is there.
    static let remaining: [String: [Difference]] = [
        "Restaurant": [.init(aspect: .declaration, why: declarationsWhy), .init(aspect: .protocols, why: declarationsWhy)],
        "Review": [.init(aspect: .declaration, why: declarationsWhy)],
        "User": [
            .init(aspect: .declaration, why: "the After moved Cachable from the struct to the key map's extension; the tool leaves the struct's declaration as it is"),
            .init(aspect: .protocols, why: "the tool keeps Archivable, which the hand-written extension declared; Cachable implies it, so nothing changes"),
            .init(aspect: .keyMap, why: #"the tool keeps the localized default, NSLocalizedString("Guest", comment: ""), where the After wrote the literal "Guest" and lost the localization"#),
        ],
        "Bookmark": [
            .init(aspect: .declaration, why: "MIGRATION.md (d) moves Bookmark to Codable through the bridge, which needs Codable on the struct; the tool writes key maps"),
            .init(aspect: .protocols, why: "KeyMapped where the After has ArchiveCodable; the archives are the same (bookmarkArchivesAreUnchanged)"),
            .init(aspect: .keyMap, why: "the After has no key map: it uses the Codable bridge"),
        ],
        "Event": [
            .init(aspect: .declaration, why: declarationsWhy),
            .init(aspect: .protocols, why: "KeyMapped where the After's hand-written conformance is ArchiveRepresentable; the archives are the same (sessionArchivesAreTheCodingClassesFields)"),
            .init(aspect: .keyMap, why: "the After writes the conformance by hand; the tool derives it"),
            .init(aspect: .handWritten, why: "the After deleted Event.Coding after replacing archiveSessions(_:) with loadSessions(from:); the tool does not rewrite app code, so it keeps the class that code uses and reports it (file:line)"),
        ],
        "Session": [
            .init(aspect: .declaration, why: declarationsWhy),
            .init(aspect: .protocols, why: "KeyMapped where the After's hand-written conformance is ArchiveRepresentable; the archives are the same (sessionArchivesAreTheCodingClassesFields)"),
            .init(aspect: .keyMap, why: "the After writes the conformance by hand; the tool derives it, adding the initializer over every property that a key map calls"),
            .init(aspect: .handWritten, why: "the After deleted Session.Coding after replacing archiveSessions(_:); the tool keeps the class that code still uses and reports it (file:line)"),
        ],
        "Movie": [
            .init(aspect: .declaration, why: declarationsWhy),
            .init(aspect: .protocols, why: "KeyMapped where the After's hand-written conformance is ArchiveRepresentable; the archives are the same (movieArchivesAreTheDictionariableOnes)"),
            .init(aspect: .keyMap, why: "the After writes the conformance by hand; the tool derives it"),
            .init(aspect: .handWritten, why: "the After's archiveValue and init?(archive:) are hand-written; the tool's output has none"),
        ],
    ]

    static let converted = ["User.swift", "Review.swift", "Restaurant.swift", "Bookmark.swift", "Event+Coding.swift", "Movie+Dictionariable.swift"]
    static let after = ["TutorialModel.swift", "Bookmark.swift", "Event.swift", "Movie.swift"]

    @Test(arguments: ["Restaurant", "Review", "User", "Bookmark", "Event", "Session", "Movie"])
    func onlyTheListedDifferencesRemain(type: String) throws {
        let ours = Self.summary(of: type, in: try Self.converted.map { try Fixtures.text("Fixtures/Converted/\($0)") })
        let theirs = Self.summary(of: type, in: try Self.after.map { try Fixtures.text("Fixtures/After/\($0)") })
        let differing = Aspect.allCases.filter { aspect in
            switch aspect {
            case .declaration: ours.declaration != theirs.declaration
            case .protocols: ours.protocols != theirs.protocols
            case .keyMap: ours.keyMap != theirs.keyMap
            case .handWritten: ours.handWritten != theirs.handWritten
            }
        }
        let listed = Self.remaining[type, default: []]
        for aspect in differing where !listed.contains(where: { $0.aspect == aspect }) {
            Issue.record("\(type): the tool's output and the After differ in \(aspect.rawValue), with no reason listed:\n  tool:  \(ours)\n  After: \(theirs)")
        }
        for difference in listed where !differing.contains(difference.aspect) {
            Issue.record("\(type): \(difference.aspect.rawValue) no longer differs from the After; remove the listed reason (\(difference.why))")
        }
    }

    /// The key maps the tool and the After both write are the same expression where the table
    /// above lists no key-map difference.
    @Test func theTutorialsKeyMapsMatchTheAfterExceptTheLocalizedDefault() throws {
        let ours = Self.summary(of: "User", in: try Self.converted.map { try Fixtures.text("Fixtures/Converted/\($0)") })
        #expect(ours.keyMap == #"KeyMap(User.init,[.property(\.name,default:NSLocalizedString("Guest",comment:""),ifInvalid:.useDefault,archiveDefault:""),.property(\.reviews,server:"user_reviews",default:[],ifInvalid:.useDefault),])"#)
        let review = Self.summary(of: "Review", in: try Self.after.map { try Fixtures.text("Fixtures/After/\($0)") })
        #expect(review.keyMap == #"KeyMap(Review.init,[.property(\.rating,server:"star_rating",default:0,ifInvalid:.useDefault),.property(\.text,default:"",ifInvalid:.useDefault),])"#)
    }

    /// The check the tool writes for the tutorial's archive rule is the After's, word for word.
    @Test func theReviewsCheckIsTheAfters() throws {
        let ours = Self.checkBody(of: "Review", in: try Self.converted.map { try Fixtures.text("Fixtures/Converted/\($0)") })
        let theirs = Self.checkBody(of: "Review", in: try Self.after.map { try Fixtures.text("Fixtures/After/\($0)") })
        #expect(ours == #"{ifsource==.archive,id.isEmpty{return"anarchivewhoseidisemptyisnotaReview"}returnnil}"#)
        #expect(ours == theirs)
    }

    /// The body of `keyMapCheck(from:)` in an extension of `type`, without whitespace.
    static func checkBody(of type: String, in sources: [String]) -> String? {
        for source in sources {
            for item in Parser.parse(source: source).statements {
                guard let extensionDecl = item.item.as(ExtensionDeclSyntax.self), extensionDecl.extendedType.trimmedDescription == type else { continue }
                for member in extensionDecl.memberBlock.members {
                    if let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "keyMapCheck" {
                        return function.body?.trimmedDescription.filter { !$0.isWhitespace }
                    }
                }
            }
        }
        return nil
    }

    static func summary(of type: String, in sources: [String]) -> Summary {
        var summary = Summary()
        for source in sources {
            for item in Parser.parse(source: source).statements {
                if let structDecl = item.item.as(StructDeclSyntax.self), structDecl.name.text == type {
                    let inherited = structDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
                    summary.declaration = (structDecl.modifiers.map(\.name.text) + inherited).joined(separator: " ")
                    summary.protocols.formUnion(inherited)
                } else if let extensionDecl = item.item.as(ExtensionDeclSyntax.self), extensionDecl.extendedType.trimmedDescription == type {
                    summary.protocols.formUnion(extensionDecl.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? [])
                    for member in extensionDecl.memberBlock.members {
                        if let variable = member.decl.as(VariableDeclSyntax.self), let binding = variable.bindings.first {
                            let name = binding.pattern.trimmedDescription
                            if name == "keyMap" {
                                summary.keyMap = binding.initializer?.value.trimmedDescription.filter { !$0.isWhitespace } ?? ""
                            } else {
                                summary.handWritten.insert(name)
                            }
                        } else if let initializer = member.decl.as(InitializerDeclSyntax.self), initializer.optionalMark != nil {
                            summary.handWritten.insert("init?(\(initializer.signature.parameterClause.parameters.map { $0.firstName.text + ":" }.joined()))")
                        } else if let nested = member.decl.as(ClassDeclSyntax.self) {
                            summary.handWritten.insert("class \(nested.name.text)")
                        }
                    }
                }
            }
        }
        return summary
    }
}
