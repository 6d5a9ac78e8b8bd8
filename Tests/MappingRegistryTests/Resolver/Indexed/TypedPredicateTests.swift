import Foundation
@testable import MappingRegistry
import ModelStorage
import RegistryFixtures
import TestSupport
import Testing

/// The index calls a predicate with the value opened at its own type, with
/// no dynamic cast, when a plan's type is the predicate's model type, and
/// evaluates an `Optional` item's struct or enum payload likewise; it
/// must still answer as the reference rule does, for the mixes feeds really
/// store: structs and classes, predicates and sections, plain and
/// `Optional` items interleaved.
@Suite struct TypedPredicateTests {
    /// Views and predicates that can take each model.
    static let viewsByModel: [String: [String]] = [
        "Dish": ["DishRow", "FoodRow", "Plain"], "Drink": ["FoodRow", "Plain"], "Food": ["FoodRow", "Plain"],
        "Animal": ["AnimalRow", "Plain"], "Cat": ["AnimalRow", "Plain"], "Int": ["NumberRow", "BigNumber", "Plain"],
    ]
    static let predicatesByModel: [String: [String]] = [
        "Dish": ["isVegan", "isCheap"], "Food": ["hasShortName"], "Animal": ["isKitten"], "Cat": ["isKitten", "isTabby"],
        "Int": ["isBig", "isOdd"],
    ]

