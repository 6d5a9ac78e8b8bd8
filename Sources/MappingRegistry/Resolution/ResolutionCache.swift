import Foundation

/// Plans by dynamic type and kind, built the first time a type is seen.
///
/// Lookups take a lock only to read the dictionary; plans themselves are
/// immutable and shared.
final class ResolutionCache: @unchecked Sendable {
    struct Key: Hashable {
        let type: ObjectIdentifier
        let kind: Int
    }

    private let lock = NSLock()
    private var plans: [Key: ResolutionPlan] = [:]

    /// The plan for a key, building and storing it on first use.
    func plan(for key: Key, build: () -> ResolutionPlan) -> ResolutionPlan {
        lock.lock()
        if let plan = plans[key] {
            lock.unlock()
            return plan
        }
        lock.unlock()
        let plan = build()
        lock.lock()
        defer { lock.unlock() }
        if let existing = plans[key] { return existing }
        plans[key] = plan
        return plan
    }
}
