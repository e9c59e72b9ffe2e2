// Stores large values in a loop until it is killed; used by the crash-safety tests.
//
//     ArchiverCrashWriter <archive directory> <first revision>
//     ArchiverCrashWriter store-once <archive directory> durable|fast
//
// Prints "ready" once its archiver exists, then stores revision after revision of every id in
// `CrashValue.ids`, forever, printing "stored <revision> <id>" as each store returns. The revision
// only grows, so a reader can check that no file went back to an older value, nor behind a
// store that had finished.
import Foundation
import Archiver

let arguments = CommandLine.arguments
// `ArchiverCrashWriter store-once <archive directory> durable|fast`: one store, then exit (the
// durability test counts its fsync calls).
if arguments.count == 4, arguments[1] == "store-once" {
    let archiver = Archiver(archiveDirectoryURL: URL(fileURLWithPath: arguments[2], isDirectory: true))
    archiver.syncsToDisk = arguments[3] == "durable"
    do {
        try CrashValue(id: CrashValue.ids[0], revision: 1).store(in: archiver)
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("store failed: \(error)\n".utf8))
        exit(1)
    }
}
guard arguments.count == 3, let firstRevision = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: ArchiverCrashWriter <archive directory> <first revision>\n".utf8))
    exit(64)
}
let archiver = Archiver(archiveDirectoryURL: URL(fileURLWithPath: arguments[1], isDirectory: true))
FileHandle.standardOutput.write(Data("ready\n".utf8))
var revision = firstRevision
while true {
    for id in CrashValue.ids {
        do {
            try CrashValue(id: id, revision: revision).store(in: archiver)
            FileHandle.standardOutput.write(Data("stored \(revision) \(id)\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("store failed: \(error)\n".utf8))
            exit(1)
        }
    }
    revision += 1
}
