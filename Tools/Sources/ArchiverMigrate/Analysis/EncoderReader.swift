import SwiftSyntax

/// Reads a hand-written encoder — `archiveValue`, `dictionaryRepresentation()` or
/// `encode(with:)` — into the key each property is written under.
struct EncoderReader {
    let file: ParsedFile
    let model: StructDeclaration
    let keys: KeyResolver
    let encoder: HandWrittenConformance.Encoder
    /// The NSCoding class's property that holds the struct.
    let wrappedProperty: String?
    /// The names of the conversions to a dictionary the files declare: `json`, `toDictionary`.
    var encoderNames: Set<String> = ["archiveValue"]

    private(set) var writes: [String: PropertyWrite] = [:]
    private var archiveVariable: String?
    private var modelAliases: Set<String> = []

    init(file: ParsedFile, model: StructDeclaration, keys: KeyResolver, encoder: HandWrittenConformance.Encoder, wrappedProperty: String? = nil) {
        self.file = file
        self.model = model
        self.keys = keys
        self.encoder = encoder
        self.wrappedProperty = wrappedProperty
        if let wrappedProperty { modelAliases = [wrappedProperty] }
    }

    mutating func read() throws(Unconvertible) {
        for item in encoder.body {
            try read(item)
        }
    }

    private mutating func read(_ item: CodeBlockItemSyntax) throws(Unconvertible) {
        let line = file.line(of: item)
        switch item.item {
        case .stmt(let statement):
            if let returned = statement.as(ReturnStmtSyntax.self), let value = returned.expression {
                if let name = value.identifier, name == archiveVariable { return }
                try readDictionary(value)
            } else if let guardStatement = statement.as(GuardStmtSyntax.self), encoder.coderName != nil,
                      guardStatement.conditions.count == 1, case .optionalBinding(let binding) = guardStatement.conditions.first!.condition,
                      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      (binding.initializer?.value.propertyName ?? name) == wrappedProperty {
                modelAliases.insert(name)
            } else {
                throw Unconvertible(line: line, reason: "custom logic in the encoder: `\(item.trimmedDescription.firstLine)`")
            }
        case .decl(let declaration):
            guard let variable = declaration.as(VariableDeclSyntax.self), variable.bindings.count == 1,
                  let binding = variable.bindings.first, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let value = binding.initializer?.value, archiveVariable == nil else {
                throw Unconvertible(line: line, reason: "custom logic in the encoder: `\(item.trimmedDescription.firstLine)`")
            }
            archiveVariable = name
            try readDictionary(value)
        case .expr(let expression):
            if let assignment = Assignment(expression), let subscriptCall = assignment.target.as(SubscriptCallExprSyntax.self),
               let name = subscriptCall.calledExpression.identifier, name == archiveVariable, subscriptCall.arguments.count == 1 {
                try write(key: subscriptCall.arguments.first!.expression, value: assignment.value)
            } else if let coder = encoder.coderName, let call = expression.as(FunctionCallExprSyntax.self),
                      let callee = call.calledExpression.as(MemberAccessExprSyntax.self), callee.base?.identifier == coder,
                      callee.declName.baseName.text == "encode", call.arguments.count == 2, call.arguments.last?.label?.text == "forKey" {
                try write(key: call.arguments.last!.expression, value: call.arguments.first!.expression)
            } else if archiveVariable == nil, encoder.coderName == nil, item == encoder.body.last {
                try readDictionary(expression)
            } else {
                throw Unconvertible(line: line, reason: "custom logic in the encoder: `\(item.trimmedDescription.firstLine)`")
            }
        }
    }

    private mutating func readDictionary(_ expression: ExprSyntax) throws(Unconvertible) {
        // `[String: Any]()`, `Dictionary<String, Any>()`: an empty dictionary, as `[:]` is.
        if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
           DictionaryShape.isDictionaryType(call.calledExpression.trimmedDescription) {
            return
        }
        guard let dictionary = expression.as(DictionaryExprSyntax.self) else {
            throw Unconvertible(line: file.line(of: expression), reason: "an archive built by code: `\(expression.trimmedDescription.firstLine)`")
        }
        guard case .elements(let elements) = dictionary.content else { return }
        for element in elements {
            try write(key: element.key, value: element.value)
        }
    }

    private mutating func write(key keyExpression: ExprSyntax, value: ExprSyntax) throws(Unconvertible) {
        let line = file.line(of: value)
        let key = try keys.key(keyExpression, file: file)
        let (property, nested) = try writtenProperty(value)
        guard model.properties.contains(where: { $0.name == property }) else {
            throw Unconvertible(line: line, reason: "archives `\(property)`, which is not a stored property of \(model.name)")
        }
        guard writes[property] == nil else {
            throw Unconvertible(line: line, reason: "archives `\(property)` under two keys")
        }
        writes[property] = PropertyWrite(key: key, line: line, nested: nested)
    }

