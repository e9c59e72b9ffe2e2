import Foundation

/// The reason Archiver's own decoder found, carried inside a `DecodingError` so that user code
/// catching `DecodingError` sees what it expects, and ``ArchiveDecodingError`` loses nothing.
struct ArchiveDecodingDetail: Error {
    var reason: ArchiveDecodingError.Reason
}

extension ArchiveDecodingError {
    /// The error thrown while decoding `type` with Codable, as an ``ArchiveDecodingError`` whose
    /// key path is the coding path.
    ///
    /// `DecodingError`s from any decoder (ours or `PropertyListDecoder`) keep their path;
    /// an ``ArchiveDecodingError`` thrown from inside is nested under `type`; any other error
    /// becomes ``Reason/custom(_:)`` at the top.
    init(decoding type: Any.Type, error: any Error) {
        switch error {
        case let error as ArchiveDecodingError:
            self = error.nested(in: type, at: [])
        case let error as DecodingError:
            self.init(decoding: type, decodingError: error)
        default:
            self.init(type: type, reason: .custom(String(describing: error)))
        }
    }

    private init(decoding type: Any.Type, decodingError: DecodingError) {
        switch decodingError {
        case .typeMismatch(let expected, let context):
            let found = Self.found(in: context.debugDescription) ?? context.debugDescription
            self.init(type: type, context: context,
                      fallback: .typeMismatch(expected: String(describing: expected), found: found))
        case .valueNotFound(let expected, let context):
            self.init(type: type, context: context, fallback: .missingValue(expected: String(describing: expected)))
        case .keyNotFound(let key, let context):
            let keyed = DecodingError.Context(
                codingPath: context.codingPath + [key], debugDescription: context.debugDescription,
                underlyingError: context.underlyingError)
            self.init(type: type, context: keyed, fallback: .missingValue(expected: "a value"))
        case .dataCorrupted(let context):
            self.init(type: type, context: context, fallback: .custom(context.debugDescription))
        @unknown default:
            self.init(type: type, reason: .custom(String(describing: decodingError)))
        }
    }

    private init(type: Any.Type, context: DecodingError.Context, fallback: Reason) {
        let reason = (context.underlyingError as? ArchiveDecodingDetail)?.reason ?? fallback
        self.init(type: type, path: .init(codingPath: context.codingPath), reason: reason)
    }

    /// What Foundation's decoders say they found: `a string` in "Expected to decode Int but
    /// found a string instead."
    private static func found(in debugDescription: String) -> String? {
        guard let start = debugDescription.range(of: "but found "),
              let end = debugDescription.range(of: " instead", range: start.upperBound..<debugDescription.endIndex)
        else { return nil }
        return String(debugDescription[start.upperBound..<end.lowerBound])
    }
}

extension ArchiveEncodingError {
    /// The error thrown while encoding `type` with Codable, with the coding path as key path.
    init(encoding type: Any.Type, error: any Error) {
        switch error {
        case let error as ArchiveEncodingError:
            self = ArchiveEncodingError(type: type, path: error.path, reason: error.reason)
        case EncodingError.invalidValue(_, let context):
            let path = [ArchiveDecodingError.PathComponent](codingPath: context.codingPath)
            // Foundation's encoders wrap a nested failure in a top-level one; report the innermost.
            if let underlying = context.underlyingError, case EncodingError.invalidValue = underlying {
                self.init(encoding: type, error: underlying)
            } else {
                self.init(type: type, path: path, reason: .invalidValue(context.debugDescription))
            }
        default:
            self.init(type: type, reason: .custom(String(describing: error)))
        }
    }
}
