import Synchronization

/// Resolution plans by dynamic type and kind, built the first time a type
/// is seen, and read without locks.
///
/// Readers load the current ``Snapshot`` through an atomic and look up a
/// plain-value ``Entry``: no lock, no reference counting, so resolving
/// from several threads does not contend. A miss builds the plan under a
/// mutex and publishes a new snapshot with one more entry. Every snapshot
/// stays alive as long as the cache, so a reader holding an older one is
/// never left with freed memory; to bound that memory, at most
/// ``snapshotLimit`` types are published, and further types are kept in a
/// table that is read under the mutex.
final class ResolutionCache: Sendable {
    struct Key: Hashable, Sendable {
        let type: ObjectIdentifier
        let kind: Int
    }

    /// What a lookup returns. A trivial value, so reading it never touches
    /// a reference count.
    struct Entry: Sendable {
        /// The mapping every value of the type resolves to, or -1.
        let winner: Int32
        /// The plan's index in ``Snapshot/plans``.
        let plan: Int32
        /// The type is an `Optional`: unwrap, then look up the wrapped type.
        let unwrapsOptional: Bool
    }

    /// An immutable, published state of the cache.
    final class Snapshot: Sendable {
        let entries: [Key: Entry]
        let plans: [ResolutionPlan]

        init(entries: [Key: Entry], plans: [ResolutionPlan]) {
            self.entries = entries
            self.plans = plans
        }
    }

    /// Types published in snapshots before further ones go to the locked table.
    static let snapshotLimit = 256

    private let published: Atomic<Unmanaged<Snapshot>>
    private let writer: Mutex<WriterState>

    private struct WriterState {
        /// Every snapshot ever published, oldest first; keeps them alive.
        var snapshots: [Snapshot]
        /// Types met after the snapshot limit.
        var overflow: [Key: ResolutionPlan] = [:]
    }

    init() {
        let empty = Snapshot(entries: [:], plans: [])
        published = Atomic(Unmanaged.passUnretained(empty))
        writer = Mutex(WriterState(snapshots: [empty]))
    }

    /// Runs `body` with the current snapshot, without retaining it.
    @inline(__always)
    func withSnapshot<Result>(_ body: (Snapshot) -> Result) -> Result {
        published.load(ordering: .acquiring)._withUnsafeGuaranteedRef(body)
    }

    /// The plan for a key that missed the snapshot: builds it under the
    /// mutex (once per key) and publishes it.
    func plan(for key: Key, build: () -> ResolutionPlan) -> ResolutionPlan {
        writer.withLock { state in
            let current = published.load(ordering: .acquiring).takeUnretainedValue()
            if let entry = current.entries[key] {
                return current.plans[Int(entry.plan)]
            }
            if let plan = state.overflow[key] { return plan }
            let plan = build()
            if current.entries.count >= Self.snapshotLimit {
                state.overflow[key] = plan
                return plan
            }
            var entries = current.entries
            var plans = current.plans
            entries[key] = Entry(
                winner: Int32(plan.alwaysResolvesTo ?? -1),
                plan: Int32(plans.count),
                unwrapsOptional: plan.unwrapsOptional
            )
            plans.append(plan)
            let next = Snapshot(entries: entries, plans: plans)
            state.snapshots.append(next)
            published.store(Unmanaged.passUnretained(next), ordering: .releasing)
            return plan
        }
    }
}
