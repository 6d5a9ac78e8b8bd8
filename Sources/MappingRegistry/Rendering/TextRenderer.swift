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

    /// Renders every section of a storage into a string.
    ///
    /// Views with `ModelTransfer` are created with `init()` only when the
    /// reuse pool for their reuse identifier is empty, and reused for every
    /// later item with that identifier.
    ///
    /// ```swift
    /// let result = TextRenderer(registry: registry).render(storage, context: FeedSettings(mutedAuthors: muted))
    /// ```
    ///
    /// - Parameters:
    ///   - storage: The models to render.
    ///   - context: The app's state that context-reading predicates are
    ///     given. Default: none; an item whose mapping depends on a context
    ///     of another type (or none) is `missing-context`.
    /// - Returns: The text, the diagnostics and the counts.
    public func render(_ storage: some Storage, context: (any Sendable)? = nil) -> RenderResult {
        if context == nil { return render(storage, NoContext()) }
        return render(storage, context)
    }

    private func render(_ storage: some Storage, _ source: some ContextSource) -> RenderResult {
        var session = RenderSession(registry: registry, output: "", records: true, source: source)
        session.renderSections(of: storage)
        return session.result(text: session.output)
    }

    /// Renders every section of a storage into a stream, for output too
    /// large to keep, or written as it is produced.
    ///
    /// - Parameters:
    ///   - storage: The models to render.
    ///   - output: Where the text goes, piece by piece.
    ///   - context: The app's state that context-reading predicates are given. Default: none.
    /// - Returns: The diagnostics and counts; its ``RenderResult/text`` is
    ///   empty, since the text went to `output`.
    public func render(_ storage: some Storage, into output: inout some TextOutputStream, context: (any Sendable)? = nil) -> RenderResult {
        if context == nil { return render(storage, into: &output, NoContext()) }
        return render(storage, into: &output, context)
    }

    private func render(_ storage: some Storage, into output: inout some TextOutputStream, _ source: some ContextSource) -> RenderResult {
        var session = RenderSession(registry: registry, output: output, records: false, source: source)
        session.renderSections(of: storage)
        output = session.output
        return session.result(text: "")
    }
}
