@testable import MappingRegistryLanguageServer
import Testing

/// A registration is found in its Swift file by what it writes: a
/// string-named plugin by its literal, a type-named model or view by its
/// type, in a call whose first label is the plugin's category.
@Suite struct RegistrationSiteTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var category: CatalogIndex.Category
        var plugin: String
        var typeNames: [String] = []
        /// The Swift file; `⟨` marks where the match starts (none: not found).
        var swift: String
        var isLiteral = true

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a predicate's literal", category: .predicate, plugin: "isVegan",
             swift: #"plugins.register(predicate: ⟨"isVegan", for: Dish.self) { dish, _ in dish.vegan }"#),
        Case(name: "a call over several lines", category: .predicate, plugin: "isVegan",
             swift: "// isVegan: \"isVegan\"\nplugins.register(\n    predicate:\n        ⟨\"isVegan\",\n    for: Dish.self\n) { dish, _ in dish.vegan }\n"),
        Case(name: "a handler view's literal", category: .view, plugin: "PlainRow", typeNames: ["PlainRow"],
             swift: #"plugins.register(view: ⟨"PlainRow", for: Any.self) { value, _ in "\(value)" }"#),
        Case(name: "named: in a call of the model's category, not another's", category: .model, plugin: "Dish", typeNames: ["Dish"],
             swift: "plugins.register(view: DishView.self, named: \"Dish\")\nplugins.register(model: Dish.self, named: ⟨\"Dish\")\n"),
        Case(name: "a model named after its type", category: .model, plugin: "Dish", typeNames: ["Dish"],
             swift: "plugins.register(handler: \"show\", for: .didSelect, model: Dish.self) { _, _ in }\nplugins.register(model: ⟨Dish.self)\n",
             isLiteral: false),
        Case(name: "an existential model", category: .model, plugin: "Food", typeNames: ["Food"],
             swift: "plugins.register(model: (any ⟨Food).self)\n", isLiteral: false),
        Case(name: "a module-qualified view type", category: .view, plugin: "DishRow", typeNames: ["DishRow"],
             swift: "plugins.register(view: Menu.⟨DishRow.self)\n", isLiteral: false),
        Case(name: "a view declared by Map", category: .view, plugin: "DishRow", typeNames: ["DishRow"],
             swift: "let mappings = [Map(⟨DishRow.self).priority(2)]\n", isLiteral: false),
        Case(name: "a literal elsewhere is not a registration", category: .decorator, plugin: "soldOut",
             swift: "let key = \"soldOut\"\nplugins.register(decorator: ⟨\"soldOut\", for: Dish.self) { text, _, _ in text }\n"),
        Case(name: "a longer type name is another type", category: .model, plugin: "Dish", typeNames: ["Dish"],
             swift: "plugins.register(model: SideDish.self)\nplugins.register(model: DishType.self)\n"),
        Case(name: "a condition naming the predicate is no registration", category: .predicate, plugin: "isVegan",
             swift: #"let condition = Condition.predicate("isVegan")"#),
        Case(name: "quotes in a name are escaped as Swift writes them", category: .handler, plugin: #"say "hi""#,
             swift: #"plugins.register(handler: ⟨"say \"hi\"", for: .didSelect, model: Dish.self) { _, _ in }"#),
    ]

    @Test(arguments: cases)
    func theRegistrationIsFoundByWhatItWrites(_ testCase: Case) {
        let marked = Array(testCase.swift.utf8)
        let marker = Array("⟨".utf8)
        let start = (0...max(0, marked.count - marker.count)).first { marked[$0..<min($0 + marker.count, marked.count)].elementsEqual(marker) }
        var bytes = marked
        if let start { bytes.removeSubrange(start..<start + marker.count) }
        let match = RegistrationSite.find(testCase.category, named: testCase.plugin, typeNames: testCase.typeNames, in: bytes)
        #expect(match?.range.lowerBound == start)
        if start != nil {
            #expect(match?.isLiteral == testCase.isLiteral)
            let expected = testCase.isLiteral ? RegistrationSite.swiftLiteral(testCase.plugin) : testCase.typeNames.first ?? ""
            #expect(match.map { String(decoding: bytes[$0.range], as: UTF8.self) } == expected)
        }
    }

    @Test func anOlderCatalogsLineIsPreferredWhenTheRegistrationIsOnIt() {
        let swift = Array("register(predicate: \"a\", for: X.self)\nregister(predicate: \"a\", for: Y.self)\n".utf8)
        let secondLine = 38..<swift.count - 1
        #expect(swift[secondLine.lowerBound] == UInt8(ascii: "r"))
        #expect(RegistrationSite.find(.predicate, named: "a", typeNames: [], in: swift)?.range.lowerBound == 20)
        #expect(RegistrationSite.find(.predicate, named: "a", typeNames: [], in: swift, preferring: secondLine)?.range.lowerBound == 58)
    }

    @Test(arguments: [
        ("Sources/App/Plugins.swift", "Sources/App/Plugins.swift", nil),
        ("Sources/App/Plugins.swift:42", "Sources/App/Plugins.swift", 42),
        ("/abs/Plugins.swift:7", "/abs/Plugins.swift", 7),
        ("C:/x/Plugins.swift", "C:/x/Plugins.swift", nil),
    ] as [(String, String, Int?)])
    func aRegisteredAtIsAFileAndTheLineOlderCatalogsWrote(text: String, path: String, line: Int?) throws {
        let site = try #require(RegistrationSite(text))
        #expect(site.path == path)
        #expect(site.line == line)
    }

    @Test func typeNamesDropModulesAndGenericArguments() {
        let model = CatalogIndex.Entry(name: "Dishes", type: "Swift.Array<menu.Dish>")
        #expect(RegistrationSite.typeNames(.model, model) == ["Array", "Dishes"])
        let view = CatalogIndex.Entry(name: "Row", type: "menu.Dish", viewType: "menu.DishRow#2")
        #expect(RegistrationSite.typeNames(.view, view) == ["DishRow", "Row"])
        #expect(RegistrationSite.typeNames(.predicate, CatalogIndex.Entry(name: "isVegan", type: "menu.Dish")).isEmpty)
    }
}
