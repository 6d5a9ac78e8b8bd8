import Foundation
import MappingRegistry
import ModelStorage
import Testing

/// The listing of "Data documents": a document loaded from a file, rendered,
/// and its render-time problems located in the file.
@Suite struct DataDocumentListings {
    func report(url: URL, plugins: PluginCatalog, registry: MappingRegistry) throws -> [String] {
        // doc-listing: data-document
        let document = try DataDocument(contentsOf: url, plugins: plugins)
        let result = TextRenderer(registry: registry).render(document.storage)
        let report = result.diagnostics.map { diagnostic in
            var located = diagnostic
            located.location = diagnostic.position.flatMap { document.location(of: $0) }
            return located.description
        }
        // doc-listing-end: data-document
        return report
    }

    @Test func anItemWithoutAMappingIsReportedAtItsLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("data-document-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("menu-data.json")
        try Data("""
            {
              "sections": [
                { "items": [
                    { "model": "Dish", "value": { "name": "Soup", "price": 6.5 } },
                    { "model": "Drink", "value": { "name": "Water", "price": 2 } }
                ] }
              ]
            }
            """.utf8).write(to: url)
        let plugins = menuPlugins()
        let mappings = #"""
            {
              "version": 1,
              "mappings": [
                { "view": "DishRow", "model": "Dish" }
              ]
            }
            """#
        let registry = try MappingRegistry(configuration: Data(mappings.utf8), plugins: plugins)
        let expected = try #require(try Documentation.block(
            after: "<!-- data-document-report -->", language: "text",
            in: "Sources/MappingRegistry/MappingRegistry.docc/DataDocuments.md"
        ))
        let report = try report(url: url, plugins: plugins, registry: registry)
        #expect(report == [String(expected.dropLast())])
    }
}
