import MappingRegistry

// Workload (f): up to 1 024 distinct struct types made at run time from two
// generic types, `Bit0<Bit1<…<End>>>`, each with its own mapping.

protocol Counted: SendableMetatype { init() }
struct End: Counted { init() {} }
struct Bit0<Rest: Counted>: Counted { init() {} }
struct Bit1<Rest: Counted>: Counted { init() {} }

/// What workload (f) needs of each distinct type.
struct DistinctType {
    let value: Any
    /// Registers the type as model `T<index>` with a handler view `TV<index>`.
    let register: (inout PluginCatalog, Int) -> Void
    /// Tests a value, as a linear scan's cast would.
    let accepts: @Sendable (Any) -> Bool
}

/// The first `count` distinct types (at most 1 024).
func makeDistinctTypes(_ count: Int) -> [DistinctType] {
    var types: [DistinctType] = []
    collect(End.self, depth: 10, limit: count, into: &types)
    return types
}

private func collect<T: Counted>(_ type: T.Type, depth: Int, limit: Int, into types: inout [DistinctType]) {
    guard types.count < limit else { return }
    guard depth > 0 else {
        types.append(DistinctType(
            value: T(),
            register: { plugins, index in
                plugins.register(model: T.self, named: "T\(index)")
                plugins.register(view: "TV\(index)", for: T.self) { _, _ in "t" }
            },
            accepts: { $0 is T }
        ))
        return
    }
    collect(Bit0<T>.self, depth: depth - 1, limit: limit, into: &types)
    collect(Bit1<T>.self, depth: depth - 1, limit: limit, into: &types)
}
