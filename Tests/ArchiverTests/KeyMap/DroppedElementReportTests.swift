import Foundation
import Testing
@testable import Archiver

/// With no observer, a debug build says on standard error that a list dropped an element, once
/// per type and key path: a response an app caches loses the element for good.
struct DroppedElementReportTests {
    private func drop(_ typeName: String, _ path: [ArchiveDecodingError.PathComponent]) -> ArchiveDecodingError {
        ArchiveDecodingError(typeName: typeName, path: path, reason: .custom("expected String, found nothing"))
    }

    @Test func theKeyOfAReportLeavesOutTheIndices() {
        let error = drop("[Review]", [.index(3), .key("restaurant"), .key("id")])
        #expect(DroppedElementObserver.reportKey(of: error) == "[Review][].restaurant.id")
    }

    @Test func eachTypeAndKeyPathIsReportedOnce() {
        let type = "ReportProbe\(UUID().uuidString)"
        #expect(DroppedElementObserver.claimReport(of: drop(type, [.index(0), .key("id")])))
        #expect(!DroppedElementObserver.claimReport(of: drop(type, [.index(7), .key("id")])))
        #expect(DroppedElementObserver.claimReport(of: drop(type, [.index(0), .key("name")])))
        #expect(DroppedElementObserver.claimReport(of: drop(type + "2", [.index(0), .key("id")])))
    }

    @Test func theReportNamesTheDropAndTheWaysToHearOrRefuseIt() {
        let report = DroppedElementObserver.debugReport(of: drop("[Review]", [.index(1), .key("id")]))
        #expect(report.contains("[Review][1].id: expected String, found nothing"), "\(report)")
        #expect(report.contains("strict: true"))
        #expect(report.contains("observeDroppedElements"))
    }

    @Test func aDebugBuildReports() {
        #expect(DroppedElementObserver.isDebugBuild == _isDebugAssertConfiguration())
    }
}
