import MappingRegistry
import ModelStorage

/// Any `Food` as one priced line, its detail after the name: drinks and
/// sides use it. A `ModelTransfer` view whose model is a protocol.
final class PriceRow: TextView, ModelTransfer {
    private var line = ""

    init() {}

    func update(with model: any Food) {
        let name = model.detail.map { "\(model.name), \($0)" } ?? model.name
        line = MenuText.line(name, price: model.price)
    }

    func render() -> String {
        line
    }
}
