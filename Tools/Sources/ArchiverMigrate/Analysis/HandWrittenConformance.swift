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

    /// A conversion recognised by its shape (see ``DictionaryShape``) rather than by a protocol
    /// the tool knows: the members the key map's extension keeps, forwarding to the key map, so
    /// that the project's own protocol and its callers are served as before.
    struct Shape {
        /// `init?(json: [String: Any])`, as written up to its body.
        var decoderSignature: String?
        var decoderParameter = ""
        var decoderLabel = "_"
        var decoderParameterIsOptional = false
        var decoderIsFailable = true
        /// `var json: [String: Any]`, as written up to its body.
        var encoderSignature: String?
        var encoderName: String?
        /// The members to delete, where the rest of their extension or the type's body stays.
        var members: [Syntax] = []
        /// The top-level declaration after which the key map goes when members are deleted.
        var anchor: Syntax?
        var memberFile = 0
        /// The encoder, the extensions to delete whole and the protocols they declared, which
        /// become the conformance's once the tool knows it converts the shape.
        var encoder: Encoder?
        var wholeExtensions: [ExtensionToRemove] = []
        var protocols: [String] = []
        /// Why the conformance cannot be converted, found while collecting it.
        var problem: Unconvertible?
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
    var shape: Shape?
    /// The shape's initializer, until ``ConformanceCollector`` knows which door it is.
    var shapeDecoder: Decoder?

    var isEmpty: Bool { serverDecoder == nil && archiveDecoder == nil && archiveEncoder == nil && shape == nil }
}
