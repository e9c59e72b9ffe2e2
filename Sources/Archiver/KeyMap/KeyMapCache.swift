import Foundation

/// Where a key map is written: its model type and its place in the source.
///
/// A generic type cannot have a `static let`, so it declares its map as a computed property,
/// which builds the map on every use: `static var keyMap: KeyMap<Self> { KeyMap(…) }`. The map
/// for one concrete type written at one place is always the same map, so the library builds it
/// once (reflection, key-path resolution, validation) and hands later calls its members.
///
/// The place counts as well as the type because a type may have more than one map (a test can
/// build a second one for a type that declares its own), and each must keep its own entries.
@usableFromInline
struct KeyMapSite: Hashable, Sendable {
    let type: ObjectIdentifier
    let file: UInt
    let line: UInt
    let column: UInt

    @usableFromInline
    init(_ type: Any.Type, fileID: StaticString, line: UInt, column: UInt) {
        self.type = ObjectIdentifier(type)
        // `#fileID` is a literal in static memory: its address names the file without
        // building a string on every call.
        file = fileID.hasPointerRepresentation ? UInt(bitPattern: fileID.utf8Start) : UInt(fileID.unicodeScalar.value)
        self.line = line
        self.column = column
    }
}

/// The key maps already built, one per concrete model type and place in the source
/// (``KeyMapSite``), behind a lock: maps are built from any thread.
@usableFromInline
enum KeyMapCache {
    private static let maps = Locked<[KeyMapSite: AnyObject]>([:])

    /// The map built at `site`, if one was.
    @usableFromInline
    static func map<Model>(_ type: Model.Type, at site: KeyMapSite) -> KeyMap<Model>? {
        // The site names `Model` (``store(_:at:)`` stores only a `KeyMap<Model>` under a site
        // made for `Model`), so the map stored under it is a `KeyMap<Model>`.
        maps.withLock { $0[site] }.map { InvariantCasts.downcast($0, to: KeyMap<Model>.self) }
    }

    /// Keeps `map` for later builds at `site`; the first one stored stays.
    @usableFromInline
    static func store<Model>(_ map: KeyMap<Model>, at site: KeyMapSite) {
        assert(site.type == ObjectIdentifier(Model.self), "a map of \(Model.self) stored at another type's site")
        maps.withLock { maps in
            if maps[site] == nil { maps[site] = map }
        }
    }
}
