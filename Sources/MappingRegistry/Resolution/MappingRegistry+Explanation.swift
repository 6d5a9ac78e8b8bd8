import ModelStorage

// What `MappingRegistryTesting` reports about an item beyond its resolution:
// the name of its model and why each other mapping of its kind lost. Both
// are worked out from the reference rule (``ReferenceResolver``), never from
// the indexed machinery, so an explanation says what the rule says.
extension MappingRegistry {
    /// The name a report gives a stored model: the registered name of a
    /// mapping's model whose type is exactly the value's type, else the
    /// type's own name; `nil` for a `nil` model. Optionals are unwrapped.
    package func modelName(of model: Any) -> String? {
        guard let value = unwrapOptionals(model) else { return nil }
        let valueType = Swift.type(of: value)
        let id = ObjectIdentifier(valueType)
        for mapping in mappings where mapping.compiled.model.type.id == id {
            return mapping.model
        }
        return String(describing: valueType)
    }

    /// Why each mapping of `kind` did not win for a model at a position, by
    /// the reference rule, one line per mapping in declaration order: the
    /// reason it does not apply (another model, a view that takes another
    /// model, the failing part of its condition), or, when it applies, that
    /// a mapping of a higher priority won or that it ties with others.
    /// The winner has no line; a `nil` model or a kind without mappings
    /// gives none. Each line starts with the mapping's name as `name` gives
    /// it: a report names mappings by a stable identity, not by the
    /// location as loaded.
    package func rejections(
        of model: Any, at position: ItemPosition, kind: ViewKind = .cell, context: (any Sendable)? = nil,
        naming name: (Mapping) -> String
    ) -> [String] {
        if context == nil { return rejections(of: model, at: position, kind: kind, NoContext(), naming: name) }
        return rejections(of: model, at: position, kind: kind, context, naming: name)
    }

    private func rejections<Source: ContextSource>(
        of model: Any, at position: ItemPosition, kind: ViewKind, _ source: Source, naming name: (Mapping) -> String
    ) -> [String] {
        guard let value = unwrapOptionals(model), let slot = reference.kindSlots.slot(of: kind) else { return [] }
        let reasons = reference.mappingsByKind[slot].map { mapping in
            let named = name(Mapping(mapping))
            return (mapping: mapping, name: named, reason: reasonForNotApplying(mapping, to: value, at: position, source, named: named))
        }
        let applying = reasons.filter { $0.reason == nil }.map(\.mapping)
        guard let top = applying.map(\.priority).max() else { return reasons.compactMap(\.reason) }
        let tied = applying.filter { $0.priority == top }.count
        return reasons.compactMap { mapping, named, reason in
            if let reason { return reason }
            if mapping.priority < top {
                return "\(named) applies, but with priority \(mapping.priority), below \(top)"
            }
            return tied > 1 ? "\(named) applies with priority \(top), as \(tied == 2 ? "1 other does" : "\(tied - 1) others do")" : nil
        }
    }
}
