import Foundation

/// A running watch of a file, returned by
/// ``ReloadingRegistry/watch(interval:debounce:_:)``.
///
/// The watch runs until ``cancel()`` is called or the value is
/// deinitialized, so keep it in a property for as long as you want
/// reloads.
///
/// ```swift
/// let watch = mappings.watch { outcome in … }
/// // later
/// watch.cancel()
/// ```
public final class FileWatch: Sendable {
    private let watcher: FileWatcher

    init(_ watcher: FileWatcher) {
        self.watcher = watcher
    }

    deinit {
        watcher.cancel()
    }

    /// The watched path.
    public var path: String {
        watcher.path
    }

    /// Stops the watch.
    ///
    /// No call of the handler starts after this returns. Called from
    /// another thread, it waits for the watch's thread to end, so for a
    /// call of the handler in progress to finish (do not call it while
    /// holding a lock the handler takes); called from inside the handler,
    /// it returns at once and the thread ends when the handler returns.
    /// Either way the handler, and what it holds, is released. Calling it
    /// again does nothing.
    public func cancel() {
        watcher.cancel()
    }

    /// Whether ``cancel()`` has been called.
    public var isCancelled: Bool {
        watcher.isCancelled
    }

    /// Whether the watch's thread is still running (never, for manual polls).
    package var isRunning: Bool {
        watcher.isRunning
    }

    /// One look at the file, for a watch made with manual pacing: see
    /// ``FileWatcher/poll(at:)``.
    @discardableResult
    package func poll(at now: Date) -> Bool {
        watcher.poll(at: now)
    }
}
