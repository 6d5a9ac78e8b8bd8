/// What ``ReloadingRegistry/apply(_:source:)`` did with a configuration's
/// bytes: accepted them, making their registry current, or rejected them,
/// leaving everything as it was.
///
/// ```swift
/// switch mappings.apply(downloaded, source: "https://example.com/mappings.json") {
/// case .accepted(let registry, let diagnostics):
///     log("serving \(registry.mappings.count) mappings", diagnostics)   // warnings; a failed cache write
/// case .rejected(let error):
///     log("kept the previous mappings", error.diagnostics)
/// }
/// ```
///
/// A cache that cannot be written does not reject a configuration: the
/// registry is already serving, and a cache is a convenience for the next
/// start. The failure is one `unusable-cache` warning among the accepted
/// outcome's diagnostics (``cacheWriteFailure`` picks it out).
public enum ReloadOutcome: Sendable {
    /// The bytes loaded and checked; `registry` is now
    /// ``ReloadingRegistry/current``, with the origin
    /// ``ReloadingRegistry/Origin/fresh``, and it is in the cache (if any).
    ///
    /// `diagnostics` are the registry's warnings (``MappingRegistry/warnings``),
    /// then, when the cache could not be written, an `unusable-cache`
    /// warning saying why.
    case accepted(MappingRegistry, diagnostics: [Diagnostic])

    /// The bytes do not load: the error holds every diagnostic, located in
    /// the source name given to `apply`. ``ReloadingRegistry/current``, its
    /// origin and the cache are unchanged.
    case rejected(ConfigurationError)

    /// The registry now current, when the bytes were accepted; `nil` when
    /// they were rejected.
    public var registry: MappingRegistry? {
        if case .accepted(let registry, _) = self { registry } else { nil }
    }

    /// Whether the bytes were accepted.
    public var isAccepted: Bool {
        registry != nil
    }

    /// Every diagnostic: the warnings of an accepted configuration (and a
    /// failed cache write), or the errors and warnings of a rejected one.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .accepted(_, let diagnostics): diagnostics
        case .rejected(let error): error.diagnostics
        }
    }

    /// The `unusable-cache` warning of an accepted configuration whose
    /// cache write failed; `nil` when it was written, when there is no
    /// cache, or when the bytes were rejected.
    public var cacheWriteFailure: Diagnostic? {
        guard case .accepted(_, let diagnostics) = self else { return nil }
        return diagnostics.last { $0.code == .unusableCache }
    }
}
