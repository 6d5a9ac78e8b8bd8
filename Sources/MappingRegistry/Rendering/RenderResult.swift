/// What ``TextRenderer/render(_:context:)`` produced: the text, every problem met,
/// and counts.
public struct RenderResult: Sendable {
    /// The rendered text: one block per section, blocks separated by a
    /// blank line. Items that could not be rendered show a placeholder line
    /// `[code: Type at section S, item I]`.
    public var text: String
    /// One diagnostic per item or supplementary model that resolved to no
    /// mapping (`missing-mapping`, `nil-model`) or to several (`ambiguous-mapping`).
    public var diagnostics: [Diagnostic]
    /// Items and supplementary models rendered by exactly one mapping.
    public var renderedCount: Int
    /// Items and supplementary models with no mapping, including `nil` ones.
    public var missingCount: Int
    /// Items and supplementary models claimed by several mappings.
    public var ambiguousCount: Int
    /// How many `TextView` instances the render created: one per reuse
    /// identifier used, however many items it showed.
    public var viewsCreated: Int

    /// Entries copied unchanged from a previous result by
    /// ``TextRenderer/render(_:update:previous:context:)``, without resolving or
    /// rendering them again; `0` for a full render.
    public var reusedCount: Int

    /// Every entry by section, so the result can be updated; `nil` when the
    /// text was streamed.
    var sections: [RenderedSection]?

    /// Whether every item and supplementary model was rendered.
    public var isComplete: Bool { missingCount == 0 && ambiguousCount == 0 }
}