    /// The fixtures, plus predicates on a class (asked about its subclass),
    /// on a protocol (which the index still calls with a cast) and one
    /// taking an argument.
    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "isOdd", for: Int.self) { number, _ in number % 2 != 0 }
        plugins.register(predicate: "isKitten", for: Animal.self) { animal, _ in animal.name.hasPrefix("k") }
        plugins.register(predicate: "isTabby", for: Cat.self) { cat, position in cat.name.count > 2 || position.item == 0 }
        plugins.register(predicate: "hasShortName", for: (any Food).self) { food, _ in food.name.count < 3 }
        plugins.register(predicate: "isCheap", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price < limit }
        return plugins
    }

    static func randomMapping(using random: inout SplitMix64) -> String {
        let model = viewsByModel.keys.sorted().randomElement(using: &random) ?? "Int"
        let view = viewsByModel[model]?.randomElement(using: &random) ?? "Plain"
        var fields = [#""view": "\#(view)""#, #""model": "\#(model)""#]
        var condition: [String] = []
        if Int.random(in: 0..<3, using: &random) == 0 { condition.append(#""section": \#(Int.random(in: 0..<3, using: &random))"#) }
        if Int.random(in: 0..<3, using: &random) > 0, let predicate = predicatesByModel[model]?.randomElement(using: &random) {
            condition.append(#""predicate": "\#(predicate)""#)
            if predicate == "isCheap" { condition.append(#""argument": \#(Int.random(in: 1...4, using: &random))"#) }
        }
        if !condition.isEmpty { fields.append(#""condition": {\#(condition.joined(separator: ", "))}"#) }
        fields.append(#""priority": \#(Int.random(in: 0..<3, using: &random))"#)
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Structs, classes and `Int`, each plain, in one `Optional`, in two, and `nil`.
    static func items() -> [Any] {
        let values: [Any] = [
            Dish(name: "ab", price: 1, vegan: true), Dish(name: "abc", price: 3), Drink(name: "cd"),
            Animal(name: "kit"), Animal(name: "rex"), Cat(name: "kim"), Cat(name: "xy"), 3, 8,
        ]
        func wrapped<T>(_ value: T) -> [Any] {
            [Optional(value) as Any, Optional(Optional(value)) as Any, Optional<T>.none as Any, Optional<T?>.some(nil) as Any]
        }
        return values + [
            wrapped(Dish(name: "ab", price: 1, vegan: true)), wrapped(Dish(name: "abc", price: 3)), wrapped(Drink(name: "cd")),
            wrapped(Animal(name: "kit")), wrapped(Cat(name: "kim")), wrapped(Cat(name: "xy")), wrapped(3), wrapped(8),
            // A class instance in an Optional of its superclass.
            wrapped(Cat(name: "kat") as Animal),
        ].flatMap(\.self)
    }

    @Test func indexAndReferenceAgreeOnMixedFeeds() throws {
        var loaded = 0
        var outcomes: Set<String> = []
        let items = Self.items()
        for seed in UInt64(1)...600 {
            var random = SplitMix64(seed: seed)
            let count = Int.random(in: 2...8, using: &random)
            let mappings = (0..<count).map { _ in Self.randomMapping(using: &random) }
            let json = configuration(mappings.joined(separator: ",\n"))
            guard let registry = try? loadIndexedRegistry(json, plugins: Self.plugins()) else { continue }
            loaded += 1
            // Interleaved at random, so a payload's type is sometimes first met inside an Optional.
            for _ in 0..<80 {
                let item = items.randomElement(using: &random) ?? 0
                let position = ItemPosition(item: Int.random(in: 0..<3, using: &random), section: Int.random(in: 0..<4, using: &random))
                let indexed = resolutionSummary(registry.resolve(item, at: position, by: registry.resolver))
                let reference = resolutionSummary(registry.resolve(item, at: position, by: registry.reference))
                #expect(indexed == reference, "seed \(seed), item \(item), \(position)")
                outcomes.insert(String(indexed.prefix { $0 != " " }))
            }
        }
        #expect(loaded >= 100)
        #expect(outcomes == ["resolved", "missing", "ambiguous"])
    }

    /// Each predicate case by hand: a struct's, a superclass's asked about a
    /// subclass, one with an argument, a protocol's, through `Optional`s.
    @Test(arguments: [
        (Dish(name: "ab", price: 1, vegan: true) as any Sendable, "FoodRow"),
        (Dish(name: "ab", price: 5, vegan: true) as any Sendable, "DishRow"),
        (Dish(name: "ab", price: 5) as any Sendable, "Plain"),
        (Optional(Dish(name: "ab", price: 1)) as any Sendable, "FoodRow"),
        (Optional(Optional(Dish(name: "ab", price: 9, vegan: true))) as any Sendable, "DishRow"),
        (Cat(name: "kim") as any Sendable, "AnimalRow"),
        (Cat(name: "tom") as any Sendable, "Plain"),
        (Optional(Cat(name: "kim")) as any Sendable, "AnimalRow"),
        (Optional(Cat(name: "kim") as Animal) as any Sendable, "AnimalRow"),
        (Optional(Animal(name: "rex")) as any Sendable, "Plain"),
        (Drink(name: "ab") as any Sendable, "FoodRow"),
        (Optional(Drink(name: "abc")) as any Sendable, "Plain"),
    ])
    func predicatesAnswerAtTheirOwnType(item: any Sendable, view: String) throws {
        let registry = try loadIndexedRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "isVegan"}, "priority": 1}"#,
            #"{"view": "FoodRow", "model": "Dish", "condition": {"predicate": "isCheap", "argument": 2}, "priority": 2}"#,
            #"{"view": "AnimalRow", "model": "Animal", "condition": {"predicate": "isKitten"}, "priority": 1}"#,
            #"{"view": "FoodRow", "model": "Drink", "condition": {"predicate": "hasShortName"}, "priority": 1}"#,
            #"{"view": "Plain", "model": "Dish"}"#,
            #"{"view": "Plain", "model": "Animal"}"#,
            #"{"view": "Plain", "model": "Drink"}"#
        ), plugins: Self.plugins())
        // Twice: the first resolve builds the plans, the second reads them.
        for _ in 0..<2 {
            #expect(registry.resolve(item, at: at(1, 0)).mapping?.view == view)
        }
        #expect(resolutionSummary(registry.resolve(item, at: at(1, 0), by: registry.resolver))
            == resolutionSummary(registry.resolve(item, at: at(1, 0), by: registry.reference)))
    }

    @Test func typedTestsTakeTheModelTypeOnly() {
        let animal = TypedPredicateTest(Animal.self) { _, _ in true }
        #expect(animal.takes(Animal.self))
        // A subclass keeps the cast: its value is not stored as the model type.
        #expect(!animal.takes(Cat.self) && !animal.takes(Dish.self) && !animal.takes(Optional<Animal>.self))
        let dish = TypedPredicateTest(Dish.self) { _, _ in true }
        #expect(dish.takes(Dish.self) && !dish.takes(Drink.self) && !dish.takes(Optional<Dish>.self))
        // A protocol's conformers are not its existential: they keep the cast.
        let food = TypedPredicateTest((any Food).self) { _, _ in true }
        #expect(!food.takes(Dish.self) && !food.takes(Drink.self))
        let anything = TypedPredicateTest(Any.self) { _, _ in true }
        #expect(!anything.takes(Dish.self) && !anything.takes(Cat.self))
    }

    /// A typed predicate is called with the value the index opened, at its
    /// own type, or read at an address; both give the cast's answers.
    @Test func aTypedPredicateReadsTheOpenedValue() throws {
        let predicate = TypedPredicateTest(Dish.self) { dish, position in dish.vegan && position.item == 1 }
        let call = PredicateCall(name: "p", argument: nil, body: .plain({ _, _ in false }, typed: predicate))
        let test = try #require(TypedTest.make(.predicate(call), for: Dish.self))
        #expect(TypedTest.make(.predicate(call), for: Drink.self) == nil)
        for (dish, item) in [(Dish(name: "a", price: 1, vegan: true), 1), (Dish(name: "a", price: 1, vegan: true), 0), (Dish(name: "b", price: 2), 1)] {
            let expected: Truth = dish.vegan && item == 1 ? .yes : .no
            var answer: Truth?
            #expect(OpenedValue.withTypedTruth(of: dish, ifTypeIs: ResolutionCache.key(Dish.self), at: at(item, 0), context: NoRenderContext()) { typed in
                answer = typed(test)
            })
            #expect(answer == expected)
            #expect(withUnsafePointer(to: dish) { test.truth(at: UnsafeRawPointer($0), at: at(item, 0), context: NoRenderContext()) } == expected)
            #expect(!OpenedValue.withTypedTruth(of: Drink(name: "d"), ifTypeIs: ResolutionCache.key(Dish.self), at: at(item, 0), context: NoRenderContext()) { _ in })
        }
    }

    struct Tonight: Sendable { var soldOut: Set<String> }
    class Settings: @unchecked Sendable { var soldOut: Set<String> = ["a"] }
    final class EveningSettings: Settings, @unchecked Sendable {}

    /// A typed predicate that reads a render context: the context opened at
    /// its own type, cast when it is a subclass, `unknown` when it is
    /// missing or of another type; inside `all`, `any` and `not` as the
    /// condition's own evaluator answers.
    @Test func aTypedContextualPredicateReadsTheContextAsTheCastWould() throws {
        let byStruct = TypedPredicateTest(Dish.self, context: Tonight.self) { dish, tonight, _ in tonight.soldOut.contains(dish.name) }
        let byClass = TypedPredicateTest(Dish.self, context: Settings.self) { dish, settings, _ in settings.soldOut.contains(dish.name) }
        func call(_ typed: TypedPredicateTest) -> Condition {
            .predicate(PredicateCall(name: "soldOut", argument: nil, body: .contextual({ _, _, _ in nil }, contextType: "", typed: typed)))
        }
        let dish = Dish(name: "a", price: 1)
        func truth(_ condition: Condition, _ context: (any Sendable)?, section: Int = 0) throws -> Truth? {
            let context = context ?? NoRenderContext()
            let test = try #require(TypedTest.make(condition, for: Dish.self))
            var answer: Truth?
            _ = OpenedValue.withTypedTruth(of: dish, ifTypeIs: ResolutionCache.key(Dish.self), at: at(0, section), context: context) { typed in
                answer = typed(test)
            }
            return answer
        }
        #expect(try truth(call(byStruct), Tonight(soldOut: ["a"])) == .yes)
        #expect(try truth(call(byStruct), Tonight(soldOut: ["b"])) == .no)
        #expect(try truth(call(byStruct), nil) == .unknown)
        #expect(try truth(call(byStruct), "another type") == .unknown)
        #expect(try truth(call(byClass), Settings()) == .yes)
        #expect(try truth(call(byClass), EveningSettings()) == .yes)
        #expect(try truth(.not(call(byStruct)), nil) == .unknown)
        #expect(try truth(.all([.position(try #require(PositionTest(.section, values: [1]))), call(byStruct)]), nil) == .no)
        #expect(try truth(.any([.position(try #require(PositionTest(.section, values: [0]))), call(byStruct)]), nil) == .yes)
        #expect(try truth(.any([call(byStruct), .always]), nil) == .yes)
        #expect(try truth(.not(call(byStruct)), Tonight(soldOut: [])) == .yes)
        // A context type every value casts to: still `unknown` without one.
        let byAnything = TypedPredicateTest(Dish.self, context: (any Sendable).self) { _, _, _ in true }
        #expect(try truth(call(byAnything), nil) == .unknown)
        #expect(try truth(call(byAnything), 3) == .yes)
    }
}
