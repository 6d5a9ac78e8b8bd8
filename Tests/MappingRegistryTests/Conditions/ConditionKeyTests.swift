import Foundation
@testable import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// `ConditionKey` is the one table of condition kinds: every key has a
/// complete row, and the parser, the JSON writer, the JSON Schema, the
/// editor's descriptions and the evaluator all read it. A key added to the
/// table without a row here fails ``everyKeyHasARowInThisTest()``.
@Suite struct ConditionKeyTests {
    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
        return plugins
    }

    /// Where each key's ``ConditionKey/example`` holds, written out by hand.
    static let holds: [ConditionKey: @Sendable (Dish, ItemPosition) -> Bool] = [
        .section: { _, position in position.section == 0 },
        .sections: { _, position in position.section == 0 || position.section == 2 },
        .items: { _, position in position.item == 0 || position.item == 1 },
        .predicate: { dish, _ in dish.vegan },
        .argument: { dish, _ in dish.price > 20 },
        .all: { dish, position in position.section == 0 && dish.vegan },
        .any: { dish, position in position.section == 0 || dish.vegan },
        .not: { _, position in position.section != 0 },
    ]

    static let dishes = [Dish(name: "soup", price: 5, vegan: true), Dish(name: "steak", price: 26)]

    @Test func everyKeyHasARowInThisTest() {
        for key in ConditionKey.allCases {
            #expect(Self.holds[key] != nil, "'\(key.rawValue)' has no row in ConditionKeyTests.holds")
        }
    }

    @Test(arguments: ConditionKey.allCases)
    func theParserReadsTheExampleAndTheWriterWritesItBack(_ key: ConditionKey) throws {
        let registry = try loadRegistry(
            configuration(#"{"view": "DishRow", "model": "Dish", "condition": \#(key.example)}"#),
            plugins: Self.plugins()
        )
        let condition = try #require(registry.mappings.first?.condition)
        #expect(condition.jsonValue?.compact() == key.example.replacingOccurrences(of: " ", with: ""))
        #expect(condition.description.contains(key.isTest ? key.rawValue : "(20)"), "\(condition)")
    }

    @Test(arguments: ConditionKey.allCases)
    func theEvaluatorAgreesWithTheRow(_ key: ConditionKey) throws {
        let holds = try #require(Self.holds[key])
        let registry = try loadRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish", "condition": \#(key.example), "priority": 1}"#,
            #"{"view": "FoodRow", "model": "Dish"}"#
        ), plugins: Self.plugins())
        for section in 0..<4 {
            for item in 0..<4 {
                for dish in Self.dishes {
                    let position = ItemPosition(item: item, section: section)
                    let expected = holds(dish, position) ? "DishRow" : "FoodRow"
                    #expect(registry.resolve(dish, at: position, by: registry.resolver).mapping?.view == expected, "\(dish.name) at \(position)")
                    #expect(registry.resolve(dish, at: position, kind: .cell, by: registry.reference).mapping?.view == expected, "reference rule: \(dish.name) at \(position)")
                }
            }
        }
    }

    @Test(arguments: ConditionKey.allCases)
    func theSchemaAndTheEditorDescribeTheKeyByItsSummary(_ key: ConditionKey) throws {
        #expect(key.summary.hasSuffix("."))
        let schema = JSONSchemaGenerator(catalog: CatalogDescription(Self.plugins()), generatedBy: "test").mappingsSchema()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(schema.rendered().utf8)) as? [String: Any])
        let condition = try #require((root["$defs"] as? [String: Any])?["condition"] as? [String: Any])
        let property = try #require((condition["properties"] as? [String: [String: Any]])?[key.rawValue])
        #expect(property["description"] as? String == key.summary)
        let required = (condition["anyOf"] as? [[String: [String]]] ?? []).compactMap { $0["required"]?.first }
        #expect(required.contains(key.rawValue) == key.isTest)
        #expect(MappingsKey.described(named: key.rawValue) == MappingsKey.Description(name: key.rawValue, isRequired: false, summary: key.summary))
    }

    @Test func itemsThatCanNeverMeetAreAnUnsatisfiableCondition() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish", "condition": {"all": [{"items": [0]}, {"items": [1]}]}}"#,
            #"{"view": "FoodRow", "model": "Dish"}"#
        ), plugins: Self.plugins())
        #expect(registry.warnings.filter { $0.code == .unsatisfiableCondition }.map(\.description) == [
            "mappings.json:4:63: warning: condition all[items [0], items [1]] holds in no section, so this mapping of 'DishRow' can never apply; fix or remove the condition [unsatisfiable-condition]",
        ])
    }

    @Test func aSwiftItemsConditionIsTheJSONOne() throws {
        let fromSwift = try MappingRegistry(plugins: Self.plugins()) {
            Map(DishRow.self, when: .items([0]), priority: 1)
            Map(FoodRow.self, for: Dish.self)
        }
        #expect(fromSwift.mappings.first?.condition == .items([0]))
        #expect(fromSwift.resolve(Dish(name: "soup", price: 5), at: ItemPosition(item: 0, section: 7)).mapping?.view == "DishRow")
        #expect(fromSwift.resolve(Dish(name: "soup", price: 5), at: ItemPosition(item: 1, section: 7)).mapping?.view == "FoodRow")
    }
}
