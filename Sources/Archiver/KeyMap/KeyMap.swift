import Foundation

/// The table a ``KeyMapped`` type declares: its memberwise initializer, and an entry for each
/// property that needs other keys, a default, exclusion or a custom conversion.
///
/// ```swift
/// struct User { let id: Int; let name: String; let reviews: [Review] }
///
/// extension User: KeyMapped, Cachable {
///     static let keyMap = KeyMap(User.init, [
///         .property(\.name, default: "Guest"),
///         .property(\.reviews, server: "user_reviews", default: []),
///     ])
/// }
///
/// let user = User(responseObject: json, shouldArchive: true)
/// user?.archiveValue  // ["id": 1296269, "name": "George Costanza", "reviews": [...]]
/// ```
///
/// Entries name their properties by key path (``KeyMapProperty``), so the compiler checks each
/// property and the type of its default.
///
/// The map calls the initializer with one placeholder per parameter, once, and asks `Mirror`
/// for the stored properties of the result: their names, in declaration order, name the
/// initializer's parameters. Decoding calls the initializer with the converted values; nothing
/// is written into memory behind Swift's back.
///
/// Archiving reads each stored property where the model's layout puts it, with the type of its
/// parameter, once the map has checked, on probe instances its initializer built with a
/// different value for each property, that every value is found there. Where that cannot be
/// shown (two properties of a type it has no two values of, such as two arrays of one nested
/// key-mapped type) it reads them with `Mirror`, several times slower, and a debug build says so.
///
/// In debug builds the map validates itself when first used and prints any problem to standard
/// error; an entry that names no stored property stops a debug build there with an assertion, and
/// makes every decode throw in a release build. ``KeyMapped/validateKeyMap()`` throws the problems.
public final class KeyMap<Model>: @unchecked Sendable {
    // Unchecked because the closures are not `@Sendable`: they use the conformances of `Model`
    // and its property types, which may be isolated to the main actor in an app target, and an
    // isolated conformance cannot be captured by a `@Sendable` closure. Everything here is
    // immutable once built; the closures call the model's initializer and its property types'
    // conversions, which touch no shared state.
    //
    // The members the derived conformances use on every call are inlinable, so that each
    // key-mapped type gets them compiled for its own properties: unspecialized generic code
    // would spend most of its time looking up type metadata. A class, so that reaching the map
    // through `Model.keyMap` on every call retains one reference rather than each member.

    /// The properties in initializer order; empty when the map is unusable.
    @usableFromInline let fields: [KeyMapField]
    /// Everything the validators found wrong, in words; empty for a valid map. Users read them
    /// from the error ``KeyMapped/validateKeyMap()`` throws.
    @usableFromInline let problems: [KeyMapProblem]
    @usableFromInline let isUsable: Bool
    /// Whether some field is read from a path, alternate keys or former archive keys.
    @usableFromInline let hasComplexKeys: Bool
    /// Each field's archive key as a load compares it with a property list's key objects
    /// (``BinaryPropertyListKey/Pattern/never`` for fields not read from it alone), worked out
    /// once per type rather than per comparison.
    @usableFromInline let propertyListKeyPatterns: [BinaryPropertyListKey.Pattern]
    /// Each field's server key as the JSON door compares it with a key of the text
    /// (``BinaryPropertyListKey/Pattern/never`` for fields not read from it alone).
    @usableFromInline let jsonKeyPatterns: [BinaryPropertyListKey.Pattern]
    /// Builds a model from an object of any document (a response object or an archive, a JSON
    /// text, a binary property list) whose fields are located, and nests the dropped elements
    /// each field logs under its key when there is a log.
    @usableFromInline let construct: ([KeyMapField], KeyMapObject, DroppedElementLog?) throws(ArchiveDecodingError) -> Model
    @usableFromInline let makePlaceholder: () -> Model?
    /// Up to that many models that differ from one another, built by the initializer: probe
    /// values for the offset check of a model that holds several of this one.
    @usableFromInline let makeProbes: (Int) -> [Model]
    /// The model's ``KeyMapChecked`` check, when it declares one.
    @usableFromInline let check: ((Model, KeyMapSource) -> String?)?
    @usableFromInline let readers: Readers
    /// The properties a store writes, read from `readers` (empty when they are read with `Mirror`).
    @usableFromInline let storeEntries: [AnyObject]
    /// The members `jsonData()` writes, laid out once: server keys, nested objects, writers.
    @usableFromInline let jsonObject: KeyMapJSONObject

