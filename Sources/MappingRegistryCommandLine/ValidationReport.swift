import MappingRegistry

/// What `validate --format json` prints: every diagnostic and the counts.
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
}
