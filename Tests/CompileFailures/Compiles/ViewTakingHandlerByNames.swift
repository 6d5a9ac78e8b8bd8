// Compiles: the control for ViewTakingHandlerOnAHandlerView.swift, on a
// mapping declared wholly by names: a closure that states its view and
// model types may take the view (the checker checks both at load), and an
// unannotated (model, position) closure gets the model as `Any`.
import MappingRegistry
import ModelStorage

struct Book: Sendable { var title: String }
final class BookRow: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: Book) { text = model.title }
    func render() -> String { text }
}

let declaration = Map("BookRow", model: "Book")
    .on(.didSelect) { (row: BookRow, book: Book, position: ItemPosition) in
        print(row.render(), book.title, position)
    }
    .on(.willDisplay) { book, position in
        print(book, position)
    }
