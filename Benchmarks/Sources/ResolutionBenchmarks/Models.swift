import MappingRegistry
import ModelStorage

// The model types of the benchmark workloads.

/// Every item has an id the predicates of workload (c) test.
protocol Identified { var id: Int { get } }
/// Workload (d): a protocol some items conform to.
protocol Priced { var price: Int { get } }

// Ten types of the shapes real apps use: structs, classes, an enum.
struct M0: Identified { let id: Int }
struct M1: Identified { let id: Int }
struct M2: Identified { let id: Int }
struct M3: Identified { let id: Int }
struct M4: Identified { let id: Int }
struct M5: Identified { let id: Int; let text = "x" }
class Base: Identified, @unchecked Sendable { let id: Int; init(id: Int) { self.id = id } }
final class M6: Base, @unchecked Sendable {}
final class M7: Base, @unchecked Sendable {}
final class M8: Base, @unchecked Sendable {}
enum M9: Identified { case a(Int); var id: Int { if case .a(let id) = self { id } else { 0 } } }

// Workload (d): subclasses of Base and structs conforming to Priced; the
// mappings name only Base and Priced.
final class S0: Base, @unchecked Sendable {}
final class S1: Base, @unchecked Sendable {}
class S2: Base, @unchecked Sendable {}
final class S3: S2, @unchecked Sendable {}
final class S4: S2, @unchecked Sendable {}
struct P0: Priced, Identified { let id: Int; var price: Int { id } }
struct P1: Priced, Identified { let id: Int; var price: Int { id } }
struct P2: Priced, Identified { let id: Int; var price: Int { id } }
struct P3: Priced, Identified { let id: Int; var price: Int { id } }
struct P4: Priced, Identified { let id: Int; var price: Int { id } }

/// Never stored: filler mappings name it, so they are never candidates.
struct Filler {}

/// One item of model type `kind` (0...9) for workloads (a), (b), (c), (e).
func makeItem(_ kind: Int, _ id: Int) -> Any {
    switch kind {
    case 0: M0(id: id)
    case 1: M1(id: id)
    case 2: M2(id: id)
    case 3: M3(id: id)
    case 4: M4(id: id)
    case 5: M5(id: id)
    case 6: M6(id: id)
    case 7: M7(id: id)
    case 8: M8(id: id)
    default: M9.a(id)
    }
}

/// One item of type `kind` wrapped in `depth` Optionals of its own type
/// (`Optional<M0>`, `Optional<Optional<M0>>`), as a `[M0?]` array stores it.
func makeOptionalItem(_ kind: Int, _ id: Int, depth: Int) -> Any {
    func wrap<T>(_ value: T) -> Any { depth == 1 ? Optional(value) as Any : Optional(Optional(value)) as Any }
    switch kind {
    case 0: return wrap(M0(id: id))
    case 1: return wrap(M1(id: id))
    case 2: return wrap(M2(id: id))
    case 3: return wrap(M3(id: id))
    case 4: return wrap(M4(id: id))
    case 5: return wrap(M5(id: id))
    case 6: return wrap(M6(id: id))
    case 7: return wrap(M7(id: id))
    case 8: return wrap(M8(id: id))
    default: return wrap(M9.a(id))
    }
}

/// The registered names of the ten types, in `makeItem` order.
let modelNames = ["M0", "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9"]

/// One item of workload (d): subclasses of `Base` and conformers of `Priced`.
func makeHierarchyItem(_ kind: Int, _ id: Int) -> Any {
    switch kind {
    case 0: S0(id: id)
    case 1: S1(id: id)
    case 2: S2(id: id)
    case 3: S3(id: id)
    case 4: S4(id: id)
    case 5: P0(id: id)
    case 6: P1(id: id)
    case 7: P2(id: id)
    case 8: P3(id: id)
    default: P4(id: id)
    }
}

/// A reusable view for the render benchmark: its text is short, so it
/// needs no heap allocation of its own.
final class IdRow: TextView, ModelTransfer {
    private var id = 0
    init() {}
    func update(with model: any Identified) { id = model.id }
    func render() -> String { id.isMultiple(of: 2) ? "even" : "odd" }
}
