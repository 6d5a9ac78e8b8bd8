import Foundation
import MappingRegistry
import Testing

/// README's quick starts are this target's files, word for word, and print
/// what README says they print. The target depends on MappingRegistry and
/// ModelStorage only, as an app that depends on the package does.
@Suite struct ReadmeTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The body of the first fenced block of `language` after `marker` in README.md.
    func block(after marker: String, language: String) throws -> String {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: marker), "README lacks \(marker)")
        let fence = try #require(readme.range(of: "```\(language)\n", range: start.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: fence.upperBound..<readme.endIndex))
        return String(readme[fence.upperBound..<end.lowerBound]) + "\n"
    }

    func file(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(name)
        return try String(contentsOf: url, encoding: .utf8)
    }

    @Test(arguments: [
        ("<!-- quick-start-swift -->", "QuickStartSwift.swift"),
        ("<!-- quick-start-json -->", "QuickStartJSON.swift"),
        ("<!-- quick-start-one-item -->", "QuickStartOneItem.swift"),
    ])
    func quickStartCodeIsTheCompiledFile(marker: String, file name: String) throws {
        #expect(try block(after: marker, language: "swift") == file(name))
    }

    @Test func bothStylesPrintWhatReadmeShows() throws {
        let expected = try block(after: "<!-- quick-start-output -->", language: "text")
        let swift = try renderShelf()
        let json = try renderShelfFromJSON()
        #expect(swift.text == expected)
        #expect(json.text == expected)
        #expect(swift.diagnostics.map(\.code) == ["missing-mapping"])
        #expect(json.diagnostics.map(\.position) == swift.diagnostics.map(\.position))
    }

    @Test func oneItemAtATimePrintsWhatReadmeShows() throws {
        let rows = try renderVisibleRows(of: [
            Book(title: "Middlemarch", author: "George Eliot"),
            Book(title: "Persuasion", author: "Jane Austen"),
        ])
        #expect(try block(after: "<!-- quick-start-one-item-output -->", language: "text") == rows.joined(separator: "\n") + "\n")
    }
}
