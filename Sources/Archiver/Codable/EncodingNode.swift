import Foundation

/// What the encoder has been given at one place of the value: filled in by containers while
/// `encode(to:)` runs, then resolved into property-list values.
///
/// Containers hold a reference to their node, because a container and its nested containers are
/// written to in any order, and one encoder may hand out its container more than once (a
/// subclass and its superclass both ask for the keyed container).
final class EncodingNode {
    enum Content {
        /// No container was asked for: resolves to an empty dictionary, as Foundation's encoders do.
        case empty
        case single(EncodingSlot)
        case keyed
        case unkeyed
        /// Two kinds of container were asked for at this place; resolving throws this message.
        case conflict(String)
    }

    var content: Content = .empty
    var children: [String: EncodingSlot] = [:]
    var elements: [EncodingSlot] = []

    func becomeKeyed() {
        switch content {
        case .empty: content = .keyed
        case .keyed, .conflict: break
        case .single, .unkeyed: content = .conflict("asked for a keyed container where another kind was used")
        }
    }

    func becomeUnkeyed() {
        switch content {
        case .empty: content = .unkeyed
        case .unkeyed, .conflict: break
        case .single, .keyed: content = .conflict("asked for an unkeyed container where another kind was used")
        }
    }

    func setSingle(_ slot: EncodingSlot) {
        switch content {
        case .empty, .single: content = .single(slot)
        case .conflict: break
        case .keyed, .unkeyed: content = .conflict("encoded a single value where a container was used")
        }
    }

    /// The node under `key`, created if needed, for nested containers and super encoders.
    func childNode(forKey key: String) -> EncodingNode {
        if case .node(let node)? = children[key] { return node }
        let node = EncodingNode()
        children[key] = .node(node)
        return node
    }

    func appendNode() -> EncodingNode {
        let node = EncodingNode()
        elements.append(.node(node))
        return node
    }

    func resolved(typeName: String, path: [ArchiveDecodingError.PathComponent]) throws(ArchiveEncodingError) -> Any? {
        switch content {
        case .empty:
            return Archive()
        case .single(let slot):
            return try slot.resolved(typeName: typeName, path: path)
        case .keyed:
            var archive = Archive(minimumCapacity: children.count)
            for (key, slot) in children {
                // A nil under a key is left out: property lists have no null, and decoding a
                // missing key as nil gives the same value back.
                if let value = try slot.resolved(typeName: typeName, path: path + [.key(key)]) {
                    archive[key] = value
                }
            }
            return archive
        case .unkeyed:
            var array: [Any] = []
            array.reserveCapacity(elements.count)
            for (index, slot) in elements.enumerated() {
                guard let value = try slot.resolved(typeName: typeName, path: path + [.index(index)]) else {
                    throw ArchiveEncodingError(typeName: typeName, path: path + [.index(index)], reason: .nilValue)
                }
                array.append(value)
            }
            return array
        case .conflict(let message):
            throw ArchiveEncodingError(typeName: typeName, path: path, reason: .custom(message))
        }
    }
}

/// One encoded value: a property-list leaf, a nil, or a node still being filled in.
enum EncodingSlot {
    case null
    case value(Any)
    case node(EncodingNode)

    /// The property-list value, or `nil` for a nil.
    func resolved(typeName: String, path: [ArchiveDecodingError.PathComponent]) throws(ArchiveEncodingError) -> Any? {
        switch self {
        case .null: nil
        case .value(let value): value
        case .node(let node):
            // As deep as the encoding that built it, which ValueNesting bounded.
            try DeepRecursion.descend(unavailable: { ArchiveEncodingError(typeName: typeName, path: path, reason: .custom($0.description)) }) {
                () throws(ArchiveEncodingError) -> Any? in
                try node.resolved(typeName: typeName, path: path)
            }
        }
    }
}
