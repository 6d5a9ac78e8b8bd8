import Foundation
import MappingRegistry
import MappingRegistryCommandLine

// The listing of the MappingRegistryCommandLine topic page: an app's whole
// `main.swift`. Compiled here, where the module is a dependency; it is never
// called, since it ends the process. QuickStartTests' ListingTests checks
// that the page shows it word for word.

/// The plugins of an app's shelf.
private enum ShelfPlugins {
    static let catalog: PluginCatalog = {
        var plugins = PluginCatalog()
        plugins.register(model: String.self, named: "String")
        plugins.register(view: "ShelfTitle", for: String.self) { name, _ in "# \(name)" }
        return plugins
    }()
}

/// What an app's `main.swift` holds.
func shelfMain() -> Never {
    // doc-listing: command-line-main
    let tool = CommandLineTool(name: "shelf", plugins: ShelfPlugins.catalog)
    exit(tool.run().rawValue)
    // doc-listing-end: command-line-main
}
