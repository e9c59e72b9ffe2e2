import Foundation
import Testing
@testable import Archiver

/// Numbers and Booleans are told apart by type on every platform: each class Foundation hands
/// out here must be one the classifier learned, or every number would fall back to a search of
/// its type's name (as `__NSCFNumber` did on Apple platforms).
struct BooleanTests {
    /// Every number and Boolean as Foundation's readers and initializers produce them here.
    static func foundationValues() throws -> (numbers: [Any], booleans: [Any]) {
        let json = try #require(try JSONSerialization.jsonObject(with: Data("[0, -1, 1.5, 1e300, 18446744073709551615, true, false]".utf8)) as? [Any])
        let list: [Any] = [NSNumber(value: 7), NSNumber(value: 2.5), NSNumber(value: true)]
        let data = try PropertyListSerialization.data(fromPropertyList: list, format: .binary, options: 0)
        let plist = try #require(try PropertyListSerialization.propertyList(from: data, format: nil) as? [Any])
        let made: [Any] = [NSNumber(value: 3), NSNumber(value: Int8(3)), NSNumber(value: 3.5), NSNumber(value: Float(3.5)), NSNumber(value: UInt64.max)]
        let document = try JSONDocument(data: Data("[1, 2.5, 99999999999999999999, true]".utf8))
        let ours = try #require(try document.foundationObject(at: 0) as? [Any])
        return (Array(json[0..<5]) + plist[0..<2] + made + ours[0..<2], Array(json[5...]) + [plist[2], NSNumber(value: false), true, ours[3]])
    }

    @Test func everyFoundationNumberIsClassifiedByItsTypeAlone() throws {
        let (numbers, booleans) = try Self.foundationValues()
        for number in numbers {
            #expect(FoundationNumberTypes.isBooleanByType(number) == false, "\(type(of: number)) \(number)")
        }
        for boolean in booleans {
            #expect(FoundationNumberTypes.isBooleanByType(boolean) == true, "\(type(of: boolean)) \(boolean)")
        }
    }

    @Test func classificationAgreesWithTheValues() throws {
        let (numbers, booleans) = try Self.foundationValues()
        func isNumber(_ value: Any) -> Bool {
            if case .notANumber = KeyMapInput(value, from: .archive).double { return false }
            return true
        }
        #expect(numbers.allSatisfy { !isBoolean($0) && isNumber($0) })
        #expect(booleans.allSatisfy { isBoolean($0) && KeyMapInput($0, from: .archive).boolValue != nil && !isNumber($0) })
        #expect(!isBoolean("true"))
        #expect(!isNumber("1"))
        guard case .value(let double) = KeyMapInput(NSDecimalNumber(string: "1.25"), from: .archive).double else { Issue.record("not a number"); return }
        #expect(double == 1.25)
    }
}
