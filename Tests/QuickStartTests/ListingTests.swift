import Foundation
import MappingRegistry
import Testing

/// Every Swift listing of README.md, Benchmarks/README.md and the DocC
/// articles is a marked region of a compiled test source, word for word (up to
/// indentation), so each one compiles against the current API; every JSON
/// listing is JSON. See ``Documentation`` for the markers.
@Suite struct ListingTests {
    @Test func theDocumentsAreFound() {
        let paths = Documentation.documentPaths
        #expect(paths.contains("README.md"))
        #expect(paths.contains("Sources/MappingRegistry/MappingRegistry.docc/MappingRegistry.md"))
        #expect(paths.contains("Sources/MappingRegistryCommandLine/MappingRegistryCommandLine.docc/MappingRegistryCommandLine.md"))
        #expect(paths.contains("Sources/ModelStorage/ModelStorage.docc/ModelStorage.md"))
        #expect(Documentation.compiledTestSourcePaths.contains("Tests/QuickStartTests/QuickStartSwift.swift"))
        #expect(!Documentation.compiledTestSourcePaths.contains { $0.hasPrefix("Tests/Fuzz/") })
    }

    @Test(arguments: Documentation.documentPaths)
    func everySwiftListingIsACompiledRegion(document: String) throws {
        let regions = try Documentation.regions().regions
        let texts = Set(regions.map(\.text))
        for block in try Documentation.codeBlocks(in: document) where block.language == "swift" && block.fragmentReason == nil {
            let compiled = texts.contains(block.text)
            #expect(compiled, "\(block.place): this Swift listing is no marked region of a compiled test source:\n\(block.text)")
        }
    }

    @Test func everyRegionIsListedInADocument() throws {
        var listed: Set<String> = []
        for document in Documentation.documentPaths {
            for block in try Documentation.codeBlocks(in: document) where block.language == "swift" {
                listed.insert(block.text)
            }
        }
        let regions = try Documentation.regions().regions
        #expect(regions.count >= 20)
        for region in regions {
            let isListed = listed.contains(region.text)
            #expect(isListed, "\(region.place): region '\(region.name)' is in no document")
        }
    }

    @Test func regionMarkersArePairedAndNamesUnique() throws {
        let problems = try Documentation.regions().problems
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    /// A fragment is rare, says why, and is not secretly a compiled region.
    @Test func fragmentsAreRareAndExplained() throws {
        let regions = Set(try Documentation.regions().regions.map(\.text))
        var fragments: [Documentation.CodeBlock] = []
        for document in Documentation.documentPaths {
            fragments += try Documentation.codeBlocks(in: document).filter { $0.fragmentReason != nil }
        }
        for fragment in fragments {
            #expect(fragment.language == "swift", "\(fragment.place): only a Swift listing can be a fragment")
            #expect((fragment.fragmentReason ?? "").count >= 20, "\(fragment.place): say why the listing cannot compile")
            #expect(!regions.contains(fragment.text), "\(fragment.place): this fragment is a compiled region; drop the marker")
        }
        #expect(fragments.count <= 2, "fragments: \(fragments.map(\.place))")
    }

    /// Checked by the library's own reader (RFC 8259, which Foundation's
    /// `JSONSerialization` on Linux is laxer than: it takes trailing commas):
    /// loading the listing as a data document must find no `invalid-json`.
    static func isJSON(_ text: String) -> Bool {
        do {
            _ = try DataDocument(data: Data(text.utf8), plugins: PluginCatalog())
            return true
        } catch {
            return !error.diagnostics.contains { $0.code == .invalidJSON }
        }
    }

    @Test(arguments: Documentation.documentPaths)
    func everyJSONListingIsJSON(document: String) throws {
        for block in try Documentation.codeBlocks(in: document) where block.language == "json" {
            #expect(Self.isJSON(block.text), "\(block.place): not JSON:\n\(block.text)")
        }
    }

    @Test func theJSONCheckRejectsWhatRFC8259Rejects() {
        #expect(Self.isJSON(#"{ "view": "DishRow", "model": "Dish", "decorators": ["soldOut"] }"#))
        #expect(!Self.isJSON(#"{ "view": "DishRow", }"#))
        #expect(!Self.isJSON(#"{ view: "DishRow" }"#))
    }

    /// The extractor itself: an indented fence, a fragment marker, a block
    /// after a marker.
    @Test func codeBlocksAreReadAsMarkdownWritesThem() throws {
        let blocks = try Documentation.codeBlocks(in: "README.md")
        #expect(blocks.contains { $0.language == "swift" })
        #expect(blocks.allSatisfy { !$0.lines.contains { $0.hasPrefix("```") } })
        #expect(Documentation.openingFence("  ```swift")?.indent == 2)
        #expect(Documentation.openingFence("```` ```swift ````") == nil)
        #expect(Documentation.normalized(["", "    a", "      b", "  "]) == "a\n  b")
    }
}
