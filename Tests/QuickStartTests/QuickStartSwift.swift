import MappingRegistry
import ModelStorage

struct Book {
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
    // 1. Plugins: here one handler view for shelf titles. A view type with
    //    ModelTransfer, such as BookRow, needs no registration for Swift mappings.
    var plugins = PluginCatalog()
    plugins.register(view: "ShelfTitle", for: String.self) { name, _ in "# \(name)" }

    // 2. Mappings, declared in Swift and checked like mappings.json.
    let registry = try MappingRegistry(plugins: plugins) {
        Map(BookRow.self)
        Map("ShelfTitle", for: String.self, kind: .header)
    }

    // 3. Fill a storage and render it.
    let storage = MemoryStorage()
    storage.setSectionHeaderModels(["Fiction"])
    storage.setItems([Book(title: "Middlemarch", author: "George Eliot"), 42], forSection: 0)
    return TextRenderer(registry: registry).render(storage)
}
