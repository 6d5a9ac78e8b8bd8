import Foundation
import MappingRegistryCommandLine

// `mapping-registry validate --catalog catalog.json mappings.json …`: checks
// mappings files against an app's catalog file, without the app's code.
exit(CommandLineTool.standalone.run().rawValue)
