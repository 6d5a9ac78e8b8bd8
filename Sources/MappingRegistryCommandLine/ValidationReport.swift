import Foundation
import MappingRegistry

/// What `validate --format json` prints: every diagnostic and the counts.
///
/// Each diagnostic is its `Codable` form: `severity`, `code`, `message`,
/// where known `file`, `line`, `column`, `pointer`, `section`, `item`, and
/// `notes` (each `{"message", "file", "line", "column", "pointer"}`) when
/// it has any. With several `--catalog`s, each diagnostic also has
/// `catalog` (the catalog file as given), and `catalogs` counts per catalog.
struct ValidationReport: Encodable {
    /// The error and warning counts.
    struct Summary: Encodable {
        var errors: Int
        var warnings: Int
    }

    /// One catalog's counts, with several `--catalog`s.
    struct CatalogSummary: Encodable {
        /// The catalog file, as given.
        var catalog: String
        /// Whether the catalog could be used (read and loaded).
        var checked: Bool
        var errors: Int
        var warnings: Int
    }

    /// A diagnostic, and the catalog it was found against.
    struct Entry: Encodable {
        private enum Key: String, CodingKey {
            case catalog
        }

        var diagnostic: Diagnostic
        var catalog: String?

        /// The diagnostic's own keys, and `catalog` beside them.
        func encode(to encoder: any Encoder) throws {
            try diagnostic.encode(to: encoder)
            guard let catalog else { return }
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(catalog, forKey: .catalog)
        }
    }

    var diagnostics: [Entry]
    var summary: Summary
    var catalogs: [CatalogSummary]?

    init(diagnostics: [Diagnostic]) {
        self.init(entries: diagnostics.map { Entry(diagnostic: $0) }, catalogs: nil)
    }

    init(entries: [Entry], catalogs: [CatalogSummary]?) {
        diagnostics = entries
        summary = Summary(
            errors: entries.count { $0.diagnostic.severity == .error },
            warnings: entries.count { $0.diagnostic.severity == .warning }
        )
        self.catalogs = catalogs
    }

    /// The report as pretty-printed JSON with sorted keys, ending with a line break.
    ///
    /// - Throws: `EncodingError` when a value cannot be encoded.
    func rendered() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}
