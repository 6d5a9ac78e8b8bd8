/// The observer list and batch nesting shared by every storage.
///
/// A storage owns one notifier, registers observers through it and sends
/// each finished update through it. Observers are called synchronously, in
/// the order they subscribed, on the caller's isolation domain.
final class UpdateNotifier {
    private var observers: [(id: UInt64, handler: (StorageUpdate) -> Void)] = []
    private var nextObserverID: UInt64 = 0
    private var batchDepth = 0

    /// Whether a batch is open, in which case single mutations must not send.
    var isBatching: Bool { batchDepth > 0 }

    /// The number of subscribed observers.
    var observerCount: Int { observers.count }

    /// Subscribes a handler.
    ///
    /// - Parameter handler: The closure called with every update.
    /// - Returns: The token that keeps the subscription alive.
    func observe(_ handler: @escaping (StorageUpdate) -> Void) -> ObservationToken {
        let id = nextObserverID
        nextObserverID += 1
        observers.append((id: id, handler: handler))
        return ObservationToken { [weak self] in
            self?.observers.removeAll { $0.id == id }
        }
    }

    /// Delivers an update to every observer, unless a batch is open.
    ///
    /// - Parameter update: The update, computed only when it is delivered.
    func send(_ update: @autoclosure () -> StorageUpdate) {
        guard !isBatching, !observers.isEmpty else { return }
        let update = update()
        let current = observers
        for observer in current {
            observer.handler(update)
        }
    }

    /// Runs a batch; only the outermost batch calls `begin` and `end` and
    /// sends the update `end` returns, even when `body` throws.
    ///
    /// - Parameters:
    ///   - begin: Called before the outermost body, to record the old state.
    ///   - end: Called after the outermost body, to compute the net update.
    ///   - body: The mutations.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    func batch<Result>(
        begin: () -> Void,
        end: () -> StorageUpdate,
        body: () throws -> Result
    ) rethrows -> Result {
        if batchDepth == 0 { begin() }
        batchDepth += 1
        defer {
            batchDepth -= 1
            if batchDepth == 0 {
                send(end())
            }
        }
        return try body()
    }
}
