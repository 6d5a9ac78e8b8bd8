import Foundation
import MappingRegistry
import Testing

/// README's library quick start is this test target's `ReadmeQuickStart.swift`,
/// word for word, and prints what README says it prints.
@Suite struct ReadmeTests {
    /// The body of the first fenced block of `language` after `marker` in README.md.
    func block(after marker: String, language: String) throws -> String {
        let readme = try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: marker), "README lacks \(marker)")
        let fence = try #require(readme.range(of: "```\(language)\n", range: start.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: fence.upperBound..<readme.endIndex))
        return String(readme[fence.upperBound..<end.lowerBound]) + "\n"
    }

    @Test func quickStartCodeIsTheCompiledFile() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("ReadmeQuickStart.swift")
        let file = try String(contentsOf: url, encoding: .utf8)
        #expect(try block(after: "<!-- quick-start -->", language: "swift") == file)
    }

    @Test func quickStartPrintsWhatReadmeShows() throws {
        let result = try renderShelf()
        #expect(try block(after: "<!-- quick-start-output -->", language: "text") == result.text)
        #expect(result.diagnostics.map(\.code) == ["missing-mapping"])
    }

    @Test func readmeExcerptIsRealOutput() throws {
        let excerpt = try block(after: "<!-- menu-excerpt -->", language: "text")
        let snapshot = try String(
            contentsOf: MenuSnapshotTests.directory.appendingPathComponent("menu.stdout.txt"),
            encoding: .utf8
        )
        #expect(snapshot.contains(excerpt))
    }
}
