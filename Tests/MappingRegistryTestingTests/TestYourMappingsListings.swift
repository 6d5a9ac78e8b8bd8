import Foundation
import MappingRegistry
import MappingRegistryTesting
import ModelStorage
import RegistryFixtures
import Testing

/// The listings of the article "Test your mappings", compiled and run here.
@Suite struct TestYourMappingsListings {
    static let mappings = configuration(
        #"{ "view": "DishRow", "model": "Dish", "priority": 1 }"#,
        #"{ "view": "FoodRow", "model": "Food" }"#,
        #"{ "view": "TitleView", "model": "String", "kind": "header" }"#
    )

    static let data = """
        {
          "sections": [
            {
              "header": { "model": "String", "value": "Starters" },
              "items": [
                { "model": "Dish", "value": { "name": "Tomato soup", "price": 6.5, "vegan": true } },
                { "model": "Dish", "value": { "name": "Burrata", "price": 11, "vegan": false } }
              ]
            }
          ]
        }
        """

    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    @Test func oneItemResolvesToTheViewExpected() throws {
        let plugins = fixtureCatalog()
        let json = Self.mappings
        // doc-listing: testing-expect-resolution
        let registry = try MappingRegistry(configuration: Data(json.utf8), plugins: plugins)
        let soup = Dish(name: "Tomato soup", price: 6.5)
        expectResolution(of: soup, at: ItemPosition(item: 0, section: 0), in: registry, is: "DishRow")
        expectResolution(of: "Starters", at: ItemPosition(item: 0, section: 0), in: registry, is: "TitleView", kind: .header)
        // doc-listing-end: testing-expect-resolution
        #expect(registry.mappings.count == 3)
    }

    @Test func everyItemOfTheDataResolves() throws {
        let plugins = fixtureCatalog()
        let registry = try MappingRegistry(configuration: Data(Self.mappings.utf8), plugins: plugins)
        let data = Data(Self.data.utf8)
        // doc-listing: testing-expect-no-problems
        let document = try DataDocument(data: data, plugins: plugins, source: "menu-data.json")
        expectNoProblems(in: registry, storage: document.storage)
        // doc-listing-end: testing-expect-no-problems
        #expect(document.storage.numberOfItems(inSection: 0) == 2)
    }

    @Test func theReportMatchesItsSnapshot() throws {
        let plugins = fixtureCatalog()
        let registry = try MappingRegistry(configuration: Data(Self.mappings.utf8), plugins: plugins)
        let document = try DataDocument(data: Data(Self.data.utf8), plugins: plugins, source: "menu-data.json")
        let snapshots = Self.snapshots
        // doc-listing: testing-report-snapshot
        let report = ResolutionReport(registry: registry, storage: document.storage, explain: true)
        let url = snapshots.appendingPathComponent("starters.resolution-report.txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Data(report.description.utf8).write(to: url)
            Issue.record("recorded \(url.lastPathComponent); unset RECORD_SNAPSHOTS and run again")
        } else {
            #expect(report.description == (try String(contentsOf: url, encoding: .utf8)))
        }
        // doc-listing-end: testing-report-snapshot
    }
}
