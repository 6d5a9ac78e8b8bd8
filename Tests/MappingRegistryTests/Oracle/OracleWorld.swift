import MappingRegistry
import ModelStorage

// The oracle's own little world: model types, views and predicates that no
// other test uses, each described twice: once as plain data the oracle
// reads (which concrete kinds of value a name takes, what a predicate
// computes), and once as the Swift registration the library gets.

/// A food: structs, an enum and a class conform; models, views and
/// predicates registered as `any OracleFood` take them all.
protocol OracleFood {
    var number: Int { get }
}

/// A pet: a class-bound protocol that `OracleCat` (and so `OracleLion`, by
/// inheritance) and `OracleDog` conform to.
protocol OraclePet: AnyObject {
    var tame: Bool { get }
}

struct OracleDish: OracleFood {
    let number: Int
    let vegan: Bool
}

struct OracleDrink: OracleFood {
    let number: Int
}

enum OracleSnack: OracleFood {
    case chips
    case nuts(Int)

    var number: Int {
        switch self {
        case .chips: 0
        case .nuts(let count): count
        }
    }
}

final class OraclePastry: OracleFood {
    let number: Int
    init(number: Int) { self.number = number }
}

class OracleAnimal {
    let name: String
    let number: Int
    let tame: Bool
    init(name: String, number: Int, tame: Bool) {
        self.name = name
        self.number = number
        self.tame = tame
    }
}

class OracleCat: OracleAnimal, OraclePet {}
final class OracleLion: OracleCat {}
final class OracleDog: OracleAnimal, OraclePet {}

/// A value that only a catch-all mapping takes.
struct OracleStone {}

/// A view class with `ModelTransfer` (a reusable view), for cats.
final class OracleCatCell: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: OracleCat) { text = "cat \(model.name)" }
    func render() -> String { text }
}

/// A reusable view whose model is a protocol existential.
final class OracleFoodCell: TextView, ModelTransfer {
    private var text = ""
    init() {}
    func update(with model: any OracleFood) { text = "food \(model.number)" }
    func render() -> String { text }
}

/// The render context of the kitchen's predicates.
struct OracleKitchen: Sendable {
    let soldOut: Set<Int>
    let portions: Int
}

/// The render context of the settings' predicates.
struct OracleSettings: Sendable {
    let showPets: Bool
    let quiet: Bool
    let large: Bool
}

/// What a value is, concretely: the oracle's view of a model value, with
/// no Swift type in it.
enum OracleTag: String, CaseIterable, Hashable, Sendable {
    case dish, drink, snack, pastry, animal, cat, lion, dog, stone, text, number

    static let foods: Set<OracleTag> = [.dish, .drink, .snack, .pastry]
    static let animals: Set<OracleTag> = [.animal, .cat, .lion, .dog]
    static let cats: Set<OracleTag> = [.cat, .lion]
    static let pets: Set<OracleTag> = [.cat, .lion, .dog]
    static let everything = Set(OracleTag.allCases)
}

/// The kind of render context a predicate reads, or one the test passes.
enum OracleContextKind: String, Hashable, Sendable {
    case kitchen = "OracleKitchen"
    case settings = "OracleSettings"
}

/// The kind of argument a predicate takes, and the values the generator writes.
enum OracleArgumentKind: Hashable, Sendable {
    case int(ClosedRange<Int>)
    case double([Double])
}

/// A named model: the tags it takes, and its registration.
struct OracleModel: Sendable {
    let name: String
    let takes: Set<OracleTag>
    let register: @Sendable (inout PluginCatalog) -> Void
}

/// A named view: the tags it takes, and its registration.
struct OracleView: Sendable {
    let name: String
    let takes: Set<OracleTag>
    let register: @Sendable (inout PluginCatalog) -> Void
}

/// A named predicate: the tags it is asked about (any other value makes
/// it false, as `register(predicate:for:…)` documents), its argument and
/// context, what it computes, and its registration.
struct OraclePredicate: Sendable {
    let name: String
    let takes: Set<OracleTag>
    let argument: OracleArgumentKind?
    let context: OracleContextKind?
    /// What the predicate answers for a value of a tag it takes, computed
    /// from the oracle's description of the value, the argument (as a
    /// `Double`), the context and the position.
    let compute: @Sendable (OracleSpecimen, Double, OracleContext?, ItemPosition) -> Bool
    let register: @Sendable (inout PluginCatalog) -> Void
}

