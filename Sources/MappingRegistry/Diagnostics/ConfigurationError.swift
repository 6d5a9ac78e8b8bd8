/// The error thrown when a configuration or a data document cannot be
/// loaded: every problem found, not just the first.
///
/// A ``MappingRegistry`` initializer, ``ReloadingRegistry/reload()``,
/// ``PluginCatalog/catalogDocument(including:)`` and ``DataDocument``'s
/// initializers throw it.
///
/// ```swift
/// do {
///     _ = try MappingRegistry(configuration: data, plugins: catalog)
/// } catch {
///     print(error)
/// }
/// ```
/// ```text
/// mappings.json:3:14: error: unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]
/// mappings.json:5:40: error: 'section' must be 0 or greater, found -1 [invalid-section]
/// ```
public struct ConfigurationError: Error, Sendable, CustomStringConvertible {
    /// Every error found, sorted by file, line and column. Warnings found in
    /// the same pass are included after the errors.
    public var diagnostics: [Diagnostic]

    /// Creates an error from diagnostics; they are sorted for printing.
    ///
    /// - Parameter diagnostics: The diagnostics, at least one of them an error.
    public init(diagnostics: [Diagnostic]) {
        let errors = diagnostics.filter { $0.severity == .error }
        let others = diagnostics.filter { $0.severity != .error }
        self.diagnostics = Diagnostic.sorted(errors) + Diagnostic.sorted(others)
    }

    /// The errors only, without warnings.
    public var errors: [Diagnostic] {
        diagnostics.filter { $0.severity == .error }
    }

    /// One diagnostic a line, in printing order, each followed by a line
    /// per note (`file:line:column: note: message`).
    public var description: String {
        diagnostics.flatMap { [$0.description] + $0.notes.map(\.description) }.joined(separator: "\n")
    }
}
