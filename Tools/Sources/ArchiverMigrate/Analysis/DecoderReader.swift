import SwiftSyntax

/// Reads a hand-written decoding initializer, statement by statement, into the key, default
/// and conversion of each property; throws at the first statement it cannot translate.
struct DecoderReader {
    let file: ParsedFile
    let model: StructDeclaration
    let keys: KeyResolver
    /// The NSCoding class's property that holds the struct, for `init?(coder:)`.
    let wrappedProperty: String?

    private(set) var reads: [String: PropertyRead] = [:]
    /// The names an `if x.isEmpty { return nil }` or `guard !x.isEmpty` tests, with its line:
    /// a local binding or a property (``emptinessRules`` says which properties).
    private var nonEmptyTests: [(name: String, isSelf: Bool, line: Int)] = []
    /// The properties each local binding was assigned to.
    private var boundProperties: [String: [String]] = [:]
    private var objectNames: Set<String>
    private var bindings: [String: PropertyRead] = [:]
    private var constructedVariable: String?

    init(file: ParsedFile, model: StructDeclaration, keys: KeyResolver, decoder: HandWrittenConformance.Decoder, wrappedProperty: String? = nil) {
        self.file = file
        self.model = model
        self.keys = keys
        self.wrappedProperty = wrappedProperty
        self.objectNames = [decoder.objectName]
    }

    mutating func read(_ statements: CodeBlockItemListSyntax) throws(Unconvertible) {
        for item in statements {
            try read(item)
        }
    }

    private mutating func read(_ item: CodeBlockItemSyntax) throws(Unconvertible) {
        let line = file.line(of: item)
        switch item.item {
        case .stmt(let statement):
            if let guardStatement = statement.as(GuardStmtSyntax.self) {
                try readGuard(guardStatement)
            } else if let expression = statement.as(ExpressionStmtSyntax.self)?.expression.as(IfExprSyntax.self) {
                try readIf(expression)
            } else {
                throw Unconvertible(line: line, reason: "custom logic in the initializer: `\(item.trimmedDescription.firstLine)`")
            }
        case .decl(let declaration):
            guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                  let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let value = binding.initializer?.value else {
                throw Unconvertible(line: line, reason: "custom logic in the initializer: `\(item.trimmedDescription.firstLine)`")
            }
            if let call = value.as(FunctionCallExprSyntax.self), call.calledExpression.identifier == model.name {
                constructedVariable = name
                try assignArguments(of: call)
            } else {
                bindings[name] = try readValue(value)
            }
        case .expr(let expression):
            if let ifExpression = expression.as(IfExprSyntax.self) {
                try readIf(ifExpression)
            } else if let call = expression.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
                      callee.declName.baseName.text == "init" {
                if callee.base?.is(SuperExprSyntax.self) == true { return }
                guard callee.base?.identifier == "self" else {
                    throw Unconvertible(line: line, reason: "custom logic in the initializer: `\(item.trimmedDescription.firstLine)`")
                }
                try assignArguments(of: call)
            } else if let assignment = Assignment(expression) {
                try readAssignment(assignment, line: line)
            } else {
                throw Unconvertible(line: line, reason: "custom logic in the initializer: `\(item.trimmedDescription.firstLine)`")
            }
        }
    }

    private mutating func readAssignment(_ assignment: Assignment, line: Int) throws(Unconvertible) {
        // NSCoding: `event = Event(…)`, `self.session = session`.
        if let wrappedProperty, assignment.target.propertyName == wrappedProperty {
            if let call = assignment.value.as(FunctionCallExprSyntax.self), call.calledExpression.identifier == model.name {
                try assignArguments(of: call)
                return
            }
            if let constructedVariable, assignment.value.identifier == constructedVariable { return }
            throw Unconvertible(line: line, reason: "builds \(model.name) in a way the tool does not follow: `\(assignment.value.trimmedDescription.firstLine)`")
        }
        // `session.events = …` after `var session = Session(…)`.
        if let member = assignment.target.as(MemberAccessExprSyntax.self), let base = member.base?.identifier, base == constructedVariable {
            try assign(member.declName.baseName.text, from: assignment.value)
            return
        }
        guard let property = assignment.target.propertyName else {
            throw Unconvertible(line: line, reason: "custom logic in the initializer: `\(assignment.target.trimmedDescription) = …`")
        }
        try assign(property, from: assignment.value)
    }

