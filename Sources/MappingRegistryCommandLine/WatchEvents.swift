import Foundation
import MappingRegistry

/// What the watches of `render --watch` tell the command, in order: new
/// versions of the mappings and the data, and Ctrl-C.
///
/// Watches post from their own threads; the command takes the events on
/// its thread with ``next()``, which blocks until there is one, or, when
/// ``whenIdle`` is set (a ``WatchScript``), calls it to make some.
final class WatchEvents: @unchecked Sendable {
    enum Event: Sendable {
        /// The mappings file changed: its new registry or every diagnostic,
        /// and the bytes read, for source lines in diagnostics.
        case mappings(Result<MappingRegistry, ConfigurationError>, contents: Data?)
        /// The data file changed: its new document or every diagnostic, and the bytes read.
        case data(Result<DocumentTransfer, ConfigurationError>, contents: Data?)
        /// SIGINT (Ctrl-C) arrived.
        case interrupted
    }

    /// A data document loaded on a watch's thread and handed over whole:
    /// the watch keeps no reference to it, so only the command's thread
    /// ever uses it.
    struct DocumentTransfer: @unchecked Sendable {
        let document: DataDocument
    }

    private let condition = NSCondition()
    private var pending: [Event] = []
    private var idle: (@Sendable (WatchEvents) -> Void)?
    private var onPost: (@Sendable () -> Void)?

    /// Called by ``next()`` on the command's thread, instead of waiting,
    /// when no event is pending; it must post at least one.
    var whenIdle: (@Sendable (WatchEvents) -> Void)? {
        get { condition.withLock { idle } }
        set { condition.withLock { idle = newValue } }
    }

    /// Called after each post, on the posting thread: how a loop that
    /// waits on something else (`browse` polls its terminal) hears of it.
    var whenPosted: (@Sendable () -> Void)? {
        get { condition.withLock { onPost } }
        set { condition.withLock { onPost = newValue } }
    }

    /// Adds an event and wakes ``next()``.
    func post(_ event: Event) {
        condition.lock()
        pending.append(event)
        let posted = onPost
        condition.signal()
        condition.unlock()
        posted?()
    }

    /// Every event posted since the last call, oldest first; none without waiting.
    func take() -> [Event] {
        condition.withLock {
            let events = pending
            pending.removeAll()
            return events
        }
    }

    /// Every event posted since the last call, oldest first; waits for one
    /// (or has ``whenIdle`` make one) when there is none.
    func next() -> [Event] {
        condition.lock()
        defer { condition.unlock() }
        while pending.isEmpty {
            if let idle {
                condition.unlock()
                idle(self)
                condition.lock()
            } else {
                condition.wait()
            }
        }
        let events = pending
        pending.removeAll()
        return events
    }
}
