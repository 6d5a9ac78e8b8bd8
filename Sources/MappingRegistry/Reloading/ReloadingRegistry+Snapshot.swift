extension ReloadingRegistry {
    /// One version a ``ReloadingRegistry`` served: the registry together
    /// with where it came from, swapped in and read as one.
    ///
    /// Read ``ReloadingRegistry/snapshot`` when you need both: reading
    /// ``ReloadingRegistry/current`` and then ``ReloadingRegistry/origin``
    /// could straddle a reload and pair a registry with another one's origin.
    ///
    /// ```swift
    /// let snapshot = mappings.snapshot
    /// let result = TextRenderer(registry: snapshot.registry).render(storage)
    /// if snapshot.origin == .bundled { note("rendered with the bundled default") }
    /// ```
    public final class Snapshot: Sendable {
        /// The registry.
        public let registry: MappingRegistry
        /// Where it came from.
        public let origin: Origin

        init(_ registry: MappingRegistry, origin: Origin) {
            self.registry = registry
            self.origin = origin
        }
    }
}
