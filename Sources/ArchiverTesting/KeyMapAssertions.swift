import Archiver

/// Checks a type's key map against its stored properties and memberwise initializer.
///
/// Use it once per key-mapped type in your test suite, so that a forgotten property, a misspelled
/// or doubled key, or a map that no longer fits the initializer fails a test instead of a decode:
///
/// ```swift
/// @Test func keyMapsAreValid() throws {
///     try assertValidKeyMap(User.self)
///     // fails: KeyMap of User has 1 problem:
///     //   - the entry "nmae" names no stored property (properties: id, name, reviews)
/// }
/// ```
///
/// A debug build stops at the first use of a map with an entry that names no property; when
/// this is that first use, the test fails with the problems instead, so that the rest of the
/// suite runs.
///
/// - Throws: ``ArchiverTestFailure`` listing every problem in words, with the type's name.
public func assertValidKeyMap<Model: KeyMapped>(_ type: Model.Type) throws(ArchiverTestFailure) {
    let failure: KeyMapValidationError? = KeyMapDiagnostics.$stopsOnUnknownEntries.withValue(false) { () -> KeyMapValidationError? in
        do {
            try type.validateKeyMap()
            return nil
        } catch {
            return error as? KeyMapValidationError
        }
    }
    if let failure { throw ArchiverTestFailure(failure.description) }
}
