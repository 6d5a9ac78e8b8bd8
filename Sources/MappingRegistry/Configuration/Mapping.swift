/// One entry of `mappings.json`: which view shows which model, for which
/// kind, with which reuse identifier, under which condition and priority.
///
/// ```json
/// { "view": "SpecialRow", "model": "Dish", "condition": { "section": 0 },
///   "reuseIdentifier": "special", "priority": 2 }
/// ```
public struct Mapping: Hashable, Sendable, CustomStringConvertible {
    /// The registered name of the view.
    public var view: String
    /// The registered name of the model type.
    public var model: String
    /// The kind of view: cell, header, footer or a custom kind. Default `cell`.
    public var kind: ViewKind
    /// The reuse pool the view comes from. Default: the view's name.
    public var reuseIdentifier: String
    /// When the mapping applies. Default ``MappingCondition/none``.
    public var condition: MappingCondition
    /// Among mappings that apply, only those with the highest priority
    /// remain. Default `0`.
    public var priority: Int
    /// The mapping's zero-based position in the `mappings` array of its file.
    public var index: Int

    /// Creates a mapping.
    ///
    /// - Parameters:
    ///   - view: The registered view name.
    ///   - model: The registered model name.
    ///   - kind: The view kind.
    ///   - reuseIdentifier: The reuse identifier; `nil` means the view's name.
    ///   - condition: When it applies.
    ///   - priority: Its priority.
    ///   - index: Its position in the file.
    public init(
        view: String,
        model: String,
        kind: ViewKind = .cell,
        reuseIdentifier: String? = nil,
        condition: MappingCondition = .none,
        priority: Int = 0,
        index: Int = 0
    ) {
        self.view = view
        self.model = model
        self.kind = kind
        self.reuseIdentifier = reuseIdentifier ?? view
        self.condition = condition
        self.priority = priority
        self.index = index
    }

    /// A short form for messages: `'VeganDishRow' for 'Dish' (cell, predicate 'isVegan', priority 1)`.
    public var description: String {
        var details = [kind.rawValue]
        if condition != .none { details.append(condition.description) }
        if priority != 0 { details.append("priority \(priority)") }
        return "'\(view)' for '\(model)' (\(details.joined(separator: ", ")))"
    }
}
