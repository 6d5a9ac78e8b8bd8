import Foundation
import MappingRegistry
import ModelStorage

// Models of every shape the registry must match: a struct, a protocol with
// conforming struct and class, and a class hierarchy.

public protocol Food: Sendable { var name: String { get } }

public struct Dish: Food, Equatable, Decodable {
    public var name: String
    public var price: Double
    public var vegan: Bool = false

    public init(name: String, price: Double, vegan: Bool = false) {
        self.name = name
        self.price = price
        self.vegan = vegan
    }
}

public struct Drink: Food {
    public var name: String
    public init(name: String) { self.name = name }
}

open class Animal: @unchecked Sendable {
    public let name: String
    public init(name: String) { self.name = name }
}

public final class Cat: Animal, @unchecked Sendable {}

// Views: ModelTransfer views (reused from a pool) and handler views.

public final class DishRow: TextView, ModelTransfer {
    private var text = ""
    public init() {}
    public func update(with model: Dish) { text = "dish \(model.name)" }
    public func render() -> String { text }
}

public final class FoodRow: TextView, ModelTransfer {
    private var text = ""
    public init() {}
    public func update(with model: any Food) { text = "food \(model.name)" }
    public func render() -> String { text }
}

public final class AnimalRow: TextView, ModelTransfer {
    private var text = ""
    public init() {}
    public func update(with model: Animal) { text = "animal \(model.name)" }
    public func render() -> String { text }
}

public final class TitleView: TextView, ModelTransfer {
    private var text = ""
    public init() {}
    public func update(with model: String) { text = "== \(model) ==" }
    public func render() -> String { text }
}

public final class NumberRow: TextView, ModelTransfer {
    private var text = ""
    public init() {}
    public func update(with model: Int) { text = "number \(model)" }
    public func render() -> String { text }
}

/// A catalog with every fixture registered; tests register more when they need it.
public func fixtureCatalog() -> PluginCatalog {
    var plugins = PluginCatalog()
    plugins.register(model: Dish.self, named: "Dish")
    plugins.register(model: Drink.self, named: "Drink")
    plugins.register(model: (any Food).self, named: "Food")
    plugins.register(model: Animal.self, named: "Animal")
    plugins.register(model: Cat.self, named: "Cat")
    plugins.register(model: String.self, named: "String")
    plugins.register(model: Int.self, named: "Int")
    plugins.register(view: DishRow.self, named: "DishRow")
    plugins.register(view: FoodRow.self, named: "FoodRow")
    plugins.register(view: AnimalRow.self, named: "AnimalRow")
    plugins.register(view: TitleView.self, named: "TitleView")
    plugins.register(view: NumberRow.self, named: "NumberRow")
    plugins.register(view: "Plain", for: Any.self) { value, _ in "plain \(value)" }
    plugins.register(view: "Footnote", for: String.self) { text, position in "-- \(text) (section \(position.section))" }
    plugins.register(view: "BigNumber", for: Int.self) { number, _ in "big \(number)" }
    plugins.register(view: "SmallNumber", for: Int.self) { number, _ in "small \(number)" }
    plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.vegan }
    plugins.register(predicate: "isBig", for: Int.self) { number, _ in number > 5 }
    plugins.register(predicate: "isSmall", for: Int.self) { number, _ in number <= 5 }
    plugins.register(predicate: "isShort", for: String.self) { text, _ in text.count < 5 }
    return plugins
}

/// Wraps mapping objects in a version-1 document.
public func configuration(_ mappings: String...) -> String {
    """
    {
      "version": 1,
      "mappings": [
        \(mappings.joined(separator: ",\n    "))
      ]
    }
    """
}

/// Loads a registry from JSON text, or records an issue and returns nil.
public func loadRegistry(_ json: String, plugins: PluginCatalog = fixtureCatalog()) throws -> MappingRegistry {
    try MappingRegistry(configuration: Data(json.utf8), plugins: plugins)
}

/// The diagnostics a configuration produces, or an empty list when it loads.
public func loadDiagnostics(_ json: String, plugins: PluginCatalog = fixtureCatalog()) -> [Diagnostic] {
    do {
        _ = try MappingRegistry(configuration: Data(json.utf8), plugins: plugins)
        return []
    } catch {
        return error.diagnostics
    }
}

public func at(_ item: Int, _ section: Int) -> ItemPosition {
    ItemPosition(item: item, section: section)
}

/// A comparable summary of a resolution: the mapping's index, or the
/// diagnostic's text, so a cached and an uncached answer can be compared.
public func resolutionSummary(_ resolution: Resolution) -> String {
    switch resolution {
    case .resolved(let mapping): "resolved \(mapping.index)"
    case .missing(let diagnostic): "missing \(diagnostic.description)"
    case .ambiguous(let mappings, let diagnostic): "ambiguous \(mappings.map(\.index)) \(diagnostic.description)"
    }
}
