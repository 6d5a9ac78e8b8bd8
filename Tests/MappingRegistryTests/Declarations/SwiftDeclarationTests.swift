import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// A promotion and its subclass, for type-aware overlap checks.
class Promotion: @unchecked Sendable {
    let title: String
    init(title: String) { self.title = title }
}

final class HappyHour: Promotion, @unchecked Sendable {}

final class PromotionBox: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: Promotion) { text = "[\(model.title)]" }
    func render() -> String { text }
}

final class HappyHourRow: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: HappyHour) { text = "happy \(model.title)" }
    func render() -> String { text }
}

/// One Swift declaration mistake, with what loading it must print. The
/// declarations are written on the line of the case, so the expected
/// location is read from this file's text, not from the code under test.
struct SwiftDeclarationCase: CustomTestStringConvertible, Sendable {
    let name: String
    let declarations: [MappingDeclaration]
    /// Each diagnostic's text after `file:line:column: `, in order; `@` stands
    /// for the location of the `n`-th `Map(` on the case's line.
    let expected: [String]
    let line: Int
    var testDescription: String { name }

    init(_ name: String, _ declarations: [MappingDeclaration], _ expected: [String], line: Int = #line) {
        self.name = name
        self.declarations = declarations
        self.expected = expected
        self.line = line
    }
}

