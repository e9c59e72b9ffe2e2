// MARK: Seam for the Codable bridge — wired at merge, deliberately empty on this branch
//
// Codable property types are meant to opt in with one line, `extension Money: KeyMapValue {}`,
// through the Codable bridge (`ArchiveEncoder`/`ArchiveDecoder`, another branch). Until that
// bridge exists there is nothing honest to put here, so a Codable type that is not one of the
// conforming types above does not compile as a property, which says so at build time.
//
// At merge, this file gets one constrained extension, `extension KeyMapValue where Self: Codable`:
//   - `init(keyMapValue:from:)`: decode `Self` from the property-list value with the bridge's
//     `ArchiveDecoder`, turning its error into an `ArchiveDecodingError` (keep the coding path
//     as `PathComponent`s so that `User.money.amount` still reads as one key path);
//   - `keyMapArchiveValue`: the bridge's `ArchiveEncoder` output, `nil` if encoding fails;
//   - `keyMapPlaceholder`: keep the protocol's requirement; a Codable type without a zero
//     value declares one, as hand-written `ArchiveRepresentable` types do.
// Types that are both Codable and RawRepresentable (most raw-value enums) or both Codable and
// KeyMapped would then match two constrained extensions; add
// `extension KeyMapValue where Self: RawRepresentable & Codable, RawValue: KeyMapValue` and
// `extension KeyMapped where Self: Codable` forwarding to the raw-value and key-map behaviour,
// which stay the preferred forms.
