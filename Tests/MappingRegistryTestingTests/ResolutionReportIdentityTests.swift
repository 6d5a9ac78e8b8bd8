import Foundation
import MappingRegistry
import MappingRegistryTesting
import ModelStorage
import RegistryFixtures
import Testing
import TestSupport

/// `ResolutionReport` names mappings by identities that do not churn: no
/// checkout path, no Swift line, so a snapshot changes only when a
/// resolution does.
@Suite struct ResolutionReportIdentityTests {
    /// The feed's file of a small package: a dish row.
    static let feedMappings = configuration(#"{ "view": "DishRow", "model": "Dish", "priority": 1 }"#)

    /// The menu's file, of the same name in another folder: a food row and a header.
    static let menuMappings = configuration(
        #"{ "view": "FoodRow", "model": "Food" }"#,
        #"{ "view": "TitleView", "model": "String", "kind": "header" }"#
    )

    /// The package's Swift mapping: the hero dish row of section 1.
    static func swiftMappings(line: Int = #line) -> [MappingDeclaration] {
        [Map(DishRow.self, when: .section(1), priority: 2, reuseIdentifier: "hero", line: line)]
    }

    /// A header, a dish and a drink; then a dish in section 1.
    static func storage() -> SectionsStorage {
        SectionsStorage(sections: [
            .init(items: [Dish(name: "Soup", price: 5), Drink(name: "Tea")], supplementaries: [(kind: "header", model: "Starters")]),
            .init(items: [Dish(name: "Salad", price: 7)]),
        ])
    }

    /// The report of the package checked out at `checkout` inside `directory`,
    /// its two `mappings.json` files loaded by absolute URL.
    static func report(checkout: String, in directory: TemporaryDirectory, swiftLine: Int = 1) throws -> ResolutionReport {
        let feed = try directory.write(feedMappings, to: "\(checkout)/Sources/Feed/mappings.json")
        let menu = try directory.write(menuMappings, to: "\(checkout)/Sources/Menu/mappings.json")
        let registry = try MappingRegistry(plugins: fixtureCatalog(), sources: [
            .declarations(swiftMappings(line: swiftLine)), .json(contentsOf: feed), .json(contentsOf: menu),
        ])
        return ResolutionReport(registry: registry, storage: storage(), explain: true)
    }

    static let expected = """
        position           model   mapping
        section 0, header  String  TitleView (Menu/mappings.json:5:5)
        section 0, item 0  Dish    DishRow (Feed/mappings.json:4:5)
            - 'DishRow' "hero" (MappingRegistryTestingTests/ResolutionReportIdentityTests.swift) requires section 1
            - 'FoodRow' (Menu/mappings.json:4:5) applies, but with priority 0, below 1
        section 0, item 1  Drink   FoodRow (Menu/mappings.json:4:5)
            - 'DishRow' "hero" (MappingRegistryTestingTests/ResolutionReportIdentityTests.swift) wants model 'Dish'
            - 'DishRow' (Feed/mappings.json:4:5) wants model 'Dish'
        section 1, item 0  Dish    DishRow "hero" (MappingRegistryTestingTests/ResolutionReportIdentityTests.swift)
            - 'DishRow' (Feed/mappings.json:4:5) applies, but with priority 1, below 2
            - 'FoodRow' (Menu/mappings.json:4:5) applies, but with priority 0, below 2

        """

    @Test func twoCheckoutsOfOnePackageGiveByteIdenticalReports() throws {
        try withTemporaryDirectory { directory in
            let first = try Self.report(checkout: "checkout", in: directory)
            let second = try Self.report(checkout: "elsewhere/another-checkout", in: directory)
            #expect(Data(first.description.utf8) == Data(second.description.utf8))
            #expect(first.description == Self.expected)
            #expect(!first.description.contains(directory.path))
        }
    }

    /// Seven lines added above a Swift declaration move it from line 30 to
    /// line 37: the report does not change.
    @Test func addingLinesAboveASwiftDeclarationLeavesTheReportIdentical() throws {
        try withTemporaryDirectory { directory in
            let before = try Self.report(checkout: "checkout", in: directory, swiftLine: 30)
            let after = try Self.report(checkout: "checkout", in: directory, swiftLine: 37)
            #expect(before == after)
            #expect(before.description == Self.expected)
        }
    }

    /// A name given as relative is kept as given, with the mapping's line and column.
    @Test func aRelativeNameIsKeptAsGiven() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog(), sources: [
            .json(Data(Self.menuMappings.utf8), name: "Config/menu.json"),
        ])
        let report = ResolutionReport(registry: registry, storage: SectionsStorage(sections: [.init(items: [Drink(name: "Tea")])]))
        #expect(report.description.hasSuffix("section 0, item 0  Drink  FoodRow (Config/menu.json:4:5)\n"))
    }

    @Test func withoutLocationsTheReportNamesViewsAndReuseIdentifiersOnly() throws {
        try withTemporaryDirectory { directory in
            let report = try Self.report(checkout: "checkout", in: directory)
            let registry = try MappingRegistry(plugins: fixtureCatalog(), sources: [
                .declarations(Self.swiftMappings()),
                .json(contentsOf: try directory.write(Self.feedMappings, to: "a/mappings.json")),
                .json(contentsOf: try directory.write(Self.menuMappings, to: "b/mappings.json")),
            ])
            let bare = ResolutionReport(registry: registry, storage: Self.storage(), explain: true, includeLocations: false)
            #expect(bare.description == """
                position           model   mapping
                section 0, header  String  TitleView
                section 0, item 0  Dish    DishRow
                    - 'DishRow' "hero" requires section 1
                    - 'FoodRow' applies, but with priority 0, below 1
                section 0, item 1  Drink   FoodRow
                    - 'DishRow' "hero" wants model 'Dish'
                    - 'DishRow' wants model 'Dish'
                section 1, item 0  Dish    DishRow "hero"
                    - 'DishRow' applies, but with priority 1, below 2
                    - 'FoodRow' applies, but with priority 0, below 2

                """)
            #expect(report.description != bare.description)
        }
    }

    /// Two Swift mappings of one file, view, reuse identifier and kind would
    /// read the same: each gets its place among them, `#1` and `#2`, in
    /// declaration order; a third with its own reuse identifier needs none.
    @Test func swiftMappingsThatWouldReadTheSameGetTheirPlaceAmongThem() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog(), sources: [.declarations([
            Map(DishRow.self, when: .section(0), line: 10),
            Map(DishRow.self, when: .section(1), line: 20),
            Map(DishRow.self, when: .section(2), reuseIdentifier: "hero", line: 30),
        ])])
        let storage = SectionsStorage(sections: (0..<3).map { _ in .init(items: [Dish(name: "Soup", price: 5)]) })
        let file = "MappingRegistryTestingTests/ResolutionReportIdentityTests.swift"
        #expect(ResolutionReport(registry: registry, storage: storage).description == """
            position           model  mapping
            section 0, item 0  Dish   DishRow (\(file) #1)
            section 1, item 0  Dish   DishRow (\(file) #2)
            section 2, item 0  Dish   DishRow "hero" (\(file))

            """)
    }

    /// How a file loaded by a path is named, given the other files of the
    /// registry: a relative name as given; an absolute path by the shortest
    /// tail that no other file ends with.
    @Test(arguments: [
        (["/home/ci/work/App/Tests/mappings.json"], ["mappings.json"]),
        (["/home/ci/work/App/Feed/mappings.json", "/home/ci/work/App/Menu/mappings.json"], ["Feed/mappings.json", "Menu/mappings.json"]),
        (["/home/ci/work/App/Feed/mappings.json", "/home/ci/work/App/Menu/feed.json"], ["mappings.json", "feed.json"]),
        (["/srv/a/Config/mappings.json", "/srv/b/Config/mappings.json"], ["a/Config/mappings.json", "b/Config/mappings.json"]),
        (["Config/mappings.json"], ["Config/mappings.json"]),
        (["/home/ci/App/Feed/mappings.json", "mappings.json"], ["Feed/mappings.json", "mappings.json"]),
        (["C:\\Users\\ci\\App\\mappings.json"], ["mappings.json"]),
    ])
    func aFileIsNamedByTheShortestTailThatTellsItApart(files: [String], names: [String]) throws {
        let mappings = [#"{ "view": "DishRow", "model": "Dish", "priority": 1 }"#, #"{ "view": "FoodRow", "model": "Food" }"#]
        let sources = zip(files, mappings).map { MappingSource.json(Data(configuration($1).utf8), name: $0) }
        let registry = try MappingRegistry(plugins: fixtureCatalog(), sources: sources)
        let report = ResolutionReport(registry: registry, storage: SectionsStorage(sections: [.init(items: [Dish(name: "Soup", price: 5)])]), explain: true)
        let named = names.map { name in report.description.contains("(\(name):4:5)") }
        #expect(named == names.map { _ in true }, "\(report)")
        #expect(!report.description.contains("/home") && !report.description.contains("/srv") && !report.description.contains("C:"))
    }
}
