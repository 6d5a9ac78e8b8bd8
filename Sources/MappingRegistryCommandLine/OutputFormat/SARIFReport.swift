import Foundation
import MappingRegistry
import ModelStorage

/// Diagnostics as a SARIF 2.1.0 log (OASIS Static Analysis Results
/// Interchange Format), which code scanning services and editors read:
/// one run (one per catalog with several `--catalog`s), one rule per diagnostic code (from the code table: its summary,
/// help and default level), one result per diagnostic with its level and
/// its region (line and column, counted in Unicode code points, as
/// diagnostics count them), and its notes as `relatedLocations`.
///
/// A diagnostic without a location (an unused plugin) is placed on the
/// file it is about, with no region: code scanning needs a location.
package struct SARIFReport {
    /// One run of the log: the diagnostics of one check (with several
    /// `--catalog`s, of one catalog).
    struct Run {
        var diagnostics: [Diagnostic]
        /// For diagnostics without a location, the file they are about.
        var subjects: [Diagnostic: String]
        /// The catalog checked against, as given; `nil` for one check.
        var catalog: String?
        /// The catalog's label, unique in the log: its file name, or its
        /// path when two share a file name. The run's `automationDetails`
        /// id (`catalog/LABEL/`), so code scanning keeps the runs apart.
        var label: String?
        /// Whether the check ran: `false` for a catalog that could not be used.
        var executed = true
    }

    /// The official schema's address, which the log declares.
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    var toolName: String
    var runs: [Run]

    /// A log of one run.
    package init(toolName: String, diagnostics: [Diagnostic], subjects: [Diagnostic: String]) {
        self.init(toolName: toolName, runs: [Run(diagnostics: diagnostics, subjects: subjects)])
    }

    /// A log of several runs, in the order given.
    init(toolName: String, runs: [Run]) {
        self.toolName = toolName
        self.runs = runs
    }

    /// The log as JSON, ending with a line break.
    package func rendered() -> String {
        let codes = Diagnostic.Code.all
        let rules: [JSONValue] = codes.map { code in
            .object([
                ("id", .string(code.rawValue)),
                ("name", .string(code.ruleName)),
                ("shortDescription", .object([("text", .string(code.summary))])),
                ("help", .object([("text", .string(code.help))])),
                ("defaultConfiguration", .object([("level", .string(Self.level(code.defaultSeverity)))])),
            ])
        }
        let log: JSONValue = .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", "2.1.0"),
            ("runs", .array(runs.map { run($0, rules: rules, codes: codes) })),
        ])
        return log.rendered()
    }

    /// One run: the tool with every rule, and a result per diagnostic.
    private func run(_ run: Run, rules: [JSONValue], codes: [Diagnostic.Code]) -> JSONValue {
        let results: [JSONValue] = run.diagnostics.map { diagnostic in
            var result: [(String, JSONValue)] = [("ruleId", .string(diagnostic.code.rawValue))]
            if let index = codes.firstIndex(of: diagnostic.code) {
                result.append(("ruleIndex", .integer(index)))
            }
            result.append(("level", .string(Self.level(diagnostic.severity))))
            result.append(("message", .object([("text", .string(diagnostic.message))])))
            if let location = diagnostic.location {
                result.append(("locations", [Self.location(location.file, region: Self.region(location))]))
            } else if let subject = run.subjects[diagnostic] {
                result.append(("locations", [Self.location(subject, region: nil)]))
            }
            if !diagnostic.notes.isEmpty {
                result.append(("relatedLocations", .array(diagnostic.notes.enumerated().map(Self.relatedLocation))))
            }
            var properties: [(String, JSONValue)] = []
            if let pointer = diagnostic.location?.pointer, !pointer.isEmpty { properties.append(("jsonPointer", .string(pointer))) }
            if let position = diagnostic.position {
                properties.append(("section", .integer(position.section)))
                properties.append(("item", .integer(position.item)))
            }
            if let catalog = run.catalog { properties.append(("catalog", .string(catalog))) }
            if !properties.isEmpty { result.append(("properties", .object(properties))) }
            return .object(result)
        }
        var members: [(String, JSONValue)] = [
            ("tool", .object([("driver", .object([("name", .string(toolName)), ("rules", .array(rules))]))])),
        ]
        if let label = run.label {
            members.append(("automationDetails", .object([
                ("id", .string("catalog/\(label)/")),
                ("description", .object([("text", .string("checked against the catalog \(run.catalog ?? label)"))])),
            ])))
        }
        if !run.executed {
            members.append(("invocations", [.object([("executionSuccessful", false)])]))
        }
        members.append(("columnKind", "unicodeCodePoints"))
        members.append(("results", .array(results)))
        if let catalog = run.catalog { members.append(("properties", .object([("catalog", .string(catalog))]))) }
        return .object(members)
    }

    static func level(_ severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A note as a related location: its id (its index among the notes),
    /// its message, and where known its place and JSON pointer.
    static func relatedLocation(_ index: Int, _ note: Diagnostic.Note) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .integer(index))]
        if let place = note.location {
            members.append(("physicalLocation", physicalLocation(place.file, region: region(place))))
        }
        members.append(("message", .object([("text", .string(note.message))])))
        if let pointer = note.location?.pointer, !pointer.isEmpty {
            members.append(("properties", .object([("jsonPointer", .string(pointer))])))
        }
        return .object(members)
    }

    /// The region of a location: its line and column.
    static func region(_ location: SourceLocation) -> JSONValue {
        .object([("startLine", .integer(location.line)), ("startColumn", .integer(location.column))])
    }

    /// A physical location; the region is left out for a whole file.
    static func location(_ file: String, region: JSONValue?) -> JSONValue {
        .object([("physicalLocation", physicalLocation(file, region: region))])
    }

    /// A file and, unless it is the whole file, a region of it.
    static func physicalLocation(_ file: String, region: JSONValue?) -> JSONValue {
        var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(uri(file)))]))]
        if let region { physical.append(("region", region)) }
        return .object(physical)
    }

    /// A file path as a URI reference: relative paths stay relative (code
    /// scanning resolves them against the repository), absolute ones
    /// become `file://` URIs; characters URIs do not allow are escaped.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + escaped : escaped
    }
}
