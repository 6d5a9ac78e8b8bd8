import Foundation
import MappingRegistry
import MappingRegistryTesting
import ModelStorage
import Shelf
import Testing

/// The shelf's mappings, loaded as the app loads them and checked with
/// MappingRegistryTesting: each book resolves to the row meant for it.
@Suite struct ShelfTests {
    /// The folder the build-tool plugin checks.
    static let configuration = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Shelf/Configuration")

    /// Each book and the view its row should be.
    static let cases: [(book: Book, view: String)] = [
        (Book(title: "Middlemarch", author: "George Eliot", year: 1871), "ClassicRow"),
        (Book(title: "Beloved", author: "Toni Morrison", year: 1987), "BookRow"),
    ]

    // doc-listing: build-plugin-resolution-test
    @Test(arguments: cases)
    func eachBookResolvesToItsRow(book: Book, view: String) throws {
        let registry = try ShelfApp.registry(contentsOf: Self.configuration.appendingPathComponent("mappings.json"))
        expectResolution(of: book, at: ItemPosition(item: 0, section: 0), in: registry, is: view)
    }
    // doc-listing-end: build-plugin-resolution-test

    @Test func theDataDocumentRendersWithoutAProblem() throws {
        let registry = try ShelfApp.registry(contentsOf: Self.configuration.appendingPathComponent("mappings.json"))
        let document = try DataDocument(contentsOf: Self.configuration.appendingPathComponent("shelf-data.json"), plugins: ShelfApp.plugins)
        expectNoProblems(in: registry, storage: document.storage)
        let result = TextRenderer(registry: registry).render(document.storage)
        #expect(result.text == "# Novels\nMiddlemarch, by George Eliot (1871)\nBeloved, by Toni Morrison\n")
    }
}
