// The tutorial's model, as "Serializing & Archiving Structs in Swift with Archiver" (2016) wrote
// it: declarations and conformances unchanged. The tests import this target to prove that code
// written for Archiver 0.6 compiles and behaves the same against this library.
import Archiver

struct Restaurant {
    let id: String
    let name: String   
}

extension Restaurant: Serializable {

    private struct ServerKey {
        static let id = "id"
        static let name = "name"
    }

    public init?(responseObject: ResponseObject) {
        guard let id = responseObject[ServerKey.id] as? String else { return nil }
        guard let name = responseObject[ServerKey.name] as? String else { return nil }
        self.id = id
        self.name = name
    }

}

extension Restaurant: ArchiveRepresentable {
    
    private struct ArchiveKey {
        static let id = "id"
        static let name = "name"
    }
    
    public var archiveValue: Archive {
        return [
            ArchiveKey.id: id,
            ArchiveKey.name: name
        ]
    }
    
    public init?(archive: Archive) {
        guard let id = archive[ArchiveKey.id] as? String else { return nil }
        guard let name = archive[ArchiveKey.name] as? String else { return nil }
        self.id = id
        self.name = name
    }
    
}
