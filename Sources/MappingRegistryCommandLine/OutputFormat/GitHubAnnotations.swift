import Foundation
import MappingRegistry

/// Diagnostics as GitHub Actions workflow commands, which the Actions log
/// shows as annotations on the file and line:
///
/// ```text
/// ::error file=mappings.json,line=4,col=15::unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]
/// ::warning::view 'Shelf' is registered but no mapping in mappings.json uses it [unused-view]
/// ::error file=mappings.json,line=9,col=5::view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:4:5; remove one (note: 'DishRow' is declared here at mappings.json:4:5) [duplicate-mapping]
/// ```
enum GitHubAnnotations {
    /// One workflow command per diagnostic, each ending with a line break;
    /// each message after `prefix` (`[A.json] ` with several catalogs).
    static func lines(for diagnostics: [Diagnostic], prefix: String = "") -> String {
        diagnostics.map { line(for: $0, prefix: prefix) }.joined()
    }

    /// `::error file=…,line=…,col=…::message [code]`; without properties
    /// for a diagnostic that has no location. A workflow command is one
    /// annotation, so each note is appended to the message:
    /// `message (note: MESSAGE at FILE:LINE:COLUMN) [code]`, or
    /// ` (note: MESSAGE)` for a note without a location.
    ///
    /// The message is printed in a terminal-bound log, so characters that
    /// do not print as themselves (an escape sequence quoted from a
    /// configuration, a NUL) are escaped as in the text format (`\u{1B}`),
    /// except line breaks, which the workflow command escapes its own way.
    /// The file property stays the path as given, so the annotation lands
    /// on the file.
    static func line(for diagnostic: Diagnostic, prefix: String = "") -> String {
        let command = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
        var properties = ""
        if let location = diagnostic.location {
            properties = " file=\(escapeProperty(location.file)),line=\(location.line),col=\(location.column)"
        }
        let notes = diagnostic.notes.map { note in
            " (note: \(note.message)" + (note.location.map { " at \($0)" } ?? "") + ")"
        }
        return "::\(command)\(properties)::\(escapeData(printable(prefix + diagnostic.message + notes.joined() + " [\(diagnostic.code)]")))\n"
    }

    /// Text with non-printing characters escaped, line breaks kept.
    static func printable(_ text: String) -> String {
        DiagnosticFormatter.escapingNonPrintingCharacters(text, keeping: ["\r", "\n"])
    }

    /// A message, escaped as workflow commands require: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// A property value, escaped as workflow commands require: as a
    /// message, and `:` and `,` too.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
