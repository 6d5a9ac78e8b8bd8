import Foundation

/// Decides whether what a watch read from a file is news: different bytes
/// from the last version acted on (or a different failure to read), and,
/// for a version that does not load, unchanged for ``failureGrace``.
///
/// A watch can catch a file halfway through being written: truncated by an
/// editor that writes in place, or deleted by one that writes it again. A
/// version that loads is complete by definition and is acted on at once; a
/// version that fails is held back until it has stayed the same for the
/// grace period, so a moment of a half-written file is never reported.
package struct ContentChangeFilter: Sendable {
    /// How long a version that fails to load must stay unchanged before it
    /// is reported.
    package static let failureGrace: TimeInterval = 0.25

    /// The last read acted on; `nil` before the first.
    package private(set) var lastRead: Result<Data, ConfigurationError>?
    /// A read that failed to load, first seen at `since`, not acted on yet.
    private var pending: (read: Result<Data, ConfigurationError>, since: Date)?

    /// What to do with a read.
    package enum Verdict: Equatable, Sendable {
        /// The same as the last version acted on: nothing to do.
        case unchanged
        /// A failed version still inside its grace period: look again later.
        case waiting
        /// A failed version that stayed the same for the grace period: report it.
        case settledFailure
        /// Not seen before: load it, then ``accept(_:)`` it or, when it
        /// fails, ``hold(_:since:)`` it.
        case new
    }

    /// Creates a filter that takes `lastRead` as already acted on.
    package init(lastRead: Result<Data, ConfigurationError>? = nil) {
        self.lastRead = lastRead
    }

    /// Classifies a read made at `now`.
    package mutating func examine(_ read: Result<Data, ConfigurationError>, now: Date) -> Verdict {
        if let lastRead, Self.same(read, lastRead) {
            pending = nil
            return .unchanged
        }
        guard let pending, Self.same(read, pending.read) else { return .new }
        return now.timeIntervalSince(pending.since) >= Self.failureGrace ? .settledFailure : .waiting
    }

    /// Records a read as acted on: loaded, or reported as failed.
    package mutating func accept(_ read: Result<Data, ConfigurationError>) {
        lastRead = read
        pending = nil
    }

    /// Holds back a new read that failed to load, first seen at `now`.
    package mutating func hold(_ read: Result<Data, ConfigurationError>, since now: Date) {
        pending = (read, now)
    }

    /// Whether two reads found the same bytes, or failed the same way.
    private static func same(_ a: Result<Data, ConfigurationError>, _ b: Result<Data, ConfigurationError>) -> Bool {
        switch (a, b) {
        case (.success(let a), .success(let b)): a == b
        case (.failure(let a), .failure(let b)): a.diagnostics == b.diagnostics
        default: false
        }
    }
}
