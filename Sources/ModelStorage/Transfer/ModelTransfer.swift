/// A view that receives its model through one typed method.
///
/// Conforming views declare which model type they show; a mapping layer
/// uses ``ModelType`` to check at load time that a view can take the
/// model a configuration gives it.
///
/// ```swift
/// final class DishRow: ModelTransfer {
///     var text = ""
///     func update(with model: Dish) { text = model.name }
/// }
/// ```
public protocol ModelTransfer: AnyObject {
    /// The type of model this view shows. It may be a struct, an enum, a
    /// class (subclass instances match) or a protocol existential.
    associatedtype ModelType

    /// Updates the view to show a model.
    ///
    /// - Parameter model: The model to show.
    func update(with model: ModelType)
}
