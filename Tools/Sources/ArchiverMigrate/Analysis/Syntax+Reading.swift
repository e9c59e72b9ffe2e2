import SwiftSyntax

/// `target = value`, as folded by `SwiftOperators`.
struct Assignment {
    let target: ExprSyntax
    let value: ExprSyntax

    init?(_ item: CodeBlockItemSyntax) {
        guard case .expr(let expression) = item.item else { return nil }
        self.init(expression)
    }

    init?(_ expression: ExprSyntax) {
        guard let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self) else { return nil }
        target = infix.leftOperand
        value = infix.rightOperand
    }
}

extension ExprSyntax {
    /// `p` for `self.p` or `p`.
    var propertyName: String? {
        if let reference = self.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = self.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" {
            return member.declName.baseName.text
        }
        return nil
    }

    /// The expression inside parentheses: `x` for `(x)`.
    var unparenthesized: ExprSyntax {
        if let tuple = self.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return only.expression.unparenthesized
        }
        return self
    }

    /// The name of a plain identifier.
    var identifier: String? { self.as(DeclReferenceExprSyntax.self)?.baseName.text }

    /// The value of a string literal without interpolation.
    var stringLiteral: String? {
        self.as(StringLiteralExprSyntax.self)?.representedLiteralValue
    }
}

extension String {
    /// The first line, for quoting code in a one-line diagnostic.
    var firstLine: String {
        let first = prefix { $0 != "\n" }
        return first.count < count ? first + " …" : String(first)
    }
}
