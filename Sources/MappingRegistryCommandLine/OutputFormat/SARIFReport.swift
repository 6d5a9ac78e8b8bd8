import Foundation
import MappingRegistry
import ModelStorage

/// Diagnostics as a SARIF 2.1.0 log (OASIS Static Analysis Results
/// Interchange Format), which code scanning services and editors read:
/// one run, one rule per diagnostic code (from the code table: its summary,
/// help and default level), one result per diagnostic with its level and
/// its region (line and column, counted in Unicode code points, as
/// diagnostics count them), and its notes as `relatedLocations`.
///
/// A diagnostic without a location (an unused plugin) is placed on the
/// file it is about, with no region: code scanning needs a location.
struct SARIFReport {
    /// The official schema's address, which the log declares.
    static let schemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    var toolName: String
    var diagnostics: [Diagnostic]
    /// For diagnostics without a location, the file they are about.
    var subjects: [Diagnostic: String]

    /// The log as JSON, ending with a line break.
    func rendered() -> String {
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
        let results: [JSONValue] = diagnostics.map { diagnostic in
            var result: [(String, JSONValue)] = [("ruleId", .string(diagnostic.code.rawValue))]
            if let index = codes.firstIndex(of: diagnostic.code) {
                result.append(("ruleIndex", .integer(index)))
            }
            result.append(("level", .string(Self.level(diagnostic.severity))))
            result.append(("message", .object([("text", .string(diagnostic.message))])))
            if let location = diagnostic.location {
                result.append(("locations", [Self.location(location.file, region: Self.region(location))]))
            } else if let subject = subjects[diagnostic] {
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
            if !properties.isEmpty { result.append(("properties", .object(properties))) }
            return .object(result)
        }
        let log: JSONValue = .object([
            ("$schema", .string(Self.schemaURI)),
            ("version", "2.1.0"),
            ("runs", [.object([
                ("tool", .object([("driver", .object([("name", .string(toolName)), ("rules", .array(rules))]))])),
                ("columnKind", "unicodeCodePoints"),
                ("results", .array(results)),
            ])]),
        ])
        return log.rendered()
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
