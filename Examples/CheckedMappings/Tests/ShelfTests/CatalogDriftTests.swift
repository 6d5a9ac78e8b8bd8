import Foundation
import MappingRegistry
import Shelf
import Testing

/// The committed `catalog.json` the build-tool plugin checks `mappings.json`
/// against is the shelf's own: after a change to its plugins or Swift
/// mappings, `RECORD_CATALOG=1 swift test` (in this package's folder) writes
/// it again, and the change is committed with the code that caused it.
@Suite struct CatalogDriftTests {
    static let committed = ShelfTests.configuration.appendingPathComponent("catalog.json")

    // doc-listing: build-plugin-drift-test
    @Test func theCommittedCatalogIsTheShelfsCatalog() throws {
        let fresh = try ShelfApp.plugins.catalogDocument(including: [.declarations(ShelfApp.mappings)])
        if ProcessInfo.processInfo.environment["RECORD_CATALOG"] == "1" {
            try fresh.write(to: Self.committed)
        }
        #expect(try Data(contentsOf: Self.committed) == fresh, "the shelf changed: run RECORD_CATALOG=1 swift test, commit catalog.json")
    }
    // doc-listing-end: build-plugin-drift-test

    @Test func recordingIsOff() {
        // A recording run rewrites the file and passes: it must never be left on.
        #expect(ProcessInfo.processInfo.environment["RECORD_CATALOG"] == nil)
    }
}
