import Foundation
@testable import MappingRegistry
import RegistryFixtures
import TestSupport
import Testing

/// One broken catalog file and exactly what reading it says.
struct BrokenCatalogCase: CustomTestStringConvertible, Sendable {
    let name: String
    let json: String
    let expected: [String]
    var testDescription: String { name }
}

@Suite struct CatalogDescriptionTests {
    static func catalog() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(model: Animal.self, named: "Creature")
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
        plugins.register(predicate: "tagged", for: Dish.self, argument: [String].self) { _, _, _ in true }
        plugins.register(decorator: "loud", for: String.self) { text, _, _ in text.uppercased() }
        return plugins
    }

    @Test func aCatalogReadBackDescribesItselfTheSame() throws {
        let description = CatalogDescription(Self.catalog())
        let text = description.rendered()
        let read = try CatalogDescription(data: Data(text.utf8), source: "catalog.json")
        #expect(read == description)
        // Described types relate to each other exactly as the Swift types do.
        #expect(CatalogDescription(PluginCatalog(described: read)) == description)
        #expect(CatalogDescription(PluginCatalog(described: read)).rendered() == text)
    }

    @Test func typesNameTheirRelations() throws {
        let description = CatalogDescription(Self.catalog())
        let cat = try #require(description.types.first { $0.name == "Cat" })
        let animal = try #require(description.types.first { $0.name == "Animal" })
        let food = try #require(description.types.first { $0.name == "Food" })
        #expect(animal.contains.contains(cat.id))
        #expect(!cat.contains.contains(animal.id))
        #expect(animal.model == "Animal")
        #expect(food.shape == "protocol")
        // A protocol's conformers are known only from a value: it contains
        // no other type and may share a value with every one.
        #expect(food.contains.isEmpty)
        #expect(food.sharesValuesWith.sorted() == description.types.filter { $0.id != food.id }.map(\.id).sorted())
        #expect(description.predicates.first { $0.name == "tagged" }?.argument == "Array<String>")
        #expect(description.views.first { $0.name == "DishRow" }?.viewType?.hasSuffix(".DishRow") == true)
        #expect(description.views.first { $0.name == "Plain" }?.viewType == nil)
    }

    @Test(arguments: [
        (#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "tagged", "argument": ["a", 2]}}"#, "wrong-type"),
        (#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "priceAbove", "argument": 20}}"#, nil),
        (#"{"view": "AnimalRow", "model": "Creature", "reuseIdentifier": "r"}"#, nil),
        (#"{"view": "TitleView", "model": "String", "decorators": ["loud"]}, {"view": "Footnote", "model": "String", "kind": "footer", "decorators": ["loud"]}"#, nil),
        (#"{"view": "AnimalRow", "model": "Animal"}, {"view": "AnimalRow", "model": "Cat"}"#, "overlapping-mappings"),
    ] as [(String, Diagnostic.Code?)])
    func describedPluginsGiveTheSameDiagnosticsAsTheRealOnes(mappings: String, code: Diagnostic.Code?) {
        let json = configuration(mappings)
        let real = loadDiagnostics(json, plugins: Self.catalog())
        let described = loadDiagnostics(json, plugins: PluginCatalog(described: CatalogDescription(Self.catalog())))
        #expect(described == real)
        #expect(real.filter { $0.severity == .error }.map(\.code).first == code)
    }

    static let broken: [BrokenCatalogCase] = [
        .init(name: "not JSON", json: "1️⃣{", expected: ["catalog.json:1:2: error: the document ends inside an object; expected a string key or '}' [invalid-json]"]),
        .init(
            name: "a missing list",
            json: #"1️⃣{"catalogVersion": 1, "models": [], "views": [], "predicates": [], "decorators": []}"#,
            expected: ["catalog.json:1️⃣: error: the catalog has no 'types' [missing-key]"]
        ),
        .init(
            name: "a value of the wrong type",
            json: #"{"catalogVersion": 1, "models": [{"name": "A", "type": "A", "decodable": 1️⃣"yes"}], "views": [], "predicates": [], "decorators": [], "types": []}"#,
            expected: [#"catalog.json:1️⃣: error: 'decodable' must be a boolean, found a string ("yes") [wrong-type]"#]
        ),
        .init(
            name: "another version",
            json: #"{"catalogVersion": 1️⃣2, "models": [], "views": [], "predicates": [], "decorators": [], "types": []}"#,
            expected: ["catalog.json:1️⃣: error: catalog version 2 is not supported; this MappingRegistry reads version 1 [unsupported-version]"]
        ),
        .init(
            name: "a name twice and a type not listed",
            json: """
                {"catalogVersion": 1, "models": [], "predicates": [], "decorators": [], "types": [],
                 "views": [3️⃣{"name": "A", "takes": "T"}, 1️⃣{"name": 2️⃣"A", "takes": "T"}]}
                """,
            expected: [
                "catalog.json:3️⃣: error: the catalog's 'types' has no 'T', which view 'A' names [missing-key]",
                "catalog.json:1️⃣: error: the catalog's 'types' has no 'T', which view 'A' names [missing-key]",
                "catalog.json:2️⃣: error: view 'A' is listed twice in the catalog; keep one [duplicate-plugin]",
            ]
        ),
    ]

    @Test(arguments: broken)
    func aBrokenCatalogIsReportedWithLocations(_ testCase: BrokenCatalogCase) {
        let marked = MarkedText(testCase.json)
        var found: [String] = []
        do {
            _ = try CatalogDescription(data: Data(marked.text.utf8), source: "catalog.json")
        } catch {
            found = error.diagnostics.map(\.description)
        }
        #expect(found == testCase.expected.map(marked.expand))
    }
}
