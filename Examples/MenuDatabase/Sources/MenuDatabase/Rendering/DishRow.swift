import MappingRegistry
import ModelStorage

/// One dish on one line: its name, `(v)` when vegan, dots, and the price.
///
/// A reusable `ModelTransfer` view: the renderer creates one and updates
/// it for every dish it shows.
final class DishRow: TextView, ModelTransfer {
    /// The width of a line, dots included.
    static let width = 40
    private var text = ""

    init() {}

    func update(with model: Dish) {
        let name = model.isVegan ? model.name + " (v)" : model.name
        let price = Self.price(model.priceCents)
        let dots = max(2, Self.width - name.count - price.count - 2)
        text = name + " " + String(repeating: ".", count: dots) + " " + price
    }

    func render() -> String {
        text
    }

    /// Cents as `12.50`, and `-0.40` below zero.
    static func price(_ cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
