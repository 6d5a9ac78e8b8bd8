import Foundation

extension DataDocument {
    /// Resolves each of `entries` through a registry, once, as `validate`
    /// and the language server do: the diagnostic of each that no mapping
    /// or several mappings claim, at its entry; each that resolves is
    /// passed to `resolved` with its mapping's location (nothing is kept
    /// per entry unless the caller keeps it: `validate` keeps nothing).
    ///
    /// - Parameters:
    ///   - entries: The entries, as ``check(_:plugins:source:policy:)`` keeps them.
    ///   - registry: The mappings to resolve with.
    ///   - context: The render context for predicates that read one; `nil` for none.
    ///   - resolved: Called for each entry that resolves, with where its mapping was declared.
    /// - Returns: The diagnostics of the entries that do not resolve, in entry order.
    package static func resolve(
        _ entries: [Entry],
        with registry: MappingRegistry,
        context: (any Sendable)? = nil,
        resolved: (_ mapping: SourceLocation, _ entry: Entry) -> Void = { _, _ in }
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // A `null` header, footer or supplementary model means "none".
        for entry in entries where entry.kind == .cell || entry.value != nil {
            let model = entry.value as Any
            let resolution = context.map { registry.resolve(model, at: entry.position, kind: entry.kind, context: $0) }
                ?? registry.resolve(model, at: entry.position, kind: entry.kind)
            if let mapping = resolution.mapping {
                resolved(mapping.location, entry)
            } else if var diagnostic = resolution.diagnostic {
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
        // As `init(data:…)` loads, without building a storage: a document
        // without a problem on the fast path, any other read once by the
        // reference loader, which keeps each entry with no error of its own.
        let loaded = data.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: UInt8.self) { bytes in
                DataDocumentFastLoader.load(bytes, source: source, plugins: plugins)
            }
        }
        if let loaded {
            return Check(entries: loaded.entries, diagnostics: [], loads: true)
        }
        var loader = DataDocumentLoader(source: source, plugins: plugins, bytes: [UInt8](data), policy: policy)
        loader.run()
        return Check(entries: loader.entries, diagnostics: Diagnostic.sorted(loader.diagnostics), loads: loader.errorCount == 0)
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
