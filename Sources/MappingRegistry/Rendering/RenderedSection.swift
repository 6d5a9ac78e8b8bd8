/// One rendered item or supplementary model: its text (a view's output or a
/// placeholder, without the line break) and, for a placeholder, the
/// diagnostic that says why the item has no view.
struct RenderedEntry: Sendable {
    var text: String
    var diagnostic: Diagnostic?
}

/// The rendered entries of one section, kept so a later render can reuse
/// what an update did not touch.
struct RenderedSection: Sendable {
    var header: RenderedEntry?
    var items: [RenderedEntry] = []
    var footer: RenderedEntry?
    /// Custom kinds, in render order.
    var custom: [RenderedEntry] = []
}
