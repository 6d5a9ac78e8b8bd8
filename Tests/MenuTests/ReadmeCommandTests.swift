import Foundation
import Testing

/// The command lines that README and the command-line documentation show are
/// the ones `menu --help` and `mapping-registry --help` print.
@Suite struct ReadmeCommandTests {
    static let docc = "Sources/MappingRegistryCommandLine/MappingRegistryCommandLine.docc/"

    static func text(_ path: String) throws -> String {
        try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The usage lines of `--help`, without `usage: ` and its indentation.
    static func usage(of executable: String) throws -> String {
        let help = try MenuBinary.run(["--help"], executable: executable).output
        let start = try #require(help.range(of: "usage: "))
        let end = try #require(help.range(of: "\n\n", range: start.upperBound..<help.endIndex))
        return help[start.upperBound..<end.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("       ") ? String($0.dropFirst(7)) : String($0) }
            .joined(separator: "\n") + "\n"
    }

    @Test func theRenderUsageLineInReadmeIsTheOneMenuPrints() throws {
        let readme = try Self.text("README.md")
        let help = try MenuBinary.run(["--help"])
        let usage = try #require(help.output.split(separator: "\n").first { $0.hasPrefix("usage: menu [render]") })
        let line = usage.dropFirst("usage: ".count)
        #expect(line == "menu [render] [--mappings FILE] [--data FILE] [--strict] [--watch]")
        #expect(readme.contains("\n\(line)\n"))
    }

    /// README shows `browse` and `lsp` by their usage lines, each as the tool's
    /// `--help` prints it, on a line of its own.
    @Test(arguments: [("menu", "browse"), ("menu", "lsp"), ("mapping-registry", "lsp")])
    func theBrowseAndLSPUsageLinesInReadmeAreTheOnesTheToolsPrint(executable: String, subcommand: String) throws {
        let readme = try Self.text("README.md")
        let lines = try Self.usage(of: executable).split(separator: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("\(executable) \(subcommand) ") || $0 == "\(executable) \(subcommand)" })
        let continued = lines.index(after: index) < lines.endIndex && lines[lines.index(after: index)].hasPrefix(" ")
        #expect(!continued, "the usage of '\(subcommand)' wraps; README shows one line")
        #expect(readme.contains("\n\(lines[index])\n"), "README lacks: \(lines[index])")
    }

    @Test(arguments: [
        ("menu", "MappingRegistryCommandLine.md"),
        ("menu", "CommandReference.md"),
        ("mapping-registry", "CommandReference.md"),
    ])
    func theDocumentedSynopsisIsTheOneTheToolPrints(executable: String, article: String) throws {
        let usage = try Self.usage(of: executable)
        #expect(usage.hasPrefix("\(executable) "))
        #expect(try Self.text(Self.docc + article).contains("```text\n\(usage)```\n"), "\(article) lacks:\n\(usage)")
    }

    @Test func aCodeThatCannotBeIgnoredSaysWhyAsDocumented() throws {
        let article = try Self.text(Self.docc + "CommandReference.md")
        let marker = try #require(article.range(of: "<!-- ignore-invalid-json -->\n```text\n$ menu validate --ignore invalid-json\n"))
        let end = try #require(article.range(of: "\n```", range: marker.upperBound..<article.endIndex))
        let documented = String(article[marker.upperBound..<end.lowerBound])
        let run = try MenuBinary.run(["validate", "--ignore", "invalid-json"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix(documented + "\n"))
    }
}
