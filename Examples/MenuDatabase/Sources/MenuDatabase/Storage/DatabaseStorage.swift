import GRDB
import ModelStorage

/// A storage whose sections follow a database query, the counterpart of
/// DTModelStorage's `CoreDataStorage` and `RealmStorage`.
///
/// Hand it a database, the tables its query reads, and the query, which
/// returns the sections: a header row (the section's identity and header
/// model) and the item rows under it.
///
/// ```swift
/// let storage = try DatabaseStorage(in: dbQueue, tracking: [Table("course"), Table("dish")]) { db in
///     try MenuQuery.sections(db)
/// }
/// let token = storage.observe { update in print(update.updatedItems) }
/// try dbQueue.write { db in
///     try db.execute(sql: "UPDATE dish SET priceCents = 950 WHERE id = 7")
/// }
/// ```
/// ```text
/// [section 2, item 1]
/// ```
///
/// (With ``MenuSeeder``'s 12 dishes in 4 courses, dish 7 is the second
/// dish of the third course.)
///
/// ## Updates
///
/// Every committed transaction of `writer` that modifies a tracked table
/// runs the query again and sends exactly one ``StorageUpdate`` to the
/// observers: the difference between the old and the new result, found by
/// ``differ`` (sections by header id, then items by id inside each section
/// that stays; an item that changed section is one move). The update is
/// sent before the writing call returns, on the writer's dispatch queue. A
/// transaction that touched the tables without changing the result sends
/// an empty update; a rolled-back transaction sends nothing.
///
/// Changes made through another connection (another process, another
/// `DatabaseQueue` on the same file) are not seen by the observation: call
/// ``refresh()``, which runs the query, sends the update and returns it.
///
/// ## Isolation
///
/// The storage is `Sendable`: its contents sit behind a lock, and each
/// read sees one complete query result. Observers run on the thread that
/// found the change. They may read the storage but must not write to the
/// database or call ``refresh()``: GRDB refuses reentrant database access.
public final class DatabaseStorage<Header, Item>: Storage, Sendable
where Header: Identifiable & Equatable & Sendable, Item: Identifiable & Equatable & Sendable {
    /// How a query result becomes sections.
    public typealias Query = @Sendable (Database) throws -> [QuerySection<Header, Item>]

    private struct Observer {
        let id: UInt64
        let handler: @Sendable (StorageUpdate) -> Void
    }

    private struct State {
        var sections: [QuerySection<Header, Item>] = []
        var observers: [Observer] = []
        var nextObserverID: UInt64 = 0
        var observation: AnyDatabaseCancellable?
        var observationError: String?
    }

    private let writer: any DatabaseWriter
    private let query: Query
    private let sectionedDiffer: SectionedDiffer
    private let state = Locked(State())

    /// The algorithm that compares the old and the new query result, once
    /// for the headers and once per kept section for the items.
    public var differ: any Differ & Sendable { sectionedDiffer.differ }

    /// Runs the query once and starts following the tracked tables.
    ///
    /// - Parameters:
    ///   - writer: The database; the storage observes the transactions
    ///     it commits.
    ///   - regions: What the query reads, such as `Table("dish")`; a
    ///     transaction that modifies any of it runs the query again.
    ///   - differ: Compares results; ``IdentityDiffer`` by default, which
    ///     stays O(n log n) however many rows moved.
    ///   - query: Returns the sections, in order.
    /// - Throws: The query's error, or GRDB's when the database cannot be read.
    public init(
        in writer: any DatabaseWriter,
        tracking regions: [any DatabaseRegionConvertible],
        differ: any Differ & Sendable = IdentityDiffer(),
        query: @escaping Query
    ) throws {
        self.writer = writer
        self.query = query
        sectionedDiffer = SectionedDiffer(differ: differ)
        let observation = DatabaseRegionObservation(tracking: regions)
        // Fetching and subscribing in one write access: no commit can fall between them.
        try writer.writeWithoutTransaction { db in
            let sections = try query(db)
            let cancellable = observation.start(
                in: writer,
                onError: { [weak self] error in self?.recordObservationError(error) },
                onChange: { [weak self] db in self?.followCommit(db) }
            )
            state.withLock { state in
                state.sections = sections
                state.observation = cancellable
            }
        }
    }

    // MARK: - Observing

    /// Subscribes a closure to every update of the storage.
    ///
    /// - Parameter handler: Called with each update, on the thread that
    ///   found the change (the writer's dispatch queue for a commit, the
    ///   caller's for ``refresh()``).
    /// - Returns: A token; the closure stays subscribed while the token lives
    ///   and until ``ObservationToken/cancel()`` is called.
    public func observe(_ handler: @escaping @Sendable (StorageUpdate) -> Void) -> ObservationToken {
        let id = state.withLock { state in
            defer { state.nextObserverID += 1 }
            state.observers.append(Observer(id: state.nextObserverID, handler: handler))
            return state.nextObserverID
        }
        return ObservationToken { [weak self] in
            self?.state.withLock { $0.observers.removeAll { $0.id == id } }
        }
    }

    /// Runs the query now, sends the update to the observers and returns it.
    ///
    /// Use it after changes the observation cannot see: those made through
    /// another connection to the same database file. The query runs with
    /// write access, after any pending transaction of `writer`, so the
    /// storage never goes back to an older result.
    ///
    /// - Returns: The update sent; empty when the result did not change.
    /// - Throws: The query's error, or GRDB's; the contents then stay as
    ///   they were and nothing is sent.
    @discardableResult
    public func refresh() throws -> StorageUpdate {
        try writer.writeWithoutTransaction { db in
            try reload(from: db)
        }
    }

    /// The last error met while following the database (the query failed
    /// after a commit, say), or `nil`.
    ///
    /// The storage then keeps its last contents and sends nothing; the
    /// next commit or ``refresh()`` runs the query again and, when it
    /// succeeds, clears the error and sends the whole difference.
    public var observationError: String? {
        state.withLock { $0.observationError }
    }

    /// Stops following the database; the contents stay as they are and
    /// ``refresh()`` still works.
    public func stopObserving() {
        let observation = state.withLock { state in
            defer { state.observation = nil }
            return state.observation
        }
        observation?.cancel()
    }

    // MARK: - Reading

    /// The sections of the last query result.
    public var sections: [QuerySection<Header, Item>] {
        state.withLock { $0.sections }
    }

    /// The item at a position as its own type, or `nil` when out of range.
    ///
    /// - Parameter position: The position to read.
    /// - Returns: The row.
    public func row(at position: ItemPosition) -> Item? {
        state.withLock { state in
            guard state.sections.indices.contains(position.section),
                  state.sections[position.section].items.indices.contains(position.item) else { return nil }
            return state.sections[position.section].items[position.item]
        }
    }

    /// The header of a section, or `nil` when the section does not exist.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The header row.
    public func header(ofSection section: Int) -> Header? {
        state.withLock { state in
            state.sections.indices.contains(section) ? state.sections[section].header : nil
        }
    }

    // MARK: - Storage

    /// The number of sections.
    public var numberOfSections: Int {
        state.withLock { $0.sections.count }
    }

    /// The number of items in a section, or `0` when the section does not exist.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The item count.
    public func numberOfItems(inSection section: Int) -> Int {
        state.withLock { state in
            state.sections.indices.contains(section) ? state.sections[section].items.count : 0
        }
    }

    /// The item at a position, or `nil` when the position is out of range.
    ///
    /// - Parameter position: The position to read.
    /// - Returns: The row, as `Item`.
    public func item(at position: ItemPosition) -> Any? {
        row(at: position)
    }

    /// The header of a section for kind `SupplementaryKind.header`, `nil`
    /// for any other kind.
    ///
    /// - Parameters:
    ///   - kind: The kind.
    ///   - section: A zero-based section index.
    /// - Returns: The header row, or `nil`.
    public func supplementaryModel(ofKind kind: String, inSection section: Int) -> Any? {
        kind == SupplementaryKind.header ? header(ofSection: section) : nil
    }

    /// `["header"]` for every existing section.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The kinds with a model in that section.
    public func supplementaryKinds(inSection section: Int) -> [String] {
        header(ofSection: section) == nil ? [] : [SupplementaryKind.header]
    }

    // MARK: - Following the database

    private func followCommit(_ db: Database) {
        do {
            try reload(from: db)
        } catch {
            recordObservationError(error)
        }
    }

    private func recordObservationError(_ error: any Error) {
        let message = String(describing: error)
        state.withLock { $0.observationError = message }
    }

    /// Runs the query, swaps the contents and tells the observers, outside
    /// the lock so that they can read the storage.
    ///
    /// Only ever runs with write access to the database (from `init`, a
    /// commit or ``refresh()``), so reloads never overlap: the contents
    /// read before the diff are still the contents when they are swapped,
    /// and readers wait only for the swap, not for the diff.
    @discardableResult
    private func reload(from db: Database) throws -> StorageUpdate {
        let fresh = try query(db)
        let old = state.withLock { $0.sections }
        let update = sectionedDiffer.update(from: old, to: fresh)
        let handlers = state.withLock { state in
            state.sections = fresh
            state.observationError = nil
            return state.observers.map(\.handler)
        }
        for handler in handlers {
            handler(update)
        }
        return update
    }
}
