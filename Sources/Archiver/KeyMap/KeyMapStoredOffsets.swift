import Foundation

/// Where a key map finds each stored property of its model: the byte offset the layout puts it
/// at, used only once the map has seen each property's value there.
///
/// Archiving reads every property of every value. `Mirror` boxes each one in `Any` and looks up
/// its type at run time; reading the property at its offset, with the initializer parameter's
/// type, is what a key path or a property access compiles to.
///
/// The offsets are those ``KeyMapPropertyResolution/storedFields(of:declaredTypes:)`` derives
/// from the stored properties' types (declaration order, sizes and alignments), which add up to
/// the model's size. Before they are used, the map builds probe instances through its own
/// initializer, with a different value for each property of a type (several instances where the
/// type has fewer values than the model has properties of it, as `Bool` or an enum), and reads
/// every property back at its offset: so two `Bool?`s in a row cannot be read the one for the
/// other. Where that cannot be shown (a layout that does not add up, two properties of a type
/// the library has no second value of, a value not found where it should be) the map reads with
/// `Mirror`, and a debug build says so once, when the map is built.
///
/// The check reads each offset with the type the layout rule puts there, the type `Mirror`
/// reports for that property; what it checks is that the value there is the one the initializer
/// was given for that parameter, so that no property is read for another.
///
/// The reads themselves (``ModelAddress``, ``withAddress(of:_:)``, ``forEachElement(of:_:)``)
/// are in Unsafe/InvariantCasts.swift, with the library's other reads of memory by address.
@usableFromInline
enum KeyMapStoredOffsets {
    /// A copy of the stored property of type `Value` at `offset` bytes into `model`: how the
    /// check reads the probe instances.
    static func load<Model, Value>(_ type: Value.Type, at offset: Int, in model: Model) -> Value {
        withAddress(of: model) { $0[Value.self, at: offset] }
    }

    /// One parameter of the initializer as the check sees it.
    struct Parameter {
        let typeIdentifier: ObjectIdentifier
        let typeName: String
        /// Zero-sized types (a single-case enum, an empty struct) have one value, which two
        /// properties of the type cannot be read the one for the other.
        let isZeroSized: Bool
        /// How many different probe values of the type there are, up to a number.
        let distinctValues: (Int) -> Int
        /// Whether the type is a class or an optional class: a property of it may be `weak` (a
        /// reference to a side table) or `unowned`, which its layout does not say and its
        /// probe values cannot show (a weak property's probe object is gone when it is read).
        let holdsClassInstance: Bool
        /// Whether the value at an offset of a model is, by its printed form, the value given. (A
        /// class-typed parameter never gets here: ``holdsClassInstance`` sends its map to `Mirror`.)
        let holds: (_ model: Any, _ offset: Int, _ given: Any) -> Bool

        init<Model, Value: KeyMapValue>(_ type: Value.Type, in model: Model.Type) {
            typeIdentifier = ObjectIdentifier(Value.self)
            typeName = String(describing: Value.self)
            isZeroSized = MemoryLayout<Value>.size == 0
            distinctValues = { KeyMapProbe.values(Value.self, upTo: $0).count }
            holdsClassInstance = Value.self is AnyObject.Type || (Value.self as? any OptionalWrapping.Type)?.wrapsClass == true
            holds = { model, offset, given in
                guard let model = model as? Model else { return false }
                let found = KeyMapStoredOffsets.load(Value.self, at: offset, in: model)
                return String(describing: found) == String(describing: given)
            }
        }
    }

    /// The probe instances to build: for each, the number of the probe value of each parameter,
    /// and how many values of its type the parameter chooses from; or why none tell the
    /// properties apart.
    struct Probes {
        /// Per instance, per parameter: which of the type's probe values it holds.
        let choices: [[Int]]
        /// Per parameter: how many properties have its type, the count the values are asked for.
        let counts: [Int]
    }

    /// The probe values each parameter gets, so that any two properties of one type differ in
    /// some instance: the j-th property of a type with k values gets, in instance r, value
    /// number (j / kʳ) mod k.
    static func probes(for parameters: [Parameter]) -> Result<Probes, Unverified> {
        var groups: [ObjectIdentifier: [Int]] = [:]
        for (index, parameter) in parameters.enumerated() { groups[parameter.typeIdentifier, default: []].append(index) }
        var ranks = [Int](repeating: 0, count: parameters.count)
        var bases = [Int](repeating: 1, count: parameters.count)
        var counts = [Int](repeating: 1, count: parameters.count)
        var instances = 1
        for members in groups.values {
            let values = parameters[members[0]].distinctValues(members.count)
            guard values >= 1 else { return .failure(Unverified(reason: "\(parameters[members[0]].typeName) has no probe value")) }
            if members.count > 1 && values < 2 && !parameters[members[0]].isZeroSized {
                return .failure(Unverified(reason:
                    "its \(members.count) properties of type \(parameters[members[0]].typeName) cannot be given different values to tell them apart"))
            }
            var needed = 1
            var reach = values
            while values > 1 && reach < members.count { reach *= values; needed += 1 }
            instances = max(instances, needed)
            for (rank, member) in members.enumerated() {
                ranks[member] = rank
                bases[member] = values
                counts[member] = members.count
            }
        }
        let choices = (0 ..< instances).map { instance in
            parameters.indices.map { index in
                var digit = ranks[index]
                for _ in 0 ..< instance { digit /= bases[index] }
                return digit % bases[index]
            }
        }
        return .success(Probes(choices: choices, counts: counts))
    }

    /// Why the map reads with `Mirror`.
    @usableFromInline
    struct Unverified: Error {
        let reason: String
    }

    /// The offset of each parameter's property, once every probe instance holds, at each,
    /// the value the initializer was given for it.
    ///
    /// - Parameters:
    ///   - instances: Each probe instance with the values its initializer was given, in
    ///     parameter order.
    static func verifiedOffsets<Model>(
        parameters: [Parameter], declaredTypes: [KeyMapParameter], placeholder: Model, instances: [(model: Model, given: [Any])]
    ) -> Result<[Int], Unverified> {
        guard let fields = KeyMapPropertyResolution.storedFields(of: placeholder, declaredTypes: declaredTypes),
              fields.count == parameters.count,
              zip(fields, parameters).allSatisfy({ $0.typeIdentifier == $1.typeIdentifier })
        else {
            return .failure(Unverified(reason: "its stored properties' sizes and alignments do not add up to its layout"))
        }
        if let index = parameters.firstIndex(where: \.holdsClassInstance) {
            return .failure(Unverified(reason: "\(fields[index].name) holds a class instance, which a weak or unowned property does not hold as a strong reference"))
        }
        let offsets = fields.map(\.offset)
        for instance in instances {
            for index in parameters.indices where !parameters[index].holds(instance.model, offsets[index], instance.given[index]) {
                return .failure(Unverified(reason: "the value given for \(fields[index].name) is not where its layout puts it"))
            }
        }
        return .success(offsets)
    }

    /// Says once, in a debug build, that a map reads with `Mirror`.
    @usableFromInline
    static func report(_ unverified: Unverified, typeName: String) {
        #if DEBUG
        FileHandle.standardError.write(Data(
            "Archiver, debug build: KeyMap of \(typeName) reads its properties through Mirror, several times slower, because \(unverified.reason)\n".utf8))
        #endif
    }
}

/// An optional, seen from a metatype: whether it wraps a class.
protocol OptionalWrapping {
    static var wrapsClass: Bool { get }
}

extension Optional: OptionalWrapping {
    static var wrapsClass: Bool { Wrapped.self is AnyObject.Type }
}
