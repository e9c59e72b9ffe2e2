import Archiver
import Foundation

extension Way {
    /// `PropertyListSerialization`'s binary property lists, with nothing of the library's around them:
    /// no validation, no normalisation of what it reads, no staging folder.
    static func propertyListSerialization<Value: Cachable>(_ type: Value.Type) -> Way where Value.ID == String {
        bytes("plistserialization", type) { archive in
            try PropertyListSerialization.data(fromPropertyList: archive, format: .binary, options: 0)
        } decode: { data in
            guard let archive = try PropertyListSerialization.propertyList(from: data, format: nil) as? Archive else {
                throw FixtureError("PropertyListSerialization did not return a dictionary")
            }
            return archive
        }
    }
}
