import Foundation
import MappingRegistry

/// The shelf's plugins and mappings: the Swift side of what the build checks
/// `Configuration/mappings.json` against, through `Configuration/catalog.json`.
public enum ShelfApp {
    /// Every plugin `mappings.json` may name.
    public static var plugins: PluginCatalog {
        var plugins = PluginCatalog()
        plugins.register(view: BookRow.self)
        plugins.register(view: ClassicRow.self)
        plugins.register(model: String.self)
        plugins.register(view: "ShelfTitle", for: String.self) { title, _ in "# \(title)" }
        plugins.register(predicate: "publishedBefore", for: Book.self, argument: Int.self) { book, year, _ in
            book.year < year
        }
        return plugins
    }

    /// The mappings declared in Swift; `mappings.json` holds the rest.
    public static var mappings: [MappingDeclaration] {
        [Map("ShelfTitle", for: String.self, kind: .header)]
    }

    /// The registry: the Swift mappings first, then the file's.
    ///
    /// - Parameter mappings: The `mappings.json` to load.
    /// - Returns: The loaded registry.
    /// - Throws: ``ConfigurationError`` with every problem of the file.
    public static func registry(contentsOf mappings: URL) throws(ConfigurationError) -> MappingRegistry {
        try MappingRegistry(plugins: plugins, sources: [.declarations(Self.mappings), .json(contentsOf: mappings)])
    }
}
