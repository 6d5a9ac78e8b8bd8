import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import ModelStorage
import TestSupport
import Testing

// The listings of "Serving mappings from a server" (MappingRegistry's DocC):
// two versions of an app's plugins, a configuration with a fallback served
// to both, CI checking it against both catalogs, a change diffed from a
// catalog, and the app applying the downloaded bytes with a cache. Each listing is run here; QuickStartTests'
// ListingTests checks the article shows them word for word.

/// A dish of the sample app; data documents store it.
struct ServedDish: Sendable, Decodable {
    var name: String
    var vegan = false
}

/// Version 1.0's row for every dish.
final class ServedDishRow: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: ServedDish) { text = model.name }
    func render() -> String { text }
}

/// Version 1.1's new row for vegan dishes.
final class VeganBowlRow: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: ServedDish) { text = "🌱 \(model.name)" }
    func render() -> String { text }
}

enum ServedApp {
    // doc-listing: serving-plugins
    /// The plugins of app version 1.0; version 1.1 adds `VeganBowlRow`.
    static func plugins(version: String) -> PluginCatalog {
        var plugins = PluginCatalog()
        plugins.register(model: ServedDish.self, named: "Dish")
        plugins.register(view: ServedDishRow.self, named: "DishRow")
        plugins.register(predicate: "isVegan", for: ServedDish.self) { dish, _ in dish.vegan }
        if version >= "1.1" {
            plugins.register(view: VeganBowlRow.self, named: "VeganBowlRow")
        }
        return plugins
    }
    // doc-listing-end: serving-plugins
}