    /// The property a written value holds: `name`, `self.name`, `reviews.archiveValue`,
    /// `event.timeStamp`, `session.events.map(Event.Coding.init)`.
    private func writtenProperty(_ value: ExprSyntax) throws(Unconvertible) -> (String, NestedValue?) {
        if let name = plainProperty(value) { return (name, nil) }
        // `kind.rawValue`: a raw-value enum, which the key map archives as its raw value.
        if let member = value.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue", let base = member.base,
           let name = plainProperty(base) {
            return (name, nil)
        }
        // `owner.json`, `owner?.toDictionary()`, `moves.map { $0.json }`, `moves.map(\.json)`:
        // another model's own conversion, which the key map makes with that model's map.
        if let (name, isCollection) = convertedModel(value), let property = model.properties.first(where: { $0.name == name }) {
            let type = property.nonOptionalType
            if isCollection {
                guard type.hasPrefix("["), type.hasSuffix("]"), !type.contains(":") else {
                    throw Unconvertible(line: file.line(of: value), reason: "archives a value computed by code: `\(value.trimmedDescription.firstLine)`")
                }
                return (name, .collection(String(type.dropFirst().dropLast())))
            }
            return (name, .single(type))
        }
        if let member = value.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "archiveValue" {
            var base = member.base
            if let optional = base?.as(OptionalChainingExprSyntax.self) { base = optional.expression }
            if let base, let name = plainProperty(base) {
                let type = model.properties.first { $0.name == name }?.nonOptionalType ?? ""
                return (name, type.hasPrefix("[") ? .collection(String(type.dropFirst().dropLast())) : .single(type))
            }
        }
        if let call = value.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(MemberAccessExprSyntax.self) {
            // `session.events.map(Event.Coding.init)`
            if callee.declName.baseName.text == "map", let base = callee.base, let name = plainProperty(base), call.arguments.count == 1,
               let wrapper = call.arguments.first?.expression.as(MemberAccessExprSyntax.self), wrapper.declName.baseName.text == "init",
               let coding = wrapper.base?.as(MemberAccessExprSyntax.self), coding.declName.baseName.text == "Coding",
               let typeName = coding.base?.identifier {
                return (name, .collection(typeName))
            }
            // `Restaurant.Coding(restaurant: review.restaurant)`
            if callee.declName.baseName.text == "Coding", let typeName = callee.base?.identifier, call.arguments.count == 1,
               let name = plainProperty(call.arguments.first!.expression) {
                return (name, .single(typeName))
            }
        }
        throw Unconvertible(line: file.line(of: value), reason: "archives a value computed by code: `\(value.trimmedDescription.firstLine)`")
    }

    /// The property whose value a written expression converts with its own type's conversion,
    /// and whether it is a collection mapped element by element.
    private func convertedModel(_ value: ExprSyntax) -> (String, Bool)? {
        func conversion(of expression: ExprSyntax, on subject: (ExprSyntax) -> Bool) -> Bool {
            var expression = expression
            if let call = expression.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil { expression = call.calledExpression }
            // `reviews.archiveValue` is the 0.6 helpers' form, read below.
            guard let member = expression.as(MemberAccessExprSyntax.self), encoderNames.contains(member.declName.baseName.text),
                  member.declName.baseName.text != "archiveValue", let base = member.base else { return false }
            return subject(base)
        }
        if conversion(of: value, on: { base in
            var base = base
            if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
            return plainProperty(base) != nil
        }) {
            var expression = value
            if let call = expression.as(FunctionCallExprSyntax.self) { expression = call.calledExpression }
            var base = expression.as(MemberAccessExprSyntax.self)!.base!
            if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
            return plainProperty(base).map { ($0, false) }
        }
        guard let call = value.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
              ["map", "compactMap"].contains(callee.declName.baseName.text), let base = callee.base, let name = plainProperty(base) else { return nil }
        let argument: ExprSyntax?
        if call.arguments.count == 1, call.trailingClosure == nil { argument = call.arguments.first?.expression }
        else if call.arguments.isEmpty, let closure = call.trailingClosure { argument = ExprSyntax(closure) }
        else { argument = nil }
        guard let argument else { return nil }
        if let keyPath = argument.as(KeyPathExprSyntax.self), keyPath.root == nil, keyPath.components.count == 1,
           let component = keyPath.components.first?.component.as(KeyPathPropertyComponentSyntax.self),
           encoderNames.contains(component.declName.baseName.text) {
            return (name, true)
        }
        if let closure = argument.as(ClosureExprSyntax.self), closure.signature == nil, closure.statements.count == 1,
           let body = closure.statements.first?.item.as(ExprSyntax.self),
           conversion(of: body, on: { $0.identifier == "$0" }) {
            return (name, true)
        }
        return nil
    }

    /// `name`, `self.name`, or `event.name` where `event` is the wrapped struct.
    private func plainProperty(_ value: ExprSyntax) -> String? {
        if let member = value.as(MemberAccessExprSyntax.self), let base = member.base?.propertyName, modelAliases.contains(base) {
            return member.declName.baseName.text
        }
        if encoder.coderName == nil, let name = value.propertyName, model.properties.contains(where: { $0.name == name }) {
            return name
        }
        return nil
    }
}
