import Foundation

let code = MenuDatabaseCommand.run(Array(CommandLine.arguments.dropFirst()))
exit(code)
