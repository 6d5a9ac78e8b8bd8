import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import TestSupport
import Testing

/// A file that cannot be read hides nothing of the files that can: their
/// diagnostics are reported with the read error, and the exit code is 2.
@Suite struct UnreadableInputTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "unreadable-input-tests")

    static let brokenMappings = configuration(#"{ "view": "DishRo", "model": "Dish" }"#)
    static let missing = "/nonexistent/data.json"

    func run(_ arguments: [String], tool: CommandLineTool = CommandLineToolTests.tool()) -> CommandLineToolTests.Run {
        CommandLineToolTests().run(arguments, tool: tool)
    }

    @Test func validateReportsTheMappingsWhenTheDataCannotBeRead() throws {
        let mappings = try temporary.file(Self.brokenMappings, name: "broken.json")
        let result = run(["validate", "--mappings", mappings, "--data", Self.missing])
        #expect(result.code == .usage)
        #expect(result.errors == """
            \(mappings):4:15: error: unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]
                { "view": "DishRo", "model": "Dish" }
                          ^
            warning: view 'TitleView' is registered but no mapping in \(mappings) uses it [unused-view]
            error: cannot read '\(Self.missing)': no such file [unreadable-file]
            tool: 2 errors, 1 warning; checked \(mappings)

            """)
    }

    @Test(arguments: ["json", "sarif", "github"])
    func everyFormatCarriesTheMappingsDiagnosticsToo(format: String) throws {
        let mappings = try temporary.file(Self.brokenMappings, name: "broken.json")
        let result = run(["validate", "--mappings", mappings, "--data", Self.missing, "--format", format])
        #expect(result.code == .usage)
        #expect(result.output.contains("unknown view 'DishRo'"), "\(format) lacks the mappings' error")
        #expect(result.output.contains("cannot read '\(Self.missing)'"), "\(format) lacks the read error")
    }

    @Test func validateReportsTheDataWhenTheMappingsCannotBeRead() throws {
        let data = try temporary.file(#"{"sections": [{"items": [{"model": "Dihs", "value": 1}]}]}"#, name: "data.json")
        let result = run(["validate", "--mappings", "/nonexistent/mappings.json", "--data", data])
        #expect(result.code == .usage)
        #expect(result.errors.hasPrefix("error: cannot read '/nonexistent/mappings.json': no such file [unreadable-file]\n\(data):1:"))
        #expect(result.errors.contains("[unknown-model]"))
        #expect(result.errors.contains("[unchecked-items]"))
        #expect(result.errors.hasSuffix("tool: 2 errors, 1 warning; checked \(data) (0 stored models, not resolved)\n"))
    }

    @Test func bothUnreadableFilesAreReported() {
        let result = run(["validate", "--mappings", "/nonexistent/mappings.json", "--data", Self.missing])
        #expect(result.code == .usage)
        #expect(result.errors == """
            error: cannot read '/nonexistent/mappings.json': no such file [unreadable-file]
            error: cannot read '\(Self.missing)': no such file [unreadable-file]

            """)
    }

    @Test func renderReportsTheMappingsWhenTheDataCannotBeRead() throws {
        let mappings = try temporary.file(Self.brokenMappings, name: "broken.json")
        let result = run(["render", "--mappings", mappings, "--data", Self.missing])
        #expect(result.code == .usage)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix("\(mappings):4:15: error: unknown view 'DishRo'"))
        #expect(result.errors.hasSuffix("error: cannot read '\(Self.missing)': no such file [unreadable-file]\ntool: 2 errors, 1 warning; nothing rendered\n"))
    }

    @Test func renderReportsTheDataWhenTheMappingsCannotBeRead() throws {
        let data = try temporary.file(#"{"sections": [{"items": [{"model": "Dihs", "value": 1}]}]}"#, name: "data.json")
        let result = run(["render", "--mappings", "/nonexistent/mappings.json", "--data", data])
        #expect(result.code == .usage)
        #expect(result.output == "")
        #expect(result.errors.contains("[unknown-model]"))
        #expect(result.errors.hasSuffix("tool: 2 errors, 0 warnings; nothing rendered\n"))
    }

    @Test func renderWithBrokenMappingsAndReadableDataStillFailsWithOne() throws {
        let mappings = try temporary.file(Self.brokenMappings, name: "broken.json")
        let result = run(["render", "--mappings", mappings])
        #expect(result.code == .failure)
        #expect(result.errors.hasSuffix("tool: 1 error, 1 warning; nothing rendered\n"))
    }
}
