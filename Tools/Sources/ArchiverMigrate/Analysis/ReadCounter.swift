import SwiftSyntax

/// Counts the reads of an object an expression makes, to tell a property set from two keys.
final class ReadCounter: SyntaxVisitor {
    let objectNames: Set<String>
    var count = 0

    init(objectNames: Set<String>) {
        self.objectNames = objectNames
        super.init(viewMode: .sourceAccurate)
    }

    static func count(in expression: ExprSyntax, objectNames: Set<String>) -> Int {
        let counter = ReadCounter(objectNames: objectNames)
        counter.walk(expression)
        return counter.count
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.calledExpression.identifier, objectNames.contains(name) { count += 1 }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let callee = node.calledExpression.as(MemberAccessExprSyntax.self) {
            let method = callee.declName.baseName.text
            if method.hasPrefix("decode"), let base = callee.base?.identifier, objectNames.contains(base) { count += 1 }
            if ["serialized", "unarchived", "serializedCollection", "unarchivedCollection"].contains(method) { count += 1 }
        }
        return .visitChildren
    }
}
