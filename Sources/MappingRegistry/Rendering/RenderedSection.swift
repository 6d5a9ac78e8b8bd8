/// One rendered item or supplementary model: its text (a view's output or a
/// placeholder, without the line break) and what happened.
struct RenderedEntry: Sendable {
    enum Outcome: Sendable { case rendered, missing, ambiguous }

    var text: String
    var outcome: Outcome
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