/// The plugins of the oracle's world, as data and as registrations.
enum OracleWorld {
    static let models: [OracleModel] = [
        OracleModel(name: "Dish", takes: [.dish]) { $0.register(model: OracleDish.self, named: "Dish") },
        OracleModel(name: "Drink", takes: [.drink]) { $0.register(model: OracleDrink.self, named: "Drink") },
        OracleModel(name: "Snack", takes: [.snack]) { $0.register(model: OracleSnack.self, named: "Snack") },
        OracleModel(name: "Pastry", takes: [.pastry]) { $0.register(model: OraclePastry.self, named: "Pastry") },
        OracleModel(name: "Food", takes: OracleTag.foods) { $0.register(model: (any OracleFood).self, named: "Food") },
        OracleModel(name: "Animal", takes: OracleTag.animals) { $0.register(model: OracleAnimal.self, named: "Animal") },
        // An alias: one type under a second name.
        OracleModel(name: "Beast", takes: OracleTag.animals) { $0.register(model: OracleAnimal.self, named: "Beast") },
        OracleModel(name: "Cat", takes: OracleTag.cats) { $0.register(model: OracleCat.self, named: "Cat") },
        OracleModel(name: "Lion", takes: [.lion]) { $0.register(model: OracleLion.self, named: "Lion") },
        OracleModel(name: "Dog", takes: [.dog]) { $0.register(model: OracleDog.self, named: "Dog") },
        OracleModel(name: "Pet", takes: OracleTag.pets) { $0.register(model: (any OraclePet).self, named: "Pet") },
        OracleModel(name: "Text", takes: [.text]) { $0.register(model: String.self, named: "Text") },
        OracleModel(name: "Number", takes: [.number]) { $0.register(model: Int.self, named: "Number") },
        OracleModel(name: "Anything", takes: OracleTag.everything) { $0.register(model: Any.self, named: "Anything") },
    ]

    static let views: [OracleView] = [
        OracleView(name: "DishRow", takes: [.dish]) { $0.register(view: "DishRow", for: OracleDish.self) { dish, _ in "dish \(dish.number)" } },
        OracleView(name: "DrinkRow", takes: [.drink]) { $0.register(view: "DrinkRow", for: OracleDrink.self) { drink, _ in "drink \(drink.number)" } },
        OracleView(name: "SnackRow", takes: [.snack]) { $0.register(view: "SnackRow", for: OracleSnack.self) { snack, _ in "snack \(snack.number)" } },
        OracleView(name: "PastryRow", takes: [.pastry]) { $0.register(view: "PastryRow", for: OraclePastry.self) { pastry, _ in "pastry \(pastry.number)" } },
        OracleView(name: "FoodRow", takes: OracleTag.foods) { $0.register(view: "FoodRow", for: (any OracleFood).self) { food, _ in "food \(food.number)" } },
        OracleView(name: "FoodCard", takes: OracleTag.foods) { $0.register(view: "FoodCard", for: (any OracleFood).self) { food, _ in "card \(food.number)" } },
        OracleView(name: "FoodCell", takes: OracleTag.foods) { $0.register(view: OracleFoodCell.self, named: "FoodCell") },
        OracleView(name: "AnimalRow", takes: OracleTag.animals) { $0.register(view: "AnimalRow", for: OracleAnimal.self) { animal, _ in animal.name } },
        OracleView(name: "CatRow", takes: OracleTag.cats) { $0.register(view: "CatRow", for: OracleCat.self) { cat, _ in cat.name } },
        OracleView(name: "CatCell", takes: OracleTag.cats) { $0.register(view: OracleCatCell.self, named: "CatCell") },
        OracleView(name: "LionRow", takes: [.lion]) { $0.register(view: "LionRow", for: OracleLion.self) { lion, _ in lion.name } },
        OracleView(name: "DogRow", takes: [.dog]) { $0.register(view: "DogRow", for: OracleDog.self) { dog, _ in dog.name } },
        OracleView(name: "PetRow", takes: OracleTag.pets) { $0.register(view: "PetRow", for: (any OraclePet).self) { pet, _ in "pet \(pet.tame)" } },
        OracleView(name: "TextRow", takes: [.text]) { $0.register(view: "TextRow", for: String.self) { text, _ in text } },
        OracleView(name: "NumberRow", takes: [.number]) { $0.register(view: "NumberRow", for: Int.self) { number, _ in "\(number)" } },
        OracleView(name: "AnyRow", takes: OracleTag.everything) { $0.register(view: "AnyRow", for: Any.self) { _, _ in "any" } },
        OracleView(name: "AnyCard", takes: OracleTag.everything) { $0.register(view: "AnyCard", for: Any.self) { _, _ in "card" } },
    ]

