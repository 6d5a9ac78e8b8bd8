import Foundation
import MappingRegistry
import Testing

/// The documents that list diagnostic codes are made from
/// `Diagnostic.Code.table`: the region between `diagnostic-codes:begin` and
/// `diagnostic-codes:end` of README, of the DocC Diagnostics reference and of
/// `Diagnostic+Code.swift` (the constants) is exactly what the table renders.
///
/// After changing the table, rewrite the regions with
/// `RECORD_SNAPSHOTS=1 swift test --filter DiagnosticCodeTableTests`; a
/// recording run fails on purpose, so it is never left on.
@Suite struct DiagnosticCodeTableTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One file with a generated region.
    struct Document: CustomTestStringConvertible, Sendable {
        let path: String
        let begin: String
        let end: String
        let render: @Sendable () -> String
        var testDescription: String { path }
    }

    static let documents: [Document] = [
        Document(
            path: "README.md",
            begin: "<!-- diagnostic-codes:begin -->", end: "<!-- diagnostic-codes:end -->",
            render: DiagnosticCodeTable.readme
        ),
        Document(
            path: "Sources/MappingRegistry/MappingRegistry.docc/DiagnosticsReference.md",
            begin: "<!-- diagnostic-codes:begin -->", end: "<!-- diagnostic-codes:end -->",
            render: DiagnosticCodeTable.reference
        ),
        Document(
            path: "Sources/MappingRegistry/Diagnostics/Diagnostic+Code.swift",
            begin: "// diagnostic-codes:begin", end: "// diagnostic-codes:end",
            render: DiagnosticCodeTable.constants
        ),
    ]

    @Test(arguments: documents)
    func theGeneratedRegionIsWhatTheTableRenders(_ document: Document) throws {
        let url = Self.packageRoot.appendingPathComponent(document.path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let region = try #require(
            Self.region(of: text, begin: document.begin, end: document.end),
            "\(document.path) has no region between '\(document.begin)' and '\(document.end)' lines"
        )
        let rendered = document.render()
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            if text[region] != rendered {
                try Data(text.replacingCharacters(in: region, with: rendered).utf8).write(to: url)
            }
            Issue.record("recorded the codes of \(document.path); unset RECORD_SNAPSHOTS and run again")
            return
        }
        #expect(
            String(text[region]) == rendered,
            "\(document.path) lists other codes than Diagnostic.Code.table; run RECORD_SNAPSHOTS=1 swift test --filter DiagnosticCodeTableTests"
        )
    }

    /// The text between the line holding `begin` and the line holding `end`.
    static func region(of text: String, begin: String, end: String) -> Range<String.Index>? {
        guard let start = text.range(of: begin), let lineEnd = text[start.upperBound...].firstIndex(of: "\n"),
              let stop = text.range(of: end, range: lineEnd..<text.endIndex) else { return nil }
        let lineStart = text[..<stop.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? stop.lowerBound
        return text.index(after: lineEnd)..<lineStart
    }

    @Test func aRegionIsTheWholeLinesBetweenTheMarkers() throws {
        let text = "intro\n<!-- a -->\none\ntwo\n    <!-- b -->\nend\n"
        let region = try #require(Self.region(of: text, begin: "<!-- a -->", end: "<!-- b -->"))
        #expect(text[region] == "one\ntwo\n")
        #expect(Self.region(of: "<!-- a -->\n", begin: "<!-- a -->", end: "<!-- b -->") == nil)
    }

    @Test func everyEntryIsCompleteAndConsistent() {
        #expect(Diagnostic.Code.all == Diagnostic.Code.table.map(\.code))
        for info in Diagnostic.Code.table {
            #expect(info.summary.hasSuffix(".") && info.help.hasSuffix("."), "\(info.code): end summary and help with a period")
            #expect(!info.stages.isEmpty, "\(info.code) names no stage")
            #expect(info.severity != .note, "\(info.code): a note is attached to a diagnostic, never reported alone")
            if info.fixedReason != nil {
                #expect(info.severity == .error, "\(info.code): only an error can leave no usable registry")
            }
            #expect(info.code.info?.summary == info.summary)
        }
    }

    @Test(arguments: [
        (Diagnostic.Code.invalidJSON, "invalidJSON", "InvalidJSON"),
        (.reuseIdentifierConflict, "reuseIdentifierConflict", "ReuseIdentifierConflict"),
        ("json-thing", "jsonThing", "JSONThing"),
    ] as [(Diagnostic.Code, String, String)])
    func namesAreMadeFromTheCode(code: Diagnostic.Code, constant: String, rule: String) {
        #expect(code.constantName == constant)
        #expect(code.ruleName == rule)
    }

    @Test func readmeListsEveryCodeOnceUnderWhenAndHowSevere() {
        let readme = DiagnosticCodeTable.readme()
        #expect(readme.contains("- Loading mappings, errors: `invalid-json`, `unsupported-version`, "))
        #expect(readme.contains("- Loading mappings, warnings: `unused-view`, "))
        #expect(readme.contains("- Resolving items, errors: `missing-mapping`, `ambiguous-mapping`, "))
        for info in Diagnostic.Code.table {
            #expect(readme.components(separatedBy: "`\(info.code)`").count == 2, "\(info.code) is listed once")
        }
    }
}

/// The renderings of `Diagnostic.Code.table` that documents and the
/// constants hold.
enum DiagnosticCodeTable {
    static let generatedNote = "Generated from Diagnostic.Code.table (Diagnostic+CodeInfo.swift): edit the table, then run RECORD_SNAPSHOTS=1 swift test --filter 'DiagnosticCodeTableTests|OutputFormatTests'."

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
    @Sendable static func readme() -> String {
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
    @Sendable static func reference() -> String {
        var text = "<!-- \(generatedNote) -->\n\n| Code | Severity | Meaning | What to do | Policy |\n| --- | --- | --- | --- | --- |\n"
        for info in Diagnostic.Code.table {
            let policy = info.fixedReason.map { "fixed: \($0)" } ?? "adjustable"
            text += "| `\(info.code)` | \(severity(info)) | \(cell(info.summary)) | \(cell(info.help)) | \(cell(policy)) |\n"
        }
        return text + "\n"
    }

    /// The `Code` constants, each with its summary and help as its
    /// documentation, for `Diagnostic+Code.swift`.
    @Sendable static func constants() -> String {
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
