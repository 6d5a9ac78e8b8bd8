import Foundation
import MappingRegistry

/// What `validate --format json` prints: every diagnostic and the counts.
///
/// Each diagnostic is its `Codable` form: `severity`, `code`, `message`,
/// where known `file`, `line`, `column`, `pointer`, `section`, `item`, and
/// `notes` (each `{"message", "file", "line", "column", "pointer"}`) when
/// it has any.
struct ValidationReport: Encodable {
    /// The error and warning counts.
    struct Summary: Encodable {
        var errors: Int
        var warnings: Int
    }

    var diagnostics: [Diagnostic]
    var summary: Summary

    init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
        summary = Summary(
            errors: diagnostics.count { $0.severity == .error },
            warnings: diagnostics.count { $0.severity == .warning }
        )
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
