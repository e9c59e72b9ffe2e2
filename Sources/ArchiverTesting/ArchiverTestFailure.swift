/// A failed check from ArchiverTesting, thrown so that Swift Testing and XCTest both report it.
///
/// Swift Testing records a thrown error as an issue at the `try`; XCTest fails a throwing test
/// with the error's description. The description says what was checked and what differed.
///
/// ```swift
/// @Test func userMatchesItsGolden() throws {
///     try GoldenArchives().assertGolden(user, named: "user")
///     // Caught error: User does not write golden user.plist:
///     //   reviews[1].rating: expected number 4, found number 5
/// }
/// ```
public struct ArchiverTestFailure: Error, CustomStringConvertible, Sendable {
    /// What was checked and what differed, in words.
    public var message: String

    /// Creates a failure with `message`, for checks of your own built on these helpers.
    ///
    /// ```swift
    /// throw ArchiverTestFailure("User \"abcd\" has no reviews after loading")
    /// ```
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
