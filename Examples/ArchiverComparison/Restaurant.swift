// The tutorial's model, copied from Examples/ArchiverTutorial with its hand-written conformances
// unchanged, plus synthesized Codable at the end of each file (synthesis needs the declaring file).
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

// Synthesized: the property names are the archive keys, so both archives should agree.
extension Restaurant: Codable {}
