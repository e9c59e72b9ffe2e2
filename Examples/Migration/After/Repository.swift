// A model of an API that sends integer ids (GitHub's REST API), after migration: the id is an
// Int, as the server sends it. MIGRATION.md quotes this file; a test keeps the two identical.
import Archiver

public struct Repository: Equatable {
    public let id: Int
    public let fullName: String
}

extension Repository: KeyMapped, Cachable {
    public static let keyMap = KeyMap(Repository.init, serverKeys: .snakeCase)
}
