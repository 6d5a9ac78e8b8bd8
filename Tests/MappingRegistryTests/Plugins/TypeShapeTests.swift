@testable import MappingRegistry
import Testing

private protocol ShapeEdible {}
private protocol ShapeNamed: AnyObject {}
private protocol ShapeHolder<Held> { associatedtype Held }
private class ShapeMeal {}
private final class ShapeBreakfast: ShapeMeal, ShapeEdible {}
private struct ShapeToast: ShapeEdible {}
private struct ShapeStone {}
private enum ShapeCourse { case starter, main }
private struct ShapeBox<T> {}
private actor ShapeKitchen {}

/// A type's shape, read with public API only: identities, `is AnyClass`,
/// the `Optional` cast, and the names Swift prints for a type and its
/// metatype, trusted only after a self-check; and what the checker
/// concludes from shapes, with undecidable ones neither proving nor
/// disproving anything.
@Suite struct TypeShapeTests {
    @Test func theSelfCheckPassesOnThisToolchain() {
        #expect(TypeShape.namesAreTrusted)
        #expect(TypeShape.selfCheck(TypeShape.reading(of:)))
    }

    /// Every sort of type, with the shape it must have.
    static let shapes: [(any Any.Type, TypeShape)] = [
        (ShapeToast.self, .value), (ShapeCourse.self, .value), (Int.self, .value), (String.self, .value),
        ([Int].self, .value), (ShapeBox<(Int) -> Int>.self, .value), (ShapeBox<any ShapeEdible>.self, .value),
        (ShapeMeal.self, .reference), (ShapeBreakfast.self, .reference), (ShapeKitchen.self, .reference),
        ((any ShapeEdible).self, .existential), ((any ShapeNamed).self, .existential), ((any ShapeEdible & ShapeNamed).self, .existential),
        ((any ShapeMeal & ShapeEdible).self, .existential), ((any ShapeHolder<Int>).self, .existential), ((any Error).self, .existential),
        (AnyObject.self, .existential), (Any.self, .anything),
        (ShapeToast?.self, .undecidable), (ShapeToast??.self, .undecidable), (AnyHashable.self, .undecidable),
        ((Int, String).self, .undecidable), (((Int) -> Int).self, .undecidable), ((@Sendable () -> Void).self, .undecidable),
        (Void.self, .undecidable), (Int.Type.self, .undecidable), (ShapeMeal.Type.self, .undecidable),
        ((any ShapeEdible).Type.self, .undecidable), ((any ShapeEdible.Type).self, .undecidable),
    ]

    @Test func eachSortOfTypeHasItsShape() {
        for (type, shape) in Self.shapes {
            #expect(TypeShape(type) == shape, "\(type)")
        }
    }

    /// Names as other runtimes might print them: an existential with the
    /// `any` keyword is still one; a tuple, function or metatype is never
    /// a value; a struct's name must match its metatype's.
    @Test(arguments: [
        ("Menu.Dish", "Menu.Dish.Type", TypeShape.NameReading?.some(.value)),
        ("Tests.(unknown context at $1234).Local", "Tests.(unknown context at $1234).Local.Type", .value),
        ("Menu.Box<(Swift.Int) -> Swift.Int>", "Menu.Box<(Swift.Int) -> Swift.Int>.Type", .value),
        ("Menu.Food", "Menu.Food.Protocol", .existential),
        ("Menu.Food & Swift.Sendable", "(Menu.Food & Swift.Sendable).Protocol", .existential),
        ("any Menu.Food", "(any Menu.Food).Type", .existential),
        ("(Swift.Int, Swift.Int)", "(Swift.Int, Swift.Int).Type", nil),
        ("(Swift.Int) -> Swift.Int", "((Swift.Int) -> Swift.Int).Type", nil),
        ("@Sendable () -> ()", "(@Sendable () -> ()).Type", nil),
        ("Swift.Int.Type", "Swift.Int.Type.Type", nil),
        ("Menu.Food.Type", "Menu.Food.Type.Protocol", nil),
        ("Menu.Food.Protocol", "Menu.Food.Protocol.Type", nil),
        ("Menu.Dish", "Menu.Other.Type", nil),
        ("9Menu.Dish", "9Menu.Dish.Type", nil),
        (".Dish", ".Dish.Type", nil),
        ("Dish", "Dish.Type", nil),
    ])
    func namesAreReadStrictly(name: String, metatypeName: String, reading: TypeShape.NameReading?) {
        #expect(TypeShape.reading(name: name, metatypeName: metatypeName) == reading)
    }

