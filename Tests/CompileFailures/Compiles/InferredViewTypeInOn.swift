// Compiles: the control for WrongViewTypeInOn.swift, with the mapping's own view.
// The same declaration with the closure's types inferred from Map(BookRow.self).
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

let declaration = Map(BookRow.self).on(.didSelect) { view, model, position in
    print(view.render(), model.title, position)
}
