// expected-error: referencing instance method 'on(_:fileID:line:column:_:)' on 'TypedMappingDeclaration' requires that 'Never' be a class type
// A handler view (a view named by string) has no view object, so a
// closure that takes a view must not compile on its mapping.
import MappingRegistry
import ModelStorage

struct Book: Sendable { var title: String }

let declaration = Map("PlainRow", for: Book.self).on(.didSelect) { view, book, position in
    print(view, book.title, position)
}
