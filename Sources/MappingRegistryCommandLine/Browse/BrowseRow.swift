import MappingRegistry
import ModelStorage

/// One row of `browse`'s list: an item, or a section's header, footer or
/// custom supplementary model, with where a registry resolves it.
struct BrowseRow {
    /// The kind of view it needs: ``ViewKind/cell`` for an item.
    var kind: ViewKind
    /// Its position; supplementary models use `ItemPosition(item: 0, section: s)`.
    var position: ItemPosition
    /// The stored model, possibly a `nil` wrapped in an optional.
    var model: Any

    /// Every row of a storage, in the order `render` prints them: per
    /// section, the header, the items, the footer, then each custom
    /// supplementary kind (those the registry maps, in its order, then any
    /// other the section holds).
    static func rows(of storage: some Storage, registry: MappingRegistry) -> [BrowseRow] {
        var rows: [BrowseRow] = []
        registry.forEachStoredModel(in: storage) { model, position, kind in
            rows.append(BrowseRow(kind: kind, position: position, model: model))
        }
        return rows
    }
}
