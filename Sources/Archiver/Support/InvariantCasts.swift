/// The casts that rely on an invariant the type system cannot see, in one place: each is checked
/// by `assert` in debug builds and free in release builds, and each caller states the invariant
/// where it casts.
///
/// They exist for code that is not compiled for the app's types (the library's generic code runs
/// unspecialized for an app's models and ids), where a checked cast (`as!`) looks up the target
/// type's metadata and asks the runtime on every call.
///
/// ```swift
/// // The entry was stored for `Value`, as its type identifier says.
/// guard entry.type == ObjectIdentifier(Value.self) else { return nil }
/// return InvariantCasts.downcast(entry.value, to: Box<Value>.self).value
/// ```
enum InvariantCasts {
    /// `object` as `Target`, which the caller knows it is.
    @inline(__always)
    static func downcast<Target: AnyObject>(_ object: AnyObject, to _: Target.Type) -> Target {
        assert(object is Target, "\(type(of: object)) is not \(Target.self)")
        return unsafeDowncast(object, to: Target.self)
    }

    /// The value `optional` holds, which the caller knows is there.
    @inline(__always)
    static func unwrapped<Wrapped>(_ optional: Wrapped?) -> Wrapped {
        assert(optional != nil, "no \(Wrapped.self)")
        return optional.unsafelyUnwrapped
    }

    /// `value` as `Target`, which the caller knows is `Source` itself (a generic parameter that
    /// a type comparison has shown to be a concrete type, or the reverse).
    @inline(__always)
    static func sameType<Source, Target>(_ value: Source, as _: Target.Type) -> Target {
        assert(Source.self == Target.self, "\(Source.self) is not \(Target.self)")
        return unsafeBitCast(value, to: Target.self)
    }
}
