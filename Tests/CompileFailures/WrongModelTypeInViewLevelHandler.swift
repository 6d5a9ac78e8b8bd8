// expected-error: cannot convert value of type '@Sendable (BookRow, Magazine, ItemPosition) -> ()' to expected argument type '@Sendable (BookRow, Book, ItemPosition) -> ()'
// plugins.on(_:for:) takes the view's own model type: a closure that
// names another model type must not compile.
import MappingRegistry
import ModelStorage

struct Book: Sendable { var title: String }
struct Magazine: Sendable { var title: String }
final class BookRow: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: Book) { text = model.title }
    func render() -> String { text }
}

var plugins = PluginCatalog()
plugins.on(.didSelect, for: BookRow.self) { (view: BookRow, model: Magazine, position) in
    print(view.render(), model.title, position)
}