@Suite struct ServingMappingsListings {
    static let article = "Sources/MappingRegistry/MappingRegistry.docc/ServingMappingsFromAServer.md"
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fenced blocks of one language in the article, in order.
    static func blocks(_ language: String) throws -> [String] {
        let lines = try String(contentsOf: root.appendingPathComponent(article), encoding: .utf8).components(separatedBy: "\n")
        var blocks: [String] = []
        var current: [String]?
        for line in lines {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The configuration the article serves.
    static func served() throws -> Data {
        Data(try #require(try blocks("json").first).utf8)
    }

    static let dishes: [ServedDish] = [ServedDish(name: "Curry", vegan: true), ServedDish(name: "Steak")]

    static func render(_ registry: MappingRegistry) -> String {
        let storage = MemoryStorage()
        storage.setItems(dishes, forSection: 0)
        return TextRenderer(registry: registry).render(storage).text
    }

    @Test func version11ShowsTheNewRowAndVersion10FallsBackWithAWarning() throws {
        let newer = try MappingRegistry(configuration: try Self.served(), plugins: ServedApp.plugins(version: "1.1"))
        #expect(newer.warnings.isEmpty)
        #expect(Self.render(newer) == "🌱 Curry\nSteak\n")

        let older = try MappingRegistry(configuration: try Self.served(), plugins: ServedApp.plugins(version: "1.0"))
        #expect(older.warnings.map(\.code) == [.usedFallback])
        #expect(Self.render(older) == "Curry\nSteak\n")
    }

    /// The CI listing's command, run against the two versions' catalogs,
    /// prints the article's output, word for word.
    @Test func ciChecksTheConfigurationAgainstBothCatalogs() throws {
        let temporary = TemporaryDirectory(prefix: "serving")
        defer { temporary.remove() }
        let directory = temporary.url
        for version in ["1.0", "1.1"] {
            try temporary.write(ServedApp.plugins(version: version).catalogDocument(including: []), to: "Catalogs/app-\(version).json")
        }
        try temporary.write(Self.served(), to: "mappings.json")
        let listing = try #require(try Self.blocks("sh").first)
        let lines = listing.split(separator: "\n").map(String.init)
        let command = try #require(lines.first?.split(separator: " ").map(String.init))
        #expect(command.first == "$")
        #expect(command.dropFirst().first == "mapping-registry")
        let arguments = command.dropFirst(2).map { $0.hasSuffix(".json") ? directory.appendingPathComponent($0).path : $0 }
        var output = ""
        var errors = ""
        let code = CommandLineTool.standalone.run(arguments: Array(arguments), standardOutput: &output, standardError: &errors)
        #expect(code == .success)
        let printed = (output + errors).replacingOccurrences(of: directory.path + "/", with: "")
        #expect(printed == lines.dropFirst().joined(separator: "\n") + "\n")
    }

    /// The diff listing's command, run on the article's next configuration
    /// and data document with version 1.1's catalog, prints the article's
    /// output, word for word, and exits 1.
    @Test func theCatalogDiffPrintsWhatMayChange() throws {
        let temporary = TemporaryDirectory(prefix: "serving")
        defer { temporary.remove() }
        let directory = temporary.url
        try temporary.write(ServedApp.plugins(version: "1.1").catalogDocument(including: []), to: "Catalogs/app-1.1.json")
        let json = try Self.blocks("json")
        try #require(json.count == 3)
        try temporary.write(Data(json[0].utf8), to: "mappings.json")
        try temporary.write(Data(json[1].utf8), to: "next.json")
        try temporary.write(Data(json[2].utf8), to: "dishes.json")
        let listing = try #require(try Self.blocks("sh").dropFirst().first)
        let lines = listing.split(separator: "\n").map(String.init)
        let command = try #require(lines.first?.split(separator: " ").map(String.init))
        #expect(command.prefix(3) == ["$", "mapping-registry", "diff"])
        let arguments = command.dropFirst(2).map { $0.hasSuffix(".json") ? directory.appendingPathComponent($0).path : $0 }
        var output = ""
        var errors = ""
        let code = CommandLineTool.standalone.run(arguments: Array(arguments), standardOutput: &output, standardError: &errors)
        #expect(code == .failure)
        #expect(errors == "")
        #expect(output.replacingOccurrences(of: directory.path + "/", with: "") == lines.dropFirst().joined(separator: "\n") + "\n")
    }

    func start(bundled: URL, cache: URL, downloaded: Data) throws -> ReloadingRegistry {
        // doc-listing: serving-apply
        let mappings = try ReloadingRegistry(bundled: bundled, cache: cache, plugins: ServedApp.plugins(version: "1.0"))
        let outcome = mappings.apply(downloaded, source: "https://example.com/menu/mappings.json")
        if case .rejected(let error) = outcome {
            print(DiagnosticFormatter().format(error.diagnostics))   // the previous mappings keep serving
        }
        // used-fallback on 1.0: the download names VeganBowlRow, which 1.1 adds.
        for warning in outcome.diagnostics where warning.code == .usedFallback {
            print(warning.message)
        }
        // doc-listing-end: serving-apply
        return mappings
    }

    @Test func theAppAppliesTheDownloadAndTheNextStartServesItFromTheCache() throws {
        let temporary = TemporaryDirectory(prefix: "serving")
        defer { temporary.remove() }
        let directory = temporary.url
        let bundled = directory.appendingPathComponent("mappings.json")
        let cache = directory.appendingPathComponent("mappings.cache")
        try Data(#"{"version": 1, "mappings": [{"view": "DishRow", "model": "Dish"}]}"#.utf8).write(to: bundled)

        let first = try start(bundled: bundled, cache: cache, downloaded: try Self.served())
        #expect(first.origin == .fresh)
        #expect(Self.render(first.current) == "Curry\nSteak\n")

        // A restart before any download: the cache serves what was accepted.
        let restarted = try ReloadingRegistry(bundled: bundled, cache: cache, plugins: ServedApp.plugins(version: "1.0"))
        #expect(restarted.origin == .cached)
        #expect(restarted.startupDiagnostics.isEmpty)
        #expect(restarted.current.warnings.map(\.code) == [.usedFallback])
    }
}
