// The tutorial's model, as "Serializing & Archiving Structs in Swift with Archiver" (2016) wrote
// it: declarations and conformances unchanged. The tests import this target to prove that code
// written for Archiver 0.6 compiles and behaves the same against this library.
import Archiver

struct Restaurant {
    let id: String
    let name: String   
}

extension Restaurant: KeyMapped {
    static let keyMap = KeyMap(Restaurant.init)
}
