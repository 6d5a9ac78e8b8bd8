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
/// section 4, item 1  GiftCard  missing-mapping
/// ```
///
/// With `explain: true`, each line is followed by one indented line per
/// other mapping of its kind, saying why it lost: another model, the
/// failing part of its condition, or a lower priority.
///
/// The text depends only on the registry, the storage and the context:
/// columns are padded with spaces and nothing depends on hashing or the
/// platform, so a report is byte-identical wherever it is made.
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
    public init(registry: MappingRegistry, storage: some Storage, context: (any Sendable)? = nil, explain: Bool = false) {
        var rows: [(columns: [String], reasons: [String])] = [(["position", "model", "mapping"], [])]
        for stored in StoredModel.all(in: storage, registry: registry) {
            let resolution = registry.resolve(stored.model, at: stored.position, kind: stored.kind, context: context)
            let outcome = switch resolution {
            case .resolved(let mapping): "\(mapping.view) (\(mapping.location))"
            case .missing(let diagnostic), .ambiguous(_, let diagnostic): diagnostic.code.rawValue
            }
            let reasons = explain ? registry.rejections(of: stored.model, at: stored.position, kind: stored.kind, context: context) : []
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
