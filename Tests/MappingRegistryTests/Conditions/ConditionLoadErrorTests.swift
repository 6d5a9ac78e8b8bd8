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
            expected: ["mappings.json:1️⃣: error: the condition has none of 'section', 'sections', 'items', 'predicate', 'all', 'any', 'not' [invalid-condition]"]
        ),
        .init(
            name: "only an unknown key",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": 2️⃣{1️⃣"sectoin": 1}}"#),
            expected: [
                "mappings.json:2️⃣: error: the condition has none of 'section', 'sections', 'items', 'predicate', 'all', 'any', 'not' [invalid-condition]",
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
            expected: [#"mappings.json:1️⃣: error: each element of 'sections' must be a non-negative integer, found a string ("1") [wrong-type]"#]
        ),
        .init(
            name: "empty items",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": 1️⃣{"items": []}}"#),
            expected: ["mappings.json:1️⃣: error: 'items' is empty, so the condition never holds; list at least one item [invalid-condition]"]
        ),
        .init(
            name: "items of the wrong type",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"items": 1️⃣0}}"#),
            expected: ["mappings.json:1️⃣: error: 'items' must be an array of item numbers, found a number (0) [wrong-type]"]
        ),
        .init(
            name: "wrong-type and a negative item in items",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"all": [{"items": [0, 1️⃣"1"]}, {"items": [2️⃣-1, 3]}]}}"#),
            expected: [
                #"mappings.json:1️⃣: error: each element of 'items' must be a non-negative integer, found a string ("1") [wrong-type]"#,
                "mappings.json:2️⃣: error: an item in 'items' must be 0 or greater, found -1 [invalid-condition]",
            ]
        ),
        .init(
            name: "items at another priority in other words are a duplicate",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish", "condition": {"items": [1, 0, 1]}, "priority": 1}"#,
                #"2️⃣{"view": "DishRow", "model": "Dish", "condition": {"not": {"not": {"items": [0, 1]}}}}"#
            ),
            expected: ["mappings.json:2️⃣: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:1️⃣; remove one [duplicate-mapping]"]
        ),
        .init(
            name: "items overlap an unconditional mapping at the same priority",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish"}"#,
                #"2️⃣{"view": "Plain", "model": "Dish", "condition": {"items": [0]}}"#
            ),
            expected: ["mappings.json:2️⃣: error: 'Plain' here and 'DishRow' at mappings.json:1️⃣ both show 'Dish' as cell with priority 0 at item 0; give one a higher priority or make the conditions disjoint [overlapping-mappings]"]
        ),
        .init(
            name: "a wrong-type hides no other error in the same condition",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"any": [1️⃣{"all": []}, {"sections": [1, 2️⃣-2, 3️⃣"x"]}, {"not": {"predicate": 4️⃣"isVegam"}}]}}"#),
            expected: [
                "mappings.json:1️⃣: error: 'all' is empty; list at least one condition [invalid-condition]",
                "mappings.json:2️⃣: error: 'section' must be 0 or greater, found -2 [invalid-section]",
                #"mappings.json:3️⃣: error: each element of 'sections' must be a non-negative integer, found a string ("x") [wrong-type]"#,
                "mappings.json:4️⃣: error: unknown predicate 'isVegam'; did you mean 'isVegan'? [unknown-predicate]",
            ]
        ),
        .init(
            name: "every bad element of an any is reported",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"any": [{"section": 1️⃣"a"}, {"section": 2️⃣"b"}, 3️⃣7]}}"#),
            expected: [
                #"mappings.json:1️⃣: error: 'section' must be a non-negative integer, found a string ("a") [wrong-type]"#,
                #"mappings.json:2️⃣: error: 'section' must be a non-negative integer, found a string ("b") [wrong-type]"#,
                #"mappings.json:3️⃣: error: each element of 'any' must be a condition object such as {"section": 0} or {"predicate": "name"}, found a number (7) [wrong-type]"#,
            ]
        ),
        .init(
            name: "a section out of range in a list",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"sections": [1, 1️⃣99999999999999999999999]}}"#),
            expected: ["mappings.json:1️⃣: error: an element of 'sections' is an integer out of range (99999999999999999999999); it must be between 0 and 9223372036854775807 [wrong-type]"]
        ),
        .init(
            name: "a not of an array names 'not'",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"not": 1️⃣[{"section": 4}]}}"#),
            expected: [#"mappings.json:1️⃣: error: 'not' must be a condition object such as {"section": 0} or {"predicate": "name"}, found an array [wrong-type]"#]
        ),
        .init(
            name: "an argument out of Double's range",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "priceAbove", "argument": 1️⃣1e400}}"#),
            expected: ["mappings.json:1️⃣: error: the number 1e400 is out of range; a number must be within ±1.7976931348623157e308 [wrong-type]"]
        ),
        .init(
            name: "an argument with a number out of range deep inside",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "hasTags", "argument": {"all": ["a"], "weight": [1, 1️⃣-2e999]}}}"#),
            expected: ["mappings.json:1️⃣: error: the number -2e999 is out of range; a number must be within ±1.7976931348623157e308 [wrong-type]"]
        ),
        .init(
            name: "a bad decorator name among good ones",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "decorators": [1️⃣1, 2️⃣"soldOt"]}"#),
            expected: [
                "mappings.json:1️⃣: error: each element of 'decorators' must be a non-empty string, found a number (1) [wrong-type]",
                "mappings.json:2️⃣: error: unknown decorator 'soldOt'; did you mean 'soldOut'? [unknown-decorator]",
            ]
        ),
        .init(
            name: "sections in another order are a duplicate",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish", "condition": {"sections": [1, 2]}}"#,
                #"2️⃣{"view": "DishRow", "model": "Dish", "condition": {"sections": [2, 1, 2]}}"#
            ),
            expected: ["mappings.json:2️⃣: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:1️⃣; remove one [duplicate-mapping]"]
        ),
        .init(
            name: "20 and 20.0 are the same argument",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish", "condition": {"predicate": "priceAbove", "argument": 20}}"#,
                #"2️⃣{"view": "DishRow", "model": "Dish", "condition": {"predicate": "priceAbove", "argument": 20.0}}"#
            ),
            expected: ["mappings.json:2️⃣: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:1️⃣; remove one [duplicate-mapping]"]
        ),
        .init(
            name: "equivalent conditions in other words are a duplicate",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish", "condition": {"any": [{"section": 1}, {"not": {"not": {"section": 2}}}]}}"#,
                #"2️⃣{"view": "DishRow", "model": "Dish", "condition": {"sections": [2, 1]}}"#,
                #"3️⃣{"view": "DishRow", "model": "Dish", "condition": {"all": [{"predicate": "isVegan"}, {"section": 0}]}}"#,
                #"4️⃣{"view": "DishRow", "model": "Dish", "condition": {"section": 0, "predicate": "isVegan"}}"#
            ),
            expected: [
                "mappings.json:2️⃣: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:1️⃣; remove one [duplicate-mapping]",
                "mappings.json:4️⃣: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:3️⃣; remove one [duplicate-mapping]",
            ]
        ),
        .init(
            name: "the same argument at another priority is a duplicate too",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish", "condition": {"predicate": "priceAbove", "argument": 2}, "priority": 1}"#,
                #"2️⃣{"view": "DishRow", "model": "Dish", "condition": {"predicate": "priceAbove", "argument": 2.0}}"#
            ),
            expected: ["mappings.json:2️⃣: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:1️⃣; remove one [duplicate-mapping]"]
        ),
        .init(
            name: "a predicate and its double negation at another priority are a duplicate",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish", "condition": {"predicate": "isVegan"}, "priority": 2}"#,
                #"2️⃣{"view": "DishRow", "model": "Dish", "condition": {"not": {"not": {"predicate": "isVegan"}}}, "priority": 1}"#
            ),
            expected: ["mappings.json:2️⃣: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:1️⃣; remove one [duplicate-mapping]"]
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
                #"2️⃣{"view": "Plain", "model": "Dish", "condition": {"section": 2}}"#
            ),
            expected: ["mappings.json:2️⃣: error: 'Plain' here and 'DishRow' at mappings.json:1️⃣ both show 'Dish' as cell with priority 0 in section 2; give one a higher priority or make the conditions disjoint [overlapping-mappings]"]
        ),
        .init(
            name: "overlap proven through not",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish", "condition": {"not": {"section": 0}}}"#,
                #"2️⃣{"view": "Plain", "model": "Dish", "condition": {"section": 1}}"#
            ),
            expected: ["mappings.json:2️⃣: error: 'Plain' here and 'DishRow' at mappings.json:1️⃣ both show 'Dish' as cell with priority 0 in section 1; give one a higher priority or make the conditions disjoint [overlapping-mappings]"]
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
        (#"{"any": [{"section": 0}, {"predicate": "isVegan"}]}"#, #"{"all": [{"section": 1}, {"not": {"predicate": "isVegan"}}]}"#),
        (#"{"all": [{"section": 0}, {"section": 1}]}"#, #"{"section": 0}"#),
        (#"{"items": [0]}"#, #"{"not": {"items": [0]}}"#),
        (#"{"items": [0, 1]}"#, #"{"items": [2]}"#),
    ])
    func conditionsThatCannotBeShownToOverlapLoad(first: String, second: String) throws {
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "DishRow", "model": "Dish", "condition": \#(first)}"#,
            #"{"view": "Plain", "model": "Dish", "condition": \#(second)}"#
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

    @Test func aMisspeltNameDoesNotAlsoMakeItsDidYouMeanUnused() {
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "DishRo", "model": "Dish", "decorators": ["soldOt"], "condition": {"predicate": "isVegam"}}"#,
            #"{"view": "DishRow", "model": "Dish", "condition": {"any": [{"predicate": "priceAbov"}, {"section": "x"}]}}"#
        ), plugins: Self.plugins())
        #expect(diagnostics.filter { $0.severity == .error }.map(\.code) == [
            "unknown-view", "unknown-decorator", "unknown-predicate", "unknown-predicate", "wrong-type",
        ])
        let unused = diagnostics.filter { $0.severity == .warning }.map(\.message)
        for name in ["'DishRow'", "'soldOut'", "'isVegan'", "'priceAbove'"] {
            #expect(!unused.contains { $0.contains(name) }, "\(name) reported unused: \(unused)")
        }
        // A view nobody names, not even by a typo, is still unused.
        #expect(unused.contains { $0.hasPrefix("view 'TitleView' is registered") })
    }

    @Test func equalArgumentsAreOneValueWhateverTheirSpelling() {
        let pairs: [(PredicateArgument, PredicateArgument)] = [
            (20, 20.0), (.number(-0.0), 0), (["b": 1.0, "a": [2]], ["a": [2.0], "b": 1]),
        ]
        for (a, b) in pairs {
            #expect(a == b)
            #expect(a.hashValue == b.hashValue)
        }
        let different: [(PredicateArgument, PredicateArgument)] = [(20, 20.5), (1, "1"), (1, true), (.null, 0), ([1, 2], [2, 1])]
        for (a, b) in different {
            #expect(a != b)
        }
        #expect(Set<PredicateArgument>([20, 20.0, 21]).count == 2)
    }

    @Test func anUnusedDecoratorIsAWarning() throws {
        let registry = try MappingRegistry(configuration: Data(configuration(#"{"view": "DishRow", "model": "Dish"}"#).utf8), plugins: Self.plugins())
        #expect(registry.warnings.contains { $0.description == "warning: decorator 'soldOut' is registered but no mapping in mappings.json uses it [unused-decorator]" })
    }

    @Test func anArgumentIsDecodedOnceAtLoad() throws {
        let decodes = Tally()
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(view: "Row", for: Dish.self) { dish, _ in dish.name }
        plugins.register(predicate: "above", for: Dish.self, argument: CountedLimit.self) { dish, limit, _ in dish.price > limit.value }
        CountedLimit.counter = decodes
        let registry = try MappingRegistry(configuration: Data(configuration(
            #"{"view": "Row", "model": "Dish", "condition": {"predicate": "above", "argument": {"value": 3}}}"#
        ).utf8), plugins: plugins)
        #expect(decodes.value == 1)
        for index in 0..<100 { _ = registry.resolve(Dish(name: "x", price: Double(index)), at: ItemPosition(item: index, section: 0)) }
        #expect(decodes.value == 1)
    }
}


struct CountedLimit: Decodable, Sendable {
    nonisolated(unsafe) static var counter: Tally?
    var value: Double

    private enum CodingKeys: String, CodingKey { case value }

    init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: CodingKeys.self).decode(Double.self, forKey: .value)
        Self.counter?.add()
    }
}
