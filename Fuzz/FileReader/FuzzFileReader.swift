// libFuzzer entry point for the file reader: the bytes of an archive file, as the archiver reads
// them. Compiled into one module with the library's sources by Scripts/fuzz.sh, so that it
// reaches the internal reader directly.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFileReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    // Any outcome but a crash, a hang or unbounded memory is fine; a read archive must also
    // survive being written again, as a caller re-storing it would.
    if let archive = try? PropertyListCoding.archive(from: data) {
        _ = try? PropertyListCoding.data(for: archive)
    }
    return 0
}
