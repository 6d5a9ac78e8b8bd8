import ModelStorage

/// A view registered under a name. A class, so the renderer's per-item
/// access copies one reference instead of a struct of closures.
final class ViewPlugin: NamedPlugin {
    /// How a view turns a model into text.
    enum Body: Sendable {
        /// A `TextView & ModelTransfer` type: made once per reuse pool, updated per item.
        case reusable(make: @Sendable () -> any TextView, update: @Sendable (any TextView, Any) -> Bool)
        /// A handler: returns the text, or `nil` when the value is not of its model type.
        case handler(@Sendable (Any, ItemPosition) -> String?)
    }

    let name: String
    let model: ModelType
    let body: Body
    /// The view type, for a `TextView & ModelTransfer` view; `nil` for a handler.
    let viewType: ObjectIdentifier?
    /// The module-qualified name of the view type, for a catalog file.
    let viewTypeName: String?

    init(name: String, model: ModelType, body: Body, viewType: ObjectIdentifier?, viewTypeName: String? = nil) {
        self.name = name
        self.model = model
        self.body = body
        self.viewType = viewType
        self.viewTypeName = viewTypeName
    }

    /// A reusable view plugin for a `TextView & ModelTransfer` type.
    static func reusable<V: TextView & ModelTransfer & SendableMetatype>(_ view: V.Type, named name: String) -> ViewPlugin {
        let update: @Sendable (any TextView, Any) -> Bool = { view, value in
            // `switch` casts straight into the type; `as?` would build an
            // Optional of it (a metadata lookup) on every item.
            guard let view = view as? V else { return false }
            switch value {
            case let model as V.ModelType:
                view.update(with: model)
                return true
            default:
                return false
            }
        }
        return ViewPlugin(
            name: name,
            model: ModelType(V.ModelType.self),
            body: .reusable(make: { V() }, update: update),
            viewType: ObjectIdentifier(V.self),
            viewTypeName: String(reflecting: V.self)
        )
    }

    /// Whether two plugins are the same view: one view type under two
    /// names (aliases), or one handler registration.
    func isSameView(as other: ViewPlugin) -> Bool {
        if let viewType { return viewType == other.viewType }
        return self === other
    }
}
