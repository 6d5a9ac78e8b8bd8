/// The read side of a sectioned storage of models: what a renderer needs to
/// walk sections, items and supplementary models (headers, footers, custom
/// kinds).
///
/// Items are stored as `Any`: a storage may hold values of many model types
/// at once, and deciding which view shows which item is the job of a
/// mapping layer, not of the storage.
public protocol Storage {
    /// The number of sections.
    var numberOfSections: Int { get }

    /// The number of items in a section, or `0` when the section does not exist.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The item count of that section.
    func numberOfItems(inSection section: Int) -> Int

    /// The item at a position, or `nil` when the position is out of range.
    ///
    /// - Parameter position: The position to read.
    /// - Returns: The stored item. A stored `Optional` is returned as stored.
    func item(at position: ItemPosition) -> Any?

    /// The supplementary model of a kind for a section, or `nil` when there is none.
    ///
    /// - Parameters:
    ///   - kind: The kind, such as ``SupplementaryKind/header``, ``SupplementaryKind/footer`` or any custom string.
    ///   - section: A zero-based section index.
    /// - Returns: The model, or `nil`.
    func supplementaryModel(ofKind kind: String, inSection section: Int) -> Any?

    /// The supplementary kinds that hold a model in a section, in the order
    /// they were first set.
    ///
    /// A renderer uses this to find custom kinds that no mapping mentions.
    /// The default implementation returns an empty list.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The kinds with a model in that section.
    func supplementaryKinds(inSection section: Int) -> [String]
}

extension Storage {
    /// Returns an empty list: the storage does not enumerate its kinds.
    public func supplementaryKinds(inSection section: Int) -> [String] { [] }
}
