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

    /// Two mappings of one view, told apart by reuse identifier or by place.
    @Test func oneMappingOfAViewIsTheOneExpected() throws {
        let plugins = fixtureCatalog()
        let json = Self.mappings
        // doc-listing: testing-expect-one-mapping
        let hero = Map(DishRow.self, when: .section(1), priority: 2, reuseIdentifier: "hero")
        let registry = try MappingRegistry(plugins: plugins, sources: [
            .declarations([hero]),
            .json(Data(json.utf8), name: "mappings.json"),
        ])
        let soup = Dish(name: "Tomato soup", price: 6.5)
        expectResolution(of: soup, at: ItemPosition(item: 0, section: 1), in: registry, is: "DishRow", reuseIdentifier: "hero")
        expectResolution(of: soup, at: ItemPosition(item: 0, section: 0), in: registry, is: "DishRow", declaredAt: "mappings.json:4:5")
        expectResolution(of: soup, at: ItemPosition(item: 0, section: 1), in: registry, is: "DishRow", declaredAt: hero.location.description)
        // doc-listing-end: testing-expect-one-mapping
        #expect(registry.mappings.count == 4)
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

    /// Compares with `Snapshots/starters.resolution-report.txt` beside this file.
    @Test func theReportMatchesItsSnapshot() throws {
        let plugins = fixtureCatalog()
        let registry = try MappingRegistry(configuration: Data(Self.mappings.utf8), plugins: plugins)
        let document = try DataDocument(data: Data(Self.data.utf8), plugins: plugins, source: "menu-data.json")
        // doc-listing: testing-report-snapshot
        let report = ResolutionReport(registry: registry, storage: document.storage, explain: true)
        expectSnapshot(of: report, named: "starters.resolution-report.txt")
        // doc-listing-end: testing-report-snapshot
        #expect(report.description.hasPrefix("position "))
    }
}
