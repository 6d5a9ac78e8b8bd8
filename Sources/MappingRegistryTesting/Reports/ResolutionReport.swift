import MappingRegistry
import ModelStorage

/// What every model of a storage resolves to, as a text table for snapshot
/// tests: one line per model, in the order a renderer shows them.
///
/// ```swift
/// let report = ResolutionReport(registry: registry, storage: storage)
/// ```
///
/// Each line has the model's place, its model name and the view of the
/// winning mapping with where it is declared, or the diagnostic code when
/// none wins:
///
/// ```text
/// position           model     mapping
/// section 0, header  String    SectionTitle (mappings.json:13:5)
/// section 0, item 0  Dish      ChefSpecialRow (mappings.json:6:5)
/// section 1, item 0  Post      PostCell "hero" (FeedTests/FeedMappings.swift)
/// section 4, item 1  GiftCard  missing-mapping
/// ```
///
/// A mapping is named by an identity that does not change with the
/// checkout or with unrelated edits: a JSON mapping by its file as loaded,
/// line and column (a file loaded by an absolute path is cut to the
/// shortest tail of its path that tells it from the registry's other files,
/// usually its name); a Swift mapping by its file as `#fileID` writes it,
/// without a line (with `#2` only when two Swift mappings of one file would
/// otherwise read the same). A reuse identifier other than the view's name
/// follows the view in quotes. With `includeLocations: false` the
/// identities are left out.
///
/// With `explain: true`, each line is followed by one indented line per
/// other mapping of its kind, saying why it lost: another model, the
/// failing part of its condition, or a lower priority.
///
/// The text depends only on the registry, the storage and the context:
/// columns are padded with spaces and nothing depends on hashing, the
/// platform or the checkout's path, so a report is byte-identical wherever
/// it is made.
public struct ResolutionReport: Equatable, Sendable, CustomStringConvertible {
    /// The table: a header line, then one line per model, each ending in a line break.
    public let description: String

    /// Resolves every model of a storage and writes the table.
    ///
    /// - Parameters:
    ///   - registry: The mappings to resolve with.
    ///   - storage: The models, by section: cells, headers, footers and custom kinds.
    ///   - context: The render context for predicates that read one. Default: none.
    ///   - explain: Whether to add, under each line, why each other mapping lost. Default `false`.
    ///   - includeLocations: Whether to name where each mapping is declared
    ///     (`mappings.json:6:5`, `FeedTests/FeedMappings.swift`). Default `true`.
    public init(
        registry: MappingRegistry,
        storage: some Storage,
        context: (any Sendable)? = nil,
        explain: Bool = false,
        includeLocations: Bool = true
    ) {
        let names = MappingNames(registry.mappings)
        var rows: [(columns: [String], reasons: [String])] = [(["position", "model", "mapping"], [])]
        for stored in StoredModel.all(in: storage, registry: registry) {
            let resolution = registry.resolve(stored.model, at: stored.position, kind: stored.kind, context: context)
            let outcome = switch resolution {
            case .resolved(let mapping): names.describe(mapping, includeLocation: includeLocations)
            case .missing(let diagnostic), .ambiguous(_, let diagnostic): diagnostic.code.rawValue
            }
            let reasons = explain
                ? registry.rejections(of: stored.model, at: stored.position, kind: stored.kind, context: context, naming: {
                    names.describe($0, quoted: true, includeLocation: includeLocations)
                })
                : []
            rows.append(([stored.place, registry.modelName(of: stored.model) ?? "nil", outcome], reasons))
        }
        let widths = (0..<2).map { column in rows.map { $0.columns[column].count }.max() ?? 0 }
        var text = ""
        for row in rows {
            for column in 0..<2 {
                let cell = row.columns[column]
                text += cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            text += row.columns[2] + "\n"
            for reason in row.reasons { text += "    - " + reason + "\n" }
        }
        description = text
    }
}
