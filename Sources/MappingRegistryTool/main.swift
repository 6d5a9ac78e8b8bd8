import Foundation
import MappingRegistryCommandLine

// `mapping-registry validate --catalog catalog.json mappings.json …`: checks
// mappings files against an app's catalog file, without the app's code.
// `build-check` is what the MappingRegistryPlugin build-tool plugin runs:
// not a command for people, so it is not in the help.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == BuildCheck.subcommand {
    var check = BuildCheck()
    let code = check.run(Array(arguments.dropFirst()))
    FileHandle.standardError.write(Data(check.errors.utf8))
    exit(code.rawValue)
}
exit(CommandLineTool.standalone.run().rawValue)
