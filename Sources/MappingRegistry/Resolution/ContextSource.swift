/// Where the render context of one resolve comes from. Resolving is
/// generic over it, so a resolve without a context (``NoContext``) is
/// compiled without any context handling at all.
protocol ContextSource {
    /// The context a predicate that reads one is given; `nil` for none.
    var context: (any Sendable)? { get }
    /// The context as the resolution index's typed tests take it: the
    /// given one, or ``NoRenderContext`` for none. (An `Optional` of an
    /// existential is copied through the runtime's generic witnesses; the
    /// existential itself is not.)
    var contextForTypedTests: any Sendable { get }
}

/// No render context: what `resolve(_:at:kind:context:)` and a render without
/// `context:` use.
struct NoContext: ContextSource {
    @inline(__always)
    var context: (any Sendable)? { nil }

    @inline(__always)
    var contextForTypedTests: any Sendable { NoRenderContext() }
}

/// A render context the caller passed as `context:`, used where it is: a
/// resolve with a context copies it only where a test reads it.
extension Optional: ContextSource where Wrapped == any Sendable {
    @inline(__always)
    var context: (any Sendable)? { self }

    @inline(__always)
    var contextForTypedTests: any Sendable { self ?? NoRenderContext() }
}

/// Stands for "no render context" where a context is passed as a plain
/// `any Sendable` (``ContextSource/contextForTypedTests``). Internal: no
/// caller can pass one, so a predicate never takes it for a context.
struct NoRenderContext: Sendable {}
