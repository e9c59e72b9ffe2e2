import Foundation
import Testing
@testable import Archiver

/// The size and length code run with a 32-bit `Int`'s arithmetic, as on watchOS devices (armv7k,
/// arm64_32), where Linux cannot build: each computes in a type the test chooses, and `Int32`
/// must give what `Int64` gives, or a clamped value, never a trap.
struct ThirtyTwoBitTests {
    @Test(arguments: [
        (0, 1), (14, 1), (15, 3), (255, 3), (256, 4), (65_535, 4), (65_536, 6), (Int64(Int32.max), 6),
    ] as [(Int64, Int)])
    func aMarkerTakesTheSameBytesWithA32BitCount(count: Int64, bytes: Int) {
        #expect(BinaryPropertyListWriter.markerSize(count: Int32(count)) == bytes)
        #expect(BinaryPropertyListWriter.markerSize(count: count) == bytes)
    }

    @Test func aCountAbove32BitsTakesAnEightByteInteger() {
        #expect(BinaryPropertyListWriter.markerSize(count: UInt64(UInt32.max)) == 6)
        #expect(BinaryPropertyListWriter.markerSize(count: UInt64(UInt32.max) + 1) == 10)
    }

    @Test func aFileOf2GiBOrMoreIsClampedAndStaysOverEveryLimit() {
        let threeGiB = off_t(3) << 30
        #expect(FileIO.size(threeGiB, as: Int32.self) == Int32.max)
        #expect(FileIO.size(threeGiB, as: Int64.self) == Int64(threeGiB))
        #expect(FileIO.size(off_t(1_234), as: Int32.self) == 1_234)
        // The read refuses it: the default limit fits a 32-bit Int and is below the clamped size.
        #expect(Int64(Archiver.Limits().maximumFileSize) < Int64(FileIO.size(threeGiB, as: Int32.self)))
    }

    @Test func theJSONReaderAcceptsEvery32BitLengthAndRefuses4GiB() {
        #expect(JSONReader.indexesFit(count: Int32.max))
        #expect(JSONReader.indexesFit(count: UInt64(UInt32.max) - 1))
        #expect(!JSONReader.indexesFit(count: UInt64(UInt32.max)))
        #expect(!JSONReader.indexesFit(count: Int64.max))
    }
}
