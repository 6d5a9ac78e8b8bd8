// expected-error: 'on(_:fileID:line:column:_:)' is unavailable: a view named by string gives the closure no view; take (model, position), or map the view class itself: Map(ViewClass.self, for: Model.self)
// A handler view (a view named by string) has no view object, so a
// closure that takes a view must not compile on its mapping.
import MappingRegistry
import ModelStorage

struct Book: Sendable { var title: String }

let declaration = Map("PlainRow", for: Book.self).on(.didSelect) { view, book, position in
    print(view, book.title, position)
}
