import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// One condition form, written in JSON and in Swift, and when it holds.
struct ConditionFormCase: CustomTestStringConvertible, Sendable {
    let name: String
    let json: String
    let swift: MappingCondition
    /// Whether the condition holds for a dish at a position, written out by hand.
    private(set) var holds: @Sendable (Dish, ItemPosition) -> Bool
    var testDescription: String { name }

    /// A condition that reads the section only.
    init(name: String, json: String, swift: MappingCondition, holds: @escaping @Sendable (Dish, Int) -> Bool) {
        self.name = name
        self.json = json
        self.swift = swift
        self.holds = { dish, position in holds(dish, position.section) }
    }

    /// A condition that reads the item too.
    static func atPosition(name: String, json: String, swift: MappingCondition, holds: @escaping @Sendable (Dish, ItemPosition) -> Bool) -> Self {
        var made = Self(name: name, json: json, swift: swift) { _, _ in false }
        made.holds = holds
        return made
    }
}

/// Every condition form gives the same resolution from JSON and from Swift,
/// and the one written out by hand, on a grid of dishes and sections.
@Suite struct ConditionFormTests {
    static let cases: [ConditionFormCase] = [
        .init(name: "section", json: #"{"section": 1}"#, swift: .section(1)) { _, section in section == 1 },
        .init(name: "sections", json: #"{"sections": [0, 2]}"#, swift: .sections([0, 2])) { _, section in section == 0 || section == 2 },
        .init(name: "predicate", json: #"{"predicate": "isVegan"}"#, swift: .predicate("isVegan")) { dish, _ in dish.vegan },
        .init(name: "predicate with an argument", json: #"{"predicate": "priceAbove", "argument": 10}"#,
              swift: .predicate("priceAbove", argument: 10)) { dish, _ in dish.price > 10 },
        .init(name: "several keys mean all", json: #"{"section": 2, "predicate": "isVegan"}"#,
              swift: .all([.section(2), .predicate("isVegan")])) { dish, section in section == 2 && dish.vegan },
        .init(name: "all", json: #"{"all": [{"sections": [1, 2]}, {"predicate": "priceAbove", "argument": 5.5}]}"#,
              swift: .all([.sections([1, 2]), .predicate("priceAbove", argument: 5.5)])) { dish, section in
            (section == 1 || section == 2) && dish.price > 5.5
        },
        .init(name: "any", json: #"{"any": [{"section": 0}, {"predicate": "isVegan"}]}"#,
              swift: .any([.section(0), .predicate("isVegan")])) { dish, section in section == 0 || dish.vegan },
        .init(name: "not", json: #"{"not": {"section": 0}}"#, swift: .not(.section(0))) { _, section in section != 0 },
        .init(name: "three deep",
              json: #"{"any": [{"all": [{"not": {"predicate": "isVegan"}}, {"section": 3}]}, {"not": {"any": [{"sections": [0, 1, 3]}, {"predicate": "priceAbove", "argument": 12}]}}]}"#,
              swift: .any([.all([.not(.predicate("isVegan")), .section(3)]), .not(.any([.sections([0, 1, 3]), .predicate("priceAbove", argument: 12)]))])) { dish, section in
            (!dish.vegan && section == 3) || !([0, 1, 3].contains(section) || dish.price > 12)
        },
        .atPosition(name: "items", json: #"{"items": [0, 2]}"#, swift: .items([0, 2]), holds: { _, position in position.item == 0 || position.item == 2 }),
        .atPosition(name: "items and section mean all", json: #"{"section": 1, "items": [0]}"#, swift: .all([.section(1), .items([0])]),
              holds: { _, position in position.section == 1 && position.item == 0 }),
        .atPosition(name: "not items, or a predicate", json: #"{"any": [{"not": {"items": [0]}}, {"predicate": "isVegan"}]}"#,
              swift: .any([.not(.items([0])), .predicate("isVegan")]), holds: { dish, position in position.item != 0 || dish.vegan }),
    ]

    static func plugins() -> PluginCatalog {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(view: "Special", for: Dish.self) { dish, _ in "special \(dish.name)" }
        plugins.register(view: "Plain", for: Dish.self) { dish, _ in "plain \(dish.name)" }
        plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.vegan }
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
        return plugins
    }

    static let dishes = [
        Dish(name: "soup", price: 5, vegan: true), Dish(name: "salad", price: 8, vegan: true),
        Dish(name: "steak", price: 26), Dish(name: "fries", price: 4), Dish(name: "curry", price: 12, vegan: true),
    ]

    @Test(arguments: cases)
    func jsonAndSwiftResolveAlikeAndAsWritten(_ testCase: ConditionFormCase) throws {
        let json = configuration(
            #"{"view": "Special", "model": "Dish", "condition": \#(testCase.json), "priority": 1}"#,
            #"{"view": "Plain", "model": "Dish"}"#
        )
        let fromJSON = try MappingRegistry(configuration: Data(json.utf8), plugins: Self.plugins())
        let fromSwift = try MappingRegistry(plugins: Self.plugins()) {
            Map("Special", for: Dish.self, when: testCase.swift, priority: 1)
            Map("Plain", for: Dish.self)
        }
        #expect(fromJSON.mappings.first?.condition == testCase.swift)
        for section in 0..<5 {
            for (item, dish) in Self.dishes.enumerated() {
                let position = ItemPosition(item: item, section: section)
                let expected = testCase.holds(dish, position) ? "Special" : "Plain"
                #expect(fromJSON.resolve(dish, at: position).mapping?.view == expected, "JSON, \(dish.name) in section \(section)")
                #expect(fromSwift.resolve(dish, at: position).mapping?.view == expected, "Swift, \(dish.name) in section \(section)")
            }
        }
    }

    @Test func aMissingMappingNamesTheFailingPartOfACompositeCondition() throws {
        let registry = try MappingRegistry(configuration: Data(configuration(
            #"{"view": "Special", "model": "Dish", "condition": {"any": [{"section": 0}, {"section": 2}]}}"#,
            #"{"view": "Plain", "model": "Dish", "condition": {"all": [{"section": 1}, {"predicate": "isVegan"}]}}"#
        ).utf8), plugins: Self.plugins())
        let diagnostic = try #require(registry.resolve(Dish(name: "steak", price: 26), at: ItemPosition(item: 0, section: 1)).diagnostic)
        #expect(diagnostic.message == "no cell mapping for 'Dish' at section 1, item 0: "
            + "'Special' (mappings.json:4:5): condition any[section 0, section 2] fails in section 1; "
            + "'Plain' (mappings.json:5:5): predicate 'isVegan' is false")
    }

    @Test func aMissingMappingSaysWhichItemsAConditionRequires() throws {
        let registry = try MappingRegistry(configuration: Data(configuration(
            #"{"view": "Special", "model": "Dish", "condition": {"items": [0]}, "priority": 1}"#,
            #"{"view": "Plain", "model": "Dish", "condition": {"any": [{"items": [1, 2]}, {"section": 0}]}}"#
        ).utf8), plugins: Self.plugins())
        let diagnostic = try #require(registry.resolve(Dish(name: "steak", price: 26), at: ItemPosition(item: 3, section: 1)).diagnostic)
        #expect(diagnostic.message == "no cell mapping for 'Dish' at section 1, item 3: "
            + "'Special' (mappings.json:4:5): condition items [0] fails in section 1, item 3; "
            + "'Plain' (mappings.json:5:5): condition any[items [1, 2], section 0] fails in section 1, item 3")
    }

    @Test func aSupplementaryModelIsAtItemZero() throws {
        let registry = try MappingRegistry(plugins: Self.plugins()) {
            Map("Special", for: Dish.self, kind: .header, when: .items([0]), priority: 1)
            Map("Plain", for: Dish.self, kind: .header)
        }
        let storage = MemoryStorage()
        storage.setSectionHeaderModels([Dish(name: "soup", price: 5)])
        storage.setItems([Dish(name: "steak", price: 26)], forSection: 0)
        #expect(registry.resolve(Dish(name: "soup", price: 5), at: ItemPosition(item: 0, section: 0), kind: .header).mapping?.view == "Special")
        let rendered = TextRenderer(registry: registry).render(storage)
        #expect(rendered.text.contains("special soup"))
        #expect(rendered.missingCount == 1)
    }
}
