/// What a user browsing the menu changed from the keyboard: the render
/// context `menu` gives the `isSoldOut` predicate. `render` and `validate`
/// give an empty one (nothing is marked), so their output is the menu's own.
struct MenuState: Sendable {
    /// The names of the dishes marked sold out with `s` in `menu browse`.
    var soldOut: Set<String> = []

    /// Marks a dish sold out, or back on the menu when it was marked.
    ///
    /// - Returns: What the status line says.
    mutating func toggleSoldOut(_ dish: Dish) -> String {
        if soldOut.remove(dish.name) != nil {
            return "\(dish.name) is back on the menu"
        }
        soldOut.insert(dish.name)
        return "\(dish.name) marked sold out"
    }
}
