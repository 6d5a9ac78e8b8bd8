import Foundation
import MappingRegistry
import Testing

/// README's quick starts, and the Getting Started article's, print what the
/// documents say they print. (That their code is this target's code is
/// `ListingTests`' business.) The target depends on MappingRegistry and
/// ModelStorage only, as an app that depends on the package does.
@Suite struct ReadmeTests {
    static let gettingStarted = "Sources/MappingRegistry/MappingRegistry.docc/GettingStarted.md"

    func block(after marker: String, language: String = "text", in document: String = "README.md") throws -> String {
        try #require(try Documentation.block(after: marker, language: language, in: document), "\(document) lacks \(marker)")
    }

    @Test func readmesQuickStartIsTheWholeSwiftQuickStart() throws {
        let quickStart = try #require(try Documentation.regions().regions.first { $0.name == "quick-start-swift" })
        let listing = try block(after: "<!-- quick-start-swift -->", language: "swift")
        #expect(Documentation.normalized(listing.components(separatedBy: "\n")) == quickStart.text)
        #expect(quickStart.place.hasPrefix("Tests/QuickStartTests/QuickStartSwift.swift:"))
    }

    @Test(arguments: [("README.md", "<!-- quick-start-output -->"), (gettingStarted, "<!-- quick-start-output -->")])
    func bothStylesPrintWhatTheDocumentShows(document: String, marker: String) throws {
        let expected = try block(after: marker, in: document)
        let swift = try renderShelf()
        let json = try renderShelfFromJSON()
        #expect(swift.text == expected)
        #expect(json.text == expected)
        #expect(swift.diagnostics.map(\.code) == ["missing-mapping"])
        #expect(json.diagnostics.map(\.position) == swift.diagnostics.map(\.position))
    }

    @Test func oneItemAtATimePrintsWhatGettingStartedShows() throws {
        let rows = try renderVisibleRows(of: [
            Book(title: "Middlemarch", author: "George Eliot"),
            Book(title: "Persuasion", author: "Jane Austen"),
        ])
        let expected = try block(after: "<!-- quick-start-one-item-output -->", in: Self.gettingStarted)
        #expect(expected == rows.joined(separator: "\n") + "\n")
    }
}
