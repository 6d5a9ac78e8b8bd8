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
        for section in 0..<storage.numberOfSections {
            let supplementaryPosition = ItemPosition(item: 0, section: section)
            func supplementary(_ kind: ViewKind) {
                if let model = storage.supplementaryModel(ofKind: kind.rawValue, inSection: section) {
                    rows.append(BrowseRow(kind: kind, position: supplementaryPosition, model: model))
                }
            }
            supplementary(.header)
            for item in 0..<storage.numberOfItems(inSection: section) {
                let position = ItemPosition(item: item, section: section)
                // `item(at:)` is `nil` only out of range; a stored nil comes wrapped.
                let model: Any = storage.item(at: position) ?? Optional<Any>.none as Any
                rows.append(BrowseRow(kind: .cell, position: position, model: model))
            }
            supplementary(.footer)
            var kinds = registry.customKinds
            for name in storage.supplementaryKinds(inSection: section) {
                let kind = ViewKind(rawValue: name)
                if kind != .header, kind != .footer, kind != .cell, !kinds.contains(kind) { kinds.append(kind) }
            }
            for kind in kinds { supplementary(kind) }
        }
        return rows
    }
}