@Suite struct SwiftDeclarationTests {
    /// The fixture catalog plus a predicate with an argument and a decorator.
    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
        plugins.register(decorator: "loud", for: Dish.self) { text, _, _ in text.uppercased() }
        return plugins
    }

    /// Where the `Map(` calls on a line of this file are: `file:line:column`
    /// of each opening parenthesis, which is where Swift puts `#column`.
    static func callSites(onLine line: Int) throws -> [String] {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let text = source.components(separatedBy: "\n")[line - 1]
        var sites: [String] = []
        var searchStart = text.startIndex
        while let range = text.range(of: "Map(", range: searchStart..<text.endIndex) {
            let column = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: range.upperBound.samePosition(in: text.unicodeScalars) ?? text.unicodeScalars.endIndex)
            sites.append("MappingRegistryTests/SwiftDeclarationTests.swift:\(line):\(column)")
            searchStart = range.upperBound
        }
        return sites
    }

    // Every load code that a Swift declaration can produce.
    static let cases: [SwiftDeclarationCase] = [
        .init("unknown-view", [Map("DishRo", for: Dish.self)], ["@1: error: unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]"]),
        .init("unknown-model", [Map("DishRow", model: "Dsh")], ["@1: error: unknown model 'Dsh'; did you mean 'Dish'? [unknown-model]"]),
        .init("unknown-predicate", [Map(DishRow.self, when: .predicate("isVegam"))], ["@1: error: unknown predicate 'isVegam'; did you mean 'isVegan'? [unknown-predicate]"]),
        .init("unknown-decorator", [Map(DishRow.self, decorators: ["lod"])], ["@1: error: unknown decorator 'lod'; did you mean 'loud'? [unknown-decorator]"]),
        .init("invalid-section", [Map(DishRow.self, when: .section(-2))], ["@1: error: 'section' must be 0 or greater, found -2 [invalid-section]"]),
        .init("invalid-section in sections", [Map(DishRow.self, when: .sections([0, -1]))], ["@1: error: 'section' must be 0 or greater, found -1 [invalid-section]"]),
        .init("invalid-condition, empty all", [Map(DishRow.self, when: .all([]))], ["@1: error: 'all' is empty; list at least one condition [invalid-condition]"]),
        .init("invalid-condition, empty any", [Map(DishRow.self, when: .not(.any([])))], ["@1: error: 'any' is empty; list at least one condition [invalid-condition]"]),
        .init("invalid-condition, empty sections", [Map(DishRow.self, when: .sections([]))], ["@1: error: 'sections' is empty, so the condition never holds; list at least one section [invalid-condition]"]),
        .init("missing-argument", [Map(DishRow.self, when: .predicate("priceAbove"))], [#"@1: error: predicate 'priceAbove' needs an argument of type 'Double'; add "argument": … [missing-argument]"#]),
        .init("unexpected-argument", [Map(DishRow.self, when: .predicate("isVegan", argument: 3))], ["@1: error: predicate 'isVegan' takes no argument, found a number (3); remove the argument [unexpected-argument]"]),
        .init("wrong-type argument", [Map(DishRow.self, when: .predicate("priceAbove", argument: "cheap"))], [#"@1: error: the argument of predicate 'priceAbove' must be a number, found a string ("cheap") [wrong-type]"#]),
        .init("wrong-type for an empty kind", [Map(DishRow.self, kind: "")], ["@1: error: 'kind' must be a non-empty string, found an empty string [wrong-type]"]),
        .init("incompatible-model for a view", [Map(DishRow.self, for: Int.self)], ["@1: error: view 'DishRow' takes 'Dish', which model 'Int' can never be [incompatible-model]"]),
        .init("incompatible-model for a predicate", [Map(NumberRow.self, when: .predicate("isVegan"))], ["@1: error: predicate 'isVegan' takes 'Dish', which model 'Int' can never be [incompatible-model]"]),
        .init("incompatible-model for a decorator", [Map(NumberRow.self, decorators: ["loud"])], ["@1: error: decorator 'loud' takes 'Dish', which model 'Int' can never be [incompatible-model]"]),
        .init("reuse-identifier-conflict", [Map(DishRow.self, reuseIdentifier: "row"), Map(NumberRow.self, reuseIdentifier: "row")], ["@2: error: reuse identifier 'row' gives view 'NumberRow' here and view 'DishRow' at @1; one reuse identifier must always give one view type [reuse-identifier-conflict]"]),
        .init("duplicate-mapping", [Map(DishRow.self), Map(DishRow.self, priority: 2)], ["@2: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at @1; remove one [duplicate-mapping]"]),
        .init("overlapping-mappings", [Map(DishRow.self), Map("Plain", model: "Dish", when: .section(1))], ["@2: error: 'Plain' here and 'DishRow' at @1 both show 'Dish' as cell with priority 0 in section 1; give one a higher priority or make the conditions disjoint [overlapping-mappings]"]),
    ]

    @Test(arguments: cases)
    func eachLoadCodeComesFromSwiftDeclarationsAtTheCallSite(_ testCase: SwiftDeclarationCase) throws {
        let sites = try Self.callSites(onLine: testCase.line)
        try #require(sites.count == testCase.declarations.count, "one Map( per declaration on the case's line")
        let expected = testCase.expected.map { text in
            var text = text
            for (index, site) in sites.enumerated().reversed() { text = text.replacingOccurrences(of: "@\(index + 1)", with: site) }
            return text
        }
        do {
            _ = try MappingRegistry(plugins: Self.plugins(), sources: [.declarations(testCase.declarations)])
            Issue.record("the declarations loaded")
        } catch {
            #expect(error.errors.map(\.description) == expected)
        }
    }

    @Test func aDeclarationRemembersItsCallSite() {
        let line = #line + 1
        let declaration = Map(DishRow.self)
        #expect(declaration.location.description == "MappingRegistryTests/SwiftDeclarationTests.swift:\(line):30")
        #expect(declaration.location.pointer.isEmpty)
    }

    @Test func theDuplicatePluginCodeComesFromTheCatalog() throws {
        var plugins = PluginCatalog()
        plugins.register(view: DishRow.self)
        plugins.register(view: "DishRow", for: Dish.self) { dish, _ in dish.name }
        let error = try #require(throws: ConfigurationError.self) {
            try MappingRegistry(plugins: plugins) { Map(DishRow.self) }
        }
        #expect(error.errorCodes == ["duplicate-plugin"])
    }

    @Test func swiftMappingsResolveAndRenderLikeJSONOnes() throws {
        let registry = try MappingRegistry(plugins: Self.plugins()) {
            Map(DishRow.self)
            Map(FoodRow.self, for: Dish.self, when: .predicate("isVegan"), priority: 1)
            Map(DishRow.self, when: .predicate("priceAbove", argument: 20), priority: 2, decorators: ["loud"])
            Map("Footnote", for: String.self, kind: .footer)
            Map("TitleView", model: "String", kind: .header)
        }
        #expect(registry.mappings.map(\.view) == ["DishRow", "FoodRow", "DishRow", "Footnote", "TitleView"])
        #expect(registry.mappings.map(\.model) == ["Dish", "Dish", "Dish", "String", "String"])
        #expect(registry.mappings.map(\.index) == [0, 1, 2, 3, 4])
        let pool = ReusePool(registry: registry)
        #expect(try pool.render(Dish(name: "Soup", price: 5), at: ItemPosition(item: 0, section: 0)).get() == "dish Soup")
        #expect(try pool.render(Dish(name: "Salad", price: 6, vegan: true), at: ItemPosition(item: 1, section: 0)).get() == "food Salad")
        #expect(try pool.render(Dish(name: "Lobster", price: 42), at: ItemPosition(item: 2, section: 0)).get() == "DISH LOBSTER")
        #expect(try pool.render("Starters", at: ItemPosition(item: 0, section: 0), kind: .header).get() == "== Starters ==")
        #expect(try pool.render("hot", at: ItemPosition(item: 0, section: 2), kind: .footer).get() == "-- hot (section 2)")
    }

    @Test func declarationsAcceptIfElseAndLoops() throws {
        let withSpecials = true
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map(DishRow.self)
            if withSpecials {
                Map(FoodRow.self, for: Dish.self, when: .section(0), priority: 1)
            } else {
                Map("Plain", model: "Dish", when: .section(0), priority: 1)
            }
            for section in 1...2 {
                Map(NumberRow.self, when: .section(section))
            }
        }
        #expect(registry.mappings.map(\.view) == ["DishRow", "FoodRow", "NumberRow", "NumberRow"])
        #expect(registry.mappings.map(\.condition) == [.none, .section(0), .section(1), .section(2)])
    }

    // MARK: - Combined sources

    @Test func aJSONMappingOverlappingASwiftMappingNamesBothLocations() throws {
        let json = configuration(#"{"view": "Plain", "model": "Dish"}"#)
        let line = #line + 1
        let code = [Map(DishRow.self)]
        do {
            _ = try MappingRegistry(plugins: fixtureCatalog(), sources: [.declarations(code), .json(Data(json.utf8), name: "mappings.json")])
            Issue.record("the overlap was not found")
        } catch {
            let here = "MappingRegistryTests/SwiftDeclarationTests.swift:\(line):24"
            #expect(error.errors.map(\.description) == [
                "mappings.json:4:5: error: 'Plain' here and 'DishRow' at \(here) both show 'Dish' as cell with priority 0 everywhere; give one a higher priority or make the conditions disjoint [overlapping-mappings]",
            ])
            #expect(error.errors.first?.code == .overlappingMappings)
            // The Swift mapping comes first, so the JSON one carries the error, with a note at the Swift call site.
            #expect(error.errors.first?.notes.map(\.description) == ["\(here): note: 'DishRow' is declared here"])
        }
    }

    @Test func mappingsFromEverySourceAreIndexedInOrder() throws {
        let first = configuration(#"{"view": "NumberRow", "model": "Int"}"#)
        let second = configuration(#"{"view": "TitleView", "model": "String", "kind": "header"}"#)
        let registry = try MappingRegistry(plugins: fixtureCatalog(), sources: [
            .json(Data(first.utf8), name: "numbers.json"),
            .declarations { Map(DishRow.self) },
            .json(Data(second.utf8), name: "titles.json"),
        ])
        #expect(registry.mappings.map(\.view) == ["NumberRow", "DishRow", "TitleView"])
        #expect(registry.mappings.map(\.index) == [0, 1, 2])
        #expect(registry.mappings.map(\.location.file) == ["numbers.json", "MappingRegistryTests/SwiftDeclarationTests.swift", "titles.json"])
        // Unused-plugin warnings count uses in every source.
        #expect(!registry.warnings.contains { $0.message.contains("'DishRow'") || $0.message.contains("'NumberRow'") })
        #expect(registry.warnings.contains { $0.message == "view 'AnimalRow' is registered but no mapping uses it" })
    }

    @Test func aReuseIdentifierConflictAcrossSourcesIsFound() throws {
        let json = configuration(#"{"view": "NumberRow", "model": "Int", "reuseIdentifier": "row"}"#)
        let error = try #require(throws: ConfigurationError.self) {
            try MappingRegistry(plugins: fixtureCatalog(), sources: [
                .declarations { Map(DishRow.self, reuseIdentifier: "row") },
                .json(Data(json.utf8), name: "mappings.json"),
            ])
        }
        #expect(error.errorCodes == ["reuse-identifier-conflict"])
    }

    // MARK: - Less ceremony

    @Test func aViewRegisteredWithoutANameRegistersItsModelToo() throws {
        var plugins = PluginCatalog()
        plugins.register(view: DishRow.self)
        #expect(plugins.viewNames == ["DishRow"])
        #expect(plugins.modelNames == ["Dish"])
        let registry = try MappingRegistry(configuration: Data(configuration(#"{"view": "DishRow", "model": "Dish"}"#).utf8), plugins: plugins)
        #expect(try ReusePool(registry: registry).render(Dish(name: "Soup", price: 5), at: ItemPosition(item: 0, section: 0)).get() == "dish Soup")
        // The implicit model is Decodable when the type is, so data documents can create it.
        let document = try DataDocument(data: Data(#"{"sections": [{"items": [{"model": "Dish", "value": {"name": "Soup", "price": 5, "vegan": false}}]}]}"#.utf8), plugins: plugins)
        #expect(document.entries.count == 1)
    }

    @Test func anExplicitModelRegistrationReplacesTheImplicitOneWithoutAnError() throws {
        var plugins = PluginCatalog()
        plugins.register(view: DishRow.self)
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(model: Dish.self, named: "Plate")
        let registry = try MappingRegistry(plugins: plugins) { Map("DishRow", model: "Plate") }
        #expect(registry.mappings.first?.model == "Plate")
    }

    @Test func aViewTypeNeedNotBeRegisteredForASwiftDeclaration() throws {
        let registry = try MappingRegistry(plugins: PluginCatalog()) { Map(NumberRow.self) }
        #expect(registry.mappings.first?.view == "NumberRow")
        #expect(registry.mappings.first?.model == "Int")
        #expect(try ReusePool(registry: registry).render(7, at: ItemPosition(item: 0, section: 0)).get() == "number 7")
    }

    // MARK: - Aliases

    @Test func aliasesOfOneViewTypeShareAReuseIdentifierWithoutConflict() throws {
        var plugins = fixtureCatalog()
        plugins.register(view: NumberRow.self, named: "Count")
        let registry = try MappingRegistry(configuration: Data(configuration(
            #"{"view": "NumberRow", "model": "Int", "condition": {"section": 0}, "reuseIdentifier": "n"}"#,
            #"{"view": "Count", "model": "Int", "condition": {"section": 1}, "reuseIdentifier": "n"}"#
        ).utf8), plugins: plugins)
        #expect(registry.mappings.count == 2)
    }

    @Test func aliasesAreSeenThroughByTheDuplicateCheck() {
        var plugins = fixtureCatalog()
        plugins.register(view: NumberRow.self, named: "Count")
        plugins.register(model: Int.self, named: "Integer")
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "NumberRow", "model": "Int"}"#,
            #"{"view": "Count", "model": "Integer", "priority": 1}"#
        ), plugins: plugins).filter { $0.severity == .error }
        #expect(diagnostics.map(\.code) == ["duplicate-mapping"])
    }
}
