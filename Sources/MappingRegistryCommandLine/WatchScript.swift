import Foundation
import MappingRegistry

/// Edits to the files `render --watch` watches, made one at a time in place
/// of time passing, polling threads and Ctrl-C: a test of the watch that
/// runs the same way every time.
///
/// The watch calls ``advance(watches:events:)`` whenever it has handled
/// every event so far. The first call only looks at the files (the watch's
/// start); each later one makes the next edit, then looks at every file.
/// A look that finds a version which does not load is repeated one grace
/// period later (``ContentChangeFilter/failureGrace``, on the script's own
/// clock, which only moves when it looks), so that version is reported
/// within the same step. After the last edit, the watch ends as on Ctrl-C.
final class WatchScript: @unchecked Sendable {
    private let lock = NSLock()
    private var edits: [@Sendable () throws -> Void]
    private var started = false
    private var now: Date
    private var thrown: [String] = []

    /// A script of edits, each a closure that changes the watched files.
    ///
    /// - Parameters:
    ///   - start: The time of the first look; any fixed date will do.
    ///   - edits: The edits, in order.
    init(start: Date = Date(timeIntervalSince1970: 1_000_000), edits: [@Sendable () throws -> Void]) {
        now = start
        self.edits = edits
    }

    /// What the edits threw; an edit that throws ends the watch.
    var failures: [String] {
        lock.withLock { thrown }
    }

    /// Makes the next edit and looks at every file, or ends the watch when
    /// the edits are done; posts to `events` what the looks find.
    func advance(watches: [InputWatch], events: WatchEvents) {
        lock.lock()
        defer { lock.unlock() }
        if started {
            guard !edits.isEmpty else {
                events.post(.interrupted)
                return
            }
            let edit = edits.removeFirst()
            do {
                try edit()
            } catch {
                thrown.append("\(error)")
                edits.removeAll()
                events.post(.interrupted)
                return
            }
        }
        started = true
        Self.look(at: watches, now: &now)
    }

    /// Looks at every file, on a script's clock: a look that finds a
    /// version which does not load is repeated one grace period later, so
    /// that version is reported now.
    static func look(at watches: [InputWatch], now: inout Date) {
        // A version that fails is reported on the second look at it.
        for _ in 0..<3 {
            let settled = watches.map { $0.poll(at: now) }.allSatisfy { $0 }
            now += ContentChangeFilter.failureGrace
            if settled { break }
        }
    }
}
