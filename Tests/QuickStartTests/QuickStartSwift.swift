// doc-listing: quick-start-swift
import MappingRegistry
import ModelStorage

struct Book {
    var title: String
    var author: String
}

// doc-listing: book-row
final class BookRow: TextView, ModelTransfer {
    private var line = ""
    init() {}
    func update(with model: Book) { line = "\(model.title), by \(model.author)" }
    func render() -> String { line }
}
// doc-listing-end: book-row

func renderShelf() throws(ConfigurationError) -> RenderResult {
    // 1. Plugins: here one handler view for shelf titles. A view type with
    //    ModelTransfer, such as BookRow, needs no registration for Swift mappings.
    // doc-listing: shelf-plugins
    var plugins = PluginCatalog()
    plugins.register(view: "ShelfTitle", for: String.self) { name, _ in "# \(name)" }
    // doc-listing-end: shelf-plugins

    // 2. Mappings, declared in Swift and checked like mappings.json.
    // doc-listing: shelf-registry
    let registry = try MappingRegistry(plugins: plugins) {
        Map(BookRow.self)
        Map("ShelfTitle", for: String.self, kind: .header)
    }
    // doc-listing-end: shelf-registry

    // 3. Fill a storage and render it.
    // doc-listing: shelf-render
    let storage = MemoryStorage()
    storage.setSectionHeaderModels(["Fiction"])
    storage.setItems([Book(title: "Middlemarch", author: "George Eliot"), 42], forSection: 0)
    return TextRenderer(registry: registry).render(storage)
    // doc-listing-end: shelf-render
}
// doc-listing-end: quick-start-swift
