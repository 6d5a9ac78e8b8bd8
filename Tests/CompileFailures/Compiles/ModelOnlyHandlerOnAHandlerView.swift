// Compiles: the control for ViewTakingHandlerOnAHandlerView.swift, taking the model only.
import MappingRegistry
import ModelStorage

struct Book: Sendable { var title: String }

let declaration = Map("PlainRow", for: Book.self).on(.didSelect) { book, position in
    print(book.title, position)
}
