import MenuDatabase
import ModelStorage

/// Collects the updates a storage sends, from whichever thread sends them.
final class UpdateLog: Sendable {
    private let updates = Locked<[StorageUpdate]>([])

    /// A handler for `observe(_:)`.
    var handler: @Sendable (StorageUpdate) -> Void {
        { update in self.updates.withLock { $0.append(update) } }
    }

    /// The updates received since the last call, oldest first.
    func take() -> [StorageUpdate] {
        updates.withLock { received in
            defer { received = [] }
            return received
        }
    }
}
