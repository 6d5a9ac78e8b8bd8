import Foundation
import MappingRegistry

/// `validate --catalog A.json --catalog B.json …`: one configuration
/// checked against several app versions' catalogs, each reported on its
/// own, since a server's configuration must load on every app version it
/// serves.
///
/// Each catalog is one whole check, as with a single `--catalog`. Text
/// output prefixes every line of a catalog's report (its diagnostics,
/// excerpts and summary line, and why a catalog cannot be used) with
/// `[LABEL] `, then ends with one line for the whole run; `github`
/// annotations carry the prefix in their message; JSON gives each
/// diagnostic a `catalog` field and counts per catalog; SARIF has one run
/// per catalog. The label is the catalog's file name, or the path as given
/// when two catalogs share a file name. The exit code is the worst of the
/// catalogs': 2 when a catalog or another file cannot be used, else 1 when
/// any catalog finds errors. One `--catalog` prints as it always did,
/// with no prefix, so scripts written for it keep working.
extension CommandSession {
    /// One catalog's check, with what it printed on its own (why the
    /// catalog cannot be used).
    private struct CatalogCheck {
        var catalog: String
        var label: String
        /// The inputs checked; `nil` when the catalog could not be used.
        var inputs: [CheckedInput]?
        var summaries: [String]
        /// What the check printed to standard error as it ran.
        var said: String

        var diagnostics: [Diagnostic] {
            (inputs ?? []).flatMap { DiagnosticFormatter.ordered($0.diagnostics) }
        }

        var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Checks the files against every catalog, reports per catalog, and
    /// exits with the worst outcome.
    mutating func validateAgainstCatalogs() -> ExitCode {
        // Usage errors that do not depend on the catalog are said once.
        if arguments.data != nil {
            return usageError("--data cannot be checked with --catalog: creating stored values needs the app's own types")
        }
        if tool.isStandalone, arguments.arguments.isEmpty {
            return usageError("validate needs at least one mappings file")
        }
        let labels = Self.catalogLabels(arguments.catalogs)
        var checks: [CatalogCheck] = []
        for (catalog, label) in zip(arguments.catalogs, labels) {
            let earlier = errors
            errors = ""
            let run = check(catalog: catalog)
            let said = errors
            errors = earlier
            switch run {
            case .stopped(let code):
                // Only a catalog that cannot be used stops one check here.
                guard code == .usage else { return code }
                checks.append(CatalogCheck(catalog: catalog, label: label, inputs: nil, summaries: [], said: said))
            case .checked(let inputs, let summaries):
                checks.append(CatalogCheck(catalog: catalog, label: label, inputs: promoted(inputs), summaries: summaries, said: said))
            }
        }
        guard write(checks) else { return .failure }
        if checks.contains(where: { $0.inputs.map { Self.exitCode($0) == .usage } ?? true }) { return .usage }
        return checks.contains(where: \.hasErrors) ? .failure : .success
    }

    /// Writes every catalog's report in the chosen format, then (text and
    /// `github`) the line for the whole run. `false` when JSON cannot be encoded.
    private mutating func write(_ checks: [CatalogCheck]) -> Bool {
        switch arguments.format {
        case .text, .github:
            for check in checks {
                var text = check.said
                if arguments.format == .text {
                    text += (check.inputs ?? []).map { formatter.format($0.diagnostics) }.joined()
                } else {
                    output += GitHubAnnotations.lines(for: check.diagnostics, prefix: "[\(check.label)] ")
                }
                if !check.summaries.isEmpty {
                    text += summaryLine(check.diagnostics, trailer: "checked " + check.summaries.joined(separator: ", "))
                }
                errors += Self.prefixingLines(of: text, with: "[\(DiagnosticFormatter.escapingNonPrintingCharacters(check.label))] ")
            }
            errors += summaryLine(checks.flatMap(\.diagnostics), trailer: Self.catalogsTrailer(checks))
        case .json:
            let entries = checks.flatMap { check in
                check.diagnostics.map { ValidationReport.Entry(diagnostic: $0, catalog: check.catalog) }
            }
            let catalogs = checks.map { check in
                ValidationReport.CatalogSummary(
                    catalog: check.catalog,
                    checked: check.inputs != nil,
                    errors: check.diagnostics.count { $0.severity == .error },
                    warnings: check.diagnostics.count { $0.severity == .warning }
                )
            }
            errors += checks.map(\.said).joined()
            do {
                output += try ValidationReport(entries: entries, catalogs: catalogs).rendered()
            } catch {
                errors += "\(tool.name): error: cannot encode the diagnostics as JSON: \(error)\n"
                return false
            }
        case .sarif:
            errors += checks.map(\.said).joined()
            let runs = checks.map { check in
                SARIFReport.Run(
                    diagnostics: check.diagnostics,
                    subjects: Self.subjects(check.inputs ?? []),
                    catalog: check.catalog,
                    label: check.label,
                    executed: check.inputs != nil
                )
            }
            output += SARIFReport(toolName: tool.name, runs: runs).rendered()
        }
        return true
    }

    /// `checked against 2 catalogs; errors with A.json; cannot use C.json`,
    /// or `…, no errors with any`.
    private static func catalogsTrailer(_ checks: [CatalogCheck]) -> String {
        var trailer = "checked against \(count(checks.count, "catalog"))"
        let failed = checks.filter { $0.inputs != nil && $0.hasErrors }.map(\.label)
        let unused = checks.filter { $0.inputs == nil }.map(\.label)
        if failed.isEmpty, unused.isEmpty { return trailer + ", no errors with any" }
        if !failed.isEmpty { trailer += "; errors with " + failed.joined(separator: ", ") }
        if !unused.isEmpty { trailer += "; cannot use " + unused.joined(separator: ", ") }
        return trailer
    }

    /// Each catalog's label: its file name, or the path as given when
    /// another catalog has the same file name.
    static func catalogLabels(_ paths: [String]) -> [String] {
        let names = paths.map { URL(fileURLWithPath: $0).lastPathComponent }
        return zip(paths, names).map { path, name in
            names.count { $0 == name } > 1 ? path : name
        }
    }

    /// Text with `prefix` before each of its lines.
    static func prefixingLines(of text: String, with prefix: String) -> String {
        var result = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            result += prefix + line + "\n"
        }
        // A last line without a line break (there is none in practice).
        if let last = text.split(separator: "\n", omittingEmptySubsequences: false).last, !last.isEmpty {
            result += prefix + last
        }
        return result
    }
}
