// The control of WrongViewTypeInViewLevelHandler.swift and
// WrongModelTypeInViewLevelHandler.swift: with no written types, the
// closure's view is the class it is registered for and its model the
// view's ModelType.
import MappingRegistry
import ModelStorage

struct Book: Sendable { var title: String }
final class BookRow: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: Book) { text = model.title }
    func render() -> String { text }
}

var plugins = PluginCatalog()
plugins.on(.didSelect, for: BookRow.self) { row, book, position in
    print(row.render(), book.title, position)
}
