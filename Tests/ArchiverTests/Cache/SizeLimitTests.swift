import Foundation
import Testing
@testable import Archiver
import ArchiverTesting

struct SizeLimitTests {
    static func note(_ id: String) -> Note { Note(id: id, text: String(repeating: "x", count: 1_000)) }

    @Test func totalSizeCountsEveryArchiveIncludingOtherProcessesFiles() throws {
        try TemporaryArchiver.with { archiver in
            #expect(try archiver.totalSize() == 0)
            try Self.note("a").store()
            try CacheMemo(id: "m", body: "x").store()
            let noteSize = try #require(FileIO.attributes(of: archiver.fileURL(for: Note.self, resourceID: "a").path, hooks: nil)?.size)
            let memoSize = try #require(FileIO.attributes(of: archiver.fileURL(for: CacheMemo.self, resourceID: "m").path, hooks: nil)?.size)
            #expect(try archiver.totalSize() == noteSize + memoSize)
            // Written by another process: the archiver learns of it from the disk.
            let other = try archiver.directoryURL(for: Note.self).appendingPathComponent("other.plist")
            try Data(count: 5_000).write(to: other)
            #expect(try archiver.totalSize() == noteSize + memoSize + 5_000)
        }
    }

    @Test func writesOverTheLimitEvictTheLeastRecentlyUsedButNeverTheOneJustWritten() throws {
        try TemporaryArchiver.with { archiver in
            try Self.note("probe").store()
            let size = try #require(FileIO.attributes(of: archiver.fileURL(for: Note.self, resourceID: "probe").path, hooks: nil)?.size)
            try Note.delete(resourceID: "probe")
            archiver.maximumTotalSize = size * 3 + size / 2  // room for three
            let start = Date().addingTimeInterval(-100)
            for (index, id) in ["a", "b", "c"].enumerated() {
                try Self.note(id).store()
                // Older modification dates than this process's uses, in store order.
                try FileManager.default.setAttributes([.modificationDate: start.addingTimeInterval(Double(index))],
                                                      ofItemAtPath: archiver.fileURL(for: Note.self, resourceID: id).path)
            }
            archiver.waitForTrims()
            _ = try Note.load(resourceID: "a")  // a is used: b is now the least recently used
            try Self.note("d").store()
            archiver.waitForTrims()
            #expect(try Note.storedResourceIDs() == ["a", "c", "d"])
            #expect(try archiver.totalSize() <= size * 3 + size / 2)

            // One larger than the limit on its own stays: it is the one just written.
            archiver.maximumTotalSize = size / 2
            try Self.note("e").store()
            archiver.waitForTrims()
            #expect(try Note.storedResourceIDs() == ["e"])
        }
    }

    @Test func trimToSizeLimitCountsFilesOtherProcessesWrote() throws {
        try TemporaryArchiver.with { archiver in
            #expect(try archiver.trimToSizeLimit() == 0)  // no limit
            let folder = try archiver.directoryURL(for: Note.self)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<4 {
                let data = try PropertyListSerialization.data(
                    fromPropertyList: ["id": "o\(index)", "text": String(repeating: "y", count: 1_000), "revision": 0],
                    format: .binary, options: 0)
                let file = folder.appendingPathComponent("o\(index).plist")
                try data.write(to: file)
                try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(Double(index - 10))],
                                                      ofItemAtPath: file.path)
            }
            let total = try archiver.totalSize()
            archiver.maximumTotalSize = total / 2 + 1
            #expect(try archiver.trimToSizeLimit() == 2)
            #expect(try Note.storedResourceIDs() == ["o2", "o3"])
        }
    }

    @Test func trimRemovesTheExpiredFirstThenTheLeastRecentlyUsedOverTheLimit() throws {
        try TemporaryArchiver.with { archiver in
            #expect(try archiver.trim() == 0)  // no limits: nothing goes
            let text = String(repeating: "z", count: 1_000)
            for id in ["old", "a", "b", "c"] { try Note(id: id, text: text).store() }
            let folder = try archiver.directoryURL(for: Note.self)
            for (offset, id) in ["old", "a", "b", "c"].enumerated() {
                try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(Double(offset) * 10 - 7_200)],
                                                      ofItemAtPath: folder.appendingPathComponent("\(id).plist").path)
            }
            archiver.maximumAge = 3_600 + 5  // "old" alone is older
            for (offset, id) in ["a", "b", "c"].enumerated() {
                try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(Double(offset) - 60)],
                                                      ofItemAtPath: folder.appendingPathComponent("\(id).plist").path)
            }
            let perFile = try archiver.totalSize() / 4
            archiver.maximumTotalSize = perFile * 2 + perFile / 2  // room for two of the three left
            #expect(try archiver.trim() == 2)
            archiver.maximumAge = nil
            #expect(try Note.storedResourceIDs() == ["b", "c"])
        }
    }
}
