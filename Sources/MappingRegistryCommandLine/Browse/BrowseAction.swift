import MappingRegistry
import ModelStorage

/// A key of `browse` that an app gives a meaning: it changes the render
/// context, and the list is drawn again with it, so a predicate that reads
/// the context can switch the rows it decides to other views.
///
/// ```swift
/// struct MenuState: Sendable { var soldOut: Set<String> = [] }
///
/// plugins.register(predicate: "isSoldOut", for: Dish.self, context: MenuState.self) { dish, state, _ in
///     state.soldOut.contains(dish.name)
/// }
/// var tool = CommandLineTool(name: "menu", plugins: plugins)
/// tool.context = MenuState()
/// tool.browseActions = [
///     BrowseAction(key: "s", summary: "sold out", context: MenuState.self) { state, model, _ in
///         guard let dish = model as? Dish else { return "only a dish can be sold out" }
///         state.soldOut.formSymmetricDifference([dish.name])
///         return state.soldOut.contains(dish.name) ? "\(dish.name) marked sold out" : "\(dish.name) back on the menu"
///     },
/// ]
/// ```
///
/// The keys of `browse`'s own (`j`, `k`, `/`, `n`, `N`, `?`, `q`) keep
/// their meaning: an action on one of them is never run. `?` lists the
/// actions with those keys, by their ``summary``.
public struct BrowseAction: Sendable {
    /// The key that runs the action.
    public let key: Character
    /// A word or two for the list's key hints, such as `sold out`.
    public let summary: String
    let perform: @Sendable (_ context: (any Sendable)?, _ model: Any, _ position: ItemPosition) -> (context: (any Sendable)?, message: String)

    /// Creates an action on the render context.
    ///
    /// - Parameters:
    ///   - key: The key that runs it.
    ///   - summary: A word or two for the key hints.
    ///   - context: The type of render context it changes: the tool's
    ///     ``CommandLineTool/context`` must be one (else the action only
    ///     says so on the status line).
    ///   - body: Changes the context for the selected row's model (possibly
    ///     wrapped in optionals) at its position; returns the message for the
    ///     status line.
    public init<Context: Sendable>(
        key: Character,
        summary: String,
        context: Context.Type,
        _ body: @escaping @Sendable (_ context: inout Context, _ model: Any, _ position: ItemPosition) -> String
    ) {
        self.key = key
        self.summary = summary
        perform = { current, model, position in
            guard var typed = current as? Context else {
                return (current, "'\(key)' needs a render context of type '\(Context.self)', and the tool has \(current.map { "a '\(type(of: $0))'" } ?? "none")")
            }
            let message = body(&typed, model, position)
            return (typed, message)
        }
    }
}
