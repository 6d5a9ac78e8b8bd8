extension ReloadingRegistry {
    /// Where the registry that ``ReloadingRegistry/current`` serves came from.
    ///
    /// ```swift
    /// switch mappings.origin {
    /// case .bundled: showBanner("Showing the default layout")
    /// case .cached, .fresh: break
    /// }
    /// ```
    public enum Origin: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// The default shipped with the app: the file of
        /// ``ReloadingRegistry/init(bundled:cache:plugins:including:policy:)``,
        /// at start or when ``ReloadingRegistry/reload()`` or a watch loads it again.
        case bundled
        /// The cache: the last configuration accepted by an earlier run,
        /// read at start because the primary source was missing or did not load.
        case cached
        /// Loaded during this run from a live source: bytes accepted by
        /// ``ReloadingRegistry/apply(_:source:)``, or the file of
        /// ``ReloadingRegistry/init(contentsOf:plugins:source:including:cache:policy:)``
        /// (the file you edit or download into).
        case fresh

        /// `bundled`, `cached` or `fresh`.
        public var description: String { rawValue }
    }
}
