/// One step of a path into a JSON document: an object key or an array index.
enum JSONPathComponent: Hashable, Sendable {
    /// Selects the member with this key in an object.
    case key(String)
    /// Selects the element at this 0-based index in an array.
    case index(Int)
}
