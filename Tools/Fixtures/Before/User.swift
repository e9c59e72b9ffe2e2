// The tutorial's model, unchanged (see Restaurant.swift).
import Foundation
import Archiver

struct User: Cachable {
    let id: String
    let name: String
    let reviews: [Review]
}

extension User: Serializable {

    private struct ServerKey {
        static let id = "id"
        static let name = "name"
        static let reviews = "user_reviews"
    }

    public init?(responseObject: ResponseObject) {
        guard let id = responseObject[ServerKey.id] as? String else { return nil }
        self.id = id
        self.name = responseObject[ServerKey.name] as? String ?? NSLocalizedString("Guest", comment: "")
        self.reviews = Review.serializedCollection(from: responseObject, withKey: ServerKey.reviews)
    }

}

extension User: Archivable {

    private struct ArchiveKey {
        static let id = "id"
        static let name = "name"
        static let reviews = "reviews"
    }

    var archiveValue: Archive {
        return [
            ArchiveKey.id: id,
            ArchiveKey.name: name,
            ArchiveKey.reviews: reviews.archiveValue
        ]
    }

    public init?(archive: Archive) {
        guard let id = archive[ArchiveKey.id] as? String else { return nil }
        self.id = id
        self.name = archive[ArchiveKey.name] as? String ?? ""
        self.reviews = Review.unarchivedCollection(from: archive, withKey: ArchiveKey.reviews)
    }

}
