// The tutorial's user archived as Archiver 0.6 apps wrote it, for the probes that compare the key
// map's archive or store with it. Scripts/callgrind.sh compiles this file with each probe.
import Foundation

/// Archiver 0.6's way: the dictionary written by hand.
struct HandwrittenUser: ArchiveRepresentable {
    let user: ProbeUser
    init(_ user: ProbeUser) { self.user = user }
    init?(archive: Archive) { return nil }
    var archiveValue: Archive {
        ["id": user.id, "name": user.name, "reviews": user.reviews.map { review -> Archive in
            ["id": review.id, "restaurant": ["id": review.restaurant.id, "name": review.restaurant.name] as Archive,
             "rating": review.rating, "text": review.text]
        }]
    }
}
