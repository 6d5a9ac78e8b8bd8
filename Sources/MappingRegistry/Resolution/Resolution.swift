/// The outcome of resolving one model: exactly one mapping, none, or several.
public enum Resolution: Sendable {
    // The failure cases are not `indirect`, though boxing their diagnostic
    // would make a resolution one word to copy: Swift 6.3 compiles
    // `case .missing(let d), .ambiguous(_, let d):` over indirect payloads,
    // without optimization, into a read of the freed box (AddressSanitizer
    // reports it), and that is the pattern callers write.
    /// Exactly one mapping applies.
    case resolved(Mapping)
    /// No mapping applies, or the model is `nil`. The diagnostic
    /// (`missing-mapping` or `nil-model`) says why, mapping by mapping.
    case missing(Diagnostic)
    /// Several mappings of the same, highest priority apply. The
    /// diagnostic (`ambiguous-mapping`) names every one of them.
    case ambiguous([Mapping], Diagnostic)

    /// The mapping, when exactly one applies.
    public var mapping: Mapping? {
        if case .resolved(let mapping) = self { return mapping }
        return nil
    }

    /// The diagnostic, when resolution failed.
    public var diagnostic: Diagnostic? {
        switch self {
        case .resolved: nil
        case .missing(let diagnostic), .ambiguous(_, let diagnostic): diagnostic
        }
    }
}
