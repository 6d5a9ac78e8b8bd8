import MappingRegistry
import ModelStorage

/// A promotion in a box. Two mappings show it, as a list item and as a
/// section's `banner`, under one reuse identifier, so one instance serves both.
final class PromotionBox: TextView, ModelTransfer {
    private var title = ""

    init() {}

    func update(with model: Promotion) {
        title = model.title
    }

    func render() -> String {
        let inner = max(title.count, MenuText.width - 4)
        let rule = "+" + String(repeating: "-", count: inner + 2) + "+"
        let padding = String(repeating: " ", count: inner - title.count)
        return "\(rule)\n| \(title)\(padding) |\n\(rule)"
    }
}
