import Foundation

/// Where a registry's mappings come from: Swift declarations, or a
/// `mappings.json` document, given as bytes or as a file. A registry may
/// combine any number of each; every check across mappings (duplicates,
/// overlaps, reuse identifiers) spans all of them.
///
/// ```swift
/// let registry = try MappingRegistry(plugins: plugins, sources: [
///     .declarations {
///         Map(DishRow.self)
///     },
///     .json(try Data(contentsOf: url), name: "mappings.json"),
/// ])
/// ```
///
/// A struct with a static function per kind of source, rather than an
/// enum, so that a later kind of source is not a breaking change.
public struct MappingSource: Sendable {
    /// What the source holds.
    enum Content: Sendable {
        case declarations([MappingDeclaration])
        case json(Data, name: String)
        case jsonFile(URL)
    }

    /// What the source holds.
    let content: Content

    private init(_ content: Content) {
        self.content = content
    }

    /// Mappings declared in Swift with `Map(…)`, of any view and model
    /// types: `.declarations([Map(DishRow.self), Map(DrinkRow.self)])`.
    ///
    /// - Parameter declarations: The declarations, in order.
    /// - Returns: A source holding them.
    public static func declarations(_ declarations: [MappingDeclaration]) -> MappingSource {
        MappingSource(.declarations(declarations))
    }

    /// Mappings declared in Swift, one `Map(…)` per line.
    ///
    /// - Parameter declarations: The declarations.
    /// - Returns: A source holding them.
    public static func declarations(@MappingDeclarationBuilder _ declarations: () -> [MappingDeclaration]) -> MappingSource {
        MappingSource(.declarations(declarations()))
    }

    /// The contents of a `mappings.json` file and the name diagnostics use for it.
    ///
    /// - Parameters:
    ///   - data: The document's bytes (UTF-8 JSON).
    ///   - name: The file name diagnostics use, such as `"mappings.json"`.
    /// - Returns: A source holding the document.
    public static func json(_ data: Data, name: String) -> MappingSource {
        MappingSource(.json(data, name: name))
    }

    /// A `mappings.json` file, read when the registry loads through the same
    /// checked reader as every file: one that cannot be read, is too large
    /// or is not UTF-8 gives its diagnostic (`unreadable-file`,
    /// `invalid-json`) in the thrown ``ConfigurationError``. Diagnostics
    /// name it by the URL's path as given.
    ///
    /// ```swift
    /// let registry = try MappingRegistry(plugins: plugins, sources: [
    ///     .declarations(FeedMappings.all),
    ///     .json(contentsOf: Bundle.main.url(forResource: "mappings", withExtension: "json")!),
    /// ])
    /// ```
    ///
    /// - Parameter url: The file.
    /// - Returns: A source that reads it at load.
    public static func json(contentsOf url: URL) -> MappingSource {
        MappingSource(.jsonFile(url))
    }

    /// The Swift declarations of this source; empty for a JSON source.
    var swiftDeclarations: [MappingDeclaration] {
        if case .declarations(let declarations) = content { return declarations }
        return []
    }

    /// The name diagnostics use for a JSON source; `nil` for Swift declarations.
    var jsonName: String? {
        switch content {
        case .declarations: nil
        case .json(_, let name): name
        case .jsonFile(let url): url.path
        }
    }
}
