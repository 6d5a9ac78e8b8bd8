import ModelStorage

/// A view registered under a name: how to make the ``ViewSlot`` that
/// renders its items in one reuse pool.
final class ViewPlugin: NamedPlugin {
    let name: String
    let model: ModelType
    /// Makes the slot a pool keeps for this view: a new view instance for a
    /// `TextView & ModelTransfer` view, the handler for a handler view.
    let makeSlot: @Sendable () -> any ViewSlot
    /// The view type, for a view class; `nil` for a handler.
    let viewType: ObjectIdentifier?
    /// The module-qualified name of the view type, for a catalog file.
    let viewTypeName: String?
    /// The view class, for a host that dequeues views by reuse identifier;
    /// `nil` for a handler (and for a view type only described by a catalog file).
    let viewClass: (any AnyObject.Type)?
    /// Updates a view of the class with a model: `false`, changing
    /// nothing, when either is of another type.
    let update: (@Sendable (AnyObject, Any) -> Bool)?
    /// Whether the view gives text (a `TextView`, or a handler).
    let rendersText: Bool

    init(
        name: String,
        model: ModelType,
        makeSlot: @escaping @Sendable () -> any ViewSlot,
        viewType: ObjectIdentifier?,
        viewTypeName: String? = nil,
        viewClass: (any AnyObject.Type)? = nil,
        update: (@Sendable (AnyObject, Any) -> Bool)? = nil,
        rendersText: Bool = true
    ) {
        self.name = name
        self.model = model
        self.makeSlot = makeSlot
        self.viewType = viewType
        self.viewTypeName = viewTypeName
        self.viewClass = viewClass
        self.update = update
        self.rendersText = rendersText
    }

    /// The view plugin for a view class: ``reusable(_:named:)`` when it is
    /// a `TextView`, else ``transfer(_:named:)``. Read from the type at run
    /// time (a cast of a metatype), so a caller generic over any
    /// `ModelTransfer` class gets what a caller naming the type gets.
    static func view<V: ModelTransfer & SendableMetatype>(_ view: V.Type, named name: String) -> ViewPlugin {
        if let textView = TextViewProbe<V>.self as? any ReusableViewPluginMaker.Type {
            return textView.plugin(named: name)
        }
        return transfer(V.self, named: name)
    }

    /// A reusable view plugin for a `TextView & ModelTransfer` type.
    fileprivate static func reusable<V: TextView & ModelTransfer & SendableMetatype>(_ view: V.Type, named name: String) -> ViewPlugin {
        ViewPlugin(
            name: name,
            model: ModelType(V.ModelType.self),
            makeSlot: { ReusableViewSlot<V>() },
            viewType: ObjectIdentifier(V.self),
            viewTypeName: String(reflecting: V.self),
            viewClass: V.self,
            update: updater(V.self)
        )
    }

    /// A view plugin for any `ModelTransfer` class: a host creates and
    /// dequeues its views; the library's renderers cannot make text of it.
    fileprivate static func transfer<V: ModelTransfer & SendableMetatype>(_ view: V.Type, named name: String) -> ViewPlugin {
        ViewPlugin(
            name: name,
            model: ModelType(V.ModelType.self),
            makeSlot: { UnrenderableViewSlot() },
            viewType: ObjectIdentifier(V.self),
            viewTypeName: String(reflecting: V.self),
            viewClass: V.self,
            update: updater(V.self),
            rendersText: false
        )
    }

    /// Updates a `V` with a `V.ModelType`, or says no.
    private static func updater<V: ModelTransfer & SendableMetatype>(_ view: V.Type) -> @Sendable (AnyObject, Any) -> Bool {
        { view, value in
            guard let view = view as? V else { return false }
            switch value {
            case let model as V.ModelType:
                view.update(with: model)
                return true
            default:
                return false
            }
        }
    }

    /// A handler view plugin.
    static func handler<M>(
        named name: String,
        for model: M.Type,
        render: @escaping @Sendable (M, ItemPosition) -> String
    ) -> ViewPlugin {
        ViewPlugin(name: name, model: ModelType(model), makeSlot: { HandlerViewSlot(render) }, viewType: nil)
    }

    /// Whether two plugins are the same view: one view type under two
    /// names (aliases), or one handler registration.
    func isSameView(as other: ViewPlugin) -> Bool {
        if let viewType { return viewType == other.viewType }
        return self === other
    }
}

/// A view class, conforming to ``ReusableViewPluginMaker`` exactly when the
/// class is a `TextView`: casting its metatype asks the runtime whether
/// the class conforms (its own conformance or a superclass's), through the
/// conditional conformance below.
private enum TextViewProbe<V: ModelTransfer & SendableMetatype> {}

/// Makes the reusable plugin of a view class known to be a `TextView`.
private protocol ReusableViewPluginMaker {
    static func plugin(named name: String) -> ViewPlugin
}

extension TextViewProbe: ReusableViewPluginMaker where V: TextView {
    static func plugin(named name: String) -> ViewPlugin {
        ViewPlugin.reusable(V.self, named: name)
    }
}

/// What one reuse pool keeps to render the items of one reuse identifier:
/// a view instance of its own, or a handler. Private to the pool, so
/// rendering touches no reference count another thread's pool touches.
protocol ViewSlot: AnyObject {
    /// Whether the slot holds a view instance (counted as created).
    var holdsView: Bool { get }

    /// The text for a value at a position, or `nil` when the value is not
    /// of the view's model type.
    func text(for value: Any, at position: ItemPosition) -> String?

    /// The slot's view, updated with a value: what a view-taking event
    /// handler gets; `nil` for a handler view or a value of another type.
    func view(updatedWith value: Any) -> AnyObject?
}

/// The slot of a view class that is not a `TextView`: it has no view of
/// its own (only a host can create one) and gives no text.
final class UnrenderableViewSlot: ViewSlot {
    var holdsView: Bool { false }
    func text(for value: Any, at position: ItemPosition) -> String? { nil }
    func view(updatedWith value: Any) -> AnyObject? { nil }
}

/// A `TextView & ModelTransfer` instance, updated and rendered item after item.
final class ReusableViewSlot<V: TextView & ModelTransfer>: ViewSlot {
    private let view = V()

    var holdsView: Bool { true }

    func text(for value: Any, at position: ItemPosition) -> String? {
        // `switch` casts straight into the model type; `as?` would build an
        // Optional of it (a metadata lookup) on every item.
        switch value {
        case let model as V.ModelType:
            view.update(with: model)
            return view.render()
        default:
            return nil
        }
    }

    func view(updatedWith value: Any) -> AnyObject? {
        switch value {
        case let model as V.ModelType:
            view.update(with: model)
            return view
        default:
            return nil
        }
    }
}

/// A handler view: a closure from model to text.
final class HandlerViewSlot<M>: ViewSlot {
    private let render: @Sendable (M, ItemPosition) -> String

    init(_ render: @escaping @Sendable (M, ItemPosition) -> String) {
        self.render = render
    }

    var holdsView: Bool { false }

    func text(for value: Any, at position: ItemPosition) -> String? {
        switch value {
        case let model as M: render(model, position)
        default: nil
        }
    }

    func view(updatedWith value: Any) -> AnyObject? { nil }
}
