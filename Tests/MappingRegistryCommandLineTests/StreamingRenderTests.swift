import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import ModelStorage
import RegistryFixtures
import TestSupport
import Testing

/// `render` writes its text as it goes, in bounded pieces, and reports each
/// unrenderable item at its place in the data document.
@Suite struct StreamingRenderTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "streaming-render-tests")

    /// A stream that keeps what it is given and the size of every write.
    struct RecordingStream: TextOutputStream {
        var text = ""
        var writeSizes: [Int] = []
        mutating func write(_ string: String) {
            text += string
            writeSizes.append(string.utf8.count)
        }
    }

    static let mappings = configuration(
        #"{ "view": "DishRow", "model": "Dish" }"#,
        #"{ "view": "TitleView", "model": "String", "kind": "header" }"#,
        #"{ "view": "TitleView", "model": "String", "kind": "footer" }"#
    )

    /// The command-line tests' tool (its plugins), with this data built in.
    static func tool(data: String) -> CommandLineTool {
        CommandLineToolTests.tool(bundledData: data)
    }

    static func dishes(_ count: Int) -> String {
        (0..<count).map { #"{"model": "Dish", "value": {"name": "Dish number \#($0)", "price": 5, "vegan": false}}"# }
            .joined(separator: ",\n")
    }

    @Test func aLargeRenderIsWrittenInPiecesOfAtMostThePieceSize() throws {
        // The property does not depend on the size: 600 items of about 20
        // bytes in pieces of 1 KiB behave as 20 000 items in pieces of 64 KiB.
        let pieceSize = 1_024
        let data = #"{"sections": [{"header": {"model": "String", "value": "All"}, "items": [\#(Self.dishes(600))]}]}"#
        var tool = Self.tool(data: data)
        tool.renderPieceSize = pieceSize
        var output = RecordingStream()
        var errors = ""
        // In a directory without mappings.json, so the bundled mappings are used.
        let code = tool.run(arguments: ["--mappings", try temporaryMappings()], standardOutput: &output, standardError: &errors)
        #expect(code == .success)
        #expect(errors == "")

        let registry = try MappingRegistry(configuration: Data(Self.mappings.utf8), plugins: tool.plugins)
        let document = try DataDocument(data: Data(data.utf8), plugins: tool.plugins)
        let whole = TextRenderer(registry: registry).render(document.storage).text
        #expect(output.text == whole)
        #expect(whole.utf8.count > 8 * pieceSize)
        #expect(output.writeSizes.count > 8)
        // A piece is passed on as soon as it reaches the piece size, so it is at most one line longer.
        let longestLine = whole.split(separator: "\n").map { $0.utf8.count + 1 }.max() ?? 0
        let pieces = output.writeSizes.filter { $0 > 0 }
        #expect(pieces.allSatisfy { $0 < pieceSize + longestLine })
        // ... and every piece but the last is at least that long.
        #expect(pieces.dropLast().allSatisfy { $0 >= pieceSize })
    }

    @Test func renderWritesPiecesOf64KiBByDefault() {
        #expect(Self.tool(data: "{}").renderPieceSize == 64 * 1024)
    }

    @Test func diagnosticsPointAtTheEntryWithTheRightKindAtAnItemPositionShared() throws {
        // In section 0, item 0, the header (an Int: no header mapping) and the
        // first item (an Int: no cell mapping) share a position; the footer is
        // fine. In section 1 only the first item fails, not the header before it.
        let data = """
            {"sections": [{
              "header": {"model": "Int", "value": 1},
              "items": [{"model": "Int", "value": 2},
                        {"model": "Dish", "value": {"name": "Soup", "price": 5, "vegan": false}},
                        {"model": "Int", "value": 3}],
              "footer": {"model": "String", "value": "end"}
            }, {
              "header": {"model": "String", "value": "Two"},
              "items": [{"model": "Int", "value": 4}]
            }]}
            """
        let tool = Self.tool(data: data)
        var output = ""
        var errors = ""
        let code = tool.run(arguments: ["--mappings", try temporaryMappings()], standardOutput: &output, standardError: &errors)
        #expect(code == .success)
        let located = errors.split(separator: "\n").filter { $0.hasPrefix("data.json:") }.map { line in
            line.split(separator: ":").prefix(3).joined(separator: ":") + " " + (line.split(separator: "[").last ?? "")
        }
        #expect(located == [
            "data.json:2:13 missing-mapping]",    // the header
            "data.json:3:13 missing-mapping]",    // item 0
            "data.json:5:13 missing-mapping]",    // item 2
            "data.json:9:13 missing-mapping]",    // section 1, item 0, not its header on line 8
        ])
        #expect(errors.contains("no header mapping for 'Int' in section 0"))
        #expect(errors.contains("no cell mapping for 'Int' at section 0, item 0"))
        #expect(errors.hasSuffix("tool: 4 errors, 0 warnings; rendered 3 of 7; 4 missing, 0 ambiguous\n"))
    }

    private func temporaryMappings() throws -> String {
        try temporary.file(Self.mappings, name: "mappings.json")
    }
}
