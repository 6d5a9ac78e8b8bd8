import Foundation
@testable import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// The index reads an `Optional` item's cases at the `Optional`'s own type
/// (the `Any` opened when it holds the `Optional` itself, cast when it holds
/// it inside another existential) and keeps, per kind, the mapping a struct
/// or enum payload resolves to, so the next `.some` of that type needs no
/// second lookup. These check that the opened value is handed on only at
/// its own type, and that the index answers as the reference rule does:
/// nested `Optional`s, `.none` at each level, a class payload whose
/// subclasses differ, a protocol existential payload, values stored inside
/// other existentials, and two kinds that resolve one type differently.
@Suite struct OptionalFastPathTests {
    struct Four: Equatable { let a: Int, b: Int, c: Int, d: Int }
    enum Choice: Equatable { case left(Int), right(String) }

    /// What a typed test on `T` is handed when `value`, as an `Any`, opens
    /// to exactly `T`; `nil` when it does not.
    static func opened<T>(_ value: Any, as type: T.Type) -> T? {
        let read = ReadValue<T>()
        let test = TypedPredicateCaller<T> { value, _ in
            read.value = value
            return true
        }
        let found = OpenedValue.withTypedTruth(
            of: value, ifTypeIs: UInt(bitPattern: ObjectIdentifier(T.self)), at: ItemPosition(item: 0, section: 0), context: NoRenderContext()
        ) { typed in _ = typed(test) }
        return found ? read.value : nil
    }

    /// Inline values, boxed ones, `Optional`s of each, an enum with a
    /// payload, a class reference, a 16-byte aligned vector.
    @Test func anOpenedValueIsReadAtItsOwnType() {
        let four = Four(a: 1, b: 2, c: 3, d: 4)
        #expect(Self.opened(7, as: Int.self) == 7)
        #expect(Self.opened(four, as: Four.self) == four)
        #expect(Self.opened(Optional(four) as Any, as: Four?.self) == four)
        #expect(Self.opened(Four??.some(nil) as Any, as: Four??.self) == Four???.some(Four??.some(nil)))
        #expect(Self.opened(Choice.right("a string too long for the small form"), as: Choice.self) == .right("a string too long for the small form"))
        #expect(Self.opened(SIMD8<Double>(1, 2, 3, 4, 5, 6, 7, 8), as: SIMD8<Double>.self) == SIMD8<Double>(1, 2, 3, 4, 5, 6, 7, 8))
        let cat = Cat(name: "Tom")
        #expect(Self.opened(cat, as: Cat.self) === cat)
        #expect(Self.opened(Optional<Animal>.some(cat) as Any, as: Animal?.self).map { $0 === cat } == true)
    }

    /// Nothing handed on for another type, for a class instance stored as its
    /// superclass, or for a value inside another existential (generic code
    /// storing an element of an `[any Food]`): those are cast instead.
    @Test func anOpenedValueOfAnotherTypeIsNotHandedOn() {
        func stored<T>(_ values: [T]) -> Any { values[0] }
        let four = Four(a: 1, b: 2, c: 3, d: 4)
        #expect(Self.opened(7, as: Int8.self) == nil)
        #expect(Self.opened(Optional(7) as Any, as: Int.self) == nil)
        #expect(Self.opened(7, as: Int?.self) == nil)
        #expect(Self.opened(Cat(name: "Tom") as Animal, as: Cat.self) == nil)
        #expect(Self.opened(stored([four as any Equatable]), as: Four.self) == nil)
        #expect(Self.opened(stored([FourInts(four: four) as any Collection<Int>]), as: FourInts.self) == nil)
        #expect(Self.opened(stored([Optional(four) as any Sendable]), as: Four?.self) == nil)
    }

    /// The unwrapper of each `Optional` type, at every depth: the payload's
    /// key (0 for `.none` at any level) and its value.
    @Test(arguments: [
        (Optional(3) as any Sendable, 3 as Int?), (Int?.none as any Sendable, nil), (Int??.some(4) as any Sendable, 4),
        (Int??.some(nil) as any Sendable, nil), (Int??.none as any Sendable, nil), (Int???.some(5) as any Sendable, 5),
        (Int???.some(.some(nil)) as any Sendable, nil), (Int???.some(nil) as any Sendable, nil), (Int???.none as any Sendable, nil),
        (Int????.some(6) as any Sendable, 6), (Int????.some(.some(.some(nil))) as any Sendable, nil),
    ])
    func optionalsAreReadAtEveryDepth(item: any Sendable, payload: Int?) throws {
        let unwrapper = try #require(OptionalUnwrapper(type(of: item)))
        #expect(unwrapper.payload == .fixed(ResolutionCache.key(Int.self)))
        #expect(unwrapper.payloadKey(item) == (payload == nil ? 0 : ResolutionCache.key(Int.self)))
        #expect(unwrapper.unwrap(item) as? Int == payload)
        var read: Int?
        #expect(unwrapper.withPayloadAddress(item) { read = $0.assumingMemoryBound(to: Int.self).pointee } == (payload != nil))
        #expect(read == payload)
        // The same `Optional` inside another existential: read through a cast.
        func stored<T>(_ values: [T]) -> Any { values[0] }
        let nested = stored([item as any Sendable])
        #expect(unwrapper.payloadKey(nested) == (payload == nil ? 0 : ResolutionCache.key(Int.self)))
        #expect(unwrapper.unwrap(nested) as? Int == payload)
    }

