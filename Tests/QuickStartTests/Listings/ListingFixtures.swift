import MappingRegistry
import ModelStorage

// The models and views the documentation's listings name: small versions of
// the sample menu's, so that each listing compiles as an app's code would.
// Not listings themselves.

protocol Food {
    var name: String { get }
    var price: Double { get }
    var isVegan: Bool { get }
}

struct Dish: Food, Decodable {
    var name: String
    var price: Double
    var vegan = false
    var soldOut = false

    var isVegan: Bool { vegan }

    init(name: String, price: Double, vegan: Bool = false, soldOut: Bool = false) {
        self.name = name
        self.price = price
        self.vegan = vegan
        self.soldOut = soldOut
    }

    private enum CodingKeys: String, CodingKey {
        case name, price, vegan, soldOut
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        price = try container.decode(Double.self, forKey: .price)
        vegan = try container.decodeIfPresent(Bool.self, forKey: .vegan) ?? false
        soldOut = try container.decodeIfPresent(Bool.self, forKey: .soldOut) ?? false
    }
}

struct Drink: Food, Decodable {
    var name: String
    var price: Double
    var isVegan: Bool { true }
}

struct Promotion: Decodable {
    var title: String
}

/// A line of a menu: a name and its price.
func menuLine(_ name: String, _ price: Double) -> String {
    "\(name) \(price)"
}

/// Any food, by name and price.
final class PriceRow: TextView, ModelTransfer {
    private var line = ""
    init() {}
    func update(with model: any Food) { line = menuLine(model.name, model.price) }
    func render() -> String { line }
}

/// A dish.
final class DishRow: TextView, ModelTransfer {
    private var line = ""
    init() {}
    func update(with model: Dish) { line = menuLine(model.name, model.price) }
    func render() -> String { line }
}

/// A dish in the chef's specials.
final class ChefSpecialRow: TextView, ModelTransfer {
    private var line = ""
    init() {}
    func update(with model: Dish) { line = "* " + menuLine(model.name, model.price) }
    func render() -> String { line }
}

/// The plugins the listings' JSON names, as the sample registers them.
func menuPlugins() -> PluginCatalog {
    var plugins = PluginCatalog()
    plugins.register(model: (any Food).self, named: "Food")
    plugins.register(model: Dish.self, named: "Dish")
    plugins.register(model: Drink.self, named: "Drink")
    plugins.register(model: Promotion.self, named: "Promotion")
    plugins.register(model: String.self, named: "String")
    plugins.register(view: PriceRow.self, named: "PriceRow")
    plugins.register(view: DishRow.self, named: "DishRow")
    plugins.register(view: ChefSpecialRow.self, named: "ChefSpecialRow")
    plugins.register(view: "VeganDishRow", for: Dish.self) { dish, _ in menuLine(dish.name + " (v)", dish.price) }
    plugins.register(view: "SectionTitle", for: String.self) { title, _ in title.uppercased() }
    plugins.register(view: "PromotionBox", for: Promotion.self) { promotion, _ in "| \(promotion.title) |" }
    plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.isVegan }
    return plugins
}
