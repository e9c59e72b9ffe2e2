import Archiver
import Foundation

extension Way {
    /// Archiver 0.6's storage: the archive dictionary through `NSKeyedArchiver` into a file, and back
    /// through `NSKeyedUnarchiver`, with the type's own conformances on either side.
    static func keyedArchiver<Value: Cachable>(_ type: Value.Type) -> Way where Value.ID == String {
        // Swift Foundation on Linux refuses classes it is not told of, even without secure coding.
        let propertyListClasses: [AnyClass] = [
            NSDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSDate.self, NSData.self,
        ]
        var way = bytes("keyedarchiver", type) { archive in
            try NSKeyedArchiver.archivedData(withRootObject: archive, requiringSecureCoding: false)
        } decode: { data in
            guard let archive = try NSKeyedUnarchiver.unarchivedObject(ofClasses: propertyListClasses, from: data) as? Archive else {
                throw FixtureError("NSKeyedUnarchiver did not return a dictionary")
            }
            return archive
        }
        // NSKeyedArchiver in Swift Foundation on Linux takes time that grows with the square of the
        // objects it encodes: 1 ms for the tutorial's 3 reviews, 0.4 s for 100, 47 s for 1,000. The
        // larger sizes would take the suite hours, and loadall's thousand files of 100 reviews minutes
        // to set up.
        way.maximumReviews = [.store: 100, .load: 100, .loadall: 3]
        return way
    }
}
