/// Anything on the menu with a name and a price; the mappings' `Food`
/// model, matched by every conforming type.
protocol Food {
    var name: String { get }
    var price: Double { get }
    /// A short extra, such as a drink's size.
    var detail: String? { get }
}
