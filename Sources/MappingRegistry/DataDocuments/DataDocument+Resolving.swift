import Foundation

extension DataDocument {
    /// Resolves every stored model through a registry, as `validate --data`
    /// and the language server do: each model that no mapping or several
    /// mappings claim gives its diagnostic, located at the model's entry.
    ///
    /// - Parameters:
    ///   - registry: The mappings to resolve with.
    ///   - context: The render context for predicates that read one, as a
    ///     tool's own state gives it; `nil` resolves without one.
    /// - Returns: One diagnostic per entry that does not resolve, in entry order.
    package func resolutionDiagnostics(with registry: MappingRegistry, context: (any Sendable)? = nil) -> [Diagnostic] {
        Self.resolutionDiagnostics(of: entries, with: registry, context: context)
    }

    /// Resolves each of `entries` through a registry: the diagnostic of
    /// each that no mapping or several mappings claim, at its entry.
    package static func resolutionDiagnostics(of entries: [Entry], with registry: MappingRegistry, context: (any Sendable)? = nil) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // A `null` header, footer or supplementary model means "none".
        for entry in entries where entry.kind == .cell || entry.value != nil {
            let model = entry.value as Any
            let resolution = context.map { registry.resolve(model, at: entry.position, kind: entry.kind, context: $0) }
                ?? registry.resolve(model, at: entry.position, kind: entry.kind)
            if var diagnostic = resolution.diagnostic {
                diagnostic.location = entry.location
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }
}

extension DataDocument {
    /// What a data document's check finds: every problem of its own, and
    /// the entries that loaded, so that they are still resolved when
    /// another entry has an error (an unknown model hides nothing else).
    package struct Check {
        /// The entries that loaded, in document order.
        package var entries: [Entry]
        /// Every problem with the document, sorted.
        package var diagnostics: [Diagnostic]
        /// Whether the document loads (no error under the policy).
        package var loads: Bool
    }

    /// Checks a data document without stopping at its errors: what
    /// `validate --data` and the language server report.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - plugins: The catalog whose models create the values.
    ///   - source: The file name diagnostics use.
    ///   - policy: Which codes are errors, warnings or ignored.
    package static func check(_ data: Data, plugins: PluginCatalog, source: String, policy: DiagnosticPolicy = DiagnosticPolicy()) -> Check {
        do {
            let document = try DataDocument(data: data, plugins: plugins, source: source, policy: policy)
            return Check(entries: document.entries, diagnostics: document.warnings, loads: true)
        } catch {
            // The reference loader keeps each entry that has no error of its own.
            var loader = DataDocumentLoader(source: source, plugins: plugins, bytes: [UInt8](data), policy: policy)
            loader.run()
            return Check(entries: loader.entries, diagnostics: Diagnostic.sorted(error.diagnostics), loads: false)
        }
    }
}

extension Diagnostic {
    /// `unchecked-items`: a data document whose mappings do not load, so
    /// its items were not resolved; at the document's start. Every front
    /// end says this one thing, and never resolves the items through other
    /// mappings instead.
    ///
    /// - Parameters:
    ///   - source: The data document's name, as its diagnostics give it.
    ///   - mappings: The mappings file it goes with, as the front end names it.
    package static func uncheckedItems(in source: String, mappings: String) -> Diagnostic {
        Diagnostic(
            severity: .warning,
            code: .uncheckedItems,
            message: "the items were not resolved, because the mappings they go with ('\(mappings)') do not load; fix its errors to check which view shows each item",
            location: SourceLocation(file: source, line: 1, column: 1, pointer: "")
        )
    }
}
