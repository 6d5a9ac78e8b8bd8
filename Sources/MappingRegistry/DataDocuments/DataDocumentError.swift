/// The error ``DataDocument`` throws when a data document cannot be
/// loaded: every problem found, not just the first.
///
/// ```swift
/// do {
///     _ = try DataDocument(data: data, plugins: catalog, source: "menu.json")
/// } catch {
///     print(error)
/// }
/// ```
/// ```text
/// menu.json:4:21: error: unknown model 'Dsh'; did you mean 'Dish'? [unknown-model]
/// menu.json:9:60: error: 'price' in the value of model 'Dish' must be a number, found a string ("six") [undecodable-value]
/// ```
public struct DataDocumentError: Error, Sendable, CustomStringConvertible {
    /// Every problem found, sorted by file, line and column.
    public var diagnostics: [Diagnostic]

    /// Creates an error from diagnostics; they are sorted for printing.
    ///
    /// - Parameter diagnostics: The diagnostics.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = Diagnostic.sorted(diagnostics)
    }

    /// One diagnostic a line, in printing order.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
