import ModelStorage

/// The value inside an `Any`, opened at its own type, for the index's
/// ``TypedTest``s, which take it as the type they were built for.
///
/// What keeps that sound is a check of identity, never a layout: the `Any`
/// is opened with `_openExistential` (the standard library's opening of an
/// existential, which binds `T` to the type the `Any` holds), and the value
/// is handed on only when `T` is the very type the tests expect
/// (`ObjectIdentifier(T.self)`, unique per type), so a test's
/// `unsafeDowncast` to its own class at `T` names the class it is.
/// (``TypedOptionalLevel`` opens an `Optional` the same way.)
///
/// An `Any` that holds another existential (generic code storing an
/// element of an `[any Food]`), or a class instance stored as its
/// superclass, opens to that existential or superclass: the identities
/// differ, and the caller reads the value through a cast instead.
///
/// `body` answers through what it captures, and the opening returns a
/// `Bool`: a result passed back through the opened, generic function would
/// be copied there through value witnesses.
enum OpenedValue {
    /// Runs `body` with a function that answers a ``TypedTest`` for the
    /// value inside `model`, when the `Any` holds a value of exactly the
    /// type identified by `expected`; `false` (without running it)
    /// otherwise. The value is handed to the tests where it lies in the
    /// `Any`, not copied.
    @inline(__always)
    static func withTypedTruth(
        of model: Any, ifTypeIs expected: UInt, at position: ItemPosition, context: any Sendable,
        _ body: ((TypedTest) -> Truth?) -> Void
    ) -> Bool {
        func open<T>(_ value: T) -> Bool {
            guard UInt(bitPattern: ObjectIdentifier(T.self)) == expected else { return false }
            body { $0.truth(of: value, at: position, context: context) }
            return true
        }
        return _openExistential(model, do: open)
    }
}
