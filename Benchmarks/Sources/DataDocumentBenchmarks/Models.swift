import Foundation
import MappingRegistry

// The models a menu app would register, and the plain structs an app would
// write to decode the same document with `JSONDecoder` instead.

/// A dish: the bulk of every section.
struct Dish: Decodable, Sendable {
    var name: String
    var price: Double
    var detail: String?
    var vegan: Bool?
    var spicy: Bool?
    var allergens: [String]?
    var calories: Int?
}

/// A drink: one item in ten.
struct Drink: Decodable, Sendable {
    var name: String
    var price: Double
    var size: String
}

/// A section banner, the custom supplementary kind `banner`.
struct Promotion: Decodable, Sendable {
    var title: String
}

/// The catalog `DataDocument` loads with: the three models and `String`
/// for headers and footers, each with a handler view.
func makeCatalog() -> PluginCatalog {
    var plugins = PluginCatalog()
    plugins.register(model: Dish.self)
    plugins.register(model: Drink.self)
    plugins.register(model: Promotion.self)
    plugins.register(model: String.self)
    plugins.register(view: "DishRow", for: Dish.self) { dish, _ in dish.name }
    plugins.register(view: "DrinkRow", for: Drink.self) { drink, _ in drink.name }
    plugins.register(view: "Title", for: String.self) { title, _ in title }
    plugins.register(view: "Banner", for: Promotion.self) { promotion, _ in promotion.title }
    return plugins
}

/// One mapping per model and kind: the small registry every entry resolves against.
let mappings = Data("""
    {"version": 1, "mappings": [
      {"view": "DishRow", "model": "Dish"},
      {"view": "DrinkRow", "model": "Drink"},
      {"view": "Title", "model": "String", "kind": "header"},
      {"view": "Title", "model": "String", "kind": "footer", "reuseIdentifier": "footer"},
      {"view": "Banner", "model": "Promotion", "kind": "banner"}
    ]}
    """.utf8)

// MARK: - The same document as plain structs

/// The whole document, as an app would mirror it for `JSONDecoder`.
struct MirrorDocument: Decodable {
    var sections: [MirrorSection]
}

struct MirrorSection: Decodable {
    var header: MirrorEntry<String>?
    var items: [MirrorItem?]
    var footer: MirrorEntry<String>?
    var supplementary: [String: MirrorEntry<Promotion>]?
}

struct MirrorEntry<Value: Decodable>: Decodable {
    var model: String
    var value: Value
}

/// An item whose `model` says how to decode its `value`.
enum MirrorItem: Decodable {
    case dish(Dish)
    case drink(Drink)

    private enum CodingKeys: String, CodingKey {
        case model, value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .model) {
        case "Dish": self = .dish(try container.decode(Dish.self, forKey: .value))
        case "Drink": self = .drink(try container.decode(Drink.self, forKey: .value))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .model, in: container, debugDescription: "unknown model \(other)")
        }
    }
}
