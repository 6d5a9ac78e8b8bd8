/// One checked mapping of a registry: which view shows which model, for
/// which kind, with which reuse identifier, under which condition and
/// priority, and where it was declared.
///
/// A mapping comes from a registry (``MappingRegistry/mappings``, or a
/// ``Resolution``); declare one with ``MappingDeclaration`` (`Map(…)`) in
/// Swift or as an object in `mappings.json`:
///
/// ```json
/// { "view": "SpecialRow", "model": "Dish", "condition": { "section": 0 },
///   "reuseIdentifier": "special", "priority": 2 }
/// ```
///
/// Its properties are read-only. A mapping is one reference, so returning
/// or copying one costs a reference count, not a copy of its strings; and
/// each thread that resolves is handed its own copy of the reference's
/// object (equal by `==`), so threads resolving through one registry at
/// once do not write to the same reference count.
public struct Mapping: Hashable, Sendable, CustomStringConvertible {
    /// The mapping itself, as loaded.
    let compiled: CompiledMapping

    init(_ compiled: CompiledMapping) {
        self.compiled = compiled
    }

    /// The registered name of the view.
    public var view: String { compiled.view.name }
    /// The registered name of the model type (for a Swift declaration by
    /// type: the name it is registered under, else the type's name).
    public var model: String { compiled.model.name }
    /// The kind of view: cell, header, footer or a custom kind. Default `cell`.
    public var kind: ViewKind { compiled.kind }
    /// The reuse pool the view comes from. Default: the view's name.
    public var reuseIdentifier: String { compiled.reuseIdentifier }
    /// When the mapping applies. Default ``MappingCondition/none``.
    public var condition: MappingCondition { compiled.condition.written }
    /// Among mappings that apply, only those with the highest priority
    /// remain. Default `0`.
    public var priority: Int { compiled.priority }
    /// The names of the decorators applied, in order, to the view's text.
    public var decorators: [String] { compiled.decorators.map(\.name) }
    /// The mapping's zero-based position in ``MappingRegistry/mappings``.
    public var index: Int { compiled.index }
    /// Where the mapping was declared: its object in a JSON file, or the
    /// Swift call site of its ``MappingDeclaration``.
    public var location: SourceLocation { compiled.location }

    /// The view class, for a host that creates and dequeues views itself
    /// (register one per ``reuseIdentifier``); `nil` for a view registered
    /// as a handler.
    public var viewType: (any AnyObject.Type)? { compiled.view.viewClass }

    /// Configures a view dequeued for this mapping with a model, as a host's
    /// `cellForRowAt` does after resolving the item.
    ///
    /// ```swift
    /// let mapping = try #require(registry.resolve(post, at: position).mapping)
    /// let cell = tableView.dequeueReusableCell(withIdentifier: mapping.reuseIdentifier, for: indexPath)
    /// _ = mapping.update(cell, with: post)
    /// ```
    ///
    /// - Parameters:
    ///   - view: A view, normally dequeued by ``reuseIdentifier``.
    ///   - model: The item (Optionals are unwrapped).
    /// - Returns: `true` when the view is of the mapping's view type, the
    ///   model one it takes, and the view was updated; `false`, changing
    ///   nothing, otherwise.
    public func update(_ view: AnyObject, with model: Any) -> Bool {
        guard let update = compiled.view.update, let value = unwrapOptionals(model) else { return false }
        return update(view, value)
    }

    /// Whether two mappings say the same thing, declared at the same place.
    ///
    /// - Parameters:
    ///   - lhs: A mapping.
    ///   - rhs: Another mapping.
    /// - Returns: Whether every property is equal.
    public static func == (lhs: Mapping, rhs: Mapping) -> Bool {
        if lhs.compiled === rhs.compiled { return true }
        return lhs.index == rhs.index && lhs.view == rhs.view && lhs.model == rhs.model && lhs.kind == rhs.kind
            && lhs.reuseIdentifier == rhs.reuseIdentifier && lhs.priority == rhs.priority
            && lhs.condition == rhs.condition && lhs.decorators == rhs.decorators && lhs.location == rhs.location
    }

    /// Hashes every property.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(index)
        hasher.combine(view)
        hasher.combine(model)
        hasher.combine(kind)
        hasher.combine(reuseIdentifier)
        hasher.combine(priority)
        hasher.combine(condition)
        hasher.combine(decorators)
        hasher.combine(location)
    }

    /// A short form for messages: `'VeganDishRow' for 'Dish' (cell, predicate 'isVegan', priority 1)`.
    public var description: String {
        var details = [kind.rawValue]
        if condition != .none { details.append(condition.description) }
        if priority != 0 { details.append("priority \(priority)") }
        return "'\(view)' for '\(model)' (\(details.joined(separator: ", ")))"
    }
}
