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
///
/// With ``Pacing/manual`` there is no thread and no waiting: whoever owns
/// the watcher calls ``poll(at:)`` for each look at the file, and the
/// closure runs inside that call. Tests drive a watch this way, one
/// deterministic step at a time, with the time they choose.
package final class FileWatcher: Sendable {
    /// How long after a call a modification time still counts as racy.
    package static let racyWindow: TimeInterval = 2

    /// What makes the watcher look at the file.
    package enum Pacing: Sendable {
        /// A thread of the watcher's own looks every `interval` seconds
        /// and, after a change, waits for the file to stay the same for
        /// `debounce` seconds. Seconds, not `Duration`, which older systems lack.
        case polling(interval: TimeInterval, debounce: TimeInterval)
        /// No thread: each ``FileWatcher/poll(at:)`` call is one look, and
        /// a changed file is taken as settled at once.
        case manual
    }

    /// The watched path.
    package let path: String
    private let state = State()
    /// Whether the owner polls (``Pacing/manual``) instead of a thread.
    private let manual: Bool

    /// Starts watching.
    ///
    /// - Parameters:
    ///   - url: The file to watch; it need not exist yet.
    ///   - pacing: A polling thread, or ``Pacing/manual`` polls.
    ///   - onChange: Called one call at a time (on the watcher's thread, or
    ///     inside ``poll(at:)``) with the time of the look; returns whether
    ///     the file looked settled.
    package init(
        url: URL,
        pacing: Pacing,
        onChange: @escaping @Sendable (_ now: Date) -> Bool
    ) {
        path = url.path
        if case .manual = pacing { manual = true } else { manual = false }
        state.condition.lock()
        state.onChange = onChange
        state.condition.unlock()
        guard case .polling(let interval, let debounce) = pacing else {
            state.finish()
            return
        }
        let timing = Timing(interval: max(0.001, interval), debounce: max(0.001, debounce))
        // The thread's closure holds only the state; the state drops the
        // thread and `onChange` when the thread ends, so nothing outlives it.
        let thread = Thread { [state, path] in
            Self.poll(path: path, timing: timing, state: state)
            state.finish()
        }
        thread.name = "MappingRegistry.FileWatcher"
        state.condition.lock()
        state.running = true
        state.thread = thread
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
        guard let thread = state.thread else {
            // Manual polls: nothing runs between calls; drop the closure.
            state.onChange = nil
            return
        }
        guard Thread.current !== thread else { return }
        while state.running { state.condition.wait() }
    }

    /// Whether ``cancel()`` has been called.
    package var isCancelled: Bool {
        state.condition.lock()
        defer { state.condition.unlock() }
        return state.cancelled
    }

    /// Whether the watcher's thread is still running; always `false` for
    /// ``Pacing/manual``. After ``cancel()`` returns on another thread it
    /// is `false`, and the closure has been released.
    package var isRunning: Bool {
        state.condition.lock()
        defer { state.condition.unlock() }
        return state.running
    }

    /// Looks at the file once, as the polling thread does after each
    /// interval, and calls the closure on this thread when the file may
    /// have changed (the first call always does). Only for
    /// ``Pacing/manual``; with a polling thread it does nothing.
    ///
    /// - Parameter now: The time of this look, handed to the closure.
    /// - Returns: Whether the file looked settled after this look (`false`
    ///   when the closure asked to be called again); `true` once cancelled.
    @discardableResult
    package func poll(at now: Date) -> Bool {
        guard manual else { return true }
        state.pollLock.lock()
        defer { state.pollLock.unlock() }
        var poller = state.manualPoller ?? Poller(path: path)
        defer { state.manualPoller = poller }
        // No thread waits here: the file is as settled as it will get.
        let live = poller.poll(settleLimit: 0, wait: { _ in true }) { state.deliver(at: now) }
        return !live || poller.settled
    }

    // MARK: - The polling thread

    private struct Timing {
        var interval: TimeInterval
        var debounce: TimeInterval
        /// The longest wait for the file to settle.
        var settleLimit: TimeInterval { max(debounce * 10, interval) }
    }

    /// What a watch remembers between looks at the file.
    private struct Poller {
        let path: String
        var snapshot: FileSnapshot?
        /// When the closure was last called, by the wall clock that file
        /// times are kept in (for the racy check, whatever time a look is
        /// handed).
        var calledAt: TimeInterval = 0
        /// What the closure last returned.
        var settled = true
        var started = false

        init(path: String) {
            self.path = path
        }

        /// One look at the file: calls `deliver` when the file may have
        /// changed (and the first time), after waiting with `wait` (which
        /// returns `false` when cancelled) for the metadata to stop
        /// changing, at most `settleLimit` seconds in `debounce` steps.
        ///
        /// - Returns: `false` when the watch was cancelled.
        mutating func poll(
            settleLimit: TimeInterval,
            debounce: TimeInterval = 0,
            wait: (TimeInterval) -> Bool,
            deliver: () -> Bool?
        ) -> Bool {
            let next = FileSnapshot(path: path)
            if !started {
                started = true
                snapshot = next
            } else if next == snapshot {
                let racy = next.map { FileWatcher.isRacy($0, calledAt: calledAt) } ?? false
                guard racy || !settled else { return true }
            } else {
                var stable = next
                var waited: TimeInterval = 0
                repeat {
                    guard wait(debounce) else { return false }
                    waited += debounce
                    let again = FileSnapshot(path: path)
                    if again == stable { break }
                    stable = again
                } while waited < settleLimit
                snapshot = stable
            }
            calledAt = Date().timeIntervalSince1970
            guard let result = deliver() else { return false }
            settled = result
            return true
        }
    }

    /// Shared between the watcher and its thread, guarded by ``condition``.
    private final class State: @unchecked Sendable {
        let condition = NSCondition()
        var cancelled = false
        /// Whether the thread has not ended yet.
        var running = false
        /// The watcher's thread and closure, until the thread ends.
        var thread: Thread?
        var onChange: (@Sendable (Date) -> Bool)?
        /// Serializes manual polls; guards ``manualPoller``.
        let pollLock = NSLock()
        var manualPoller: Poller?

        /// Called by the thread as it ends (and at once for manual polls):
        /// drops the thread, and the closure when the thread ran it.
        func finish() {
            condition.lock()
            defer { condition.unlock() }
            if thread != nil { onChange = nil }
            running = false
            thread = nil
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
        func deliver(at now: Date) -> Bool? {
            condition.lock()
            guard !cancelled, let onChange else {
                condition.unlock()
                return nil
            }
            condition.unlock()
            let settled = onChange(now)
            condition.lock()
            defer { condition.unlock() }
            return cancelled ? nil : settled
        }
    }

    private static func poll(path: String, timing: Timing, state: State) {
        var poller = Poller(path: path)
        repeat {
            let live = poller.poll(settleLimit: timing.settleLimit, debounce: timing.debounce, wait: state.sleep) {
                state.deliver(at: Date())
            }
            guard live else { return }
        } while state.sleep(timing.interval)
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
