/// One section of a ``DatabaseStorage``: the row that heads it and the rows
/// listed under it, as a query returned them.
///
/// The header is both the section's identity (sections are matched by
/// `header.id` from one query result to the next) and its header model:
/// the storage hands it out as the supplementary model of kind
/// `SupplementaryKind.header`. Items are matched by their own `id`.
public struct QuerySection<Header, Item>: Sendable, Equatable
where Header: Identifiable & Equatable & Sendable, Item: Identifiable & Equatable & Sendable {
    /// The section's identity and header model.
    public var header: Header
    /// The rows of the section, in display order.
    public var items: [Item]

    /// Creates a section.
    ///
    /// - Parameters:
    ///   - header: The section's identity and header model.
    ///   - items: The rows of the section, in display order.
    public init(header: Header, items: [Item]) {
        self.header = header
        self.items = items
    }
}
