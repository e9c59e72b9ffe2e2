import SwiftSyntax

/// Hand-written conversions recognised by their shape, whatever protocol declares them (or
/// none): an initializer that takes one `[String: Any]` and a property or method that returns
/// one.
///
/// ```swift
/// init?(json: [String: Any]) { … }              // a decoder
/// var dictionaryRepresentation: [String: Any] { … }  // an encoder
/// ```
enum DictionaryShape {
    /// How a dictionary of property-list values is spelt.
    static func isDictionaryType(_ text: String) -> Bool {
        let compact = text.filter { !$0.isWhitespace }
        return ["[String:Any]", "Dictionary<String,Any>", "ResponseObject", "Archive"].contains(compact)
    }

    /// `init?(dictionary: [String: Any])`, `init(from dict: [String: Any]?)`: one dictionary
    /// parameter, whatever its label, other than the 0.6 protocols' own.
    static func isDictionaryInitializer(_ node: InitializerDeclSyntax) -> Bool {
        let parameters = node.signature.parameterClause.parameters
        guard parameters.count == 1, let parameter = parameters.first,
              !["responseObject", "archive", "dictionaryRepresentation", "coder"].contains(parameter.firstName.text) else { return false }
        let type = parameter.type.as(OptionalTypeSyntax.self)?.wrappedType ?? parameter.type
        return isDictionaryType(type.trimmedDescription)
    }

    /// The getter of `var json: [String: Any] { … }` or the body of `func toDictionary() -> [String: Any]`.
    static func encoderBody(_ node: DeclSyntax) -> (name: String, body: CodeBlockItemListSyntax)? {
        if let variable = node.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
           !variable.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }),
           let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, name != "archiveValue",
           let type = binding.typeAnnotation?.type, isDictionaryType(type.trimmedDescription),
           let body = binding.accessorBlock?.getterBody {
            return (name, body)
        }
        if let function = node.as(FunctionDeclSyntax.self), function.signature.parameterClause.parameters.isEmpty,
           !function.modifiers.contains(where: { $0.name.text == "static" || $0.name.text == "class" }),
           let returned = function.signature.returnClause?.type, isDictionaryType(returned.trimmedDescription),
           function.signature.effectSpecifiers == nil, let body = function.body {
            return (function.name.text, body.statements)
        }
        return nil
    }
}
