/// Keeps an observer of a storage subscribed for as long as it lives.
///
/// A storage returns a token from `observe(_:)`. The observer stays
/// subscribed until ``cancel()`` is called or the token is deinitialized,
/// so keep the token in a property for as long as you want updates.
///
/// ```swift
/// let token = storage.observe { update in render(update) }
/// // later
/// token.cancel()
/// ```
public final class ObservationToken {
    private var onCancel: (() -> Void)?

    /// Creates a token that runs `onCancel` once: on the first
    /// ``cancel()``, or when the token is deinitialized.
    ///
    /// Storages written outside this module (one that follows a database,
    /// say) use it to hand out the same kind of token as ``MemoryStorage``.
    ///
    /// - Parameter onCancel: Unsubscribes the observer.
    public init(onCancel: @escaping () -> Void) {
        self.onCancel = onCancel
    }

    /// Unsubscribes the observer. Calling it again does nothing.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        onCancel == nil
    }

    deinit {
        onCancel?()
    }
}
