/// The view a `(view, model, position)` handler takes: a mapping may list
/// the handler only when its view is that type or a subclass of it
/// (`incompatible-view` otherwise, at load).
struct ViewRequirement: Sendable {
    /// The view type's name, for messages: `DishRow`.
    let name: String
    /// The module-qualified name, for catalog files: `Menu.DishRow`.
    let typeID: String
    /// Whether a view plugin's views are of the type.
    let accepts: @Sendable (ViewPlugin) -> Bool
    /// Whether a view a host sent is of the type.
    let takes: @Sendable (AnyObject) -> Bool

    /// The requirement of a handler that takes a `V`: a view plugin of `V`
    /// or of a subclass. A handler view, which has no view object, is none.
    init<V: AnyObject>(_ view: V.Type) {
        name = String(describing: V.self)
        typeID = String(reflecting: V.self)
        accepts = { plugin in plugin.viewClass.map { $0 is V.Type } ?? false }
        takes = { $0 is V }
    }

    /// A requirement described by a catalog file: the view types, by
    /// module-qualified name, that the app found to be the type or a subclass.
    init(name: String, typeID: String, acceptedTypeIDs: Set<String>) {
        self.name = name
        self.typeID = typeID
        accepts = { plugin in plugin.viewTypeName.map(acceptedTypeIDs.contains) ?? false }
        // A catalog file's handlers never run: nothing is sent to them.
        takes = { _ in false }
    }
}
