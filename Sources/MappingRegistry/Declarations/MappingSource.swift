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
    /// Mappings declared in Swift with `Map(…)`.
    case declarations([MappingDeclaration])
    /// The contents of a `mappings.json` file and the name diagnostics use for it.
    case json(Data, name: String)

    /// Mappings declared in Swift, one `Map(…)` per line.
    ///
    /// - Parameter declarations: The declarations.
    /// - Returns: A source holding them.
    public static func declarations(@MappingDeclarationBuilder _ declarations: () -> [MappingDeclaration]) -> MappingSource {
        .declarations(declarations())
    }
}
