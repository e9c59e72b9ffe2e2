/// How a key map turns a property name into a key when its entry names none.
///
/// ```swift
/// static let keyMap = KeyMap(Shop.init, serverKeys: .snakeCase)
/// // reviewCount is read from "review_count"; archives still use "reviewCount"
/// ```
public struct KeyStrategy: Sendable {
    private let transform: @Sendable (String) -> String
    /// Whether keys are the names themselves, so that callers on hot paths can skip the call.
    let isPropertyName: Bool

    private init(transform: @escaping @Sendable (String) -> String, isPropertyName: Bool = false) {
        self.transform = transform
        self.isPropertyName = isPropertyName
    }

    /// A strategy that computes each key from its property name.
    ///
    /// ```swift
    /// .custom { $0.uppercased() }  // id → "ID"
    /// ```
    public static func custom(_ key: @escaping @Sendable (_ propertyName: String) -> String) -> KeyStrategy {
        KeyStrategy(transform: key)
    }

    /// The key is the property name: `reviewCount` → `"reviewCount"`.
    public static let propertyName = KeyStrategy(transform: { $0 }, isPropertyName: true)

    /// The key is the property name in snake case: `reviewCount` → `"review_count"`,
    /// `userID` → `"user_id"`, `urlString` → `"url_string"`.
    public static let snakeCase = KeyStrategy(transform: snakeCased)

    /// The key for the property named `propertyName`.
    ///
    /// ```swift
    /// KeyStrategy.snakeCase.key(for: "reviewCount")  // "review_count"
    /// ```
    public func key(for propertyName: String) -> String {
        transform(propertyName)
    }

    /// Lowercases and puts an underscore before each word: a capital after a lowercase letter or
    /// digit starts one, and so does the last capital of a run followed by a lowercase letter
    /// (`URLString` → `url_string`).
    private static func snakeCased(_ name: String) -> String {
        let characters = Array(name)
        var result = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next?.isLowercase == true)
                if startsWord && previous != "_" { result.append("_") }
            }
            result.append(contentsOf: character.lowercased())
        }
        return result
    }
}
