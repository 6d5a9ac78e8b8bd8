import MappingRegistry
import ModelStorage

extension CommandSession {
    /// Renders a document straight into standard output, in pieces of
    /// the tool's `renderPieceSize` (64 KiB unless a test asks for less),
    /// with the tool's render context, and returns the result with each
    /// diagnostic located at its model's entry in the document.
    ///
    /// Each item is resolved once, by the render; the text is never held
    /// whole, so memory does not grow with the output.
    func render(
        _ document: DataDocument,
        with registry: MappingRegistry,
        into standardOutput: inout some TextOutputStream
    ) -> RenderResult {
        var buffered = BufferedOutputStream(standardOutput, chunkSize: tool.renderPieceSize)
        let renderer = TextRenderer(registry: registry)
        // Without a context, the render that compiles no context handling.
        var result = tool.context.map { renderer.render(document.storage, into: &buffered, context: $0) }
            ?? renderer.render(document.storage, into: &buffered)
        standardOutput = buffered.finish()
        result.diagnostics = RenderDiagnosticLocator(document: document, registry: registry, context: tool.context).locate(result.diagnostics)
        return result
    }

    /// Reports the load diagnostics and the render's, the mappings' first,
    /// then the summary line `rendered 23 of 25; 1 missing, 1 ambiguous`;
    /// nothing when there is nothing to report.
    mutating func reportRender(
        _ result: RenderResult,
        mappingsDiagnostics: [Diagnostic],
        dataDiagnostics: [Diagnostic] = []
    ) {
        let groups = [mappingsDiagnostics, dataDiagnostics + result.diagnostics]
        guard groups.contains(where: { !$0.isEmpty }) else { return }
        report(groups, trailer: Self.renderSummary(result))
    }

    /// `rendered 23 of 25; 1 missing, 1 ambiguous`.
    static func renderSummary(_ result: RenderResult) -> String {
        let total = result.renderedCount + result.missingCount + result.ambiguousCount
        return "rendered \(result.renderedCount) of \(total); \(result.missingCount) missing, \(result.ambiguousCount) ambiguous"
    }
}
