import Foundation

/// Polls one file and calls a closure, on a thread of its own, whenever the
/// file may have changed: its `stat` metadata changed, it appeared or
/// disappeared, or it was written so recently that its modification time
/// cannot tell two writes apart.
///
/// The closure decides what a change is, usually by reading the file with
/// ``readSettled(_:)`` and comparing the contents with what it read last; a
/// call that finds nothing new is cheap. It returns whether the file looked
/// settled: `false` (a torn read, or contents that may be a write in
/// progress) makes the next poll call it again even if the metadata stays
/// the same. It is also called once when the watch starts, so a change made
/// before the watch began is not missed.
///
/// - **Debouncing.** After a metadata change the watcher waits until the
///   metadata stays the same for one debounce period (at most ten periods),
///   so an editor that truncates and then writes, or writes a temporary
///   file and renames it over the original, is seen once, finished.
/// - **Renames, deletion, re-creation.** The snapshot holds the device and
///   inode, so a file renamed over the watched path, deleted, or created
///   again is a change; the watcher follows the *path*, not an open file.
/// - **Coarse timestamps.** Many file systems keep modification times in
///   ticks of milliseconds or even seconds, so a second write of the same
///   size in the same tick leaves the metadata unchanged. As long as the
///   file's modification time is within ``racyWindow`` of the last call, every
///   poll calls the closure again (as Git does for "racily clean" files).
///
/// Polling works on every platform Foundation runs on and needs no file
/// descriptor per watch; ``FileWatch`` wraps it for the public API.
package final class FileWatcher: Sendable {
    /// How long after a call a modification time still counts as racy.
    package static let racyWindow: TimeInterval = 2

    /// The watched path.
    package let path: String
    private let state = State()

    /// Starts watching.
    ///
    /// - Parameters:
    ///   - url: The file to watch; it need not exist yet.
    ///   - interval: How often to look at the file, in seconds (at least
    ///     a millisecond).
    ///   - debounce: How long the metadata must stay unchanged before the
    ///     closure is called for a change, in seconds (at least a millisecond).
    ///   - onChange: Called on the watcher's thread, one call at a time;
    ///     returns whether the file looked settled.
    package init(
        url: URL,
        interval: TimeInterval,
        debounce: TimeInterval,
        onChange: @escaping @Sendable () -> Bool
    ) {
        path = url.path
        // Seconds, not `Duration`, which older systems lack (macOS 13, iOS 16).
        let timing = Timing(interval: max(0.001, interval), debounce: max(0.001, debounce))
        // The thread's closure holds only the state; the state drops the
        // thread and `onChange` when the thread ends, so nothing outlives it.
        let thread = Thread { [state, path] in
            Self.poll(path: path, timing: timing, state: state)
            state.finish()
        }
        thread.name = "MappingRegistry.FileWatcher"
        state.condition.lock()
        state.thread = thread
        state.onChange = onChange
        state.condition.unlock()
        thread.start()
    }

    deinit {
        cancel()
    }

    /// Stops the watch. No call of the closure starts after this returns.
    /// Called from another thread, it waits for the watcher's thread to end
    /// (and so for a call in progress to finish), which releases the
    /// closure and what it holds; called from inside the closure, it
    /// returns at once and the thread ends after the closure returns.
    /// Calling it again does nothing.
    package func cancel() {
        state.condition.lock()
        defer { state.condition.unlock() }
        state.cancelled = true
        state.condition.broadcast()
        guard let thread = state.thread, Thread.current !== thread else { return }
        while state.running { state.condition.wait() }
    }

    /// Whether ``cancel()`` has been called.
    package var isCancelled: Bool {
        state.condition.lock()
        defer { state.condition.unlock() }
        return state.cancelled
    }

    // MARK: - The polling thread

    private struct Timing {
        var interval: TimeInterval
        var debounce: TimeInterval
        /// The longest wait for the file to settle.
        var settleLimit: TimeInterval { max(debounce * 10, interval) }
    }

    /// Shared between the watcher and its thread, guarded by ``condition``.
    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var cancelled = false
        /// Whether the thread has not ended yet.
        var running = true
        /// The watcher's thread and closure, until the thread ends.
        var thread: Thread?
        var onChange: (@Sendable () -> Bool)?

        /// Called by the thread as it ends: drops the thread and the closure.
        func finish() {
            condition.lock()
            defer { condition.unlock() }
            running = false
            thread = nil
            onChange = nil
            condition.broadcast()
        }

        /// Sleeps, waking early when cancelled. Returns whether to go on.
        func sleep(_ seconds: TimeInterval) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !cancelled, condition.wait(until: deadline) {}
            return !cancelled
        }

        /// Calls the closure unless cancelled; `nil` when cancelled, else what it returned.
        func deliver() -> Bool? {
            condition.lock()
            guard !cancelled, let onChange else {
                condition.unlock()
                return nil
            }
            condition.unlock()
            let settled = onChange()
            condition.lock()
            defer { condition.unlock() }
            return cancelled ? nil : settled
        }
    }

    private static func poll(path: String, timing: Timing, state: State) {
        var snapshot = FileSnapshot(path: path)
        var calledAt = Date().timeIntervalSince1970
        guard var settled = state.deliver() else { return }
        while state.sleep(timing.interval) {
            let next = FileSnapshot(path: path)
            if next == snapshot {
                let racy = next.map { isRacy($0, calledAt: calledAt) } ?? false
                guard racy || !settled else { continue }
            } else {
                var stable = next
                var waited: TimeInterval = 0
                while waited < timing.settleLimit {
                    guard state.sleep(timing.debounce) else { return }
                    waited += timing.debounce
                    let again = FileSnapshot(path: path)
                    if again == stable { break }
                    stable = again
                }
                snapshot = stable
            }
            calledAt = Date().timeIntervalSince1970
            guard let result = state.deliver() else { return }
            settled = result
        }
    }

    /// Whether the file was modified so close to the last call that a
    /// later write could have left the same modification time.
    private static func isRacy(_ snapshot: FileSnapshot, calledAt: TimeInterval) -> Bool {
        TimeInterval(snapshot.modified) / 1_000_000_000 >= calledAt - racyWindow
    }

    /// Reads the file for a change check: `nil` when its metadata changed
    /// while it was read, so the bytes may be half of one write and half of
    /// another. The watcher sees that change on its next poll and checks again.
    ///
    /// - Returns: The bytes or the `unreadable-file` error, or `nil` for a torn read.
    package static func readSettled(_ url: URL) -> Result<Data, ConfigurationError>? {
        let before = FileSnapshot(path: url.path)
        let read = Result { () throws(ConfigurationError) in
            try FileReader.read(url, limit: FileReader.configurationLimit)
        }
        guard FileSnapshot(path: url.path) == before else { return nil }
        return read
    }
}
