@testable import MappingRegistry
import ModelStorage
import RegistryFixtures
import TestSupport
import Testing

/// The cached resolver agrees with testing every mapping afresh, on random
/// configurations with nested conditions, predicates and arguments, built
/// both as JSON and as Swift declarations.
@Suite struct NestedConditionPropertyTests {
    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
        plugins.register(predicate: "atLeast", for: Int.self, argument: Int.self) { number, limit, _ in number >= limit }
        plugins.register(predicate: "inItem", for: Any.self, argument: [Int].self) { _, items, position in items.contains(position.item) }
        plugins.register(model: Any.self, named: "Anything")
        return plugins
    }

    /// Views and predicates (with an argument maker) that can take each model.
    static let viewsByModel: [String: [String]] = [
        "Dish": ["DishRow", "FoodRow", "Plain"], "Food": ["FoodRow", "Plain"], "Int": ["NumberRow", "BigNumber", "SmallNumber", "Plain"],
        "String": ["TitleView", "Footnote", "Plain"], "Animal": ["AnimalRow", "Plain"], "Anything": ["Plain"],
    ]
    static let predicatesByModel: [String: [String]] = [
        "Dish": ["isVegan", "priceAbove", "inItem"], "Food": ["inItem"], "Int": ["isBig", "isSmall", "atLeast", "inItem"],
        "String": ["isShort", "inItem"], "Animal": ["inItem"], "Anything": ["inItem"],
    ]

    static func randomCondition(for model: String, depth: Int, using random: inout SplitMix64) -> MappingCondition {
        let leaf = depth >= 4 || random.chance(0.4)
        if leaf {
            switch random.int(in: 0...3) {
            case 0: return .section(random.int(in: 0...3))
            case 1: return .sections((0...random.int(in: 0...2)).map { _ in random.int(in: 0...4) })
            case 2: return .items((0...random.int(in: 0...2)).map { _ in random.int(in: 0...4) })
            default: return randomPredicate(for: model, using: &random)
            }
        }
        switch random.int(in: 0...2) {
        case 0: return .all((0...random.int(in: 0...2)).map { _ in randomCondition(for: model, depth: depth + 1, using: &random) })
        case 1: return .any((0...random.int(in: 0...2)).map { _ in randomCondition(for: model, depth: depth + 1, using: &random) })
        default: return .not(randomCondition(for: model, depth: depth + 1, using: &random))
        }
    }

    static func randomPredicate(for model: String, using random: inout SplitMix64) -> MappingCondition {
        let name = predicatesByModel[model]?.randomElement(using: &random) ?? "inItem"
        switch name {
        case "priceAbove": return .predicate(name, argument: .number(Double(random.int(in: 0...30)) / 2))
        case "atLeast": return .predicate(name, argument: .integer(random.int(in: -5...10)))
        case "inItem": return .predicate(name, argument: .array((0...random.int(in: 0...2)).map { _ in .integer(random.int(in: 0...4)) }))
        default: return .predicate(name)
        }
    }

    static func randomDeclaration(using random: inout SplitMix64) -> MappingDeclaration {
        let model = viewsByModel.keys.sorted().randomElement(using: &random) ?? "Int"
        let view = viewsByModel[model]?.randomElement(using: &random) ?? "Plain"
        // Bare predicates are what can still tie at render time: the checker
        // proves no overlap between two unrelated predicates.
        let condition: MappingCondition = random.chance(0.2) ? .none
            : random.chance(0.3) ? randomPredicate(for: model, using: &random)
            : randomCondition(for: model, depth: 1, using: &random)
        return Map(view, model: model, kind: random.chance(0.2) ? .header : .cell, when: condition, priority: random.int(in: -1...3))
    }

    static func randomItem(using random: inout SplitMix64) -> Any {
        let values: [Any] = [
            Dish(name: "a", price: Double(random.int(in: 0...30)) / 2), Dish(name: "b", price: 9, vegan: true), Drink(name: "c"),
            Animal(name: "d"), Cat(name: "e"), "short", "a longer text", random.int(in: -6...12), 9,
            Optional(random.int(in: 0...9)) as Any, Optional(Optional(Dish(name: "f", price: 3))) as Any,
            Optional<Int>.none as Any, [1, 2], 2.5,
        ]
        return values.randomElement(using: &random) ?? 0
    }

    @Test func cachedAndUncachedResolutionAgreeOnRandomNestedConditions() throws {
        let plugins = Self.plugins()
        var loaded = 0
        var compared = 0
        var outcomes: Set<String> = []
        var seed: UInt64 = 0
        while loaded < 320, seed < 5_000 {
            seed += 1
            var random = SplitMix64(seed: seed)
            let declarations = (0..<random.int(in: 1...8)).map { _ in Self.randomDeclaration(using: &random) }
            guard let registry = try? MappingRegistry(plugins: plugins, sources: [.declarations(declarations)]) else { continue }
            let indexed = registry.resolver
            loaded += 1
            for _ in 0..<50 {
                let item = Self.randomItem(using: &random)
                let position = ItemPosition(item: random.int(in: 0...4), section: random.int(in: 0...5))
                let kind: ViewKind = random.chance(0.25) ? .header : .cell
                let cached = resolutionSummary(registry.resolve(item, at: position, kind: kind, by: indexed))
                let uncached = resolutionSummary(registry.resolve(item, at: position, kind: kind, by: registry.reference))
                #expect(cached == uncached, "seed \(seed), item \(item), \(position), \(kind)")
                outcomes.insert(String(cached.prefix { $0 != " " }))
                compared += 1
            }
        }
        #expect(loaded >= 300)
        #expect(compared >= 15_000)
        #expect(outcomes == ["resolved", "missing", "ambiguous"])
    }

    @Test func aConditionWrittenInJSONEqualsItsSwiftForm() throws {
        // The same random conditions, serialized to JSON and parsed back, load to the same value.
        var random = SplitMix64(seed: 99)
        for _ in 0..<200 {
            let condition = Self.randomCondition(for: "Dish", depth: 1, using: &random)
            let json = configuration(#"{"view": "DishRow", "model": "Dish", "condition": \#(Self.json(condition))}"#)
            // Every generated condition is valid, so every one must load.
            let registry = try loadRegistry(json, plugins: Self.plugins())
            #expect(registry.mappings.first?.condition == condition, "\(Self.json(condition))")
        }
    }

    static func json(_ condition: MappingCondition) -> String {
        switch condition {
        case .none: "{}"
        case .section(let section): #"{"section": \#(section)}"#
        case .sections(let sections): #"{"sections": [\#(sections.map(String.init).joined(separator: ", "))]}"#
        case .items(let items): #"{"items": [\#(items.map(String.init).joined(separator: ", "))]}"#
        case .predicate(let name, nil): #"{"predicate": "\#(name)"}"#
        case .predicate(let name, let argument?): #"{"predicate": "\#(name)", "argument": \#(argument)}"#
        case .all(let parts): #"{"all": [\#(parts.map(json).joined(separator: ", "))]}"#
        case .any(let parts): #"{"any": [\#(parts.map(json).joined(separator: ", "))]}"#
        case .not(let inner): #"{"not": \#(json(inner))}"#
        }
    }
}
