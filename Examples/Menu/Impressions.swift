import Foundation

/// How many times each dish's row came on screen in `menu browse`: what
/// the `countImpression` handler of `willDisplay` records and the
/// `showDish` handler of `didSelect` reports.
///
/// Handlers are `@Sendable` closures with no state of their own, so the
/// counts live here, behind a lock, for the whole process.
final class Impressions: @unchecked Sendable {
    /// The process's counts.
    static let shared = Impressions()

    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    /// Counts one more impression of a dish.
    func record(_ name: String) {
        lock.withLock { counts[name, default: 0] += 1 }
    }

    /// The impressions of a dish so far.
    func count(_ name: String) -> Int {
        lock.withLock { counts[name] ?? 0 }
    }
}
