import Foundation
import Testing

/// The issues a `withKnownIssue` block recorded, collected by its matcher
/// (which must be `@Sendable`), so a test can count them and read each
/// one's line and text.
final class RecordedIssues: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(line: Int?, text: String)] = []

    /// Records an issue and matches it.
    func match(_ issue: Issue) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        recorded.append((issue.sourceLocation?.line, issue.comments.map(\.rawValue).joined(separator: "\n")))
        return true
    }

    /// Every issue recorded so far, in order.
    var all: [(line: Int?, text: String)] {
        lock.lock()
        defer { lock.unlock() }
        return recorded
    }
}
