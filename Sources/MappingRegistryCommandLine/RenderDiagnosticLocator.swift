import MappingRegistry
import ModelStorage

/// Gives the diagnostics of a render the locations of their models in the
/// data document, so a render reports each item where it was written
/// without resolving every item a second time.
///
/// A render's diagnostic carries the item's position but not its kind. An
/// item position names one entry, except item 0 of a section, which a
/// header, a footer and custom supplementary models share with the first
/// item; only for such a shared position, and only for the entries there,
/// is the model resolved again to see which one the diagnostic is about.
struct RenderDiagnosticLocator {
    let document: DataDocument
    let registry: MappingRegistry
    /// The render context the render had, so a model resolves again as it did.
    var context: (any Sendable)?

    /// The diagnostics, each located at its entry in the document when found.
    func locate(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let wanted = Set(diagnostics.compactMap(\.position))
        guard !wanted.isEmpty else { return diagnostics }
        // One pass over the entries, keeping only those at a reported position.
        var candidates: [ItemPosition: [DataDocument.Entry]] = [:]
        for entry in document.entries where wanted.contains(entry.position) {
            // A `null` header, footer or supplementary model is not rendered.
            guard entry.kind == .cell || entry.value != nil else { continue }
            candidates[entry.position, default: []].append(entry)
        }
        return diagnostics.map { diagnostic in
            guard let position = diagnostic.position, var entries = candidates[position] else { return diagnostic }
            let index: Int?
            if entries.count == 1 {
                index = 0
            } else {
                index = entries.firstIndex { entry in
                    let resolution = context.map { registry.resolve(entry.value as Any, at: position, kind: entry.kind, context: $0) }
                        ?? registry.resolve(entry.value as Any, at: position, kind: entry.kind)
                    return resolution.diagnostic == diagnostic
                }
            }
            guard let index else { return diagnostic }
            var located = diagnostic
            located.location = entries.remove(at: index).location
            candidates[position] = entries
            return located
        }
    }
}
