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

// MARK: Writing a binary property list directly

extension EncodingSlot {
    /// The failure of a direct write: the writer's, or a slot that does not resolve (a `nil`
    /// element, two kinds of container at one place); for the second, the caller writes
    /// ``ArchiveCodable/archiveValue`` instead, whose failure names the coding path as a store
    /// always has.
    enum WriteFailure: Error {
        case writer(BinaryPropertyListWriter.Failure)
        case unresolvable
    }

    /// Whether the slot resolves to a dictionary by its containers: an archive's top.
    var writesADictionary: Bool {
        guard case .node(let node) = self else { return false }
        switch node.content {
        case .empty, .keyed: return true
        case .single(let slot): return slot.writesADictionary
        case .unkeyed, .conflict: return false
        }
    }

    /// Writes the property-list value this slot resolves to, as ``resolved(typeName:path:)``
    /// builds it, straight into `writer` at nesting `depth`, and returns its object number;
    /// `nil` for a nil. The bytes are those ``BinaryPropertyListWriter/add(_:depth:)`` writes of
    /// the resolved value, with no `[String: Any]` or `[Any]` built for a container.
    func write(into writer: inout BinaryPropertyListWriter, depth: Int) throws(WriteFailure) -> Int? {
        switch self {
        case .null:
            return nil
        case .value(let value):
            do {
                return try writer.add(value, depth: depth)
            } catch {
                throw .writer(error)
            }
        case .node(let node):
            return try DeepRecursion.descend(unavailable: { WriteFailure.writer(.init(found: $0.description)) }) {
                () throws(WriteFailure) -> Int? in
                try node.write(into: &writer, depth: depth)
            }
        }
    }
}

extension EncodingNode {
    /// Writes the value this node resolves to straight into `writer` (see ``EncodingSlot/write(into:depth:)``).
    func write(into writer: inout BinaryPropertyListWriter, depth: Int) throws(EncodingSlot.WriteFailure) -> Int? {
        switch content {
        case .empty:
            return try beginAndEnd(dictionaryIn: &writer, depth: depth)
        case .single(let slot):
            return try slot.write(into: &writer, depth: depth)
        case .keyed:
            var container: BinaryPropertyListWriter.OpenContainer
            do {
                container = try writer.beginDictionary(capacity: children.count, depth: depth)
            } catch {
                throw .writer(error)
            }
            for (key, slot) in children {
                let object: Int?
                do throws(EncodingSlot.WriteFailure) {
                    object = try slot.write(into: &writer, depth: depth + 1)
                } catch {
                    guard case .writer(let failure) = error else { throw error }
                    throw .writer(failure.inside(.key(key)))
                }
                // A nil under a key is left out, as resolved(typeName:path:) leaves it out.
                if let object { writer.append(key: key, value: object, to: &container) }
            }
            writer.end(container)
            return container.object
        case .unkeyed:
            var container: BinaryPropertyListWriter.OpenContainer
            do {
                container = try writer.beginArray(capacity: elements.count, depth: depth)
            } catch {
                throw .writer(error)
            }
            for (index, slot) in elements.enumerated() {
                let object: Int?
                do throws(EncodingSlot.WriteFailure) {
                    object = try slot.write(into: &writer, depth: depth + 1)
                } catch {
                    guard case .writer(let failure) = error else { throw error }
                    throw .writer(failure.inside(.index(index)))
                }
                guard let object else { throw .unresolvable }
                writer.append(object, to: &container)
            }
            writer.end(container)
            return container.object
        case .conflict:
            throw .unresolvable
        }
    }

    private func beginAndEnd(dictionaryIn writer: inout BinaryPropertyListWriter, depth: Int) throws(EncodingSlot.WriteFailure) -> Int {
        do {
            let container = try writer.beginDictionary(capacity: 0, depth: depth)
            writer.end(container)
            return container.object
        } catch {
            throw .writer(error)
        }
    }
}
