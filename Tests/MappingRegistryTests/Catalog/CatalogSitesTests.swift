import Foundation
@testable import MappingRegistry
import RegistryFixtures
import TestSupport
import Testing

/// A catalog names where each plugin was registered by its file, relative
/// to the package's root, and no line: the committed catalog does not churn
/// between checkouts or when lines are added above a registration.
@Suite struct CatalogSitesTests {
    /// A package's plugins as compiled in a checkout at `root`, with
    /// `linesAbove` lines added above every registration.
    static func plugins(checkout root: URL, linesAbove: Int) -> PluginCatalog {
        let plugins = root.appendingPathComponent("Sources/App/Plugins.swift").path
        let rows = root.appendingPathComponent("Sources/App/Views/Rows.swift").path
        var catalog = PluginCatalog()
        catalog.register(model: Dish.self, named: "Dish", filePath: plugins, line: 10 + linesAbove)
        catalog.register(view: DishRow.self, named: "DishRow", filePath: rows, line: 4 + linesAbove)
        catalog.register(view: "Plain", for: Dish.self, filePath: rows, line: 7 + linesAbove) { dish, _ in dish.name }
        catalog.register(predicate: "isVegan", for: Dish.self, filePath: plugins, line: 12 + linesAbove) { dish, _ in dish.vegan }
        catalog.register(decorator: "loud", for: Dish.self, filePath: plugins, line: 14 + linesAbove) { text, _, _ in text.uppercased() }
        return catalog
    }

    @Test func aPackageCheckedOutAtTwoPathsWithLinesAddedAboveGivesTheSameBytes() throws {
        let temporary = TemporaryDirectory(prefix: "catalog-sites")
        defer { temporary.remove() }
        let first = temporary.url("first/App")
        let second = temporary.url("elsewhere/deeper/App")
        for checkout in ["first/App", "elsewhere/deeper/App"] {
            try temporary.write("// swift-tools-version:6.0\n", to: checkout + "/Package.swift")
        }
        let original = try Self.plugins(checkout: first, linesAbove: 0).catalogDocument()
        #expect(try Self.plugins(checkout: second, linesAbove: 0).catalogDocument() == original)
        #expect(try Self.plugins(checkout: first, linesAbove: 3).catalogDocument() == original)
        #expect(try Self.plugins(checkout: second, linesAbove: 25).catalogDocument() == original)

        let description = try CatalogDescription(data: original, source: "catalog.json")
        #expect(description.models.map(\.registeredAt) == ["Sources/App/Plugins.swift"])
        #expect(description.views.map(\.registeredAt) == ["Sources/App/Views/Rows.swift", "Sources/App/Views/Rows.swift"])
        #expect(description.predicates.map(\.registeredAt) == ["Sources/App/Plugins.swift"])
        #expect(description.decorators.map(\.registeredAt) == ["Sources/App/Plugins.swift"])
    }

    @Test func theRootIsTheNearestFolderWithAPackageAProjectOrARepository() throws {
        let temporary = TemporaryDirectory(prefix: "catalog-roots")
        defer { temporary.remove() }
        try temporary.write("", to: "repository/.git")
        try temporary.write("", to: "repository/Packages/Kit/Package.swift")
        try temporary.createDirectory("repository/App/App.xcodeproj")
        var roots = CatalogSites.Roots(currentDirectory: "/")
        let root = temporary.path
        // The nearest marker wins: a package inside a repository is its own root.
        #expect(roots.catalogPath(of: root + "/repository/Packages/Kit/Sources/Kit/Plugins.swift") == "Sources/Kit/Plugins.swift")
        #expect(roots.catalogPath(of: root + "/repository/App/App/Plugins.swift") == "App/Plugins.swift")
        #expect(roots.catalogPath(of: root + "/repository/Scripts/Plugins.swift") == "Scripts/Plugins.swift")
        #expect(roots.catalogPath(of: root + "/repository/./Scripts/../Scripts/Plugins.swift") == "Scripts/Plugins.swift")
        // What the compiler writes for a `Map(V.self)` (`#fileID`) is kept as it is.
        #expect(roots.catalogPath(of: "App/Mappings.swift") == "App/Mappings.swift")
    }

    @Test func withoutARootTheCurrentDirectoryElseTheFileName() throws {
        let temporary = TemporaryDirectory(prefix: "catalog-no-root")
        defer { temporary.remove() }
        let file = temporary.path + "/Sources/App/Plugins.swift"
        var roots = CatalogSites.Roots(currentDirectory: temporary.path)
        let relative = roots.catalogPath(of: file)
        var elsewhere = CatalogSites.Roots(currentDirectory: "/nowhere/else")
        let named = elsewhere.catalogPath(of: file)
        // Only where nothing above the temporary directory marks a root.
        var probe = CatalogSites.Roots(currentDirectory: "/")
        if probe.catalogPath(of: temporary.path + "/probe") == "probe" {
            #expect(relative == "Sources/App/Plugins.swift")
            #expect(named == "Plugins.swift")
        } else {
            #expect(relative == named, "a root above the temporary directory decides both")
        }
    }

    @Test(arguments: [
        ("/work/app/Sources/App/Plugins.swift:42", "/work/app/Sources/App/Plugins.swift"),
        ("App/Mappings.swift:7", "App/Mappings.swift"),
        ("Plugins.swift", "Plugins.swift"),
    ])
    func aRecordedSiteLosesItsLine(site: String, file: String) {
        #expect(CatalogSites.file(ofSite: site) == file)
    }
}
