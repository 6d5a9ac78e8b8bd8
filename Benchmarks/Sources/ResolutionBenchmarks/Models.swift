import MappingRegistry
import ModelStorage

// Ten model types: six structs, a class hierarchy of three, and a protocol
// conformer, so the benchmark sees the shapes real apps use.

protocol Priced { var price: Int { get } }

struct M0: Priced { let price: Int }
struct M1: Priced { let price: Int }
struct M2 { let value: Int }
struct M3 { let value: Int }
struct M4 { let value: Int }
struct M5 { let text: String }
class Base: @unchecked Sendable { let value: Int; init(value: Int) { self.value = value } }
final class M6: Base, @unchecked Sendable {}
final class M7: Base, @unchecked Sendable {}
final class M8: Base, @unchecked Sendable {}
enum M9 { case a, b }

/// Never stored: filler mappings name it, so they are never candidates.
struct Filler {}

/// One item of model type `kind` (0...9).
func makeItem(_ kind: Int, _ index: Int) -> Any {
    switch kind {
    case 0: M0(price: index)
    case 1: M1(price: index)
    case 2: M2(value: index)
    case 3: M3(value: index)
    case 4: M4(value: index)
    case 5: M5(text: "x")
    case 6: M6(value: index)
    case 7: M7(value: index)
    case 8: M8(value: index)
    default: index.isMultiple(of: 2) ? M9.a : M9.b
    }
}

/// A reusable view for the render benchmark.
final class PriceRow: TextView, ModelTransfer {
    private var price = 0
    init() {}
    func update(with model: any Priced) { price = model.price }
    func render() -> String { "price" }
}

/// The plugins: ten models under their type names, a view per model, filler
/// models and views, and a predicate.
func makeCatalog(fillers: Int) -> PluginCatalog {
    var plugins = PluginCatalog()
    plugins.register(model: M0.self, named: "M0")
    plugins.register(model: M1.self, named: "M1")
    plugins.register(model: M2.self, named: "M2")
    plugins.register(model: M3.self, named: "M3")
    plugins.register(model: M4.self, named: "M4")
    plugins.register(model: M5.self, named: "M5")
    plugins.register(model: M6.self, named: "M6")
    plugins.register(model: M7.self, named: "M7")
    plugins.register(model: M8.self, named: "M8")
    plugins.register(model: M9.self, named: "M9")
    plugins.register(model: (any Priced).self, named: "Priced")
    plugins.register(view: PriceRow.self, named: "PriceRow")
    plugins.register(view: "V1", for: M1.self) { _, _ in "m1" }
    plugins.register(view: "V2", for: M2.self) { _, _ in "m2" }
    plugins.register(view: "V3", for: M3.self) { _, _ in "m3" }
    plugins.register(view: "V4", for: M4.self) { _, _ in "m4" }
    plugins.register(view: "V5", for: M5.self) { _, _ in "m5" }
    plugins.register(view: "V6", for: Base.self) { _, _ in "base" }
    plugins.register(view: "V7", for: M7.self) { _, _ in "m7" }
    plugins.register(view: "V8", for: M8.self) { _, _ in "m8" }
    plugins.register(view: "V9", for: M9.self) { _, _ in "m9" }
    plugins.register(predicate: "isEven", for: M2.self) { value, _ in value.value.isMultiple(of: 2) }
    plugins.register(predicate: "isOdd", for: M2.self) { value, _ in !value.value.isMultiple(of: 2) }
    for index in 0..<fillers {
        plugins.register(model: Filler.self, named: "F\(index)")
        plugins.register(view: "FV\(index)", for: Filler.self) { _, _ in "filler" }
    }
    return plugins
}

/// Ten real mappings (one per model; `Priced` covers M0 and M1 together
/// with M1's own mapping at a higher priority) plus `count - 10` fillers.
func makeConfiguration(mappings count: Int, predicates: Bool = false) -> String {
    var entries = [
        #"{"view": "PriceRow", "model": "Priced"}"#,
        #"{"view": "V1", "model": "M1", "priority": 1}"#,
        predicates
            ? #"{"view": "V2", "model": "M2", "condition": {"predicate": "isEven"}}"#
            : #"{"view": "V2", "model": "M2"}"#,
        #"{"view": "V3", "model": "M3"}"#,
        #"{"view": "V4", "model": "M4"}"#,
        #"{"view": "V5", "model": "M5"}"#,
        #"{"view": "V6", "model": "M6"}"#,
        #"{"view": "V7", "model": "M7"}"#,
        #"{"view": "V8", "model": "M8"}"#,
        #"{"view": "V9", "model": "M9"}"#,
    ]
    if predicates {
        entries.append(#"{"view": "V2", "model": "M2", "condition": {"predicate": "isOdd"}, "reuseIdentifier": "odd"}"#)
    }
    // Every filler names the same Swift type (under its own alias), so each
    // gets its own priority: at one priority they would overlap.
    for index in 0..<max(0, count - entries.count) {
        entries.append(#"{"view": "FV\#(index)", "model": "F\#(index)", "priority": \#(-1 - index)}"#)
    }
    return #"{"version": 1, "mappings": [\#(entries.joined(separator: ",\n"))]}"#
}
