import Foundation
import MappingRegistry

/// The plugins and mappings that render a menu database: a `DishRow` per
/// dish and the course's name as each section's header.
///
/// ```swift
/// let renderer = TextRenderer(registry: try MenuCatalog.registry())
/// print(renderer.render(try MenuQuery.storage(in: dbQueue)).text)
/// ```
/// ```text
/// == Starters ==
/// Roast Leek (v) ....................... 4.00
/// Charred Trout ........................ 5.48
/// ```
public enum MenuCatalog {
    /// The models and views the mappings name.
    public static let plugins: PluginCatalog = {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(model: Course.self, named: "Course")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: "CourseTitle", for: Course.self) { course, _ in
            "== \(course.name) =="
        }
        return plugins
    }()

    /// The mappings, as a `mappings.json` document.
    public static let mappings = """
        {
          "version": 1,
          "mappings": [
            { "view": "DishRow", "model": "Dish" },
            { "view": "CourseTitle", "model": "Course", "kind": "header" }
          ]
        }
        """

    /// How many entries a render of a menu storage has: one header per
    /// course and one line per dish.
    ///
    /// - Parameter storage: The menu.
    /// - Returns: The number of entries.
    public static func entryCount(of storage: MenuQuery.Storage) -> Int {
        storage.sections.reduce(0) { $0 + 1 + $1.items.count }
    }

    /// Loads ``mappings`` against ``plugins``.
    ///
    /// - Returns: The registry a `TextRenderer` needs.
    /// - Throws: The registry's configuration error if the mappings no
    ///   longer fit the plugins.
    public static func registry() throws -> MappingRegistry {
        try MappingRegistry(configuration: Data(mappings.utf8), plugins: plugins, source: "MenuCatalog.mappings")
    }
}
