/// Decides whether a dynamic type alone settles every cast of its values,
/// so a plan built from one value holds for all values of the type.
enum TypeMatching {
    /// `true` for classes and for structs and enums other than the standard
    /// library's collections and `AnyHashable`, whose casts look at the
    /// elements or the wrapped value (`[Any]` holding only `Int`s is `[Int]`).
    static func isDecidedByType(_ type: any Any.Type) -> Bool {
        switch TypeShape(type) {
        case .reference:
            return true
        case .anything, .existential, .undecidable:
            return false
        case .value:
            let name = String(reflecting: type)
            return !valueDependentPrefixes.contains { name.hasPrefix($0) }
        }
    }

    private static let valueDependentPrefixes = [
        "Swift.Array<", "Swift.ContiguousArray<", "Swift.ArraySlice<",
        "Swift.Dictionary<", "Swift.Set<",
    ]
}
