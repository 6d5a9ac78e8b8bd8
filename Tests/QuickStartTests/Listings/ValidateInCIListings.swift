import Foundation
import MappingRegistry
import Testing

/// The listings of "Validate in CI": an app whose test target keeps its
/// committed catalog file in step with its plugins and Swift mappings.
enum FeedApp {
    /// The app's plugins.
    static var plugins: PluginCatalog {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self)
        plugins.register(view: PriceRow.self)
        plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.isVegan }
        return plugins
    }

    /// The app's Swift mappings; the screens' JSON names the rest.
    static var mappings: [MappingDeclaration] {
        [Map(DishRow.self), Map(PriceRow.self, when: .predicate("isVegan"), priority: 1)]
    }
}

@Suite struct ValidateInCIListings {
    /// The committed catalog of the feed app, beside this file.
    static let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Catalog").appendingPathComponent("catalog.json")

    // doc-listing: catalog-drift-test
    @Test func theCommittedCatalogIsTheAppsCatalog() throws {
        let fresh = try FeedApp.plugins.catalogDocument(including: [.declarations(FeedApp.mappings)])
        if ProcessInfo.processInfo.environment["RECORD_CATALOG"] == "1" {
            try fresh.write(to: Self.committed)
        }
        #expect(try Data(contentsOf: Self.committed) == fresh, "the app changed: run RECORD_CATALOG=1 swift test, commit catalog.json")
    }
    // doc-listing-end: catalog-drift-test

    @Test func recordingIsOff() {
        // A recording run rewrites the file and passes: it must never be left on.
        #expect(ProcessInfo.processInfo.environment["RECORD_CATALOG"] == nil)
    }
}
