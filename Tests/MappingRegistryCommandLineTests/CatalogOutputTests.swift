import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import TestSupport
import Testing

/// `catalog --output FILE` replaces the file whole or not at all, and a
/// catalog file that is missing or empty (as `APP catalog > catalog.json`
/// leaves it while a build reads it) is one error that says how to write it.
@Suite struct CatalogOutputTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "catalog-output-tests")

    func run(_ arguments: [String], tool: CommandLineTool = CommandLineToolTests.tool()) -> CommandLineToolTests.Run {
        var output = ""
        var errors = ""
        let code = tool.run(arguments: arguments, standardOutput: &output, standardError: &errors)
        return CommandLineToolTests.Run(code: code, output: output, errors: errors)
    }

    /// The files of a folder, hidden ones (a temporary file) included.
    func files(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    // MARK: - --output

    @Test func outputWritesWhatStandardOutputPrintsAndNothingElse() throws {
        let folder = try temporary.createDirectory("written")
        let path = folder.appendingPathComponent("catalog.json").path
        let written = run(["catalog", "--output", path])
        #expect(written.code == .success)
        #expect(written.output == "")
        #expect(written.errors == "")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == run(["catalog"]).output)
        #expect(try files(in: folder) == ["catalog.json"])
    }

    @Test func anOlderFileIsReplacedAndAnUnchangedOneIsLeftAlone() throws {
        let folder = try temporary.createDirectory("replaced")
        let url = folder.appendingPathComponent("catalog.json")
        try Data("{}\n".utf8).write(to: url)
        #expect(run(["catalog", "--output", url.path]).code == .success)
        let fresh = try Data(contentsOf: url)
        #expect(String(decoding: fresh, as: UTF8.self) == run(["catalog"]).output)
        // A build that decides from the file's date does not run again for the same catalog.
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: url.path)
        #expect(run(["catalog", "--output", url.path]).code == .success)
        let date = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        #expect(date == past)
        #expect(try files(in: folder) == ["catalog.json"])
    }

    @Test func aSymbolicLinkIsFollowed() throws {
        let folder = try temporary.createDirectory("linked")
        let target = folder.appendingPathComponent("real.json")
        try Data("{}\n".utf8).write(to: target)
        let link = folder.appendingPathComponent("catalog.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(run(["catalog", "--output", link.path]).code == .success)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == run(["catalog"]).output)
    }

    @Test func aPathThatCannotBeWrittenIsExitTwoAndTouchesNothing() throws {
        let folder = try temporary.createDirectory("unwritable")
        let missing = folder.appendingPathComponent("no-such-folder/catalog.json").path
        let intoMissing = run(["catalog", "--output", missing])
        #expect(intoMissing.code == .usage)
        #expect(intoMissing.output == "")
        #expect(intoMissing.errors == "tool: error: cannot write the catalog to '\(missing)': no such directory '\(folder.appendingPathComponent("no-such-folder").path)'\n")

        let directory = try temporary.createDirectory("unwritable/catalog.json")
        let ontoDirectory = run(["catalog", "--output", directory.path])
        #expect(ontoDirectory.code == .usage)
        #expect(ontoDirectory.errors == "tool: error: cannot write the catalog to '\(directory.path)': it is a directory\n")
        #expect(try files(in: folder) == ["catalog.json"])
        #expect(try files(in: directory) == [])
    }

    @Test func aCatalogThatCannotBeMadeLeavesTheFileAsItWas() throws {
        let url = try temporary.write("{\"kept\": true}\n", to: "kept/catalog.json")
        // A Swift mapping naming a view that is not registered: the catalog does not load.
        let tool = CommandLineTool(name: "tool", plugins: fixtureCatalog(), sources: [.declarations([Map("NoSuchRow", for: Dish.self)])])
        let result = run(["catalog", "--output", url.path], tool: tool)
        #expect(result.code == .failure)
        #expect(result.errors.hasSuffix("no catalog written\n"))
        #expect(try String(contentsOf: url, encoding: .utf8) == "{\"kept\": true}\n")
        #expect(try files(in: url.deletingLastPathComponent()) == ["catalog.json"])
    }

    @Test func outputIsAnOptionOfCatalogOnly() {
        let result = run(["validate", "--output", "x.json"])
        #expect(result.code == .usage)
        #expect(result.errors.hasPrefix("tool: error: option '--output' does not apply to 'validate'; it is an option of 'catalog'\n"))
        let standalone = run(["catalog", "--output", "x.json"], tool: .standalone)
        #expect(standalone.code == .usage)
        #expect(standalone.errors.hasPrefix("mapping-registry: error: subcommand 'catalog' is not available here: a catalog comes from the app's own plugins: run the app's command, 'APP catalog --output catalog.json'\n"))
    }

    // MARK: - A catalog that is missing or empty

    static let emptyContents = ["", " \n\t\r\n"]

    @Test(arguments: emptyContents)
    func anEmptyCatalogIsOneErrorThatSaysHowToWriteIt(contents: String) throws {
        let path = try temporary.file(contents, name: "catalog.json")
        let mappings = try temporary.file(configuration(#"{ "view": "DishRow", "model": "Dish" }"#), name: "mappings.json")
        let expected = "\(path):1:1: error: the catalog '\(path)' is empty; write it with `tool catalog --output \(path)` or the app's catalog drift test [unreadable-file]\n"
        let validate = run(["validate", "--catalog", path, "--mappings", mappings])
        #expect(validate.code == .usage)
        #expect(validate.errors == expected)
        let lsp = run(["lsp", "--catalog", path])
        #expect(lsp.code == .usage)
        #expect(lsp.errors == expected)
        let schema = run(["schema", "mappings", "--catalog", path])
        #expect(schema.errors == expected)
        let standalone = run(["validate", "--catalog", path, mappings], tool: .standalone)
        #expect(standalone.code == .usage)
        #expect(standalone.errors == "\(path):1:1: error: the catalog '\(path)' is empty; write it with the app's `catalog --output \(path)` subcommand or its catalog drift test [unreadable-file]\n")
    }

    @Test func aMissingCatalogIsOneErrorThatSaysHowToWriteIt() throws {
        let missing = temporary.url("never-written.json").path
        let result = run(["validate", "--catalog", missing])
        #expect(result.code == .usage)
        #expect(result.errors == "error: cannot read the catalog '\(missing)': no such file; write it with `tool catalog --output \(missing)` or the app's catalog drift test [unreadable-file]\n")
    }

    @Test func theCatalogWrittenWithOutputIsReadBack() throws {
        let path = temporary.url("catalog.json").path
        #expect(run(["catalog", "--output", path]).code == .success)
        let mappings = try temporary.file(configuration(#"{ "view": "DishRow", "model": "Dish" }"#), name: "mappings.json")
        let checked = run(["validate", "--catalog", path, mappings], tool: .standalone)
        #expect(checked.code == .success)
    }
}
