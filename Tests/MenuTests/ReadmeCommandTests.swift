import Foundation
import Testing

/// README's command line for `render` is the one `menu --help` prints.
@Suite struct ReadmeCommandTests {
    @Test func theRenderUsageLineInReadmeIsTheOneMenuPrints() throws {
        let readme = try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let help = try MenuBinary.run(["--help"])
        let usage = try #require(help.output.split(separator: "\n").first { $0.hasPrefix("usage: menu [render]") })
        let line = usage.dropFirst("usage: ".count)
        #expect(line == "menu [render] [--mappings FILE] [--data FILE] [--strict] [--watch]")
        #expect(readme.contains("\n\(line)\n"))
    }
}
