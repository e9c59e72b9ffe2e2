// A verbatim copy of Examples/ArchiverTutorial/Restaurant.swift below this comment: the tutorial's
// model as "Serializing & Archiving Structs in Swift with Archiver" (2016) wrote it, the `handwritten`
// baseline. The example is an executable target and cannot be imported, hence the copy; keep the two
// identical (BenchmarkTutorialCopyTests checks it).
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
