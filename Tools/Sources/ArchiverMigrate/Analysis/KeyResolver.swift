import SwiftSyntax

/// Resolves keys: `"id"`, `ServerKey.id`, `Key.id.rawValue`.
struct KeyResolver {
    let keyStructs: [String: [String: String]]
    var rawValueKeys: [String: [String: String]] = [:]

    func key(_ expression: ExprSyntax, file: ParsedFile) throws(Unconvertible) -> String {
        if let literal = expression.stringLiteral { return literal }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.identifier,
           let key = keyStructs[base]?[member.declName.baseName.text] {
            return key
        }
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
           let caseAccess = member.base?.as(MemberAccessExprSyntax.self), let base = caseAccess.base?.identifier,
           let key = rawValueKeys[base]?[caseAccess.declName.baseName.text] {
            return key
        }
        throw Unconvertible(line: file.line(of: expression), reason: "a computed key: `\(expression.trimmedDescription.firstLine)`; a key map's keys are constants")
    }
}
