/// One section that changed place during an update, with all its items and
/// supplementary models.
///
/// ``from`` is a section index before the update, ``to`` a section index
/// after it (see ``StorageUpdate`` for the full rules).
public struct SectionMove: Hashable, Sendable, CustomStringConvertible {
    /// The index of the section before the update.
    public var from: Int
    /// The index of the section after the update.
    public var to: Int

    /// Creates a section move.
    ///
    /// - Parameters:
    ///   - from: The index of the section before the update.
    ///   - to: The index of the section after the update.
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }

    /// A human-readable form, `section F -> section T`.
    public var description: String {
        "section \(from) -> section \(to)"
    }
}
