import Foundation
import MappingRegistry
import ModelStorage
import Testing

/// The quick start's `main.swift`, as a function: top-level code compiles
/// only in an executable's `main.swift`, so the listing is this function's
/// body. Its parameter stands for the quick start's `renderShelf()`, which
/// the body calls by that name, so a test can hand it a shelf whose mappings
/// do not load.
func shelfMain(_ renderShelf: () throws(ConfigurationError) -> RenderResult) {
    // doc-listing: quick-start-main
    do {
        let result = try renderShelf()
        print(result.text, terminator: "")
        for diagnostic in result.diagnostics {   // here: the 42 that no mapping takes
            FileHandle.standardError.write(Data("\(diagnostic)\n".utf8))
        }
    } catch {
        // The mappings did not load: print every problem, compiler-style, and fail.
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
    // doc-listing-end: quick-start-main
}

/// The quick start with a mistake: a mapping names a view that no plugin is.
func brokenShelf() throws(ConfigurationError) -> RenderResult {
    let registry = try MappingRegistry(plugins: PluginCatalog()) {
        Map(BookRow.self)
        Map("ShelfTitel", for: String.self, kind: .header)
    }
    return TextRenderer(registry: registry).render(MemoryStorage())
}

/// The quick start's `main.swift` runs in a process of its own (an exit
/// test), as an app's does: its standard output, standard error and exit
/// status are what the documents say.
@Suite struct QuickStartMainTests {
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test func aShelfThatLoadsPrintsItsTextAndReportsItsDiagnostics() async throws {
        let run = try #require(await #expect(processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]) {
            shelfMain(renderShelf)
        })
        let shelf = try renderShelf()
        #expect(Self.text(run.standardOutputContent) == shelf.text)
        #expect(Self.text(run.standardErrorContent) == shelf.diagnostics.map { "\($0)\n" }.joined())
        #expect(shelf.diagnostics.map(\.code) == [.missingMapping])
    }

    @Test func mappingsThatDoNotLoadPrintEveryProblemAndExitWithStatus1() async throws {
        let run = try #require(await #expect(processExitsWith: .exitCode(1), observing: [\.standardOutputContent, \.standardErrorContent]) {
            shelfMain(brokenShelf)
        })
        let error = try #require(throws: ConfigurationError.self) { try brokenShelf() }
        #expect(error.diagnostics.map(\.code) == [.unknownView])
        // Nothing of the shelf reaches stdout. (Swift Testing 6.3 reports an
        // exit test's empty stdout as its 32-byte "barrier", so "nothing at
        // all" cannot be asked.)
        #expect(!Self.text(run.standardOutputContent).contains("Fiction"))
        #expect(Self.text(run.standardErrorContent) == error.description + "\n")
        #expect(Self.text(run.standardErrorContent).contains("error: unknown view 'ShelfTitel'"))
    }
}
