import SwiftSyntax

/// Where a hand-written conformance of one type lives: the extensions that hold it, the key
/// structs they declare, and the members that read and write.
struct HandWrittenConformance {
    /// A decoding initializer: `init?(responseObject:)`, `init?(archive:)`,
    /// `init?(dictionaryRepresentation:)` or an NSCoding class's `init?(coder:)`.
    struct Decoder {
        let body: CodeBlockItemListSyntax
        /// The parameter the body reads from.
        let objectName: String
        let line: Int
    }

    /// The member that writes the archive: `archiveValue`, `dictionaryRepresentation()` or
    /// `encode(with:)`.
    struct Encoder {
        let body: CodeBlockItemListSyntax
        /// The NSCoder parameter of `encode(with:)`; nil for a dictionary.
        let coderName: String?
        let line: Int
    }

    /// A nested `Coding: NSObject, NSCoding` class and the property that holds the struct.
    struct CodingClass {
        let node: ClassDeclSyntax
        /// The extension that declares it.
        let container: ExtensionDeclSyntax?
        let wrappedProperty: String
        let fileIndex: Int
    }

    /// An extension to delete when the type is converted.
    struct ExtensionToRemove {
        let node: ExtensionDeclSyntax
        let fileIndex: Int
    }

    let typeName: String
    /// The type's name within its module, which tells apart same-named types of different
    /// modules (see ``TypeScope``).
    let key: String
    var serverDecoder: Decoder?
    var archiveDecoder: Decoder?
    var archiveEncoder: Encoder?
    var codingClass: CodingClass?
    var extensions: [ExtensionToRemove] = []
    /// `ServerKey.id` → "id", by struct name then constant.
    var keyStructs: [String: [String: String]] = [:]
    /// `Key.id.rawValue` → "id", by enum name then case.
    var rawValueKeys: [String: [String: String]] = [:]
    /// Protocols the removed extensions declared that a key map does not provide.
    var keptProtocols: [String] = []
    /// Members of those extensions that are not part of the conformance, with their line.
    var otherMembers: [(name: String, line: Int)] = []
    var fileIndex: Int = 0
    var isDictionariable = false

    var isEmpty: Bool { serverDecoder == nil && archiveDecoder == nil && archiveEncoder == nil }
}
