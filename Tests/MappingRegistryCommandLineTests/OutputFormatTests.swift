import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import ModelStorage
import Testing

@Suite struct OutputFormatTests {
    static let located = Diagnostic(
        severity: .error, code: .unknownView, message: "unknown view 'DishRo'; did you mean 'DishRow'?",
        location: SourceLocation(file: "config/mappings.json", line: 4, column: 15, pointer: "/mappings/0/view")
    )
    static let unlocated = Diagnostic(severity: .warning, code: .unusedView, message: "view 'Shelf' is registered but no mapping uses it")

    @Test func githubAnnotationsNameTheFileLineAndColumn() {
        #expect(GitHubAnnotations.lines(for: [Self.located, Self.unlocated]) == """
            ::error file=config/mappings.json,line=4,col=15::unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]
            ::warning::view 'Shelf' is registered but no mapping uses it [unused-view]

            """)
        let note = Diagnostic(severity: .note, code: .nilModel, message: "n")
        #expect(GitHubAnnotations.line(for: note) == "::notice::n [nil-model]\n")
    }

    @Test func githubAnnotationsEscapeDataAndProperties() {
        let tricky = Diagnostic(
            severity: .error, code: .wrongType, message: "100% wrong\r\nsecond line: a, b",
            location: SourceLocation(file: "C:/odd,name%.json", line: 1, column: 2, pointer: "")
        )
        #expect(GitHubAnnotations.line(for: tricky)
            == "::error file=C%3A/odd%2Cname%25.json,line=1,col=2::100%25 wrong%0D%0Asecond line: a, b [wrong-type]\n")
    }

    @Test func sarifHasOneRulePerCodeAndAResultPerDiagnostic() throws {
        let positioned = Diagnostic(
            severity: .error, code: .missingMapping, message: "no cell mapping",
            location: SourceLocation(file: "/tmp/a b/data.json", line: 7, column: 9, pointer: "/sections/1/items/0"),
            position: ItemPosition(item: 0, section: 1)
        )
        let report = SARIFReport(
            toolName: "menu",
            diagnostics: [Self.located, positioned, Self.unlocated],
            subjects: [Self.unlocated: "config/mappings.json"]
        )
        let log = try #require(try JSONSerialization.jsonObject(with: Data(report.rendered().utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect(log["$schema"] as? String == "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "unicodeCodePoints")
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.compactMap { $0["id"] as? String } == Diagnostic.Code.all.map(\.rawValue))
        #expect(rules.allSatisfy { (($0["help"] as? [String: String])?["text"]?.isEmpty ?? true) == false })
        let unusedRule = try #require(rules.first { $0["id"] as? String == "unused-view" })
        #expect(unusedRule["name"] as? String == "UnusedView")
        #expect((unusedRule["defaultConfiguration"] as? [String: String])?["level"] == "warning")
        let results = try #require(run["results"] as? [[String: Any]])
        let compact = try JSONSerialization.data(withJSONObject: results, options: [.sortedKeys, .withoutEscapingSlashes])
        let unknownView = Diagnostic.Code.all.firstIndex(of: .unknownView) ?? -1
        let missingMapping = Diagnostic.Code.all.firstIndex(of: .missingMapping) ?? -1
        let unusedView = Diagnostic.Code.all.firstIndex(of: .unusedView) ?? -1
        #expect(String(decoding: compact, as: UTF8.self) == """
            [{"level":"error","locations":[{"physicalLocation":{"artifactLocation":{"uri":"config/mappings.json"},"region":{"startColumn":15,"startLine":4}}}],"message":{"text":"unknown view 'DishRo'; did you mean 'DishRow'?"},"properties":{"jsonPointer":"/mappings/0/view"},"ruleId":"unknown-view","ruleIndex":\(unknownView)},\
            {"level":"error","locations":[{"physicalLocation":{"artifactLocation":{"uri":"file:///tmp/a%20b/data.json"},"region":{"startColumn":9,"startLine":7}}}],"message":{"text":"no cell mapping"},"properties":{"item":0,"jsonPointer":"/sections/1/items/0","section":1},"ruleId":"missing-mapping","ruleIndex":\(missingMapping)},\
            {"level":"warning","locations":[{"physicalLocation":{"artifactLocation":{"uri":"config/mappings.json"}}}],"message":{"text":"view 'Shelf' is registered but no mapping uses it"},"ruleId":"unused-view","ruleIndex":\(unusedView)}]
            """)
    }

    /// A redeclaration: located at the later mapping, with a note at the earlier.
    static let withNotes = Diagnostic(
        severity: .error, code: .duplicateMapping,
        message: "view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one",
        location: SourceLocation(file: "mappings.json", line: 3, column: 5, pointer: "/mappings/1"),
        notes: [
            Diagnostic.Note(
                message: "'DishRow' is declared here",
                location: SourceLocation(file: "mappings.json", line: 2, column: 5, pointer: "/mappings/0")
            ),
            Diagnostic.Note(message: "mappings from Swift come first"),
        ]
    )

    @Test func githubAnnotationsAppendEachNoteToTheMessage() {
        #expect(GitHubAnnotations.line(for: Self.withNotes) == """
            ::error file=mappings.json,line=3,col=5::view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one (note: 'DishRow' is declared here at mappings.json:2:5) (note: mappings from Swift come first) [duplicate-mapping]

            """)
    }

    @Test func jsonGivesEachNoteTheDiagnosticsFlatLocationKeys() throws {
        #expect(try ValidationReport(diagnostics: [Self.withNotes]).rendered() == """
            {
              "diagnostics" : [
                {
                  "code" : "duplicate-mapping",
                  "column" : 5,
                  "file" : "mappings.json",
                  "line" : 3,
                  "message" : "view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one",
                  "notes" : [
                    {
                      "column" : 5,
                      "file" : "mappings.json",
                      "line" : 2,
                      "message" : "'DishRow' is declared here",
                      "pointer" : "/mappings/0"
                    },
                    {
                      "message" : "mappings from Swift come first"
                    }
                  ],
                  "pointer" : "/mappings/1",
                  "severity" : "error"
                }
              ],
              "summary" : {
                "errors" : 1,
                "warnings" : 0
              }
            }

            """)
    }

    @Test func sarifGivesNotesAsRelatedLocations() throws {
        let report = SARIFReport(toolName: "menu", diagnostics: [Self.withNotes], subjects: [:])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(report.rendered().utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let related = try #require(results.first?["relatedLocations"])
        let compact = try JSONSerialization.data(withJSONObject: related, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(String(decoding: compact, as: UTF8.self) == """
            [{"id":0,"message":{"text":"'DishRow' is declared here"},"physicalLocation":{"artifactLocation":{"uri":"mappings.json"},"region":{"startColumn":5,"startLine":2}},"properties":{"jsonPointer":"/mappings/0"}},\
            {"id":1,"message":{"text":"mappings from Swift come first"}}]
            """)
        #expect(results.first?["message"] as? [String: String] == ["text": Self.withNotes.message])
    }

    @Test func everyCodeHasHelpAndARuleName() {
        for code in Diagnostic.Code.all {
            #expect(code.summary != "A problem reported by MappingRegistry.", "\(code) has no summary")
            #expect(code.help != "See the message.", "\(code) has no help")
        }
        #expect(Diagnostic.Code.invalidJSON.ruleName == "InvalidJSON")
        #expect(Diagnostic.Code.reuseIdentifierConflict.ruleName == "ReuseIdentifierConflict")
    }
}