    /// How archiving reads the properties.
    @usableFromInline enum Readers {
        /// The archive key and reader of each property that is not excluded, which reads it at
        /// its offset: everything archiving needs, in one array, so that the loop touches no field.
        case readers([ArchiveEntry])
        /// One encoder per property, for the values `Mirror` reports, and one writer of them
        /// for a store: for a model whose offsets could not be checked.
        case mirror([(Any) -> Any?], [PropertyListFieldWriter<Any>])
    }

    /// One archived property: its archive key, how to read it, how a store writes it and how
    /// `jsonData()` writes it, each given the model's address
    /// (``KeyMapStoredOffsets/withAddress(of:_:)``).
    @usableFromInline struct ArchiveEntry {
        @usableFromInline let key: String
        @usableFromInline let read: (ModelAddress) -> Any?
        let write: StoredPropertyWriter
        let json: StoredJSONWriter

        @usableFromInline init(key: String, read: @escaping (ModelAddress) -> Any?, write: StoredPropertyWriter, json: StoredJSONWriter) {
            self.key = key
            self.read = read
            self.write = write
            self.json = json
        }
    }

    /// A key map whose entries name their properties by key path, so that the compiler checks
    /// each property and the type of its default.
    ///
    /// ```swift
    /// extension Review: KeyMapped {
    ///     static let keyMap = KeyMap(Review.init, [
    ///         .property(\.rating, server: "star_rating", default: 0),   // the server sends "4"
    ///         .property(\.text, default: ""),
    ///     ])
    /// }
    /// ```
    ///
    /// See ``KeyMapProperty`` for how the map learns which property a key path reads. Nothing
    /// lists the properties again for archiving: the map reads each at its offset in the model,
    /// checked when the map is built.
    ///
    /// - Parameters:
    ///   - initializer: The memberwise initializer, `Model.init`, whose parameters are the stored
    ///     properties in declaration order.
    ///   - serverKeys: The key in response objects of a property whose entry names none.
    ///   - archiveKeys: The key in archives of a property whose entry names none.
    ///   - properties: The properties that differ from the strategies, by key path.
    ///   - dates: The server's form of every `Date` and `Date?` property whose entry names none
    ///     (``KeyMapDates``); `nil`, the default, reads the forms a `Date` reads by itself.
    ///   - strictCollections: `true` makes every property strict, as `strict: true` makes one:
    ///     an invalid element of a list of models, at any depth, fails the value, naming its key
    ///     path, instead of being dropped as Archiver 0.6 dropped it.
    ///   - fileID: Where the map is written, with `line` and `column`: filled in by the compiler.
    ///     A map written in a computed `keyMap` (as a generic type writes it) is built once per
    ///     concrete type and place; later calls share it.
    ///   - line: The line of the map, with `fileID`.
    ///   - column: The column of the map, with `fileID`.
    @inlinable
    public convenience init<each Property: KeyMapValue>(
        _ initializer: @escaping (repeat each Property) -> Model,
        serverKeys: KeyStrategy = .propertyName,
        archiveKeys: KeyStrategy = .propertyName,
        _ properties: @autoclosure () -> [KeyMapProperty<Model>] = [],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        column: UInt = #column
    ) {
        // A computed map (a generic type's) runs this on every use: once built, nothing of the
        // arguments is evaluated (a key-path literal in a generic context is instantiated anew).
        let site = KeyMapSite(Model.self, fileID: fileID, line: line, column: column)
        if let built = KeyMapCache.map(Model.self, at: site) {
            self.init(copying: built)
            return
        }
        self.init(initializer, serverKeys: serverKeys, archiveKeys: archiveKeys, properties: properties(), dates: dates,
                  strictCollections: strictCollections, site: site)
    }

