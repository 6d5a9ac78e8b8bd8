@testable import MappingRegistry
import ModelStorage

extension MappingRegistry {
    /// What one resolver of the seam answers, as ``resolve(_:at:kind:context:)``
    /// would give it: the contract tests ask the ``ReferenceResolver`` and
    /// the `IndexedResolver` the same question and compare.
    func resolve(_ model: Any, at position: ItemPosition, kind: ViewKind = .cell, context: (any Sendable)? = nil, by resolver: some Resolver) -> Resolution {
        resolve(model, at: position, kind: kind, context, by: resolver)
    }
}
