import Foundation
import MappingRegistry
import ModelStorage

struct Book: Decodable {
    var title: String
    var author: String
}

final class BookRow: TextView, ModelTransfer {
    private var line = ""
    init() {}
    func update(with model: Book) { line = "\(model.title), by \(model.author)" }
    func render() -> String { line }
}

func renderShelf() throws -> RenderResult {
    // 1. Register the plugins mappings.json may name.
    var plugins = PluginCatalog()
    plugins.register(model: Book.self, named: "Book")
    plugins.register(model: String.self, named: "String")
    plugins.register(view: BookRow.self, named: "BookRow")
    plugins.register(view: "Shelf", for: String.self) { name, _ in "# \(name)" }

    // 2. Load the mappings (usually MappingRegistry(contentsOf: url, plugins: plugins)).
    let mappings = """
        {
          "version": 1,
          "mappings": [
            { "view": "BookRow", "model": "Book" },
            { "view": "Shelf", "model": "String", "kind": "header" }
          ]
        }
        """
    let registry = try MappingRegistry(configuration: Data(mappings.utf8), plugins: plugins)

    // 3. Fill a storage and render it.
    let storage = MemoryStorage()
    storage.setSectionHeaderModels(["Fiction"])
    storage.setItems([Book(title: "Middlemarch", author: "George Eliot"), 42], forSection: 0)
    return TextRenderer(registry: registry).render(storage)
}
