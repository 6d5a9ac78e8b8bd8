import Foundation
import Testing

/// "Check mappings when you build" shows the files of `Examples/CheckedMappings`:
/// its Swift listings are regions of that package's sources (ListingTests
/// checks them), and its JSON listing is the example's `mappings.json`, word for word.
@Suite struct CheckMappingsListings {
    static let article = "Sources/MappingRegistryCommandLine/MappingRegistryCommandLine.docc/CheckMappingsWhenYouBuild.md"
    static let mappings = Documentation.checkedMappingsExample + "/Sources/Shelf/Configuration/mappings.json"

    @Test func theJSONListingIsTheExamplesMappingsFile() throws {
        let listings = try Documentation.codeBlocks(in: Self.article).filter { $0.language == "json" }
        let file = try Documentation.text(of: Self.mappings).trimmingCharacters(in: .newlines)
        #expect(listings.count == 1)
        for listing in listings {
            #expect(listing.text == file, "\(listing.place): not the text of \(Self.mappings)")
        }
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
