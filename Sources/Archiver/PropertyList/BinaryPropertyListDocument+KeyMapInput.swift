import Foundation

// What a key map's conversions ask of a binary property list's objects, in the terms
// ``KeyMapInput`` shares with JSON texts and Foundation objects.
extension BinaryPropertyListDocument {
    /// A number's text, as `NSNumber` writes the number `foundationObject(at:)` gives: what a
    /// `Decimal` reads, digit for digit for an integer and the shortest text for a real.
    func numberText(at object: Int) -> String {
        switch kind(of: object) {
        case .integer:
            let (bits, isSigned) = storedInteger(at: offset(of: object))
            return isSigned ? String(Int64(bitPattern: bits)) : String(bits)
        default:
            return "\(foundationObject(at: object))"
        }
    }

    /// What `object` is, in error messages' words, as ``ArchiveDecodingError/describe(_:)`` says
    /// it of the object `foundationObject(at:)` gives; a container is counted, not built.
    func describe(at object: Int) -> String {
        switch kind(of: object) {
        case .array: "array of \(count(of: object))"
        case .dictionary: "dictionary of \(Set(members(of: object).map { string(at: $0.key) }).count)"
        default: ArchiveDecodingError.describe(foundationObject(at: object))
        }
    }
}
