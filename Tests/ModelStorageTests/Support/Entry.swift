/// A small identifiable item for SingleSectionStorage tests: `id` is the
/// identity, `value` the content that may change.
struct Entry: Identifiable, Equatable, CustomStringConvertible {
    let id: Int
    var value: String

    init(_ id: Int, _ value: String) {
        self.id = id
        self.value = value
    }

    var description: String { "\(id):\(value)" }
}
