import ModelStorage

/// Renders a storage as plain text through a ``MappingRegistry``.
///
/// Sections are rendered in order; inside a section: the header, the items,
/// the footer, then each custom supplementary kind (those with mappings, in
/// file order, then any other kind the storage holds). An item that
/// resolves to no mapping or to several does not stop rendering: it is
/// reported in ``RenderResult/diagnostics`` and shown as a placeholder line.
///
/// ```swift
/// let storage = MemoryStorage()
/// storage.setSectionHeaderModels(["Starters"])
/// storage.setItems([Dish(name: "Soup", price: 6.5), 42], forSection: 0)
/// let result = TextRenderer(registry: registry).render(storage)
/// print(result.text)
/// ```
/// ```text
/// == Starters ==
/// Soup ......... 6.50
/// [missing-mapping: Int at section 0, item 1]
/// ```
public struct TextRenderer: Sendable {
    /// The registry that decides which view shows each model.
    public let registry: MappingRegistry

    /// Creates a renderer.
    ///
    /// - Parameter registry: The loaded mappings.
    public init(registry: MappingRegistry) {
        self.registry = registry
    }

    /// Renders every section of a storage.
    ///
    /// Views with `ModelTransfer` are created with `init()` only when the
    /// reuse pool for their reuse identifier is empty, and reused for every
    /// later item with that identifier.
    ///
    /// - Parameter storage: The models to render.
    /// - Returns: The text, the diagnostics and the counts.
    public func render(_ storage: some Storage) -> RenderResult {
        var session = RenderSession(registry: registry)
        for section in 0..<storage.numberOfSections {
            if section > 0 { session.output.append("\n") }
            let position = ItemPosition(item: 0, section: section)
            if let header = storage.supplementaryModel(ofKind: SupplementaryKind.header, inSection: section) {
                session.render(header, at: position, kind: .header)
            }
            for item in 0..<storage.numberOfItems(inSection: section) {
                let itemPosition = ItemPosition(item: item, section: section)
                session.render(storage.item(at: itemPosition) as Any, at: itemPosition, kind: .cell)
            }
            if let footer = storage.supplementaryModel(ofKind: SupplementaryKind.footer, inSection: section) {
                session.render(footer, at: position, kind: .footer)
            }
            for kind in customKinds(of: storage, inSection: section) {
                if let model = storage.supplementaryModel(ofKind: kind.rawValue, inSection: section) {
                    session.render(model, at: position, kind: kind)
                }
            }
        }
        return session.result
    }

    /// Custom kinds with mappings, then any other custom kind the storage holds.
    private func customKinds(of storage: some Storage, inSection section: Int) -> [ViewKind] {
        var kinds = registry.customKinds
        for name in storage.supplementaryKinds(inSection: section) {
            let kind = ViewKind(rawValue: name)
            if kind != .header, kind != .footer, kind != .cell, !kinds.contains(kind) {
                kinds.append(kind)
            }
        }
        return kinds
    }
}
