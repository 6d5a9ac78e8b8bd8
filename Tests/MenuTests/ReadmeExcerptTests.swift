import Foundation
import Testing

/// README's excerpt of the sample's output is real output.
@Suite struct ReadmeExcerptTests {
    @Test func readmeExcerptIsRealOutput() throws {
        let readme = try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = try #require(readme.range(of: "<!-- menu-excerpt -->"))
        let fence = try #require(readme.range(of: "```text\n", range: marker.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "\n```", range: fence.upperBound..<readme.endIndex))
        let excerpt = String(readme[fence.upperBound..<end.lowerBound]) + "\n"
        let snapshot = try String(
            contentsOf: MenuSnapshotTests.directory.appendingPathComponent("menu.stdout.txt"),
            encoding: .utf8
        )
        #expect(snapshot.contains(excerpt))
    }
}
