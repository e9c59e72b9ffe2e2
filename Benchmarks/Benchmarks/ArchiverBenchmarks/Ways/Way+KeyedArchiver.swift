import Archiver
import Foundation

extension Way {
    /// Archiver 0.6's storage: the archive dictionary through `NSKeyedArchiver` into a file, and back
    /// through `NSKeyedUnarchiver`, with the type's own conformances on either side.
    static func keyedArchiver<Value: Cachable>(_ type: Value.Type) -> Way {
        // Swift Foundation on Linux refuses classes it is not told of, even without secure coding.
        let propertyListClasses: [AnyClass] = [
            NSDictionary.self, NSArray.self, NSString.self, NSNumber.self, NSDate.self, NSData.self,
        ]
        return bytes("keyedarchiver", type) { archive in
            try NSKeyedArchiver.archivedData(withRootObject: archive, requiringSecureCoding: false)
        } decode: { data in
            guard let archive = try NSKeyedUnarchiver.unarchivedObject(ofClasses: propertyListClasses, from: data) as? Archive else {
                throw FixtureError("NSKeyedUnarchiver did not return a dictionary")
            }
            return archive
        }
    }
}
