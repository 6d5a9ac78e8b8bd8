import ModelStorage

extension MappingRegistry {
    /// The custom supplementary kinds of a storage's section, in the order
    /// `render` shows them: the kinds this registry maps, in its order, then
    /// any other custom kind the section holds.
    ///
    /// - Parameters:
    ///   - storage: The storage.
    ///   - section: The section.
    package func customKinds(of storage: some Storage, inSection section: Int) -> [ViewKind] {
        var kinds = customKinds
        for name in storage.supplementaryKinds(inSection: section) {
            let kind = ViewKind(rawValue: name)
            if !ViewKind.builtIns.contains(kind), !kinds.contains(kind) {
                kinds.append(kind)
            }
        }
        return kinds
    }

    /// Calls `body` with every model a storage holds, in the order `render`
    /// shows them: per section, the header, the items, the footer, then each
    /// custom supplementary model (``customKinds(of:inSection:)``). A stored
    /// `nil` item comes as a `nil` wrapped in an `Optional`; supplementary
    /// models are at `ItemPosition(item: 0, section: s)`.
    ///
    /// - Parameters:
    ///   - storage: The storage.
    ///   - body: Called with each model, its position and the kind of view it needs.
    package func forEachStoredModel(in storage: some Storage, _ body: (_ model: Any, _ position: ItemPosition, _ kind: ViewKind) -> Void) {
        for section in 0..<storage.numberOfSections {
            let first = ItemPosition(item: 0, section: section)
            func supplementary(_ kind: ViewKind) {
                if let model = storage.supplementaryModel(ofKind: kind.rawValue, inSection: section) {
                    body(model, first, kind)
                }
            }
            supplementary(.header)
            for item in 0..<storage.numberOfItems(inSection: section) {
                let position = ItemPosition(item: item, section: section)
                // `item(at:)` is `nil` only out of range; a stored nil comes wrapped.
                body(storage.item(at: position) ?? Optional<Any>.none as Any, position, .cell)
            }
            supplementary(.footer)
            customKinds(of: storage, inSection: section).forEach(supplementary)
        }
    }
}
