import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import Testing
import TestSupport

/// Definition goes to a plugin's registration only where that file exists:
/// a relative `registeredAt` is looked up beside the catalog file and above
/// it, then in the workspace's roots, never answered blind.
@Suite struct DefinitionSiteTests {
    static let uri = "file:///work/app/mappings.json"
    static let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": "Dis1️⃣hRow", "model": "Dish" }] }"#)

    /// The test catalog with every `registeredAt` replaced by `site`.
    static func catalog(registeredAt site: String) throws -> String {
        let rendered = CatalogDescription(languageServerCatalog()).rendered()
        let pattern = try NSRegularExpression(pattern: #""registeredAt" *: *"[^"]*""#)
        return pattern.stringByReplacingMatches(
            in: rendered, range: NSRange(rendered.startIndex..., in: rendered),
            withTemplate: "\"registeredAt\": \"\(site)\""
        )
    }

    /// A project: `root/Sources/App/Plugins.swift` and `root/Schemas/app.catalog.json`.
    static func project() throws -> TemporaryDirectory {
        let root = TemporaryDirectory(prefix: "definition")
        try root.createDirectory("Schemas")
        try root.write("import MappingRegistry\n\nplugins.register(view: DishRow.self, named: \"DishRow\")\n", to: "Sources/App/Plugins.swift")
        return root
    }

    static func definition(_ client: inout TestClient) -> [[String: Any]] {
        _ = client.open(uri, text.text)
        return client.at("textDocument/definition", uri, text.position(1))["result"] as? [[String: Any]] ?? []
    }

    @Test func aRelativeSiteIsFoundAboveTheCatalogFileWhereverTheServerRuns() throws {
        let project = try Self.project()
        defer { project.remove() }
        let root = project.url
        var client = TestClient(
            catalogDocument: try Self.catalog(registeredAt: "Sources/App/Plugins.swift:3"),
            catalogPath: root.appendingPathComponent("Schemas/app.catalog.json").path
        )
        let found = Self.definition(&client)
        #expect(found.count == 1)
        let first = try #require(found.first)
        #expect(first["uri"] as? String == DocumentURI.uri(ofPath: root.appendingPathComponent("Sources/App/Plugins.swift").path))
        #expect(start(first) == ["line": 2, "character": 0])
    }

    @Test func aRelativeSiteIsFoundInTheWorkspaceRoot() throws {
        let project = try Self.project()
        defer { project.remove() }
        let root = project.url
        var client = TestClient(
            catalogDocument: try Self.catalog(registeredAt: "Sources/App/Plugins.swift:3"),
            workspace: ["rootUri": DocumentURI.uri(ofPath: root.path)]
        )
        let found = Self.definition(&client)
        #expect(found.first?["uri"] as? String == DocumentURI.uri(ofPath: root.appendingPathComponent("Sources/App/Plugins.swift").path))
    }

    @Test(arguments: ["Sources/Gone/Plugins.swift:3", "/nowhere/Plugins.swift:3", "Sources/App:3"])
    func aSiteWhoseFileDoesNotExistIsNotAnswered(site: String) throws {
        let project = try Self.project()
        defer { project.remove() }
        let root = project.url
        var client = TestClient(
            catalogDocument: try Self.catalog(registeredAt: site),
            catalogPath: root.appendingPathComponent("Schemas/app.catalog.json").path,
            workspace: ["rootUri": DocumentURI.uri(ofPath: root.path)]
        )
        #expect(Self.definition(&client).isEmpty)
    }
}
