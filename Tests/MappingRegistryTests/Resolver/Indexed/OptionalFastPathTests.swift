import Foundation
@testable import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// The index reads an `Optional` item's cases where its `Any` holds it
/// (``ExistentialProjection``) and keeps, per kind, the mapping a struct
/// or enum payload resolves to, so the next `.some` of that type needs no
/// second lookup. These check the projection on every layout an `Any` can
/// hold, and that the kept winner answers as the reference rule does:
/// nested `Optional`s, `.none` at each level, a class payload whose
/// subclasses differ, a protocol existential payload, and two kinds that
/// resolve one type differently.
@Suite struct OptionalFastPathTests {
    struct Four: Equatable { let a: Int, b: Int, c: Int, d: Int }
    enum Choice: Equatable { case left(Int), right(String) }

    /// Reads the value inside `value` as an `Any` by its projected address.
    static func projected<T>(_ value: T, as type: T.Type) -> T {
        let boxed: Any = value
        return ExistentialProjection.withValue(boxed) { $0.load(as: T.self) }
    }

    @Test func theProjectionIsTrustedOnThisPlatform() {
        #expect(ExistentialProjection.isTrusted)
    }

    /// Inline values, boxed ones, `Optional`s of each, an enum with a
    /// payload, a class reference, a 16-byte aligned vector.
    @Test func theProjectionFindsValuesOfEveryLayout() {
        let four = Four(a: 1, b: 2, c: 3, d: 4)
        #expect(Self.projected(7, as: Int.self) == 7)
        #expect(Self.projected(four, as: Four.self) == four)
        #expect(Self.projected(Optional(four), as: Four?.self) == four)
        #expect(Self.projected(Four??.some(nil), as: Four??.self) == .some(nil))
        #expect(Self.projected(Choice.right("a string too long for the small form"), as: Choice.self) == .right("a string too long for the small form"))
        #expect(Self.projected(SIMD8<Double>(1, 2, 3, 4, 5, 6, 7, 8), as: SIMD8<Double>.self) == SIMD8<Double>(1, 2, 3, 4, 5, 6, 7, 8))
        let cat = Cat(name: "Tom")
        #expect(Self.projected(cat, as: Cat.self) === cat)
        #expect(Self.projected(Optional<Animal>.some(cat), as: Animal?.self) === cat)
    }

    /// A value inside another existential, as generic code stores one in an
    /// `Any` (`T` being `any P` or `any P<X>`): the projection gives the
    /// value itself, as opening the `Any` does, not the inner container.
    @Test func theProjectionLooksThroughAnExistentialInsideTheAny() {
        // Elements of an array of existentials, as `setItems` stores them.
        func stored<T>(_ values: [T]) -> Any { values[0] }
        let four = Four(a: 1, b: 2, c: 3, d: 4)
        let plain: [any Equatable] = [four]
        let constrained: [any Collection<Int>] = [FourInts(four: four)]
        let metatype: [any Equatable.Type] = [Four.self]
        #expect(Self.kind(of: stored(plain)) == 0x303)
        #expect(Self.kind(of: stored(constrained)) == 0x307)
        #expect(Self.kind(of: stored(metatype)) == 0x306)
        #expect(ExistentialProjection.withValue(stored(plain)) { $0.load(as: Four.self) } == four)
        #expect(ExistentialProjection.withValue(stored(constrained)) { $0.load(as: FourInts.self) } == FourInts(four: four))
        #expect(ExistentialProjection.withValue(stored(metatype)) { $0.load(as: Four.Type.self) } == Four.self)
    }

    /// The metadata kind of what an `Any` holds (0x303 an existential, 0x306
    /// an existential metatype, 0x307 a constrained existential).
    static func kind(of value: Any) -> UInt {
        withUnsafePointer(to: value) { container in
            UnsafeRawPointer(bitPattern: ExistentialProjection.metadata(of: UnsafeRawPointer(container))).map { $0.load(as: UInt.self) } ?? 0
        }
    }

    /// Items that generic code stored in an `Any` as existentials (a
    /// `SingleSectionStorage<any Food>`'s items, an `[any Food]` passed
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
        for item in [stored(foods), stored(optionals), stored([foods[0] as any Sendable])] {
            for _ in 0..<3 {
                let indexed = resolutionSummary(registry.resolve(item, at: at(0, 0), kind: .cell, NoContext(), by: registry.resolver))
                let reference = resolutionSummary(registry.resolve(item, at: at(0, 0), kind: .cell, NoContext(), by: registry.reference))
                #expect(indexed == reference)
                #expect(indexed == (vegan ? "resolved 1" : "resolved 0"))
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
