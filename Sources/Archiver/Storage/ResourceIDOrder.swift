/// The order of listed ids: by value for `Comparable` id types, so that `Int` ids come as
/// `[9, 10]` rather than in the order of their texts, and by text for the others.
enum ResourceIDOrder {
    static func sorted<ID>(_ ids: [(id: ID, text: String)]) -> [(id: ID, text: String)] {
        guard let comparable = ID.self as? any Comparable.Type else { return ids.sorted { $0.text < $1.text } }
        func byValue<Value: Comparable>(_: Value.Type) -> [(id: ID, text: String)] {
            // `Value` is `ID` itself, opened from the cast above: the array is the same array
            // under the type that has `<`, not converted, so no comparison casts its ids.
            precondition(Value.self == ID.self)
            let typed = unsafeBitCast(ids, to: [(id: Value, text: String)].self)
            return unsafeBitCast(typed.sorted { $0.id < $1.id }, to: [(id: ID, text: String)].self)
        }
        return byValue(comparable)
    }
}
