import Foundation
import Testing

/// README's excerpts of the sample are the real thing: its mappings are the
/// root `mappings.json`, and its output the sample's real output.
@Suite struct ReadmeExcerptTests {
    /// The body of the first fenced block of `language` after `marker` in README.md.
    static func readmeBlock(after marker: String, language: String) throws -> String {
        let readme = try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n\(marker)\n"), "README lacks \(marker)")
        let fence = try #require(readme.range(of: "```\(language)\n", range: start.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: fence.upperBound..<readme.endIndex))
        return String(readme[fence.upperBound..<end.lowerBound]) + "\n"
    }

    static func snapshot(_ name: String) throws -> String {
        try String(contentsOf: MenuSnapshotTests.directory.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func readmeExcerptIsRealOutput() throws {
        let excerpt = try Self.readmeBlock(after: "<!-- menu-excerpt -->", language: "text")
        #expect(try Self.snapshot("menu.stdout.txt").contains(excerpt))
    }

    /// The whole real standard error but its first diagnostic, the load's
    /// `possible-ambiguity` warning, which the README names in words.
    @Test func readmesStandardErrorIsTheRealOneAfterTheLoadWarning() throws {
        let errors = try Self.readmeBlock(after: "<!-- menu-stderr -->", language: "text")
        let real = try Self.snapshot("menu.stderr.txt")
        #expect(real.hasSuffix(errors))
        let warning = real.dropLast(errors.count)
        #expect(warning.hasPrefix("mappings.json:8:5: warning: 'SpicyDishRow' here and 'VeganDishRow' at mappings.json:7:5"))
        #expect(warning.contains("[possible-ambiguity]\n"))
        #expect(warning.contains("mappings.json:7:5: note: 'VeganDishRow' is declared here\n"))
        #expect(warning.split(separator: "\n").count == 6, "the warning, the note, and each one's source line and caret")
    }

    @Test func readmesMappingsAreTheRootMappingsFile() throws {
        let listing = try Self.readmeBlock(after: "<!-- root-mappings-json -->", language: "json")
        let file = try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("mappings.json"), encoding: .utf8)
        #expect(listing == file)
    }
}