    private mutating func readGuard(_ statement: GuardStmtSyntax) throws(Unconvertible) {
        let line = file.line(of: statement)
        guard statement.body.statements.count == 1, let returned = statement.body.statements.first?.item.as(ReturnStmtSyntax.self),
              returned.expression?.is(NilLiteralExprSyntax.self) == true else {
            throw Unconvertible(line: line, reason: "a guard whose else does more than `return nil`")
        }
        for condition in statement.conditions {
            if case .optionalBinding(let binding) = condition.condition, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                let value = binding.initializer?.value ?? ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(name)))
                if let source = value.identifier, objectNames.contains(source) {
                    objectNames.insert(name)
                    continue
                }
                var read = try readValue(value)
                guard read.defaultValue == nil else {
                    throw Unconvertible(line: file.line(of: condition), reason: "a guard on a value that has a default")
                }
                read.isRequired = true
                bindings[name] = read
            } else if case .expression(let expression) = condition.condition, let tested = Self.emptinessTest(expression, negated: true) {
                nonEmptyTests.append((tested.name, tested.isSelf, file.line(of: condition)))
            } else {
                throw Unconvertible(line: file.line(of: condition), reason: "a condition the key map cannot express: `\(condition.trimmedDescription.firstLine)`")
            }
        }
    }

    /// `if id.isEmpty { return nil }`: a rule that refuses an empty value.
    private mutating func readIf(_ expression: IfExprSyntax) throws(Unconvertible) {
        let line = file.line(of: expression)
        guard expression.elseBody == nil, expression.conditions.count == 1,
              case .expression(let condition) = expression.conditions.first!.condition,
              let tested = Self.emptinessTest(condition, negated: false),
              expression.body.statements.count == 1,
              expression.body.statements.first?.item.as(ReturnStmtSyntax.self)?.expression?.is(NilLiteralExprSyntax.self) == true else {
            throw Unconvertible(line: line, reason: "custom logic in the initializer: `\(expression.trimmedDescription.firstLine)`")
        }
        nonEmptyTests.append((tested.name, tested.isSelf, line))
    }

    /// The properties the initializer refuses when empty, with the line of the test: a test of a
    /// local binding applies to the properties the binding was assigned to. Called after
    /// ``read(_:)``; throws for a test of a value that no property holds.
    func emptinessRules() throws(Unconvertible) -> [String: Int] {
        var rules: [String: Int] = [:]
        for test in nonEmptyTests {
            let properties: [String]
            if !test.isSelf, bindings[test.name] != nil {
                properties = boundProperties[test.name] ?? []
            } else if model.properties.contains(where: { $0.name == test.name }), reads[test.name] != nil {
                properties = [test.name]
            } else {
                properties = []
            }
            guard !properties.isEmpty else {
                throw Unconvertible(line: test.line, reason: "refuses an empty `\(test.name)`, which is no property's value; a key map checks only the properties it decoded")
            }
            for property in properties where rules[property] == nil { rules[property] = test.line }
        }
        return rules
    }

    /// The name `x.isEmpty` (or `!x.isEmpty` when `negated`) tests, and whether it is written `self.x`.
    private static func emptinessTest(_ expression: ExprSyntax, negated: Bool) -> (name: String, isSelf: Bool)? {
        var tested = expression
        if negated {
            guard let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" else { return nil }
            tested = prefix.expression
        }
        guard let member = tested.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "isEmpty",
              let base = member.base, let name = base.propertyName else { return nil }
        return (name, base.identifier == nil)
    }

    private mutating func assignArguments(of call: FunctionCallExprSyntax) throws(Unconvertible) {
        let line = file.line(of: call)
        let labels = call.arguments.map { $0.label?.text ?? "_" }
        let mapping: [String: String]
        if model.initializers.isEmpty {
            // The memberwise initializer: labels are property names.
            mapping = Dictionary(uniqueKeysWithValues: labels.map { ($0, $0) })
        } else if let initializer = model.initializers.first(where: { $0.labels == labels }) {
            guard let propertyForLabel = initializer.propertyForLabel else {
                throw Unconvertible(line: line, reason: "calls \(model.name).init(\(labels.map { $0 + ":" }.joined())), which does more than set properties (line \(initializer.line))")
            }
            mapping = propertyForLabel
        } else {
            throw Unconvertible(line: line, reason: "calls an initializer of \(model.name) the tool cannot find")
        }
        for argument in call.arguments {
            guard let property = mapping[argument.label?.text ?? "_"] else {
                throw Unconvertible(line: line, reason: "calls an initializer of \(model.name) the tool cannot find")
            }
            try assign(property, from: argument.expression)
        }
    }

    private mutating func assign(_ property: String, from value: ExprSyntax) throws(Unconvertible) {
        let line = file.line(of: value)
        guard model.properties.contains(where: { $0.name == property }) else {
            throw Unconvertible(line: line, reason: "sets `\(property)`, which is not a stored property of \(model.name)")
        }
        guard reads[property] == nil else {
            throw Unconvertible(line: line, reason: "sets `\(property)` twice")
        }
        if let name = value.identifier, let bound = bindings[name] {
            reads[property] = bound
            boundProperties[name, default: []].append(property)
        } else if value.is(NilLiteralExprSyntax.self) || value.is(BooleanLiteralExprSyntax.self) || value.is(IntegerLiteralExprSyntax.self)
                    || value.is(FloatLiteralExprSyntax.self) || value.stringLiteral != nil {
            throw Unconvertible(line: line, reason: "sets `\(property)` to the constant `\(value.trimmedDescription)` instead of reading a key; a key map reads every property from both sources, or excludes it from both")
        } else {
            reads[property] = try readValue(value)
        }
    }

    // MARK: Values

    /// The read an expression makes, for the forms the tutorial and the articles use.
    private func readValue(_ expression: ExprSyntax) throws(Unconvertible) -> PropertyRead {
        let line = file.line(of: expression)
        if let infix = expression.as(InfixOperatorExprSyntax.self), infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
            // `Int(object[key] as? String ?? "") ?? 0`
            if let call = infix.leftOperand.as(FunctionCallExprSyntax.self), let target = call.calledExpression.identifier,
               Self.stringConvertibleTypes.contains(target), call.arguments.count == 1, call.arguments.first?.label == nil,
               let inner = call.arguments.first?.expression.as(InfixOperatorExprSyntax.self),
               inner.operator.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
                var read = try readValue(inner.leftOperand)
                guard read.readType == "String", read.defaultValue == nil, read.nested == nil else { throw unsupported(expression) }
                read.convertedFrom = "String"
                read.readType = target
                read.defaultValue = infix.rightOperand.trimmedDescription
                return read
            }
            var read = try readValue(infix.leftOperand)
            guard read.defaultValue == nil else { throw unsupported(expression) }
            read.defaultValue = infix.rightOperand.trimmedDescription
            return read
        }
        // `object[key] as! String`: required, the crash becoming a failed decode.
        if let cast = expression.as(AsExprSyntax.self), cast.questionOrExclamationMark?.text == "!" {
            let key = try readKey(of: cast.expression)
            var read = PropertyRead(key: key, line: line, readType: cast.type.trimmedDescription, isRequired: true)
            guard Self.codingType(read.readType) == nil else { throw unsupported(expression) }
            read.isForceCast = true
            return read
        }
        // `object[key] as? String`, or NSSecureCoding's `decodeObject(of: NSString.self, forKey: key) as String?`.
        if let cast = expression.as(AsExprSyntax.self),
           cast.questionOrExclamationMark?.text == "?" || (cast.questionOrExclamationMark == nil && cast.type.is(OptionalTypeSyntax.self)) {
            let key = try readKey(of: cast.expression)
            let type = cast.type.as(OptionalTypeSyntax.self)?.wrappedType.trimmedDescription ?? cast.type.trimmedDescription
            var read = PropertyRead(key: key, line: line, readType: type, isLenient: true)
            if let coded = Self.codingType(read.readType) { read.nested = coded }
            return read
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let method = callee.declName.baseName.text
            // `events.compactMap { $0.event }` for events read `as? [Event.Coding]`.
            if method == "compactMap" || method == "map", let source = callee.base?.identifier, let bound = bindings[source],
               case .collection? = bound.nested, let closure = call.trailingClosure, closure.statements.count == 1,
               let body = closure.statements.first?.item.as(ExprSyntax.self)?.as(MemberAccessExprSyntax.self),
               body.base?.identifier == "$0" {
                return bound
            }
            if let typeName = callee.base?.as(DeclReferenceExprSyntax.self)?.baseName.text {
                let collection = method == "serializedCollection" || method == "unarchivedCollection"
                if collection || method == "serialized" || method == "unarchived" {
                    guard call.arguments.count == 2, let object = call.arguments.first, object.label?.text == "from",
                          let source = object.expression.identifier, objectNames.contains(source),
                          let keyArgument = call.arguments.last, keyArgument.label?.text == "withKey" else { throw unsupported(expression) }
                    let key = try resolveKey(keyArgument.expression)
                    if collection {
                        return PropertyRead(key: key, line: line, readType: "[\(typeName)]", nested: .collection(typeName), defaultValue: "[]", isLenient: true, collectionHelper: method)
                    }
                    return PropertyRead(key: key, line: line, readType: typeName, nested: .single(typeName), isLenient: true)
                }
            }
            // NSCoder's typed decoders return 0 or false for a missing key.
            if let coder = callee.base?.identifier, objectNames.contains(coder), let (type, missing) = Self.typedDecoders[method],
               call.arguments.count == 1, call.arguments.first?.label?.text == "forKey" {
                let key = try resolveKey(call.arguments.first!.expression)
                return PropertyRead(key: key, line: line, readType: type, defaultValue: missing)
            }
        }
        throw unsupported(expression)
    }

    private static let stringConvertibleTypes: Set<String> = ["Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Bool"]
    private static let typedDecoders: [String: (String, String)] = [
        "decodeInteger": ("Int", "0"), "decodeInt32": ("Int32", "0"), "decodeInt64": ("Int64", "0"),
        "decodeBool": ("Bool", "false"), "decodeDouble": ("Double", "0"), "decodeFloat": ("Float", "0"),
    ]

    /// `Event` for `Event.Coding`, `[Event.Coding]`.
    private static func codingType(_ type: String) -> NestedValue? {
        if type.hasPrefix("["), type.hasSuffix(".Coding]") { return .collection(String(type.dropFirst().dropLast(8))) }
        if type.hasSuffix(".Coding") { return .single(String(type.dropLast(7))) }
        return nil
    }

    /// The key of `object[key]`, `coder.decodeObject(forKey: key)` or `coder.decodeObject(of: T.self, forKey: key)`.
    private func readKey(of expression: ExprSyntax) throws(Unconvertible) -> String {
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self), let source = subscriptCall.calledExpression.identifier,
           objectNames.contains(source), subscriptCall.arguments.count == 1 {
            return try resolveKey(subscriptCall.arguments.first!.expression)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
           callee.declName.baseName.text == "decodeObject", let coder = callee.base?.identifier, objectNames.contains(coder),
           call.arguments.map({ $0.label?.text ?? "_" }) == ["forKey"] || call.arguments.map({ $0.label?.text ?? "_" }) == ["of", "forKey"] {
            return try resolveKey(call.arguments.last!.expression)
        }
        throw unsupported(expression)
    }

    /// A key written as a literal or as a constant of the conformance's key structs.
    func resolveKey(_ expression: ExprSyntax) throws(Unconvertible) -> String {
        try keys.key(expression, file: file)
    }

    private func unsupported(_ expression: ExprSyntax) -> Unconvertible {
        let line = file.line(of: expression)
        let reads = ReadCounter.count(in: expression, objectNames: objectNames)
        if reads > 1 {
            return Unconvertible(line: line, reason: "a property set from \(reads) keys: `\(expression.trimmedDescription.firstLine)`")
        }
        return Unconvertible(line: line, reason: "custom logic in the initializer: `\(expression.trimmedDescription.firstLine)`")
    }
}