    @inlinable
    init<each Property: KeyMapValue>(
        _ initializer: @escaping (repeat each Property) -> Model,
        serverKeys: KeyStrategy,
        archiveKeys: KeyStrategy,
        properties: [KeyMapProperty<Model>],
        dates: KeyMapDates? = nil,
        strictCollections: Bool = false,
        site: KeyMapSite,
        construct fixedConstruct: (([KeyMapField], KeyMapObject, DroppedElementLog?) throws(ArchiveDecodingError) -> Model)? = nil
    ) {
        var parameters: [KeyMapParameter] = []
        for parameter in repeat KeyMapParameter((each Property).self) {
            parameters.append(parameter)
        }
        let makePlaceholder: () -> Model? = {
            func placeholder<Value: KeyMapValue>(_ type: Value.Type) throws(KeyMapParameter.NoPlaceholder) -> Value {
                guard let value = KeyMapProbe.placeholder(Value.self) else { throw KeyMapParameter.NoPlaceholder() }
                return value
            }
            return try? initializer(repeat placeholder((each Property).self))
        }
        // Key-path entries are matched to properties on an instance whose strings and numbers
        // differ from property to property.
        var probe: Model?
        if !properties.isEmpty {
            var probeIndex = 0
            func probeValue<Value: KeyMapValue>(_ type: Value.Type) throws(KeyMapParameter.NoPlaceholder) -> Value {
                defer { probeIndex += 1 }
                guard let value = KeyMapProbe.value(Value.self, index: probeIndex) else { throw KeyMapParameter.NoPlaceholder() }
                return value
            }
            probe = try? initializer(repeat probeValue((each Property).self))
        }
        let placeholder = makePlaceholder()
        let plan = Self.plan(
            parameters: parameters, placeholder: placeholder, probe: probe, serverKeys: serverKeys, archiveKeys: archiveKeys,
            properties: properties, dates: dates, strictCollections: strictCollections
        )
        self.fields = plan.fields
        self.problems = plan.problems
        self.isUsable = plan.isUsable
        self.hasComplexKeys = plan.fields.contains { $0.hasComplexKeys }
        self.propertyListKeyPatterns = BinaryPropertyListKey.Pattern.patterns(of: plan.fields)
        self.jsonKeyPatterns = BinaryPropertyListKey.Pattern.serverKeyPatterns(of: plan.fields)
        self.makePlaceholder = makePlaceholder
        self.makeProbes = { count in
            var probes: [Model] = []
            for number in 0 ..< count {
                func probe<Value: KeyMapValue>(_ type: Value.Type) throws(KeyMapParameter.NoPlaceholder) -> Value {
                    guard let value = KeyMapProbe.value(Value.self, number: number) else { throw KeyMapParameter.NoPlaceholder() }
                    return value
                }
                guard let instance = try? initializer(repeat probe((each Property).self)) else { break }
                probes.append(instance)
            }
            return probes
        }
        self.check = KeyMapChecks.check(for: Model.self)
        self.readers = Self.readers(initializer, parameters: parameters, placeholder: placeholder, fields: plan.fields)
        self.storeEntries = Self.storeEntries(of: readers)
        self.jsonObject = Self.jsonObject(of: readers, fields: plan.fields)
        // (Not `fixedConstruct ?? { … }`: that expression crashes Swift 6.3's SIL generation.)
        if let fixedConstruct {
            self.construct = fixedConstruct
            KeyMapCache.store(self, at: site)
            return
        }
        self.construct = { fields, object, log throws(ArchiveDecodingError) in
            var index = 0
            func next<Value: KeyMapValue>(_ type: Value.Type) throws(ArchiveDecodingError) -> Value {
                defer { index += 1 }
                return try Self.decodeField(Value.self, fields, index, object, log)
            }
            return initializer(repeat try next((each Property).self))
        }
        KeyMapCache.store(self, at: site)
    }

    /// The map `built` already is, for a computed `keyMap` that builds it again: its members
    /// are shared, so nothing is reflected, validated or converted a second time.
    @usableFromInline
    init(copying built: KeyMap) {
        fields = built.fields
        problems = built.problems
        isUsable = built.isUsable
        hasComplexKeys = built.hasComplexKeys
        propertyListKeyPatterns = built.propertyListKeyPatterns
        jsonKeyPatterns = built.jsonKeyPatterns
        construct = built.construct
        makePlaceholder = built.makePlaceholder
        makeProbes = built.makeProbes
        check = built.check
        readers = built.readers
        storeEntries = built.storeEntries
        jsonObject = built.jsonObject
    }

