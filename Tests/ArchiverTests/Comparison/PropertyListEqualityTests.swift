import Foundation
import Testing
@testable import Archiver

struct PropertyListEqualityTests {
    @Test func numbersCompareByValueAndBooleansStandApart() {
        #expect(PropertyListDiff.isEqual(4, NSNumber(value: 4.0)))
        #expect(PropertyListDiff.isEqual(Int64.min, NSNumber(value: Int64.min)))
        #expect(!PropertyListDiff.isEqual(1, true))
        #expect(!PropertyListDiff.isEqual(NSNumber(value: 1), true))
        #expect(PropertyListDiff.isEqual(true, NSNumber(value: true)))
        #expect(!PropertyListDiff.isEqual(4, 5))
    }

    @Test func containersCompareDeeply() {
        let archive: Archive = ["a": [1, ["b": "c"]], "d": Data([1]), "e": Date(timeIntervalSince1970: 0)]
        #expect(archive.sameContent(as: ["a": [1, ["b": "c"]], "d": Data([1]), "e": Date(timeIntervalSince1970: 0)]))
        #expect(!archive.sameContent(as: ["a": [1, ["b": "x"]], "d": Data([1]), "e": Date(timeIntervalSince1970: 0)]))
        #expect(!archive.sameContent(as: ["a": [1], "d": Data([1]), "e": Date(timeIntervalSince1970: 0)]))
        #expect(!archive.sameContent(as: ["a": [1, ["b": "c"]], "d": Data([1])]))
        #expect(!PropertyListDiff.isEqual("1", 1))
        #expect(!PropertyListDiff.isEqual(NSNull(), NSNull()))
    }
}