    static let predicates: [OraclePredicate] = [
        OraclePredicate(name: "isVegan", takes: [.dish], argument: nil, context: nil) { specimen, _, _, _ in specimen.flag } register: {
            $0.register(predicate: "isVegan", for: OracleDish.self) { dish, _ in dish.vegan }
        },
        OraclePredicate(name: "isEven", takes: OracleTag.foods, argument: nil, context: nil) { specimen, _, _, _ in specimen.number % 2 == 0 } register: {
            $0.register(predicate: "isEven", for: (any OracleFood).self) { food, _ in food.number % 2 == 0 }
        },
        OraclePredicate(name: "atEvenItem", takes: OracleTag.everything, argument: nil, context: nil) { _, _, _, position in position.item % 2 == 0 } register: {
            $0.register(predicate: "atEvenItem", for: Any.self) { _, position in position.item % 2 == 0 }
        },
        OraclePredicate(name: "numberAbove", takes: OracleTag.foods, argument: .int(0...4), context: nil) { specimen, limit, _, _ in Double(specimen.number) > limit } register: {
            $0.register(predicate: "numberAbove", for: (any OracleFood).self, argument: Int.self) { food, limit, _ in food.number > limit }
        },
        OraclePredicate(name: "priceAbove", takes: [.dish], argument: .double([0.5, 1.5, 2, 3.5]), context: nil) { specimen, limit, _, _ in Double(specimen.number) > limit } register: {
            $0.register(predicate: "priceAbove", for: OracleDish.self, argument: Double.self) { dish, limit, _ in Double(dish.number) > limit }
        },
        OraclePredicate(name: "hasLongName", takes: OracleTag.animals, argument: nil, context: nil) { specimen, _, _, _ in specimen.name.count > 3 } register: {
            $0.register(predicate: "hasLongName", for: OracleAnimal.self) { animal, _ in animal.name.count > 3 }
        },
        OraclePredicate(name: "livesAtLeast", takes: OracleTag.cats, argument: .int(0...5), context: nil) { specimen, lives, _, _ in Double(specimen.number) >= lives } register: {
            $0.register(predicate: "livesAtLeast", for: OracleCat.self, argument: Int.self) { cat, lives, _ in cat.number >= lives }
        },
        OraclePredicate(name: "isTame", takes: OracleTag.pets, argument: nil, context: nil) { specimen, _, _, _ in specimen.flag } register: {
            $0.register(predicate: "isTame", for: (any OraclePet).self) { pet, _ in pet.tame }
        },
        OraclePredicate(name: "sectionAbove", takes: OracleTag.everything, argument: .int(0...3), context: nil) { _, limit, _, position in Double(position.section) > limit } register: {
            $0.register(predicate: "sectionAbove", for: Any.self, argument: Int.self) { _, limit, position in position.section > limit }
        },
        OraclePredicate(name: "isSoldOut", takes: [.dish], argument: nil, context: .kitchen) { specimen, _, context, _ in
            context?.kitchen?.soldOut.contains(specimen.number) == true
        } register: {
            $0.register(predicate: "isSoldOut", for: OracleDish.self, context: OracleKitchen.self) { dish, kitchen, _ in kitchen.soldOut.contains(dish.number) }
        },
        OraclePredicate(name: "fewerLeftThan", takes: OracleTag.foods, argument: .int(1...5), context: .kitchen) { specimen, limit, context, _ in
            guard let kitchen = context?.kitchen else { return false }
            return Double((kitchen.portions + specimen.number) % 5) < limit
        } register: {
            $0.register(predicate: "fewerLeftThan", for: (any OracleFood).self, argument: Int.self, context: OracleKitchen.self) { food, limit, kitchen, _ in
                (kitchen.portions + food.number) % 5 < limit
            }
        },
        OraclePredicate(name: "petsShown", takes: OracleTag.pets, argument: nil, context: .settings) { _, _, context, _ in
            context?.settings?.showPets == true
        } register: {
            $0.register(predicate: "petsShown", for: (any OraclePet).self, context: OracleSettings.self) { _, settings, _ in settings.showPets }
        },
        OraclePredicate(name: "isQuiet", takes: OracleTag.animals, argument: nil, context: .settings) { specimen, _, context, _ in
            context?.settings?.quiet == true && specimen.flag
        } register: {
            $0.register(predicate: "isQuiet", for: OracleAnimal.self, context: OracleSettings.self) { animal, settings, _ in settings.quiet && animal.tame }
        },
        OraclePredicate(name: "largeFrom", takes: OracleTag.everything, argument: .int(0...3), context: .settings) { _, first, context, position in
            context?.settings?.large == true && Double(position.item) >= first
        } register: {
            $0.register(predicate: "largeFrom", for: Any.self, argument: Int.self, context: OracleSettings.self) { _, first, settings, position in
                settings.large && position.item >= first
            }
        },
    ]

    static let modelsByName = Dictionary(uniqueKeysWithValues: models.map { ($0.name, $0) })
    static let viewsByName = Dictionary(uniqueKeysWithValues: views.map { ($0.name, $0) })
    static let predicatesByName = Dictionary(uniqueKeysWithValues: predicates.map { ($0.name, $0) })

    /// Every plugin of the world, registered.
    static let catalog: PluginCatalog = {
        var plugins = PluginCatalog()
        for model in models { model.register(&plugins) }
        for view in views { view.register(&plugins) }
        for predicate in predicates { predicate.register(&plugins) }
        return plugins
    }()
}