    /// A toolchain that printed names differently fails the self-check, and
    /// every shape the names decide becomes undecidable; what identities and
    /// casts answer stays.
    @Test func aReaderThatGivesAWrongAnswerFailsTheSelfCheck() {
        // Existentials printed like structs (no `.Protocol`, no `any`).
        #expect(!TypeShape.selfCheck { TypeShape.reading(name: String(reflecting: $0), metatypeName: String(reflecting: $0) + ".Type") })
        // Everything read as a value, or as an existential, or as nothing.
        #expect(!TypeShape.selfCheck { _ in .value })
        #expect(!TypeShape.selfCheck { _ in .existential })
        #expect(!TypeShape.selfCheck { _ in nil })
        // Names that lost their module.
        #expect(!TypeShape.selfCheck { type in
            let name = String(reflecting: type)
            let bare = name.split(separator: ".").last.map(String.init) ?? name
            return TypeShape.reading(name: bare, metatypeName: bare + ".Type")
        })
    }

    @Test func aShapeWhoseNamesAreNotTrustedIsUndecidable() {
        let untrusted: (any Any.Type) -> TypeShape.NameReading? = { _ in nil }
        #expect(TypeShape(ShapeToast.self, names: untrusted) == .undecidable)
        #expect(TypeShape((any ShapeEdible).self, names: untrusted) == .undecidable)
        // Public API answers these without names.
        #expect(TypeShape(ShapeMeal.self, names: untrusted) == .reference)
        #expect(TypeShape(ShapeToast?.self, names: { _ in .value }) == .undecidable)
        #expect(TypeShape(Any.self, names: untrusted) == .anything)
        #expect(TypeShape(AnyObject.self, names: untrusted) == .existential)
    }

    @Test func subclassesAreFoundByCastingMetatypes() {
        #expect(ModelType.isSubclass(ShapeBreakfast.self, of: ShapeMeal.self))
        #expect(ModelType.isSubclass(ShapeMeal.self, of: ShapeMeal.self))
        #expect(!ModelType.isSubclass(ShapeMeal.self, of: ShapeBreakfast.self))
        #expect(!ModelType.isSubclass(ShapeToast.self, of: ShapeMeal.self))
    }

    @Test func valuesAndClassesAreRelatedByTheirShapes() {
        let toast = ModelType(ShapeToast.self), stone = ModelType(ShapeStone.self)
        let meal = ModelType(ShapeMeal.self), breakfast = ModelType(ShapeBreakfast.self)
        // Two structs, a struct and a class, never share a value.
        #expect(!toast.canShareValue(with: stone))
        #expect(!toast.canShareValue(with: meal))
        // A class contains its subclasses; AnyObject and Any contain classes.
        #expect(meal.contains(breakfast) && !breakfast.contains(meal))
        #expect(meal.canShareValue(with: breakfast))
        #expect(ModelType(AnyObject.self).contains(breakfast))
        #expect(ModelType(Any.self).contains(toast))
        // AnyObject contains no struct, but may share a value with one
        // (a struct cast to AnyObject is boxed).
        #expect(!ModelType(AnyObject.self).contains(toast))
        #expect(ModelType(AnyObject.self).canShareValue(with: toast))
    }

    /// Which types conform to a protocol is known only from a value: a
    /// protocol contains no other type and may share a value with any, so
    /// no configuration is rejected on a guess.
    @Test func aProtocolsRelationsAreUndecidable() {
        let edible = ModelType((any ShapeEdible).self), toast = ModelType(ShapeToast.self), stone = ModelType(ShapeStone.self)
        let named = ModelType((any ShapeNamed).self), both = ModelType((any ShapeEdible & ShapeNamed).self)
        #expect(!edible.contains(toast))
        #expect(!edible.contains(stone))
        #expect(edible.canShareValue(with: toast))
        #expect(edible.canShareValue(with: stone))
        #expect(stone.canShareValue(with: edible))
        #expect(!edible.contains(both) && !both.contains(edible))
        #expect(named.canShareValue(with: ModelType(ShapeMeal.self)))
        // The same type is still the same type.
        #expect(edible.contains(ModelType((any ShapeEdible).self)))
    }

    @Test func theCheckerTreatsUndecidableConservatively() {
        let stone = ModelType(ShapeStone.self)
        // Unread: no incompatible-model error (they might share values) and
        // no overlap proof (no type provably belongs to both).
        let unreadToast = ModelType(ShapeToast.self, shape: .undecidable)
        #expect(unreadToast.canShareValue(with: stone))
        #expect(stone.canShareValue(with: unreadToast))
        #expect(!stone.contains(unreadToast))
        #expect(!ModelType(ShapeMeal.self).contains(unreadToast))
        #expect(unreadToast.contains(ModelType(ShapeToast.self, shape: .undecidable)))
    }
}