    /// Reflects the placeholder, names the fields, and runs the validators: the once-per-type
    /// work, which need not be specialized.
    @usableFromInline
    static func plan(
        parameters: [KeyMapParameter], placeholder: Model?, probe: Model?, serverKeys: KeyStrategy, archiveKeys: KeyStrategy,
        properties: [KeyMapProperty<Model>], dates: KeyMapDates? = nil, strictCollections: Bool = false
    ) -> (fields: [KeyMapField], problems: [KeyMapProblem], isUsable: Bool) {
        let resolved = KeyMapPropertyResolution.entries(
            for: properties, parameters: parameters, probe: probe, placeholder: placeholder, typeName: String(describing: Model.self))
        let entries = resolved.entries
        let keyPathProblems = resolved.problems
        let reflected = placeholder.map { Reflection.storedProperties(of: $0, declaredTypes: parameters) }
        let names = KeyMapParameter.propertyNames(parameters: parameters, reflected: reflected)
        let fields = (names ?? []).enumerated().map { index, name in
            var entry = entries.first { $0.name == name }?.entry
            if let dates, index < parameters.count { entry = Self.dated(entry, parameters[index], dates) }
            if strictCollections, entry?.isExcluded != true {
                var strict = entry ?? KeyMapEntry()
                strict.isStrict = true
                entry = strict
            }
            return KeyMapField(name: name, entry: entry, serverKeys: serverKeys, archiveKeys: archiveKeys)
        }
        let description = KeyMapDescription(
            typeName: String(describing: Model.self), parameters: parameters, reflected: reflected,
            entries: entries, fields: fields
        )
        let problems = keyPathProblems + KeyMapDescription.validators.flatMap { $0.problems(in: description) }
        // An entry that names no property would drop the server's value without a word: the map
        // refuses to decode (release builds throw), and a debug build stops at first use.
        let namesNoProperty = problems.filter { $0.kind == .unknownEntry }
        #if DEBUG
        if !problems.isEmpty {
            let error = KeyMapValidationError(typeName: description.typeName, problems: problems)
            FileHandle.standardError.write(Data("Archiver, debug build: \(error)\n".utf8))
            if !namesNoProperty.isEmpty, KeyMapDiagnostics.stopsOnUnknownEntries {
                assertionFailure("""
                    --------------------------------------------------------------------
                    Can't use the key map of \(description.typeName):
                    \(namesNoProperty.map { "  - " + $0.message }.joined(separator: "\n"))
                    Key each entry by the key path of a stored property (.property(\\.name, …)).
                    --------------------------------------------------------------------
                    """)
            }
        }
        #endif
        return (fields, problems, names != nil && namesNoProperty.isEmpty)
    }

    /// `entry` with the map's date form, for a `Date` or `Date?` property whose entry names no
    /// form, transform or exclusion of its own.
    static func dated(_ entry: KeyMapEntry?, _ parameter: KeyMapParameter, _ dates: KeyMapDates) -> KeyMapEntry? {
        guard entry?.transform == nil, entry?.isExcluded != true else { return entry }
        let transform: KeyMapTransform
        switch parameter.typeIdentifier {
        case ObjectIdentifier(Date.self): transform = dates.transform
        case ObjectIdentifier(Date?.self): transform = dates.optionalTransform
        default: return entry
        }
        var dated = entry ?? KeyMapEntry()
        dated.transform = transform
        dated.dates = dates
        return dated
    }

    /// How archiving reads the properties: at their offsets where the probe instances show each
    /// property's value there (``KeyMapStoredOffsets``), through `Mirror` otherwise.
    @inlinable
    static func readers<each Property: KeyMapValue>(
        _ initializer: (repeat each Property) -> Model, parameters: [KeyMapParameter], placeholder: Model?, fields: [KeyMapField]
    ) -> Readers {
        switch Self.verifiedOffsets(initializer, parameters: parameters, placeholder: placeholder, fields: fields) {
        case .success(let offsets):
            var makers: [(Int) -> (KeyMapField) -> ArchiveEntry] = []
            for maker in repeat Self.storedPropertyEntry(for: (each Property).self) {
                makers.append(maker)
            }
            return .readers(zip(fields, zip(makers, offsets)).filter { field, _ in !field.isExcluded }.map { field, maker in
                maker.0(maker.1)(field)
            })
        case .failure(let unverified):
            // An unusable map archives nothing; its problems are reported already.
            if !fields.isEmpty { KeyMapStoredOffsets.report(unverified, typeName: String(describing: Model.self)) }
            var encoders: [(KeyMapField) -> (Any) -> Any?] = []
            for encoder in repeat Self.mirrorEncoder(for: (each Property).self) {
                encoders.append(encoder)
            }
            var writers: [(KeyMapField) -> PropertyListFieldWriter<Any>] = []
            for writer in repeat Self.mirrorWriter(for: (each Property).self) {
                writers.append(writer)
            }
            return .mirror(zip(fields, encoders).map { field, make in make(field) }, zip(fields, writers).map { field, make in make(field) })
        }
    }

