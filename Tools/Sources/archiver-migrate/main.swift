import ArchiverMigrate
import Foundation

let status = MigrateCommand.run(
    Array(CommandLine.arguments.dropFirst()),
    output: { FileHandle.standardOutput.write(Data($0.utf8)) },
    errors: { FileHandle.standardError.write(Data($0.utf8)) }
)
exit(status.rawValue)
