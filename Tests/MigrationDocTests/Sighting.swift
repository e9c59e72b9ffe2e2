// The Key Maps article's "In an app target" example, imports included: a model for use off the main
// actor too, `nonisolated` on the type and on the extension that declares the conformances, so
// that they are not isolated to the main actor. AppTargetTests uses it from other threads.
import Archiver
import Foundation

nonisolated struct Sighting: Equatable, Sendable { let id: UUID; let species: String; let count: Int }
nonisolated extension Sighting: KeyMapped, Archivable {
    static let keyMap = KeyMap(Sighting.init, [.property(\.count, default: 1)])
}
