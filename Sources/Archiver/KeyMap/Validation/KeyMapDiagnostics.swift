/// How a debug build reacts to a key map with an entry that names no property.
package enum KeyMapDiagnostics {
    /// Whether building such a map stops a debug build with an assertion, as
    /// swift-argument-parser stops on an invalid command. Tests of invalid maps turn it off to
    /// see the problems and the thrown error instead.
    ///
    /// ```swift
    /// KeyMapDiagnostics.$stopsOnUnknownEntries.withValue(false) { Misspelt.keyMap.problems }
    /// ```
    @TaskLocal package static var stopsOnUnknownEntries = true
}
