import Foundation
@testable import MappingRegistry
import RegistryFixtures
import ModelStorage
import TestSupport
import Testing

/// The cache must never change an answer: for random configurations and
/// items, cached resolution agrees with testing every mapping afresh.
@Suite struct ResolutionCacheTests {
    /// Views and predicates that can take each fixture model.
    static let viewsByModel: [String: [String]] = [
        "Dish": ["DishRow", "FoodRow", "Plain"], "Drink": ["FoodRow", "Plain"], "Food": ["FoodRow", "Plain"],
        "Animal": ["AnimalRow", "Plain"], "Cat": ["AnimalRow", "Plain"],
        "String": ["TitleView", "Footnote", "Plain"], "Int": ["NumberRow", "BigNumber", "SmallNumber", "Plain"],
    ]
    static let predicatesByModel: [String: [String]] = [
        "Dish": ["isVegan"], "Int": ["isBig", "isSmall", "isOdd"], "String": ["isShort"],
    ]

    /// The fixtures, plus a predicate that can hold together with `isBig` or
    /// `isSmall`: two unrelated predicates are what can still tie at render time.
    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "isOdd", for: Int.self) { number, _ in number % 2 != 0 }
        return plugins
    }

    /// - Parameters:
    ///   - random: Draws everything but `items`.
    ///   - itemDraws: Draws `items` conditions, apart so they leave the rest of each configuration as it was.
    static func randomMapping(using random: inout SplitMix64, itemDraws: inout SplitMix64) -> String {
        let model = viewsByModel.keys.sorted().randomElement(using: &random) ?? "Int"
        let view = viewsByModel[model]?.randomElement(using: &random) ?? "Plain"
        var fields = [#""view": "\#(view)""#, #""model": "\#(model)""#]
        if Int.random(in: 0..<4, using: &random) == 0 { fields.append(#""kind": "header""#) }
        var condition: [String] = []
        if Bool.random(using: &random) { condition.append(#""section": \#(Int.random(in: 0..<3, using: &random))"#) }
        if Bool.random(using: &random), let predicate = predicatesByModel[model]?.randomElement(using: &random) {
            condition.append(#""predicate": "\#(predicate)""#)
        }
        if Int.random(in: 0..<4, using: &itemDraws) == 0 { condition.append(#""items": [\#(Int.random(in: 0..<3, using: &itemDraws))]"#) }
        if !condition.isEmpty { fields.append(#""condition": {\#(condition.joined(separator: ", "))}"#) }
        fields.append(#""priority": \#(Int.random(in: 0..<3, using: &random))"#)
        return "{" + fields.joined(separator: ", ") + "}"
    }

    static func randomItem(using random: inout SplitMix64) -> Any {
        let values: [Any] = [
            Dish(name: "a", price: 1), Dish(name: "b", price: 2, vegan: true), Drink(name: "c"),
            Animal(name: "d"), Cat(name: "e"), "short", "a longer text", 3, 9, -4,
            Optional(7) as Any, Optional(Optional(Dish(name: "f", price: 3))) as Any,
            Optional<Int>.none as Any, [1, 2], 2.5,
        ]
        return values.randomElement(using: &random) ?? 0
    }

    @Test func cachedAndUncachedResolutionAgreeOnRandomConfigurations() throws {
        var loaded = 0
        var compared = 0
        var outcomes: Set<String> = []
        for seed in UInt64(1)...400 {
            var random = SplitMix64(seed: seed)
            let count = Int.random(in: 1...8, using: &random)
            var itemDraws = SplitMix64(seed: seed &+ 1_000_003)
            let mappings = (0..<count).map { _ in Self.randomMapping(using: &random, itemDraws: &itemDraws) }
            let json = configuration(mappings.joined(separator: ",\n"))
            guard let registry = try? loadRegistry(json, plugins: Self.plugins()) else { continue }
            let indexed = registry.resolver
            // The same mappings with the index switched off, as MAPPING_REGISTRY_INDEX=off does.
            let unindexed = try MappingRegistry(plugins: Self.plugins(), sources: [.json(Data(json.utf8), name: "mappings.json")], policy: DiagnosticPolicy(), usesIndex: false)
            #expect(!unindexed.resolver.isEnabled, "index off: the reference resolver alone")
            loaded += 1
            for _ in 0..<60 {
                let item = Self.randomItem(using: &random)
                let position = ItemPosition(item: Int.random(in: 0..<5, using: &random), section: Int.random(in: 0..<4, using: &random))
                let kind: ViewKind = Bool.random(using: &random) ? .cell : .header
                let cached = resolutionSummary(registry.resolve(item, at: position, kind: kind, by: indexed))
                let uncached = resolutionSummary(registry.resolve(item, at: position, kind: kind, by: registry.reference))
                #expect(cached == uncached, "seed \(seed), item \(item), \(position), \(kind)")
                #expect(resolutionSummary(unindexed.resolve(item, at: position, kind: kind)) == uncached, "index off: seed \(seed), item \(item)")
                outcomes.insert(String(cached.prefix { $0 != " " }))
                compared += 1
            }
            // Switched off, the index hands every item to the rule and learns no type.
            #expect(unindexed.resolver.cache.entryCounts.allSatisfy { $0 == 0 })
        }
        // The random configurations must exercise every outcome, or the test proves little.
        #expect(loaded >= 100)
        #expect(compared >= 6_000)
        #expect(outcomes == ["resolved", "missing", "ambiguous"])
    }

    @Test func subclassesAndConformersFirstSeenAfterOtherTypesStayCorrect() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "AnimalRow", "model": "Animal"}"#,
            #"{"view": "FoodRow", "model": "Food"}"#
        ))
        // Warm the cache with the superclass, then meet the subclass and conformers.
        #expect(registry.resolve(Animal(name: "a"), at: at(0, 0)).mapping?.view == "AnimalRow")
        #expect(registry.resolve(Cat(name: "b"), at: at(1, 0)).mapping?.view == "AnimalRow")
        #expect(registry.resolve(Optional(Cat(name: "c")) as Any, at: at(2, 0)).mapping?.view == "AnimalRow")
        #expect(registry.resolve(Drink(name: "d"), at: at(3, 0)).mapping?.view == "FoodRow")
        #expect(registry.resolve(Dish(name: "e", price: 1), at: at(4, 0)).mapping?.view == "FoodRow")
    }

    struct Wrapper<Wrapped> { let wrapped: Wrapped }

    /// Values of `depth` distinct types: `Wrapper<Int>`, `Wrapper<Wrapper<Int>>`, ...
    static func nestedValues<T>(_ value: T, depth: Int) -> [Any] {
        guard depth > 0 else { return [] }
        let next = Wrapper(wrapped: value)
        return [next] + nestedValues(next, depth: depth - 1)
    }

    @Test func aThousandTypesResolveWithoutACliff() throws {
        var plugins = PluginCatalog()
        plugins.register(model: Any.self, named: "Anything")
        plugins.register(view: "Plain", for: Any.self) { value, _ in "\(type(of: value))" }
        let registry = try loadIndexedRegistry(configuration(#"{"view": "Plain", "model": "Anything"}"#), plugins: plugins)
        let values = Self.nestedValues(0, depth: 1_000)
        for round in 0..<2 {
            for (index, value) in values.enumerated() {
                #expect(registry.resolve(value, at: at(index, round)).mapping?.view == "Plain")
            }
        }
        // Every type has its own entry in the lock-free table: no overflow, no limit.
        #expect(registry.resolver.cache.entryCounts == [1_000])
    }
}
