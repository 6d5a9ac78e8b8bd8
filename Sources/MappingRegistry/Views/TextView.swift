/// A reusable plain-text view.
///
/// The renderer creates a view with `init()` only when its reuse pool for
/// the mapping's reuse identifier is empty, gives it a model with
/// `update(with:)` (from `ModelTransfer`), and reads `render()`. The same
/// instance then shows the next item with that reuse identifier, so a view
/// must derive its whole output from the last model it was given.
///
/// ```swift
/// final class DishRow: TextView, ModelTransfer {
///     private var line = ""
///     func update(with model: Dish) { line = "\(model.name) ... \(model.price)" }
///     func render() -> String { line }
/// }
/// ```
public protocol TextView: AnyObject {
    /// Creates an empty view. The renderer calls this once per reuse pool.
    init()

    /// The text for the model given last.
    ///
    /// - Returns: One or more lines, without a trailing line break.
    func render() -> String
}
