import Foundation

// What a key map's conversions ask of a binary property list's objects, in the terms
// ``KeyMapInput`` shares with JSON texts and Foundation objects.
extension BinaryPropertyListDocument {
    /// A number's text: what a `Decimal` reads, digit for digit for an integer and the shortest
    /// text that reads back as the real (a 4-byte real's as a `Float`), never `NSNumber`'s
    /// `stringValue`, which on Apple platforms is `%0.16g` text.
    func numberText(at object: Int) -> String {
        let offset = offset(of: object)
        switch kind(of: object) {
        case .integer:
            let (bits, isSigned) = storedInteger(at: offset)
            return isSigned ? String(Int64(bitPattern: bits)) : String(bits)
        default:
            let real = real(at: offset)
            return bytes[offset] & 0x0F == 2 ? "\(Float(real))" : "\(real)"
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
