import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import Testing
import TestSupport

/// Definition goes to a plugin's registration only where that file exists:
/// a relative `registeredAt` is looked up beside the catalog file and above
/// it, then in the workspace's roots, never answered blind; the line is
/// found in the file when asked, so it follows the registration.
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

    /// The registration, on line 3 of `Plugins.swift` unless lines are added above it.
    static let registration = "plugins.register(view: DishRow.self, named: \"DishRow\")\n"

    /// A project: `root/Sources/App/Plugins.swift` and `root/Schemas/app.catalog.json`.
    static func project(linesAbove: Int = 0) throws -> TemporaryDirectory {
        let root = TemporaryDirectory(prefix: "definition")
        try root.createDirectory("Schemas")
        let added = String(repeating: "// a line added above\n", count: linesAbove)
        try root.write("import MappingRegistry\n\n" + added + registration, to: "Sources/App/Plugins.swift")
        return root
    }

    /// Where the registration's literal starts, with `linesAbove` lines added.
    static func literal(linesAbove: Int = 0) -> [String: Int] {
        ["line": 2 + linesAbove, "character": registration.distance(from: registration.startIndex, to: registration.firstIndex(of: "\"") ?? registration.startIndex)]
    }

    static func definition(_ client: inout TestClient) -> [[String: Any]] {
        _ = client.open(uri, text.text)
        return client.at("textDocument/definition", uri, text.position(1))["result"] as? [[String: Any]] ?? []
    }

    @Test(arguments: ["Sources/App/Plugins.swift", "Sources/App/Plugins.swift:3"])
    func aRelativeSiteIsFoundAboveTheCatalogFileWhereverTheServerRuns(site: String) throws {
        let project = try Self.project()
        defer { project.remove() }
        let root = project.url
        var client = TestClient(
            catalogDocument: try Self.catalog(registeredAt: site),
            catalogPath: root.appendingPathComponent("Schemas/app.catalog.json").path
        )
        let found = Self.definition(&client)
        #expect(found.count == 1)
        let first = try #require(found.first)
        #expect(first["uri"] as? String == DocumentURI.uri(ofPath: root.appendingPathComponent("Sources/App/Plugins.swift").path))
        #expect(start(first) == Self.literal())
        #expect(end(first) == ["line": 2, "character": (Self.literal()["character"] ?? 0) + 9])
    }

    @Test func aRelativeSiteIsFoundInTheWorkspaceRoot() throws {
        let project = try Self.project()
        defer { project.remove() }
        let root = project.url
        var client = TestClient(
            catalogDocument: try Self.catalog(registeredAt: "Sources/App/Plugins.swift"),
            workspace: ["rootUri": DocumentURI.uri(ofPath: root.path)]
        )
        let found = Self.definition(&client)
        #expect(found.first?["uri"] as? String == DocumentURI.uri(ofPath: root.appendingPathComponent("Sources/App/Plugins.swift").path))
    }

    /// The catalog, current or older (its line now wrong), is the same
    /// after lines are added above the registration: the line is found by
    /// the literal when asked.
    @Test(arguments: ["Sources/App/Plugins.swift", "Sources/App/Plugins.swift:3"])
    func linesAddedAboveTheRegistrationMoveWhereDefinitionGoes(site: String) throws {
        let project = try Self.project(linesAbove: 4)
        defer { project.remove() }
        var client = TestClient(
            catalogDocument: try Self.catalog(registeredAt: site),
            catalogPath: project.url.appendingPathComponent("Schemas/app.catalog.json").path
        )
        #expect(Self.definition(&client).map { start($0) } == [Self.literal(linesAbove: 4)])
    }

    @Test func aFileThatNoLongerWritesTheRegistrationIsAnsweredAtItsFirstLine() throws {
        let project = try Self.project()
        defer { project.remove() }
        try project.write("import MappingRegistry\n\nlet plugins = makePlugins()\n", to: "Sources/App/Plugins.swift")
        var client = TestClient(
            catalogDocument: try Self.catalog(registeredAt: "Sources/App/Plugins.swift"),
            catalogPath: project.url.appendingPathComponent("Schemas/app.catalog.json").path
        )
        #expect(Self.definition(&client).map { start($0) } == [["line": 0, "character": 0]])
    }

    /// An app's own server (no catalog file) started outside its package
    /// still finds the file the app was compiled from.
    @Test func withoutACatalogFileTheAppsCompiledSiteIsTheFallback() throws {
        var client = TestClient(catalogDocument: try Self.catalog(registeredAt: "Sources/NotHere/Plugins.swift"))
        let found = Self.definition(&client)
        #expect(found.count == 1)
        #expect((found.first?["uri"] as? String)?.hasSuffix("/Tests/RegistryFixtures/Fixtures.swift") == true)
    }

    @Test(arguments: ["Sources/Gone/Plugins.swift", "Sources/Gone/Plugins.swift:3", "/nowhere/Plugins.swift", "Sources/App", "Sources/App:3"])
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