    /// The offset of each stored property, checked on probe instances built by `initializer`:
    /// once per type, so not specialized.
    @usableFromInline
    static func verifiedOffsets<each Property: KeyMapValue>(
        _ initializer: (repeat each Property) -> Model, parameters declaredTypes: [KeyMapParameter], placeholder: Model?, fields: [KeyMapField]
    ) -> Result<[Int], KeyMapStoredOffsets.Unverified> {
        guard let placeholder, !fields.isEmpty else { return .failure(KeyMapStoredOffsets.Unverified(reason: "the map is unusable")) }
        var parameters: [KeyMapStoredOffsets.Parameter] = []
        for parameter in repeat KeyMapStoredOffsets.Parameter((each Property).self, in: Model.self) {
            parameters.append(parameter)
        }
        let probes: KeyMapStoredOffsets.Probes
        switch KeyMapStoredOffsets.probes(for: parameters) {
        case .success(let made): probes = made
        case .failure(let unverified): return .failure(unverified)
        }
        var instances: [(model: Model, given: [Any])] = []
        for choices in probes.choices {
            var index = 0
            var given: [Any] = []
            func probe<Value: KeyMapValue>(_ type: Value.Type) throws(KeyMapParameter.NoPlaceholder) -> Value {
                defer { index += 1 }
                let values = KeyMapProbe.values(Value.self, upTo: probes.counts[index])
                guard choices[index] < values.count else { throw KeyMapParameter.NoPlaceholder() }
                given.append(values[choices[index]])
                return values[choices[index]]
            }
            guard let model = try? initializer(repeat probe((each Property).self)) else {
                return .failure(KeyMapStoredOffsets.Unverified(reason: "its initializer could not be given probe values"))
            }
            instances.append((model, given))
        }
        return KeyMapStoredOffsets.verifiedOffsets(
            parameters: parameters, declaredTypes: declaredTypes, placeholder: placeholder, instances: instances)
    }

    /// The archive entry of a property read at its offset.
    @inlinable
    static func storedPropertyEntry<Value: KeyMapValue>(for type: Value.Type) -> (Int) -> (KeyMapField) -> ArchiveEntry {
        { offset in
            { field in
                ArchiveEntry(
                    key: field.archiveKey, read: archiveReader(Value.self, at: offset, field: field),
                    write: propertyListWriter(Value.self, at: offset, field: field), json: jsonWriter(Value.self, at: offset, field: field))
            }
        }
    }

    @inlinable
    static func mirrorEncoder<Value: KeyMapValue>(for type: Value.Type) -> (KeyMapField) -> (Any) -> Any? {
        { field in archiveReader(mirroring: Value.self, field: field) }
    }

    @inlinable
    static func mirrorWriter<Value: KeyMapValue>(for type: Value.Type) -> (KeyMapField) -> PropertyListFieldWriter<Any> {
        { field in propertyListWriter(mirroring: Value.self, field: field) }
    }

    // MARK: Using the map

