/// The rendered entries of one section, kept so a later render can reuse
/// what an update did not touch.
struct RenderedSection: Sendable {
    var header: RenderedEntry?
    var items: [RenderedEntry] = []
    var footer: RenderedEntry?
    /// Custom kinds, in render order.
    var custom: [RenderedEntry] = []
}
