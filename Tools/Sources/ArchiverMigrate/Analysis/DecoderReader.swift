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

    /// Finds the raw-value enums and the structs the initializer names.
    var scope: TypeScope?
    var fileIndex = 0
    /// The properties the map reads from an enum's raw value, and the enum.
    private(set) var enumsRead: [String: EnumDeclaration] = [:]

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
            if let call = value.as(FunctionCallExprSyntax.self), model.isNamed(by: call.calledExpression) {
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
            if let call = assignment.value.as(FunctionCallExprSyntax.self), model.isNamed(by: call.calledExpression) {
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
        guard Self.returnsNil(statement.body) else {
            throw Unconvertible(line: line, reason: "a guard whose else does more than `return nil`")
        }
        try readConditions(statement.conditions, required: true)
    }

    /// The conditions of a `guard` or of an `if` whose else returns nil: each binding is a value
    /// the initializer requires. Of an `if` without else: values read only when present.
    private mutating func readConditions(_ conditions: ConditionElementListSyntax, required: Bool) throws(Unconvertible) {
        for condition in conditions {
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
                read.isRequired = required
                bindings[name] = read
            } else if required, case .expression(let expression) = condition.condition, let tested = Self.emptinessTest(expression, negated: true) {
                nonEmptyTests.append((tested.name, tested.isSelf, file.line(of: condition)))
            } else {
                throw Unconvertible(line: file.line(of: condition), reason: "a condition the key map cannot express: `\(condition.trimmedDescription.firstLine)`")
            }
        }
    }

    private static func returnsNil(_ block: CodeBlockSyntax) -> Bool {
        block.statements.count == 1 && block.statements.first?.item.as(ReturnStmtSyntax.self)?.expression?.is(NilLiteralExprSyntax.self) == true
    }

    /// `if id.isEmpty { return nil }`: a rule that refuses an empty value. `if let … { … } else
    /// { return nil }`: the guard rule written another way. `if let x = object["x"] as? T { self.x = x }`:
    /// a value kept only when present, the property's initial value (or nil) otherwise.
    private mutating func readIf(_ expression: IfExprSyntax) throws(Unconvertible) {
        let line = file.line(of: expression)
        if case .codeBlock(let elseBlock)? = expression.elseBody, Self.returnsNil(elseBlock) {
            try readConditions(expression.conditions, required: true)
            try read(expression.body.statements)
            return
        }
        if expression.elseBody == nil, expression.conditions.allSatisfy({ if case .optionalBinding = $0.condition { true } else { false } }) {
            let before = Set(bindings.keys)
            try readConditions(expression.conditions, required: false)
            for item in expression.body.statements {
                guard let assignment = Assignment(item), let property = assignment.target.propertyName,
                      let name = assignment.value.identifier, var bound = bindings[name], !before.contains(name),
                      let declared = model.properties.first(where: { $0.name == property }) else {
                    throw Unconvertible(line: file.line(of: item), reason: "custom logic in the initializer: `\(item.trimmedDescription.firstLine)`")
                }
                if !declared.isOptional {
                    guard let initial = declared.initialValue else {
                        throw Unconvertible(line: file.line(of: item), reason: "sets `\(property)` only when `\(bound.key)` is present, and \(model.name).\(property) has no initial value to keep otherwise")
                    }
                    bound.defaultValue = initial
                }
                bindings[name] = bound
                try assign(property, from: assignment.value)
            }
            return
        }
        guard expression.elseBody == nil, expression.conditions.count == 1,
              case .expression(let condition) = expression.conditions.first!.condition,
              let tested = Self.emptinessTest(condition, negated: false),
              Self.returnsNil(expression.body) else {
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
                read.castType = nil
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
            var read = PropertyRead(key: key.key, line: line, readType: cast.type.trimmedDescription, isRequired: true)
            read.isNestedPath = key.isPath
            read.castType = read.readType
            guard Self.codingType(read.readType) == nil else { throw unsupported(expression) }
            read.isForceCast = true
            return read
        }
        // `object[key] as? String`, or NSSecureCoding's `decodeObject(of: NSString.self, forKey: key) as String?`.
        if let cast = expression.as(AsExprSyntax.self),
           cast.questionOrExclamationMark?.text == "?" || (cast.questionOrExclamationMark == nil && cast.type.is(OptionalTypeSyntax.self)) {
            let key = try readKey(of: cast.expression)
            let type = cast.type.as(OptionalTypeSyntax.self)?.wrappedType.trimmedDescription ?? cast.type.trimmedDescription
            var read = PropertyRead(key: key.key, line: line, readType: type, isLenient: true)
            read.isNestedPath = key.isPath
            read.castType = type
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
        if let read = try readEnum(expression) { return read }
        if let read = try readConverted(expression) { return read }
        throw unsupported(expression)
    }

    /// The read `expression` makes, or the read already bound to the name it is.
    private func readOrBound(_ expression: ExprSyntax) throws(Unconvertible) -> PropertyRead {
        if let name = expression.identifier, let bound = bindings[name] { return bound }
        return try readValue(expression)
    }

    /// `Kind(rawValue: object["kind"] as? String ?? "")`, `PieceType(rawValue: raw)`: an enum read
    /// from its raw value, which a key map reads the same way once the enum is a `KeyMapValue`.
    private func readEnum(_ expression: ExprSyntax) throws(Unconvertible) -> PropertyRead? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
              call.arguments.first?.label?.text == "rawValue", let scope else { return nil }
        let typeName = call.calledExpression.trimmedDescription
        guard let declaration = scope.enumDeclaration(file: fileIndex, name: typeName, within: model.name) else {
            throw Unconvertible(line: file.line(of: expression), reason: "reads \(typeName) by its raw value, but the declaration of \(typeName) is not among the files given; pass its file too")
        }
        var read = try readOrBound(call.arguments.first!.expression)
        guard read.readType == declaration.rawType, read.nested == nil, read.convertedFrom == nil else {
            throw Unconvertible(line: file.line(of: expression), reason: "reads \(typeName), whose raw value is \(article(declaration.rawType)) \(declaration.rawType), from \(article(read.readType)) \(read.readType)")
        }
        // A raw default that names no case makes a missing key a missing value, as in the map.
        if let rawDefault = read.defaultValue {
            guard rawDefault.count >= 2, rawDefault.hasPrefix("\""), rawDefault.hasSuffix("\""), !rawDefault.contains("\\"), declaration.rawType == "String",
                  !declaration.stringRawValues.contains(String(rawDefault.dropFirst().dropLast())) else {
                throw Unconvertible(line: file.line(of: expression), reason: "reads \(typeName) from a raw value that defaults to `\(rawDefault)`; a key map gives a missing key the default of the enum, not of its raw value")
            }
            read.defaultValue = nil
        }
        read.readType = typeName
        read.enumType = declaration.name
        return read
    }

    /// `(object["moves"] as? [[String: Any]])?.compactMap(Move.init(dictionary:)) ?? []`,
    /// `(object["owner"] as? [String: Any]).flatMap { Owner(json: $0) }`, `Owner(json: owner)`:
    /// another model read from its dictionaries, which a key map reads as that model.
    private func readConverted(_ expression: ExprSyntax) throws(Unconvertible) -> PropertyRead? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        let line = file.line(of: expression)
        // `Owner(json: owner)` with `owner` bound to a dictionary.
        if call.arguments.count == 1, let typeName = Self.modelInitializer(call.calledExpression), let scope, scope.isStruct(file: fileIndex, name: typeName),
           let argument = call.arguments.first?.expression, argument.identifier != nil || argument.is(AsExprSyntax.self) {
            var read = try readOrBound(argument)
            guard DictionaryShape.isDictionaryType(read.readType) else { return nil }
            read.readType = typeName
            read.nested = .single(typeName)
            read.castType = nil
            return read
        }
        guard let callee = call.calledExpression.as(MemberAccessExprSyntax.self), ["compactMap", "flatMap"].contains(callee.declName.baseName.text),
              let base = callee.base, let typeName = Self.elementConversion(call) else { return nil }
        var source = base
        if let chained = base.as(OptionalChainingExprSyntax.self) { source = chained.expression }
        var read = try readOrBound(source.unparenthesized)
        let elementType = read.readType.filter { !$0.isWhitespace }
        if elementType == "[[String:Any]]" || elementType == "[Dictionary<String,Any>]" {
            read.readType = "[\(typeName)]"
            read.nested = .collection(typeName)
            read.collectionHelper = "`as? \(elementType == "[[String:Any]]" ? "[[String: Any]]" : "[Dictionary<String, Any>]")`"
        } else if DictionaryShape.isDictionaryType(read.readType), callee.declName.baseName.text == "flatMap", base.is(OptionalChainingExprSyntax.self) == false {
            read.readType = typeName
            read.nested = .single(typeName)
        } else {
            throw Unconvertible(line: line, reason: "custom logic in the initializer: `\(expression.trimmedDescription.firstLine)`")
        }
        read.castType = nil
        return read
    }

    /// `Move` for `Move.init(dictionary:)`, `Move.init`, `{ Move(dictionary: $0) }`.
    private static func elementConversion(_ call: FunctionCallExprSyntax) -> String? {
        if call.arguments.count == 1, call.trailingClosure == nil, let argument = call.arguments.first?.expression {
            if let member = argument.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base {
                return base.trimmedDescription
            }
            if let closure = argument.as(ClosureExprSyntax.self) { return closureConversion(closure) }
            return nil
        }
        if call.arguments.isEmpty, let closure = call.trailingClosure { return closureConversion(closure) }
        return nil
    }

    private static func closureConversion(_ closure: ClosureExprSyntax) -> String? {
        guard closure.signature == nil, closure.statements.count == 1,
              let inner = closure.statements.first?.item.as(ExprSyntax.self)?.as(FunctionCallExprSyntax.self),
              inner.arguments.count == 1, inner.arguments.first?.expression.identifier == "$0" else { return nil }
        return modelInitializer(inner.calledExpression)
    }

    /// `Owner` for `Owner` or `Owner.init` called with one labelled dictionary.
    private static func modelInitializer(_ callee: ExprSyntax) -> String? {
        var callee = callee
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "init", let base = member.base { callee = base }
        let text = callee.trimmedDescription
        guard text.first?.isUppercase == true, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
        return text
    }

    private func article(_ word: String) -> String {
        "AEIOU".contains(word.first ?? "x") ? "an" : "a"
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

    /// The key of `object[key]`, `coder.decodeObject(forKey: key)` or `coder.decodeObject(of: T.self, forKey: key)`;
    /// a path for `(object["owner"] as? [String: Any])?["login"]`.
    private func readKey(of expression: ExprSyntax) throws(Unconvertible) -> (key: String, isPath: Bool) {
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self), let source = subscriptCall.calledExpression.identifier,
           objectNames.contains(source), subscriptCall.arguments.count == 1 {
            return (try resolveKey(subscriptCall.arguments.first!.expression), false)
        }
        // Optional chaining into a nested dictionary: the key map's server path `owner.login`.
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1,
           let chained = subscriptCall.calledExpression.as(OptionalChainingExprSyntax.self),
           let cast = chained.expression.unparenthesized.as(AsExprSyntax.self), cast.questionOrExclamationMark?.text == "?",
           DictionaryShape.isDictionaryType(cast.type.trimmedDescription) {
            let outer = try readKey(of: cast.expression)
            let inner = try resolveKey(subscriptCall.arguments.first!.expression)
            let escape = { (key: String) in key.replacingOccurrences(of: ".", with: "\\.") }
            return ((outer.isPath ? outer.key : escape(outer.key)) + "." + escape(inner), true)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
           callee.declName.baseName.text == "decodeObject", let coder = callee.base?.identifier, objectNames.contains(coder),
           call.arguments.map({ $0.label?.text ?? "_" }) == ["forKey"] || call.arguments.map({ $0.label?.text ?? "_" }) == ["of", "forKey"] {
            return (try resolveKey(call.arguments.last!.expression), false)
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
