// libFuzzer's test of one input for the legacy keyed-archive reader: file bytes as Archiver 0.6
// or an NSCoding wrapper wrote them. Compiled with the library's sources by Scripts/fuzz.sh,
// whose generated entry point calls it.
import Foundation

private let options = KeyedArchiveOptions(classesReadAsDictionaries: ["MyApp.MovieClass", "Session", "Speaker"])

func fuzzKeyedArchive(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? PropertyListCoding.archive(from: data, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: options)
    _ = try? PropertyListCoding.archives(from: data, maximumDepth: PropertyListCoding.defaultMaximumDepth, keyedArchiveOptions: .propertyListClassesOnly)
    return 0
}
