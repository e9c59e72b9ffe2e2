/// The order of listed ids: by value for `Comparable` id types, so that `Int` ids come as
/// `[9, 10]` rather than in the order of their texts, and by text for the others.
enum ResourceIDOrder {
    static func sorted<ID>(_ ids: [(id: ID, text: String)]) -> [(id: ID, text: String)] {
        guard let comparable = ID.self as? any Comparable.Type else { return ids.sorted { $0.text < $1.text } }
        func byValue<Value: Comparable>(_ type: Value.Type) -> [(id: ID, text: String)] {
            ids.sorted { lhs, rhs in
                guard let left = lhs.id as? Value, let right = rhs.id as? Value else { return lhs.text < rhs.text }
                return left < right
            }
        }
        return byValue(comparable)
    }
}
