// expected-error: cannot convert value of type '@Sendable (MagazineRow, Book, ItemPosition) -> ()' to expected argument type '@Sendable (BookRow, Book, ItemPosition) -> ()'
// A closure attached to Map(BookRow.self) that names another view type
// must not compile: the mapping's closures take its own view and model.
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

let declaration = Map(BookRow.self).on(.didSelect) { (view: MagazineRow, model: Book, position) in
    print(view.render(), model.title, position)
}
