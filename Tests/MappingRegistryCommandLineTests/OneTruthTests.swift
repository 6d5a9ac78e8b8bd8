import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import TestSupport
import Testing

/// A feed app that declares some mappings in Swift and the rest in JSON
/// screens: every tool checks the JSON together with the Swift mappings.
@Suite struct OneTruthTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "one-truth-tests")

    struct Post: Sendable {
        var author: String
        var verified = false
    }

    final class PostCell: TextView, ModelTransfer {
        private var text = ""
        init() {}
        func update(with model: Post) { text = "post by \(model.author)" }
        func render() -> String { text }
    }

    final class VerifiedPostRow: TextView, ModelTransfer {
        private var text = ""
        init() {}
        func update(with model: Post) { text = "verified post by \(model.author)" }
        func render() -> String { text }
    }

    /// The app's plugins: `PostCell` is not registered; only its `Map` names it.
    static func plugins() -> PluginCatalog {
        var plugins = PluginCatalog()
        plugins.register(model: Post.self)
        plugins.register(view: VerifiedPostRow.self)
        plugins.register(predicate: "isVerified", for: Post.self) { post, _ in post.verified }
        plugins.register(decorator: "verifiedBadge", for: Post.self) { text, _, _ in text + " ✓" }
        return plugins
    }

    /// The app's Swift mappings. Computed, not a stored global, which
    /// LeakSanitizer would report (it cannot follow tagged enum payloads).
    static let verifiedLine = #line + 3
    static var swiftMappings: [MappingDeclaration] { [
        Map(PostCell.self),
        Map(VerifiedPostRow.self, when: .predicate("isVerified"), priority: 1, decorators: ["verifiedBadge"]),
    ] }
    static let verifiedSite = "MappingRegistryCommandLineTests/OneTruthTests.swift:\(verifiedLine):12"

    /// A screen whose section-1 posts collide with the Swift `VerifiedPostRow` mapping.
    static let overlappingScreen = """
        {
          "version": 1,
          "mappings": [
            { "view": "PostCell", "model": "Post", "condition": { "section": 1 }, "priority": 1 }
          ]
        }
        """
    /// A screen that names the Swift-declared `PostCell` and collides with nothing.
    static let cleanScreen = """
        {
          "version": 1,
          "mappings": [
            { "view": "PostCell", "model": "Post", "condition": { "section": 2 }, "priority": 2, "reuseIdentifier": "pinned" }
          ]
        }
        """

    func expectedOverlap(in file: String) -> [String] {
        [
            "\(file):4:5: error: 'PostCell' here and 'VerifiedPostRow' at \(Self.verifiedSite) both show 'Post' as cell with priority 1 "
                + "in section 1 wherever predicate 'isVerified' holds; give one a higher priority or make the conditions disjoint [overlapping-mappings]",
            "\(Self.verifiedSite): note: 'VerifiedPostRow' is declared here",
        ]
    }

    /// The lines of text output that start with a location.
    func locatedLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { $0.contains(".json:") || $0.hasPrefix("MappingRegistryCommandLineTests/") }
    }

    @Test func theStandaloneValidatorChecksAScreenWithTheAppsSwiftMappings() throws {
        let support = CommandLineToolTests()
        let catalog = try temporary.file(
            String(decoding: try Self.plugins().catalogDocument(including: [.declarations(Self.swiftMappings)]), as: UTF8.self),
            name: "catalog.json"
        )
        let screen = try temporary.file(Self.overlappingScreen, name: "feed.json")
        let result = support.run(["validate", "--catalog", catalog, screen], tool: .standalone)
        #expect(result.code == .failure)
        #expect(locatedLines(result.errors) == expectedOverlap(in: screen))
        // The decorator only a Swift mapping uses is used.
        #expect(!result.errors.contains("unused"), "\(result.errors)")
    }

    @Test func theAppsEmbeddedValidateAndItsReloadingRegistryAgree() throws {
        let support = CommandLineToolTests()
        let tool = CommandLineTool(name: "feed", plugins: Self.plugins(), sources: [.declarations(Self.swiftMappings)])
        let screen = try temporary.file(Self.overlappingScreen, name: "feed.json")
        let result = support.run(["validate", "--mappings", screen], tool: tool)
        #expect(result.code == .failure)
        #expect(locatedLines(result.errors) == expectedOverlap(in: screen))

        // A live reload keeps the Swift mappings: the colliding version is refused.
        let url = URL(fileURLWithPath: try temporary.file(Self.cleanScreen, name: "live.json"))
        let live = try ReloadingRegistry(contentsOf: url, plugins: Self.plugins(), including: [.declarations(Self.swiftMappings)])
        try Data(Self.overlappingScreen.utf8).write(to: url)
        #expect(throws: ConfigurationError.self) { try live.reload() }
        do {
            try live.reload()
        } catch {
            #expect(error.diagnostics.map(\.code) == [.overlappingMappings])
            #expect(error.diagnostics.first?.notes.first?.location?.description == Self.verifiedSite)
        }
        // The last good version still serves, Swift and JSON mappings alike.
        let pool = ReusePool(registry: live.current)
        #expect(try pool.render(Post(author: "ada"), at: ItemPosition(item: 0, section: 2)).get() == "post by ada")
        #expect(try pool.render(Post(author: "bo", verified: true), at: ItemPosition(item: 0, section: 0)).get() == "verified post by bo ✓")
    }

    @Test func jsonCanNameAViewTypeOnlyASwiftMapDeclares() throws {
        let registry = try MappingRegistry(plugins: Self.plugins(), sources: [
            .declarations(Self.swiftMappings),
            .json(Data(Self.cleanScreen.utf8), name: "feed.json"),
        ])
        #expect(registry.mappings.map(\.view) == ["PostCell", "VerifiedPostRow", "PostCell"])
        let storage = MemoryStorage()
        storage.setItemsForAllSections([[Post(author: "a")], [], [Post(author: "b")]])
        #expect(TextRenderer(registry: registry).render(storage).text == "post by a\n\n\npost by b\n")
        // Without the Swift declarations, nothing registers it: the JSON alone cannot name it.
        #expect(throws: ConfigurationError.self) {
            try MappingRegistry(plugins: Self.plugins(), sources: [.json(Data(Self.cleanScreen.utf8), name: "feed.json")])
        }
    }

    @Test func aNameClashWithAnExplicitRegistrationIsADuplicatePluginWithBothSites() throws {
        var plugins = Self.plugins()
        let registeredLine = #line + 1
        plugins.register(view: "PostCell", for: Post.self) { post, _ in post.author }
        do {
            _ = try MappingRegistry(plugins: plugins, sources: [.declarations(Self.swiftMappings)])
            Issue.record("the clash was not reported")
        } catch {
            let clash = try #require(error.diagnostics.first { $0.code == .duplicatePlugin })
            #expect(clash.location?.description.hasPrefix("MappingRegistryCommandLineTests/OneTruthTests.swift:") == true)
            #expect(clash.notes.first?.location?.line == registeredLine)
            #expect(clash.notes.first?.location?.file.hasSuffix("OneTruthTests.swift") == true)
        }
    }

    @Test func theLibrarysCatalogAndTheCatalogSubcommandAreTheSameBytes() throws {
        let tool = CommandLineTool(name: "feed", plugins: Self.plugins(), sources: [.declarations(Self.swiftMappings)])
        let printed = CommandLineToolTests().run(["catalog"], tool: tool)
        #expect(printed.code == .success)
        let written = try Self.plugins().catalogDocument(including: [.declarations(Self.swiftMappings)])
        #expect(Data(printed.output.utf8) == written)
        // It carries the Swift mappings with their locations, and registration sites.
        let text = String(decoding: written, as: UTF8.self)
        #expect(text.contains(#""location": "\#(Self.verifiedSite)""#))
        #expect(text.contains(#""registeredAt": "#))
        #expect(text.contains(#""name": "PostCell""#))
    }

    @Test func threeFilesThatLeaveAPluginUnusedGiveOneWarning() throws {
        let support = CommandLineToolTests()
        var plugins = Self.plugins()
        plugins.register(view: "Spare", for: Post.self) { post, _ in post.author }
        let catalog = try temporary.file(
            String(decoding: try plugins.catalogDocument(including: [.declarations(Self.swiftMappings)]), as: UTF8.self),
            name: "catalog.json"
        )
        let screens = try (1...3).map { try temporary.file(Self.cleanScreen, name: "screen\($0).json") }
        let result = support.run(["validate", "--catalog", catalog] + screens, tool: .standalone)
        #expect(result.code == .success)
        let unused = result.errors.split(separator: "\n").filter { $0.contains("[unused-view]") }
        #expect(unused == ["warning: view 'Spare' is registered but no mapping uses it [unused-view]"])
        #expect(result.errors.hasSuffix("mapping-registry: 0 errors, 1 warning; checked \(screens.map { "\($0) (1 mapping)" }.joined(separator: ", "))\n"))
    }

    @Test func aMappingsFileSourceIsReadAtLoadAndNamedByItsPath() throws {
        let missing = URL(fileURLWithPath: "/nonexistent/feed.json")
        do {
            _ = try MappingRegistry(plugins: Self.plugins(), sources: [.declarations(Self.swiftMappings), .json(contentsOf: missing)])
            Issue.record("an unreadable file loaded")
        } catch {
            #expect(error.diagnostics.map(\.code) == [.unreadableFile])
            #expect(error.diagnostics.first?.message.contains("/nonexistent/feed.json") == true)
        }
        let url = URL(fileURLWithPath: try temporary.file(Self.overlappingScreen, name: "feed.json"))
        do {
            _ = try MappingRegistry(plugins: Self.plugins(), sources: [.declarations(Self.swiftMappings), .json(contentsOf: url)])
            Issue.record("the overlap was not found")
        } catch {
            #expect(error.diagnostics.first?.location?.file == url.path)
        }
    }

    @Test func anEmbeddedToolsHelpPromisesOnlyWhatItHas() {
        let bare = CommandLineTool(name: "feed", plugins: Self.plugins(), sources: [.declarations(Self.swiftMappings)])
        // Help text wraps; compare it as one line of words.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let help = words(CommandLineToolTests().run(["--help"], tool: bare).output)
        #expect(!help.contains("built into the tool"), "\(help)")
        #expect(help.contains("Default: mappings.json in the current directory."))
        let sample = words(CommandLineToolTests().run(["--help"], tool: CommandLineToolTests.tool()).output)
        #expect(sample.contains("else the copy built into the tool"))
        #expect(sample.contains("Default: the data built into the tool"))
    }
}
