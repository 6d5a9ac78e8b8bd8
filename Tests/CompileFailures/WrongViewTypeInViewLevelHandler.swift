// expected-error: cannot convert value of type '@Sendable (MagazineRow, Book, ItemPosition) -> ()' to expected argument type '@Sendable (BookRow, Book, ItemPosition) -> ()'
// plugins.on(_:for:) takes the view class it is registered for: a closure
// that names another view type must not compile.
import MappingRegistry
import ModelStorage

struct Book: Sendable { var title: String }
final class BookRow: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: Book) { text = model.title }
    func render() -> String { text }
}
final class MagazineRow: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: Book) { text = model.title }
    func render() -> String { text }
}

var plugins = PluginCatalog()
plugins.on(.didSelect, for: BookRow.self) { (view: MagazineRow, model: Book, position) in
    print(view.render(), model.title, position)
}
