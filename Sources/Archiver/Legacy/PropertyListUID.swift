/// A keyed archive's object reference (marker `0x8_`).
///
/// Stand-in until branch `plist` lands its reader, which defines this type beside the binary
/// format; this file goes away on that merge.
struct PropertyListUID: Hashable, Sendable {
    let value: UInt64
}
