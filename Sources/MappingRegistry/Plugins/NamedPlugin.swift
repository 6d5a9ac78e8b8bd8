/// A plugin that a configuration refers to by name.
protocol NamedPlugin: Sendable {
    var name: String { get }
}
