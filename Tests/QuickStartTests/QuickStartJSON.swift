// doc-listing: quick-start-json
import Foundation
import MappingRegistry
import ModelStorage

func renderShelfFromJSON() throws -> RenderResult {
    // 1. Register every plugin mappings.json may name.
    var plugins = PluginCatalog()
    plugins.register(view: BookRow.self)          // view "BookRow"; its model, "Book", too
    plugins.register(model: String.self)          // model "String"
    plugins.register(view: "ShelfTitle", for: String.self) { name, _ in "# \(name)" }

    // 2. Load the mappings (usually MappingRegistry(contentsOf: url, plugins: plugins)).
    let mappings = """
        {
          "version": 1,
          "mappings": [
            { "view": "BookRow", "model": "Book" },
            { "view": "ShelfTitle", "model": "String", "kind": "header" }
          ]
        }
        """
    let registry = try MappingRegistry(configuration: Data(mappings.utf8), plugins: plugins)

    // 3. Fill a storage and render it, exactly as before.
    let storage = MemoryStorage()
    storage.setSectionHeaderModels(["Fiction"])
    storage.setItems([Book(title: "Middlemarch", author: "George Eliot"), 42], forSection: 0)
    return TextRenderer(registry: registry).render(storage)
}
// doc-listing-end: quick-start-json
