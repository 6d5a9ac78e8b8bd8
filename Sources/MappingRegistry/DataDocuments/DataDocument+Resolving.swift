extension DataDocument {
    /// Resolves every stored model through a registry, as `validate --data`
    /// and the language server do: each model that no mapping or several
    /// mappings claim gives its diagnostic, located at the model's entry.
    ///
    /// - Parameter registry: The mappings to resolve with.
    /// - Returns: One diagnostic per entry that does not resolve, in entry order.
    package func resolutionDiagnostics(with registry: MappingRegistry) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entry in entries {
            // A `null` header, footer or supplementary model means "none".
            guard entry.kind == .cell || entry.value != nil else { continue }
            if var diagnostic = registry.resolve(entry.value as Any, at: entry.position, kind: entry.kind).diagnostic {
                diagnostic.location = entry.location
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }
}
