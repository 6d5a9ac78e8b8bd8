import ModelStorage

/// Records every update a storage sends, for as long as it lives.
final class UpdateRecorder {
    private(set) var updates: [StorageUpdate] = []
    private var token: ObservationToken?

    init(_ storage: MemoryStorage) {
        token = storage.observe { [weak self] update in self?.updates.append(update) }
    }

    init<Item>(_ storage: SingleSectionStorage<Item>) {
        token = storage.observe { [weak self] update in self?.updates.append(update) }
    }

    /// Returns the updates recorded so far and forgets them.
    func take() -> [StorageUpdate] {
        defer { updates = [] }
        return updates
    }
}
