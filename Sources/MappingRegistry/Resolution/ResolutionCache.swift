import Synchronization

/// Resolution plans by dynamic type and kind, built the first time a type
/// is seen, and read without locks.
///
/// Readers load the current ``Snapshot`` through an atomic and look up a
/// plain-integer entry in its ``TypeTable``: no lock, no hashing with
/// SipHash, no reference counting, so resolving from several threads does
/// not contend. A miss builds the plan under a mutex and publishes a new
/// snapshot with one more entry. Every snapshot stays alive as long as the
/// cache, so a reader still holding an older one never reads freed memory;
/// to bound that memory, at most ``snapshotLimit`` types are published,
/// and further types are kept in a table read under the mutex.
final class ResolutionCache: Sendable {
    /// An immutable, published state of the cache.
    final class Snapshot: Sendable {
        let table: TypeTable
        let plans: [ResolutionPlan]

        init(table: TypeTable, plans: [ResolutionPlan]) {
            self.table = table
            self.plans = plans
        }
    }

    /// Types published in snapshots before further ones go to the locked table.
    static let snapshotLimit = 256

    private let published: Atomic<Unmanaged<Snapshot>>
    private let writer: Mutex<WriterState>

    private struct OverflowKey: Hashable {
        let type: UInt
        let kind: Int32
    }

    private struct WriterState {
        /// Every snapshot ever published, oldest first; keeps them alive.
        var snapshots: [Snapshot]
        /// Types met after the snapshot limit.
        var overflow: [OverflowKey: ResolutionPlan] = [:]
    }

    init() {
        let empty = Snapshot(table: TypeTable(capacity: 4), plans: [])
        published = Atomic(Unmanaged.passUnretained(empty))
        writer = Mutex(WriterState(snapshots: [empty]))
    }

    /// The table key of a dynamic type.
    @inline(__always)
    static func key(_ type: any Any.Type) -> UInt {
        UInt(bitPattern: ObjectIdentifier(type))
    }

    /// Runs `body` with the current snapshot, without retaining it.
    @inline(__always)
    func withSnapshot<Result>(_ body: (Snapshot) -> Result) -> Result {
        published.load(ordering: .acquiring)._withUnsafeGuaranteedRef(body)
    }

    /// What the cache knows about a type and kind slot.
    enum Hit {
        /// Every value of the type resolves to this mapping.
        case winner(Int)
        /// The type is an `Optional`: unwrap, then look up the wrapped type.
        case optional
        /// The conditions decide, with this plan.
        case plan(ResolutionPlan)
    }

    /// The cached answer for a type and kind slot, or `nil` before the
    /// type was first seen. One atomic load, one table probe; only the
    /// `.plan` answer touches a reference count.
    @inline(__always)
    func lookUp(_ type: UInt, kind: Int32) -> Hit? {
        withSnapshot { snapshot in
            guard let entry = snapshot.table.lookUp(type, kind: kind) else { return nil }
            if entry.winner >= 0 { return .winner(Int(entry.winner)) }
            return entry.unwrapsOptional ? .optional : .plan(snapshot.plans[Int(entry.plan)])
        }
    }

    /// The plan for a type that is not in the snapshot: builds it under the
    /// mutex (once per type and kind) and publishes it.
    func plan(_ type: UInt, kind: Int32, build: () -> ResolutionPlan) -> ResolutionPlan {
        writer.withLock { state in
            let current = published.load(ordering: .acquiring).takeUnretainedValue()
            if let entry = current.table.lookUp(type, kind: kind) {
                return current.plans[Int(entry.plan)]
            }
            let overflowKey = OverflowKey(type: type, kind: kind)
            if let plan = state.overflow[overflowKey] { return plan }
            let plan = build()
            if current.table.count >= Self.snapshotLimit {
                state.overflow[overflowKey] = plan
                return plan
            }
            let entry = TypeTable.Slot(
                type: type,
                kind: kind,
                winner: Int32(plan.alwaysResolvesTo ?? -1),
                plan: Int32(current.plans.count),
                unwrapsOptional: plan.unwrapsOptional
            )
            let next = Snapshot(table: current.table.inserting(entry), plans: current.plans + [plan])
            state.snapshots.append(next)
            published.store(Unmanaged.passUnretained(next), ordering: .releasing)
            return plan
        }
    }
}
