import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import TestSupport
import Testing

/// Every load error the conditions, predicate arguments and decorators of
/// `mappings.json` can produce, each at its exact line and column.
@Suite struct ConditionLoadErrorTests {
    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
        plugins.register(predicate: "hasTags", for: Dish.self, argument: Tags.self) { _, _, _ in true }
        plugins.register(decorator: "soldOut", for: Dish.self) { text, _, _ in text + " (sold out)" }
        return plugins
    }

    struct Tags: Decodable, Sendable {
        var all: [String]
    }

    static let cases: [InvalidConfigurationCase] = [
        .init(
            name: "empty all",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": 1️⃣{"all": []}}"#),
            expected: ["mappings.json:1️⃣: error: 'all' is empty; list at least one condition [invalid-condition]"]
        ),
        .init(
            name: "empty any, nested",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"not": 1️⃣{"any": []}}}"#),
            expected: ["mappings.json:1️⃣: error: 'any' is empty; list at least one condition [invalid-condition]"]
        ),
        .init(
            name: "empty sections",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": 1️⃣{"sections": []}}"#),
            expected: ["mappings.json:1️⃣: error: 'sections' is empty, so the condition never holds; list at least one section [invalid-condition]"]
        ),
        .init(
            name: "a not of nothing",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": 1️⃣{"not": null}}"#),
            expected: ["mappings.json:1️⃣: error: 'not' needs a condition to negate, found null [invalid-condition]"]
        ),
        .init(
            name: "a not of an empty object",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"not": 1️⃣{}}}"#),
            expected: ["mappings.json:1️⃣: error: the condition has none of 'section', 'sections', 'predicate', 'all', 'any', 'not' [invalid-condition]"]
        ),
        .init(
            name: "only an unknown key",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": 2️⃣{1️⃣"sectoin": 1}}"#),
            expected: [
                "mappings.json:2️⃣: error: the condition has none of 'section', 'sections', 'predicate', 'all', 'any', 'not' [invalid-condition]",
                "mappings.json:1️⃣: error: unknown key 'sectoin'; did you mean 'section'? [unknown-key]",
            ]
        ),
        .init(
            name: "an argument without a predicate",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": 1️⃣{"section": 0, "argument": 3}}"#),
            expected: ["mappings.json:1️⃣: error: 'argument' goes with 'predicate': name the predicate it is for [invalid-condition]"]
        ),
        .init(
            name: "missing-argument",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"any": [{"section": 0}, 1️⃣{"predicate": "priceAbove"}]}}"#),
            expected: [#"mappings.json:1️⃣: error: predicate 'priceAbove' needs an argument of type 'Double'; add "argument": … [missing-argument]"#]
        ),
        .init(
            name: "unexpected-argument",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "isVegan", "argument": 1️⃣true}}"#),
            expected: ["mappings.json:1️⃣: error: predicate 'isVegan' takes no argument, found a boolean (true); remove the argument [unexpected-argument]"]
        ),
        .init(
            name: "wrong-type argument",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "priceAbove", "argument": 1️⃣"twenty"}}"#),
            expected: [#"mappings.json:1️⃣: error: the argument of predicate 'priceAbove' must be a number, found a string ("twenty") [wrong-type]"#]
        ),
        .init(
            name: "wrong-type inside an object argument",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "hasTags", "argument": 1️⃣{"all": [1]}}}"#),
            expected: ["mappings.json:1️⃣: error: 'all/0' in the argument of predicate 'hasTags' must be a string, found a number (1) [wrong-type]"]
        ),
        .init(
            name: "a key missing from an object argument",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "hasTags", "argument": 1️⃣{}}}"#),
            expected: ["mappings.json:1️⃣: error: the argument of predicate 'hasTags' has no 'all', which 'Tags' requires [wrong-type]"]
        ),
        .init(
            name: "invalid-section deep inside",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"any": [{"section": 0}, {"not": {"sections": [2, 1️⃣-3]}}]}}"#),
            expected: ["mappings.json:1️⃣: error: 'section' must be 0 or greater, found -3 [invalid-section]"]
        ),
        .init(
            name: "wrong-type in sections",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"sections": [0, 1️⃣"1"]}}"#),
            expected: [#"mappings.json:1️⃣: error: 'sections' must be a non-negative integer, found a string ("1") [wrong-type]"#]
        ),
        .init(
            name: "all of the wrong type",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"all": 1️⃣{"section": 0}}}"#),
            expected: ["mappings.json:1️⃣: error: 'all' must be an array of conditions, found an object [wrong-type]"]
        ),
        .init(
            name: "unknown-decorator",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "decorators": [1️⃣"soldOt"]}"#),
            expected: ["mappings.json:1️⃣: error: unknown decorator 'soldOt'; did you mean 'soldOut'? [unknown-decorator]"]
        ),
        .init(
            name: "a decorator for another model",
            json: configuration(#"{"view": "NumberRow", "model": "Int", "decorators": [1️⃣"soldOut"]}"#),
            expected: ["mappings.json:1️⃣: error: decorator 'soldOut' takes 'Dish', which model 'Int' can never be [incompatible-model]"]
        ),
        .init(
            name: "decorators of the wrong type",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "decorators": 1️⃣"soldOut"}"#),
            expected: [#"mappings.json:1️⃣: error: 'decorators' must be an array of decorator names, found a string ("soldOut") [wrong-type]"#]
        ),
        .init(
            name: "overlap proven through sections",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish", "condition": {"sections": [0, 2]}}"#,
                #"2️⃣{"view": "FoodRow", "model": "Dish", "condition": {"section": 2}}"#
            ),
            expected: ["mappings.json:1️⃣: error: 'DishRow' here and 'FoodRow' at mappings.json:2️⃣ both show 'Dish' as cell with priority 0 wherever section 2 holds; give one a higher priority or make the conditions disjoint [overlapping-mappings]"]
        ),
        .init(
            name: "overlap proven through not",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish", "condition": {"not": {"section": 0}}}"#,
                #"2️⃣{"view": "FoodRow", "model": "Dish", "condition": {"section": 1}}"#
            ),
            expected: ["mappings.json:1️⃣: error: 'DishRow' here and 'FoodRow' at mappings.json:2️⃣ both show 'Dish' as cell with priority 0 wherever section 1 holds; give one a higher priority or make the conditions disjoint [overlapping-mappings]"]
        ),
    ]

    @Test(arguments: cases)
    func invalidConditionsAreReportedExactly(_ testCase: InvalidConfigurationCase) {
        let marked = MarkedText(testCase.json)
        let diagnostics = loadDiagnostics(marked.text, plugins: Self.plugins()).filter { $0.severity == .error }
        #expect(diagnostics.map(\.description) == testCase.expected.map(marked.expand))
    }

    @Test(arguments: [
        // Disjoint sections, a condition and its negation, two unrelated predicates.
        (#"{"sections": [0, 2]}"#, #"{"section": 1}"#),
        (#"{"not": {"section": 0}}"#, #"{"section": 0}"#),
        (#"{"predicate": "isVegan"}"#, #"{"predicate": "priceAbove", "argument": 3}"#),
        (#"{"any": [{"section": 0}, {"predicate": "isVegan"}]}"#, #"{"section": 1}"#),
        (#"{"all": [{"section": 0}, {"section": 1}]}"#, #"{"section": 0}"#),
    ])
    func conditionsThatCannotBeShownToOverlapLoad(first: String, second: String) throws {
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "DishRow", "model": "Dish", "condition": \#(first)}"#,
            #"{"view": "FoodRow", "model": "Dish", "condition": \#(second)}"#
        ), plugins: Self.plugins()).filter { $0.severity == .error }
        #expect(diagnostics.isEmpty)
    }

    @Test func decoratorsRunInOrderAfterTheView() throws {
        var plugins = Self.plugins()
        plugins.register(decorator: "bracketed", for: (any Food).self) { text, _, position in "[\(text)] @\(position.section)" }
        let registry = try MappingRegistry(configuration: Data(configuration(
            #"{"view": "DishRow", "model": "Dish", "decorators": ["soldOut", "bracketed"]}"#
        ).utf8), plugins: plugins)
        let pool = ReusePool(registry: registry)
        #expect(try pool.render(Dish(name: "Soup", price: 5), at: ItemPosition(item: 0, section: 3)).get() == "[dish Soup (sold out)] @3")
        #expect(registry.mappings.first?.decorators == ["soldOut", "bracketed"])
        #expect(!registry.warnings.contains { $0.code == .unusedDecorator })
    }

    @Test func anUnusedDecoratorIsAWarning() throws {
        let registry = try MappingRegistry(configuration: Data(configuration(#"{"view": "DishRow", "model": "Dish"}"#).utf8), plugins: Self.plugins())
        #expect(registry.warnings.contains { $0.description == "warning: decorator 'soldOut' is registered but no mapping in mappings.json uses it [unused-decorator]" })
    }

    @Test func anArgumentIsDecodedOnceAtLoad() throws {
        let decodes = DecodeCounter()
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(view: "Row", for: Dish.self) { dish, _ in dish.name }
        plugins.register(predicate: "above", for: Dish.self, argument: CountedLimit.self) { dish, limit, _ in dish.price > limit.value }
        CountedLimit.counter = decodes
        let registry = try MappingRegistry(configuration: Data(configuration(
            #"{"view": "Row", "model": "Dish", "condition": {"predicate": "above", "argument": {"value": 3}}}"#
        ).utf8), plugins: plugins)
        #expect(decodes.count == 1)
        for index in 0..<100 { _ = registry.resolve(Dish(name: "x", price: Double(index)), at: ItemPosition(item: index, section: 0)) }
        #expect(decodes.count == 1)
    }
}

/// Counts how often an argument is decoded.
final class DecodeCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func increment() { lock.withLock { value += 1 } }
}

struct CountedLimit: Decodable, Sendable {
    nonisolated(unsafe) static var counter: DecodeCounter?
    var value: Double

    private enum CodingKeys: String, CodingKey { case value }

    init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .value)
        Self.counter?.increment()
    }
}
