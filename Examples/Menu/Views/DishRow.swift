import MappingRegistry
import ModelStorage

/// A dish with its price and, on a second line, its description. A
/// reusable `ModelTransfer` view: the renderer makes one and updates it.
final class DishRow: TextView, ModelTransfer {
    private var lines: [String] = []

    init() {}

    func update(with model: Dish) {
        lines = [MenuText.line(model.name, price: model.price)]
        if let detail = model.detail { lines.append(MenuText.detail(detail)) }
    }

    func render() -> String {
        lines.joined(separator: "\n")
    }
}
