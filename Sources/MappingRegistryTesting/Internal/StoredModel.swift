import MappingRegistry
import ModelStorage

/// One model a storage holds, where a renderer would show it: a cell at
/// its position, or a supplementary model of a kind in its section.
struct StoredModel {
    /// The model, possibly a wrapped `nil`.
    let model: Any
    /// Where it is stored; supplementary models are at item 0 of their section.
    let position: ItemPosition
    /// The kind of view it wants.
    let kind: ViewKind

    /// `section 1, item 3` for a cell, `section 1, header` for a supplementary model.
    var place: String {
        kind == .cell ? position.description : "section \(position.section), \(kind.rawValue)"
    }

    /// `'Dish' at section 1, item 3`, `'String' header in section 0`, `nil at section 0, item 2`:
    /// the subject of an expectation's message.
    func subject(in registry: MappingRegistry) -> String {
        let name = registry.modelName(of: model).map { "'\($0)'" } ?? "nil"
        return kind == .cell ? "\(name) at \(position)" : "\(name) \(kind.rawValue) in section \(position.section)"
    }

    /// Every model of a storage, in the order a renderer shows them: for each
    /// section its header, its items, its footer, then its models of custom
    /// kinds (those with mappings first, in declaration order, then any
    /// other the storage holds, in its order).
    static func all(in storage: some Storage, registry: MappingRegistry) -> [StoredModel] {
        var models: [StoredModel] = []
        registry.forEachStoredModel(in: storage) { model, position, kind in
            models.append(StoredModel(model: model, position: position, kind: kind))
        }
        return models
    }
}

extension Resolution {
    /// What an expectation says of a resolution that is not the one wanted:
    /// `resolved to PlainDishRow (mappings.json:12:5)` (the location as
    /// loaded, so an editor can open it; a reuse identifier other than the
    /// view's name in quotes after the view), or
    /// `is missing: <the diagnostic's message> [missing-mapping]`.
    var failureSummary: String {
        switch self {
        case .resolved(let mapping):
            "resolved to \(MappingNames.view(of: mapping)) (\(mapping.location))"
        case .missing(let diagnostic):
            "is missing: \(diagnostic.message) [\(diagnostic.code)]"
        case .ambiguous(_, let diagnostic):
            "is ambiguous: \(diagnostic.message) [\(diagnostic.code)]"
        }
    }
}
