import ModelStorage

/// Renders one item at a time, the way a host list asks for one visible
/// row: resolves the item, takes the view for the mapping's reuse
/// identifier (creating it the first time), updates it, renders it, and
/// applies the mapping's decorators.
///
/// ```swift
/// let pool = ReusePool(registry: registry)
/// switch pool.render(dish, at: ItemPosition(item: 3, section: 1)) {
/// case .success(let text): print(text)
/// case .failure(let diagnostic): print(diagnostic)   // missing-mapping, ambiguous-mapping, nil-model
/// }
/// ```
///
/// One view instance serves every item with its reuse identifier, so
/// 10 000 items shown through three reuse identifiers create three views.
/// ``TextRenderer`` renders whole storages through the same mechanism.
///
/// A pool holds views, which are not thread-safe: use one pool from one
/// thread (or actor) at a time. The registry it reads may be shared freely.
public final class ReusePool {
    /// The registry that decides which view shows each model.
    public let registry: MappingRegistry
    /// The registry's resolver, held by the pool itself: called through the
    /// registry's property, it was retained and released on every item.
    private let resolver: IndexedResolver
    /// How many views the pool has created: at most one per reuse identifier.
    public private(set) var viewsCreated = 0
    /// One slot per reuse identifier (by the registry's pool index): the
    /// pool's own view instance or handler, made the first time it is needed.
    private var slots: [(any ViewSlot)?]

    /// Creates an empty pool.
    ///
    /// - Parameter registry: The mappings to resolve items with.
    public init(registry: MappingRegistry) {
        self.registry = registry
        resolver = registry.resolver
        slots = Array(repeating: nil, count: registry.poolCount)
    }

    /// Resolves a model and renders it with its mapping's view: what a host
    /// list asks for one visible row.
    ///
    /// - Parameters:
    ///   - model: The stored model, possibly wrapped in optionals.
    ///   - position: Where it is stored; supplementary models use `ItemPosition(item: 0, section: s)`.
    ///   - kind: The kind of view wanted. Default ``ViewKind/cell``.
    ///   - context: The app's state that context-reading predicates are given. Default: none.
    /// - Returns: The text, or the diagnostic that says why there is none
    ///   (`missing-mapping`, `ambiguous-mapping`, `nil-model`, `missing-context`, `unrenderable-view`).
    @inlinable
    public func render(_ model: Any, at position: ItemPosition, kind: ViewKind = .cell, context: (any Sendable)? = nil) -> Result<String, Diagnostic> {
        // Inlined into the caller, for the reason `MappingRegistry.resolve` gives.
        if context == nil { return render(model, at: position, kind: kind) }
        return render(model, at: position, kind: kind, given: context)
    }

    /// ``render(_:at:kind:context:)`` without a context: what a call that
    /// passes none runs, once that function is inlined into it.
    @usableFromInline
    func render(_ model: Any, at position: ItemPosition, kind: ViewKind) -> Result<String, Diagnostic> {
        render(model, at: position, kind: kind, NoContext())
    }

    /// ``render(_:at:kind:context:)`` with a context.
    @usableFromInline
    func render(_ model: Any, at position: ItemPosition, kind: ViewKind, given context: (any Sendable)?) -> Result<String, Diagnostic> {
        render(model, at: position, kind: kind, context)
    }

    private func render<Source: ContextSource>(_ model: Any, at position: ItemPosition, kind: ViewKind, _ source: Source) -> Result<String, Diagnostic> {
        if let text = text(for: model, at: position, kind: kind, source) { return .success(text) }
        return .failure(diagnostic(for: model, at: position, kind: kind, source))
    }

    /// The text of a model, or `nil` when it has none: the renderers' hot
    /// path, which moves no diagnostic around when the item renders.
    @inline(__always)
    func text<Source: ContextSource>(for model: Any, at position: ItemPosition, kind: ViewKind, _ source: Source) -> String? {
        switch resolver.outcome(model, at: position, kind: kind, keepsValue: true, source) {
        case .resolved(let index): text(for: model, mapping: index, at: position)
        case .resolvedUnwrapped(let index, let unwrapped): text(for: unwrapped, mapping: index, at: position)
        default: nil
        }
    }

    /// Why a model has no text: resolves it again, on the rare failing path only.
    func diagnostic<Source: ContextSource>(for model: Any, at position: ItemPosition, kind: ViewKind, _ source: Source) -> Diagnostic {
        let index: Int
        let value: Any
        switch registry.outcome(model, at: position, kind: kind, source) {
        case .resolved(let resolved):
            (index, value) = (resolved, model)
        case .resolvedUnwrapped(let resolved, let unwrapped):
            (index, value) = (resolved, unwrapped)
        case let failure:
            return registry.diagnostic(for: failure, at: position, kind: kind, source)
        }
        let mapping = registry.mappings[index]
        if !mapping.compiled.view.rendersText {
            return .unrenderableView(mapping, at: position, kind: kind)
        }
        // Resolution only picks views that take the value, so this means a
        // view plugin broke that promise: report, never trap.
        return Diagnostic(
            severity: .error,
            code: .missingMapping,
            message: "view '\(registry.mappings[index].view)' refused '\(String(describing: type(of: value)))' \(MappingRegistry.describe(position, kind: kind))",
            position: position
        )
    }

    /// The pool's slot for mapping `index`: its reuse identifier's view
    /// (or handler), created the first time.
    @inline(__always)
    func slot(for index: Int) -> any ViewSlot {
        let poolIndex = registry.mappings[index].compiled.poolIndex
        if let existing = slots[poolIndex] { return existing }
        let slot = registry.mappings[index].compiled.view.makeSlot()
        slots[poolIndex] = slot
        if slot.holdsView { viewsCreated += 1 }
        return slot
    }

    /// The text of a value through mapping `index`: the view's output, then
    /// each decorator in order; `nil` when the view refuses the value.
    ///
    /// Reads the mapping's fields in place, through the registry's array,
    /// rather than holding the mapping: no reference count per item.
    private func text(for value: Any, mapping index: Int, at position: ItemPosition) -> String? {
        guard var text = slot(for: index).text(for: value, at: position) else { return nil }
        if !registry.mappings[index].compiled.decorators.isEmpty {
            for decorator in registry.mappings[index].compiled.decorators {
                text = decorator.apply(text, value, position)
            }
        }
        return text
    }
}

extension Diagnostic {
    /// `unrenderable-view`: text asked of an item whose mapping's view is not a `TextView`.
    static func unrenderableView(_ mapping: Mapping, at position: ItemPosition, kind: ViewKind) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .unrenderableView,
            message: "view '\(mapping.view)' of the \(kind) \(MappingRegistry.describe(position, kind: kind)) is not a TextView, so it gives no text; "
                + "a host creates and configures it (Mapping.update(_:with:)), or map the item to a TextView",
            location: mapping.location,
            position: position
        )
    }
}
