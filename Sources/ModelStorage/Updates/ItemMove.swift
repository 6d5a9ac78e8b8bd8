/// One item that changed place during an update: where it was before the
/// update and where it is after it.
///
/// ``from`` is expressed in the storage as it was before the update, ``to``
/// in the storage as it is after it (see ``StorageUpdate`` for the full
/// rules).
public struct ItemMove: Hashable, Sendable, CustomStringConvertible {
    /// The position of the item before the update.
    public var from: ItemPosition
    /// The position of the item after the update.
    public var to: ItemPosition

    /// Creates a move.
    ///
    /// - Parameters:
    ///   - from: The position of the item before the update.
    ///   - to: The position of the item after the update.
    public init(from: ItemPosition, to: ItemPosition) {
        self.from = from
        self.to = to
    }

    /// A human-readable form, `section S, item I -> section S, item I`.
    public var description: String {
        "\(from) -> \(to)"
    }
}
