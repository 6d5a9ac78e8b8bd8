import Foundation
import MappingRegistry
import MappingRegistryCommandLine
import Testing
@testable import menu

/// The committed catalog and JSON Schemas of the sample must be what the
/// menu's plugins generate now, and the sample files must name the schemas.
@Suite struct GeneratedFilesTests {
    static let schemas = MenuBinary.packageRoot.appendingPathComponent("Examples/Menu/Schemas")

    @Test(arguments: [
        (["schema", "mappings"], "mappings.schema.json"),
        (["schema", "data"], "data.schema.json"),
        (["catalog"], "menu.catalog.json"),
    ])
    func theCommittedFileIsWhatTheCatalogGeneratesNow(arguments: [String], file: String) throws {
        var output = ""
        var errors = ""
        let code = MenuCommand.makeTool().run(arguments: arguments, standardOutput: &output, standardError: &errors)
        #expect(code == .success)
        #expect(errors == "")
        let committed = try String(contentsOf: Self.schemas.appendingPathComponent(file), encoding: .utf8)
        #expect(output == committed, "Examples/Menu/Schemas/\(file) is out of date; run swift package --allow-writing-to-package-directory generate")
    }

    @Test(arguments: [
        ("mappings.json", "Examples/Menu/Schemas/mappings.schema.json"),
        ("Examples/Menu/mappings-with-catch-all.json", "Schemas/mappings.schema.json"),
        ("Examples/Menu/Data/menu-data.json", "../Schemas/data.schema.json"),
    ])
    func theSampleFilesNameTheirSchemaByARelativePath(file: String, schema: String) throws {
        let url = MenuBinary.packageRoot.appendingPathComponent(file)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        #expect(object["$schema"] as? String == schema)
        let target = url.deletingLastPathComponent().appendingPathComponent(schema).standardizedFileURL
        #expect(FileManager.default.fileExists(atPath: target.path), "\(file) names a schema that does not exist")
    }

    @Test func theStandaloneToolWritesTheSameSchemasFromTheCatalogFile() {
        let catalog = Self.schemas.appendingPathComponent("menu.catalog.json").path
        for document in ["mappings", "data"] {
            var app = "", tool = "", errors = ""
            _ = MenuCommand.makeTool().run(arguments: ["schema", document, "--catalog", catalog], standardOutput: &app, standardError: &errors)
            _ = CommandLineTool.standalone.run(arguments: ["schema", document, "--catalog", catalog], standardOutput: &tool, standardError: &errors)
            #expect(errors == "")
            // Only the line that says how it was generated differs.
            #expect(tool == app.replacingOccurrences(of: "'menu schema", with: "'mapping-registry schema"))
            var direct = ""
            _ = MenuCommand.makeTool().run(arguments: ["schema", document], standardOutput: &direct, standardError: &errors)
            #expect(app.replacingOccurrences(of: " --catalog \(catalog)", with: "") == direct)
        }
    }
}
