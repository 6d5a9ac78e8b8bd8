// expected-error: 'on(_:fileID:line:column:_:)' is unavailable: a view named by string gives the closure no view; take (model, position), or map the view class itself: Map(ViewClass.self, for: Model.self)
// A mapping declared wholly by names says no view type, so a view-taking
// closure that states none is told what to write instead (the control,
// Compiles/ViewTakingHandlerByNames.swift, states the types).
import MappingRegistry
import ModelStorage

let declaration = Map("BookRow", model: "Book").on(.didSelect) { view, book, position in
    print(view, book, position)
}
