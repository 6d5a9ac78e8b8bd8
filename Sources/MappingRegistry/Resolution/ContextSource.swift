/// Where the render context of one resolve comes from. Resolving is
/// generic over it, so a resolve without a context (``NoContext``) is
/// compiled without any context handling at all.
protocol ContextSource {
    /// The context a predicate that reads one is given; `nil` for none.
    var context: (any Sendable)? { get }
}

/// No render context: what `resolve(_:at:kind:context:)` and a render without
/// `context:` use.
struct NoContext: ContextSource {
    @inline(__always)
    var context: (any Sendable)? { nil }
}

/// A render context the caller passed as `context:`.
struct GivenContext: ContextSource {
    let context: (any Sendable)?
}
