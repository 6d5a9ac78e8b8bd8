// Compiles: an app with types of its own named as MappingRegistry's
// (`Diagnostic`, `Mapping`, `ViewKind`) names the library's through the
// module's name, `MappingRegistry.Diagnostic`, although `MappingRegistry`
// is also the name of the library's registry class.
import MappingRegistry
import ModelStorage

struct Diagnostic { var text: String }
struct Mapping { var from: String, to: String }
enum ViewKind { case row, banner }

struct Book: Sendable { var title: String }

func report(_ diagnostics: [MappingRegistry.Diagnostic]) -> [Diagnostic] {
    diagnostics.map { Diagnostic(text: $0.description) }
}

func describe(_ mapping: MappingRegistry.Mapping, as kind: ViewKind) -> Mapping {
    let libraryKind: MappingRegistry.ViewKind = kind == .row ? .cell : "banner"
    return Mapping(from: mapping.model, to: "\(mapping.view) \(libraryKind)")
}

let source: MappingRegistry.MappingSource = .declarations {
    MappingRegistry.Map("PlainRow", for: Book.self)
}
let event: MappingRegistry.MappingEvent<Void> = .didSelect