    /// Builds a model from a response object or an archive.
    ///
    /// ```swift
    /// try User.keyMap.decode(json, from: .responseObject)
    /// // throws: User.user_reviews[1].restaurant.id: expected String, found nothing
    /// ```
    ///
    /// - Throws: ``ArchiveDecodingError`` naming the type, the key path, what was expected and
    ///   what was found; for a map with problems that leave it unusable, one that lists them.
    @usableFromInline
    func decode(_ object: [String: Any], from source: KeyMapSource) throws(ArchiveDecodingError) -> Model {
        guard isUsable else { throw unusable() }
        let level = ValueNesting.enter()
        guard level.isNear else {
            return try ValueNesting.descendFar(to: level.depth, level.state, orElse: { (refusal) throws(ArchiveDecodingError) -> Model in
                throw .refused(Model.self, refusal)
            }) { (state) throws(ArchiveDecodingError) -> Model in try construct(object, from: source, state: state) }
        }
        level.state.pointee.depth = level.depth
        defer { level.state.pointee.depth = level.depth - 1 }
        return try construct(object, from: source, state: level.state)
    }

    /// ``decode(_:from:)`` one level deeper, on the thread whose state is `state`.
    @inline(__always)
    private func construct(_ object: [String: Any], from source: KeyMapSource, state: ThreadLocalValue<ConversionState>) throws(ArchiveDecodingError) -> Model {
        // Where each field's key is, found first in one pass over the dictionary's keys.
        try DictionarySlots.with(object, count: fields.count) { (found) throws(ArchiveDecodingError) -> Model in
            KeyMapField.locate(fields, in: object, from: source, into: found)
            return try construct(from: KeyMapObject(dictionary: found, from: source), log: state.pointee.droppedElements)
        }
    }

    /// Builds a model from `object`, whose fields are located, and runs the model's check: the
    /// end of a decode through any door.
    @inline(__always)
    func construct(from object: KeyMapObject, log: DroppedElementLog?) throws(ArchiveDecodingError) -> Model {
        // Without a check the model is returned as built: holding it in a local to check it
        // cost a copy of every field.
        guard let check else { return try construct(fields, object, log) }
        let model = try construct(fields, object, log)
        try KeyMapChecks.run(check, on: model, from: object.source)
        return model
    }

    @usableFromInline
    func unusable() -> ArchiveDecodingError {
        ArchiveDecodingError(type: Model.self, reason: .custom("the key map is unusable: \(problems.map(\.message).joined(separator: "; "))"))
    }

    /// The archive of `model`: each property that is not excluded and not `nil`, under its archive key.
    ///
    /// ```swift
    /// Restaurant.keyMap.archive(of: restaurant)  // ["id": "abcd-1234", "name": "Monk's Café"]
    /// ```
    ///
    /// An unusable map produces an empty archive; ``KeyMapped/validateKeyMap()`` says why.
    @inlinable
    func archive(of model: Model) -> Archive {
        ValueNesting.descend(orElse: { ValueNesting.refusedArchive($0) }) { archiveInPlace(of: model) }
    }

    /// ``archive(of:)`` one level deeper, on whichever stack ``ValueNesting`` chose.
    @inlinable
    func archiveInPlace(of model: Model) -> Archive {
        switch readers {
        case .readers:
            return KeyMapStoredOffsets.withAddress(of: model) { address in archiveFields(at: address) }
        case .mirror:
            return archiveMirrored(of: model)
        }
    }

    /// A model built from placeholders, as the map built it to reflect on; `nil` when some
    /// property type has no placeholder.
    @inlinable
    func placeholder() -> Model? {
        makePlaceholder()
    }

    /// Throws every problem the validators found, combined into one message.
    func throwProblems() throws(KeyMapValidationError) {
        guard problems.isEmpty else {
            throw KeyMapValidationError(typeName: String(describing: Model.self), problems: problems)
        }
    }
}

extension KeyMap where Model: KeyMapped {
    /// Reads a value of `Model` from a value found under some key, which must be a dictionary
    /// (an object of a JSON text, a dictionary of an archive), whatever the document.
    ///
    /// ```swift
    /// try Restaurant.keyMap.decode(KeyMapInput(json["restaurant"] as Any, from: .responseObject))
    /// // throws Restaurant: expected Restaurant, found String "Monk's" when it is no dictionary
    /// ```
    @inlinable
    func decode(_ input: borrowing KeyMapInput) throws(ArchiveDecodingError) -> Model {
        switch input.door {
        case .object:
            guard let dictionary = input.object as? [String: Any] else { throw .typeMismatch(Model.self, found: input) }
            return try decode(dictionary, from: input.source)
        case .json:
            return try decode(jsonValue: input)
        case .propertyList:
            return try decode(propertyList: input.propertyList, at: input.index)
        }
    }
}