    /// A class payload's key is the instance's own class; a protocol's is unknown.
    @Test func aPayloadsKeyIsItsDynamicType() throws {
        let animals = try #require(OptionalUnwrapper(Animal?.self))
        #expect(animals.payload == .object)
        #expect(animals.payloadKey(Optional<Animal>.some(Cat(name: "Tom")) as Any) == ResolutionCache.key(Cat.self))
        #expect(animals.payloadKey(Optional(Animal(name: "Rex")) as Any) == ResolutionCache.key(Animal.self))
        #expect(animals.payloadKey(Animal?.none as Any) == 0)
        #expect(!animals.withPayloadAddress(Optional(Animal(name: "Rex")) as Any) { _ in })
        let foods = try #require(OptionalUnwrapper((any Food)?.self))
        #expect(foods.payload == .unknown)
        #expect(foods.payloadKey(Optional<any Food>.some(Dish(name: "a", price: 1)) as Any) == nil)
        #expect((foods.unwrap(Optional<any Food>.some(Dish(name: "a", price: 1)) as Any) as? Dish)?.name == "a")
        #expect(OptionalUnwrapper(Int.self) == nil)
    }

    /// Items that generic code stored in an `Any` as existentials (a
    /// generic storage's `[any Food]` or `[any Sendable]` elements, passed
    /// through `T`): the predicates on their concrete model read the value
    /// itself, and the index answers as the rule does.
    @Test(arguments: [true, false])
    func itemsStoredAsExistentialsAnswerAsTheRuleDoes(vegan: Bool) throws {
        func stored<T>(_ values: [T]) -> Any { values[0] }
        let registry = try loadIndexedRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "Plain", "model": "Dish", "condition": {"predicate": "isVegan"}, "priority": 1}"#,
            #"{"view": "FoodRow", "model": "Food", "priority": -1}"#
        ), plugins: fixtureCatalog())
        let dish = Dish(name: "a name too long to be stored inline in a string", price: 4, vegan: vegan)
        let foods: [any Food] = [dish]
        let optionals: [(any Food)?] = [dish]
        let items = [
            stored(foods), stored(optionals), stored([foods[0] as any Sendable]), stored([Optional(dish) as any Sendable]),
            stored([Optional(Optional(dish)) as any Sendable]), stored([Optional(foods[0]) as any Sendable]),
        ]
        for item in items {
            for _ in 0..<3 {
                let indexed = resolutionSummary(registry.resolve(item, at: at(0, 0), kind: .cell, NoContext(), by: registry.resolver))
                let reference = resolutionSummary(registry.resolve(item, at: at(0, 0), kind: .cell, NoContext(), by: registry.reference))
                #expect(indexed == reference)
                #expect(indexed == (vegan ? "resolved 1" : "resolved 0"))
            }
        }
        // `nil` stored inside another existential, at each depth.
        for item in [stored([(any Food)?.none]), stored([Dish?.none as any Sendable]), stored([Dish??.some(nil) as any Sendable])] {
            for _ in 0..<3 {
                #expect(registry.resolve(item, at: at(0, 0), kind: .cell, NoContext(), by: registry.resolver).diagnostic?.code == .nilModel)
                #expect(registry.resolve(item, at: at(0, 0), kind: .cell, NoContext(), by: registry.reference).diagnostic?.code == .nilModel)
            }
        }
    }

    /// Items stored as a parameterized existential (`any Collection<Int>`),
    /// plain and in `Optional`s, with a typed predicate on their model: the
    /// index answers as the rule does.
    @Test(arguments: [1, 9])
    func itemsStoredAsParameterizedExistentialsAnswerAsTheRuleDoes(first: Int) throws {
        func stored<T>(_ values: [T]) -> Any { values[0] }
        var plugins = fixtureCatalog()
        plugins.register(model: FourInts.self, named: "FourInts")
        plugins.register(predicate: "startsSmall", for: FourInts.self) { four, _ in four.four.a < 5 }
        let registry = try loadIndexedRegistry(configuration(
            #"{"view": "Plain", "model": "FourInts"}"#,
            #"{"view": "NumberRow", "model": "Int", "priority": 1}"#,
            #"{"view": "Plain", "model": "FourInts", "condition": {"predicate": "startsSmall"}, "priority": 1, "reuseIdentifier": "small"}"#
        ), plugins: plugins)
        let four = FourInts(four: Four(a: first, b: 2, c: 3, d: 4))
        let collection: any Collection<Int> = four
        let items = [
            stored([collection]), stored([Optional(collection)]), stored([Optional(Optional(collection))]),
            stored([four as any Sendable]), Optional(four) as Any, four as Any,
        ]
        for item in items {
            for _ in 0..<3 {
                let indexed = resolutionSummary(registry.resolve(item, at: at(0, 0), kind: .cell, NoContext(), by: registry.resolver))
                let reference = resolutionSummary(registry.resolve(item, at: at(0, 0), kind: .cell, NoContext(), by: registry.reference))
                #expect(indexed == reference, "\(item)")
                #expect(indexed == (first < 5 ? "resolved 2" : "resolved 0"))
            }
        }
    }

    /// Four words: stored in a box when an existential holds it.
    struct FourInts: Collection, Equatable {
        let four: Four
        var startIndex: Int { 0 }
        var endIndex: Int { 4 }
        func index(after i: Int) -> Int { i + 1 }
        subscript(position: Int) -> Int { [four.a, four.b, four.c, four.d][position] }
    }

    /// Every item, resolved twice in turn (the second time through what the
    /// first kept), for cells and for headers, by the index and by the rule.
    @Test(arguments: [
        // A struct payload, nested, and `.none` at each level.
        Optional(Dish(name: "a", price: 1)) as any Sendable, Optional(Optional(Dish(name: "b", price: 2))) as any Sendable,
        Dish?.none as any Sendable, Dish??.some(nil) as any Sendable, Dish??.none as any Sendable,
        // An enum payload.
        Optional(Choice.left(1)) as any Sendable, Choice?.none as any Sendable,
        // A class payload: the instance's own class decides.
        Optional<Animal>.some(Cat(name: "Tom")) as any Sendable, Optional<Animal>.some(Animal(name: "Rex")) as any Sendable,
        Optional(Optional<Animal>.some(Cat(name: "Kit"))) as any Sendable, Animal?.none as any Sendable,
        // A protocol existential payload.
        Optional<any Food>.some(Dish(name: "c", price: 3)) as any Sendable, Optional<any Food>.some(Drink(name: "d")) as any Sendable,
        Optional<any Food>.none as any Sendable,
        // An Optional inside another existential.
        Optional<any Sendable>.some(Optional(Dish(name: "e", price: 5))) as any Sendable,
    ])
    func optionalItemsAnswerAsTheRuleDoes(item: any Sendable) throws {
        var plugins = fixtureCatalog()
        plugins.register(model: Choice.self, named: "Choice")
        let registry = try loadIndexedRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "FoodRow", "model": "Food", "priority": -1}"#,
            #"{"view": "AnimalRow", "model": "Animal"}"#,
            #"{"view": "Plain", "model": "Cat", "priority": 1}"#,
            #"{"view": "Plain", "model": "Choice"}"#,
            #"{"view": "Plain", "model": "Dish", "kind": "header"}"#,
            #"{"view": "AnimalRow", "model": "Animal", "kind": "header"}"#
        ), plugins: plugins)
        for _ in 0..<3 {
            for kind in [ViewKind.cell, .header] {
                let indexed = resolutionSummary(registry.resolve(item, at: at(0, 0), kind: kind, NoContext(), by: registry.resolver))
                let reference = resolutionSummary(registry.resolve(item, at: at(0, 0), kind: kind, NoContext(), by: registry.reference))
                #expect(indexed == reference, "\(kind): \(item)")
            }
        }
    }

    /// Two kinds that show `Dish` with different views each keep their own
    /// winner: what the cell kind kept is not the header's answer.
    @Test func eachKindKeepsItsOwnWinner() throws {
        let registry = try loadIndexedRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "Plain", "model": "Dish", "kind": "header"}"#
        ), plugins: fixtureCatalog())
        let item = Optional(Dish(name: "a", price: 1)) as Any
        for _ in 0..<3 {
            #expect(registry.resolve(item, at: at(0, 0)).mapping?.view == "DishRow")
            #expect(registry.resolve(item, at: at(0, 0), kind: .header).mapping?.view == "Plain")
            #expect(registry.resolve(Dish?.none as Any, at: at(0, 0), kind: .header).diagnostic?.code == .nilModel)
        }
    }
}

/// Where a test's typed predicate keeps the value it was handed (one
/// test, one thread).
final class ReadValue<T>: @unchecked Sendable {
    var value: T?
}
