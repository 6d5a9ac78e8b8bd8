import ModelStorage

/// The state of one render: where the text goes, diagnostics, counts and
/// the reuse pools.
struct RenderSession<Output: TextOutputStream, Source: ContextSource> {
    let registry: MappingRegistry
    var output: Output
    /// The render context, for predicates that read one.
    let source: Source
    /// Whether to keep every entry, so the result can be updated later.
    let records: Bool
    var sections: [RenderedSection] = []
    var diagnostics: [Diagnostic] = []
    var rendered = 0
    var missing = 0
    var ambiguous = 0
    var reused = 0
    /// The views, one per reuse identifier, reused from item to item.
    let pool: ReusePool

    init(registry: MappingRegistry, output: Output, records: Bool, source: Source) {
        self.registry = registry
        self.output = output
        self.source = source
        self.records = records
        pool = ReusePool(registry: registry)
    }

    /// The counts and diagnostics, with `text` as given.
    func result(text: String) -> RenderResult {
        RenderResult(
            text: text,
            diagnostics: diagnostics,
            renderedCount: rendered,
            missingCount: missing,
            ambiguousCount: ambiguous,
            viewsCreated: pool.viewsCreated,
            reusedCount: reused,
            sections: records ? sections : nil
        )
    }

    /// Renders every section afresh.
    mutating func renderSections(of storage: some Storage) {
        for section in 0..<storage.numberOfSections {
            renderSection(section, of: storage, previousSupplementaries: nil) { _ in nil }
        }
    }

    /// Renders one section: header, items, footer, custom kinds.
    ///
    /// - Parameters:
    ///   - previousSupplementaries: The section's earlier render, when its
    ///     supplementary models are known to be unchanged.
    ///   - reusableItem: The earlier entry for an item index, when the same
    ///     item was there, unchanged.
    mutating func renderSection(
        _ section: Int,
        of storage: some Storage,
        previousSupplementaries: RenderedSection?,
        reusableItem: (Int) -> RenderedEntry?
    ) {
        if section > 0 { output.write("\n") }
        var result = RenderedSection()
        let position = ItemPosition(item: 0, section: section)
        if let previous = previousSupplementaries {
            if let header = previous.header { result.header = reuse(header) }
        } else if let header = storage.supplementaryModel(ofKind: SupplementaryKind.header, inSection: section) {
            result.header = emit(entry(for: header, at: position, kind: .header))
        }
        let count = storage.numberOfItems(inSection: section)
        if records { result.items.reserveCapacity(count) }
        for item in 0..<count {
            let entry: RenderedEntry
            if let earlier = reusableItem(item) {
                entry = reuse(earlier)
            } else {
                let itemPosition = ItemPosition(item: item, section: section)
                // `item(at:)` is `nil` only out of range; a stored nil comes wrapped.
                let model: Any = storage.item(at: itemPosition) ?? Optional<Any>.none as Any
                entry = emit(self.entry(for: model, at: itemPosition, kind: .cell))
            }
            if records { result.items.append(entry) }
        }
        if let previous = previousSupplementaries {
            if let footer = previous.footer { result.footer = reuse(footer) }
            for entry in previous.custom { result.custom.append(reuse(entry)) }
        } else {
            if let footer = storage.supplementaryModel(ofKind: SupplementaryKind.footer, inSection: section) {
                result.footer = emit(entry(for: footer, at: position, kind: .footer))
            }
            for kind in registry.customKinds(of: storage, inSection: section) {
                if let model = storage.supplementaryModel(ofKind: kind.rawValue, inSection: section) {
                    result.custom.append(emit(entry(for: model, at: position, kind: kind)))
                }
            }
        }
        if records { sections.append(result) }
    }

    /// Writes an entry and its line break, and counts it.
    private mutating func emit(_ entry: RenderedEntry) -> RenderedEntry {
        output.write(entry.text)
        output.write("\n")
        if let diagnostic = entry.diagnostic {
            if diagnostic.code == .ambiguousMapping { ambiguous += 1 } else { missing += 1 }
            diagnostics.append(diagnostic)
        } else {
            rendered += 1
        }
        return entry
    }

    /// Writes an entry from an earlier render.
    private mutating func reuse(_ entry: RenderedEntry) -> RenderedEntry {
        reused += 1
        return emit(entry)
    }

    /// Resolves and renders one model, or makes a placeholder line.
    mutating func entry(for model: Any, at position: ItemPosition, kind: ViewKind) -> RenderedEntry {
        if let text = pool.text(for: model, at: position, kind: kind, source) {
            return RenderedEntry(text: text)
        }
        return placeholder(pool.diagnostic(for: model, at: position, kind: kind, source), value: unwrapOptionals(model), kind: kind)
    }

    /// The placeholder line `[code: Type at section S, item I]`
    /// (`[code: kind Type in section S]` for supplementary models).
    private func placeholder(_ diagnostic: Diagnostic, value: Any?, kind: ViewKind) -> RenderedEntry {
        let typeName = value.map { String(describing: type(of: $0)) } ?? "nil"
        let place = MappingRegistry.describe(diagnostic.position ?? ItemPosition(item: 0, section: 0), kind: kind)
        let text = "[\(diagnostic.code): \(kind == .cell ? "" : "\(kind) ")\(typeName) \(place)]"
        return RenderedEntry(text: text, diagnostic: diagnostic)
    }
}

/// One rendered item or supplementary model: its text (a view's output or a
/// placeholder, without the line break) and, for a placeholder, the
/// diagnostic that says why the item has no view.
struct RenderedEntry: Sendable {
    var text: String
    var diagnostic: Diagnostic?
}
