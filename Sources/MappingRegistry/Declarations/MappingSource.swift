import Foundation

/// Where a registry's mappings come from: Swift declarations, or the
/// contents of a `mappings.json` file. A registry may combine any number
/// of each; every check across mappings (duplicates, overlaps, reuse
/// identifiers) spans all of them.
///
/// ```swift
/// let registry = try MappingRegistry(plugins: plugins, sources: [
///     .declarations {
///         Map(DishRow.self)
///     },
///     .json(try Data(contentsOf: url), name: "mappings.json"),
/// ])
/// ```
public enum MappingSource: Sendable {
    /// Mappings declared in Swift with `Map(…)`, of any view and model
    /// types: `.declarations([Map(DishRow.self), Map(DrinkRow.self)])`.
    case declarations([MappingDeclaration])
    /// The contents of a `mappings.json` file and the name diagnostics use for it.
    case json(Data, name: String)
    /// A `mappings.json` file, read when the registry loads; see ``json(contentsOf:)``.
    case jsonFile(URL)

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
        .jsonFile(url)
    }

    /// The name diagnostics use for a JSON source; `nil` for Swift declarations.
    var jsonName: String? {
        switch self {
        case .declarations: nil
        case .json(_, let name): name
        case .jsonFile(let url): url.path
        }
    }

    /// Mappings declared in Swift, one `Map(…)` per line.
    ///
    /// - Parameter declarations: The declarations.
    /// - Returns: A source holding them.
    public static func declarations(@MappingDeclarationBuilder _ declarations: () -> [MappingDeclaration]) -> MappingSource {
        .declarations(declarations())
    }
}
