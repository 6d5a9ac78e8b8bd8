import Foundation
import MappingRegistry
import ModelStorage
import Testing

@Suite struct DiagnosticTests {
    static let located = Diagnostic(
        severity: .error,
        code: "unknown-predicate",
        message: "unknown predicate 'isVegam'; did you mean 'isVegan'?",
        location: SourceLocation(file: "mappings.json", line: 12, column: 7, pointer: "/mappings/3/condition/predicate")
    )

    @Test func descriptionIsCompilerStyle() {
        #expect(Self.located.description
            == "mappings.json:12:7: error: unknown predicate 'isVegam'; did you mean 'isVegan'? [unknown-predicate]")
        let unlocated = Diagnostic(severity: .warning, code: "unused-view", message: "view 'X' is unused")
        #expect(unlocated.description == "warning: view 'X' is unused [unused-view]")
    }

    @Test func encodesFlatJSONAndDecodesBack() throws {
        var diagnostic = Self.located
        diagnostic.position = ItemPosition(item: 4, section: 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(diagnostic), as: UTF8.self)
        #expect(json == #"{"code":"unknown-predicate","column":7,"file":"mappings.json","item":4,"line":12,"message":"unknown predicate 'isVegam'; did you mean 'isVegan'?","pointer":"\/mappings\/3\/condition\/predicate","section":1,"severity":"error"}"#)
        #expect(try JSONDecoder().decode(Diagnostic.self, from: Data(json.utf8)) == diagnostic)
    }

    @Test func sortingIsByFileLineColumnThenPosition() {
        func make(_ line: Int, _ column: Int, _ file: String = "a.json") -> Diagnostic {
            Diagnostic(severity: .error, code: "x", message: "\(file):\(line):\(column)",
                       location: SourceLocation(file: file, line: line, column: column, pointer: ""))
        }
        let sorted = Diagnostic.sorted([make(3, 1), make(1, 9, "b.json"), make(1, 2), make(1, 1)])
        #expect(sorted.map(\.message) == ["a.json:1:1", "a.json:1:2", "a.json:3:1", "b.json:1:9"])
    }
}
