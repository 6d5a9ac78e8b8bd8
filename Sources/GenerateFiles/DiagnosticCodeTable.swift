import Foundation
import MappingRegistry

/// The renderings of `Diagnostic.Code.table` that documents and the
/// constants hold.
enum DiagnosticCodeTable {
    static let generatedNote = "Generated from Diagnostic.Code.table (Diagnostic+CodeInfo.swift): edit the table, then run swift package --allow-writing-to-package-directory generate."

    /// `error (load, data)`.
    static func severity(_ info: Diagnostic.Code.Info) -> String {
        "\(info.severity) (\(info.stages.map(\.rawValue).joined(separator: ", ")))"
    }

    /// Text for a table cell: a `|` would end it.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// README's compact list: the codes by when they are reported and how
    /// severe, a line each; what each means is the DocC reference's.
    static func readme() -> String {
        var groups: [(heading: String, codes: [String])] = []
        for info in Diagnostic.Code.table {
            let when = switch info.stages.first {
            case .load?: "Loading mappings"
            case .data?: "Loading data documents"
            case .render?, nil: "Resolving items"
            }
            let heading = "\(when), \(info.severity)s"
            if groups.last?.heading == heading {
                groups[groups.count - 1].codes.append("`\(info.code)`")
            } else {
                groups.append((heading, ["`\(info.code)`"]))
            }
        }
        var text = "<!-- \(generatedNote) -->\n\n"
        for group in groups {
            text += "- \(group.heading): \(group.codes.joined(separator: ", ")).\n"
        }
        return text + "\n"
    }

    /// The DocC reference's table: also what to do, and what a policy may do.
    static func reference() -> String {
        var text = "<!-- \(generatedNote) -->\n\n| Code | Severity | Meaning | What to do | Policy |\n| --- | --- | --- | --- | --- |\n"
        for info in Diagnostic.Code.table {
            let policy = info.fixedReason.map { "fixed: \($0)" } ?? "adjustable"
            text += "| `\(info.code)` | \(severity(info)) | \(cell(info.summary)) | \(cell(info.help)) | \(cell(policy)) |\n"
        }
        return text + "\n"
    }

    /// The `Code` constants, each with its summary and help as its
    /// documentation, for `Diagnostic+Code.swift`.
    static func constants() -> String {
        let indent = "        "
        var text = "\(indent)// \(generatedNote)\n"
        for info in Diagnostic.Code.table {
            let stages = info.stages.map { stage in
                switch stage {
                case .load: "loading mappings"
                case .data: "loading data documents"
                case .render: "resolving items"
                }
            }
            let article = info.severity == .error ? "An" : "A"
            var when = "\(article) \(info.severity) when \(stages.joined(separator: " and ")); "
            when += info.fixedReason.map { "a policy cannot make it a warning or ignore it: \($0)." }
                ?? "a policy may change its severity or ignore it."
            text += "\n"
            for paragraph in [info.summary, info.help, when] {
                if paragraph != info.summary { text += "\(indent)///\n" }
                for line in wrapped(paragraph, width: 100 - indent.count - 4) {
                    text += "\(indent)/// \(line)\n"
                }
            }
            text += "\(indent)public static let \(info.code.constantName): Code = \"\(info.code)\"\n"
        }
        return text
    }

    /// Words in lines of at most `width` characters (a longer word alone).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + (line.isEmpty ? [] : [line])
    }
}
