import Foundation
import MappingRegistry
import Testing

/// "Check mappings when you build" shows the files of `Examples/CheckedMappings`:
/// its Swift listings are regions of that package's sources (ListingTests
/// checks them), its first JSON listing is the example's `mappings.json`, word
/// for word, and its second a policy file that reads without a problem.
@Suite struct CheckMappingsListings {
    static let article = "Sources/MappingRegistryCommandLine/MappingRegistryCommandLine.docc/CheckMappingsWhenYouBuild.md"
    static let mappings = Documentation.checkedMappingsExample + "/Sources/Shelf/Configuration/mappings.json"

    @Test func theJSONListingsAreTheExamplesMappingsFileAndAPolicyFile() throws {
        let listings = try Documentation.codeBlocks(in: Self.article).filter { $0.language == "json" }
        let file = try Documentation.text(of: Self.mappings).trimmingCharacters(in: .newlines)
        try #require(listings.count == 2)
        #expect(listings[0].text == file, "\(listings[0].place): not the text of \(Self.mappings)")
        let policy = DiagnosticPolicy.read(Data(listings[1].text.utf8), source: DiagnosticPolicy.fileName)
        #expect(policy.diagnostics.isEmpty, "\(listings[1].place): \(policy.diagnostics)")
        #expect(policy.policy.apply(to: Diagnostic(severity: .warning, code: .unusedPredicate, message: "")) == nil)
    }

    @Test func theSwiftListingsComeFromTheExample() throws {
        let regions = try Documentation.regions().regions.filter { $0.place.hasPrefix(Documentation.checkedMappingsExample + "/") }
        let listings = try Documentation.codeBlocks(in: Self.article).filter { $0.language == "swift" }
        #expect(listings.count == 3)
        for listing in listings {
            #expect(regions.contains { $0.text == listing.text }, "\(listing.place): no region of \(Documentation.checkedMappingsExample)")
        }
    }
}
