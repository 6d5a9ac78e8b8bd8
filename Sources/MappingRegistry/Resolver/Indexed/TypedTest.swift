import ModelStorage

/// A plan's test compiled for values of the plan's own type: the
/// condition's tree (`all`, `any`, `not`, sections and items) with each
/// predicate called on the value as it is, not cast from an `Any`.
///
/// A plan makes one only when every predicate of the test takes exactly the
/// plan's type (``TypedPredicateTest/takes(_:)``); it answers what
/// `Condition.truth(for:at:_:)` answers for such a value, part by part and
/// in the same order (`all` stops at the first `no`, `any` at the first
/// `yes`), and `unknown` where a predicate's render context is missing.
///
/// A value reaches it two ways: opened from its `Any` at its own type
/// (``truth(of:at:context:)``, no copy), or at an address holding one (an
/// `Optional`'s payload, ``truth(at:at:context:)``, read with a copy).
class TypedTest: @unchecked Sendable {
    // @unchecked: no stored state; subclasses keep only `let`s.

    /// The test of a residual condition for values of `type`, or `nil` when
    /// one of its predicates does not take `type` itself (it then runs
    /// through the condition's own evaluator, with casts).
    static func make(_ condition: Condition, for type: any Any.Type) -> TypedTest? {
        switch condition {
        case .always:
            return TypedCondition(.all([]))
        case .position(let test):
            return TypedCondition(.position(test))
        case .predicate(let call):
            guard let typed = call.typedTest, typed.takes(type) else { return nil }
            switch typed.body {
            case .plain(let body):
                func make<Body: TypedPredicateBody>(_ body: Body) -> TypedTest { TypedPredicateCaller<Body.Model>(body.test) }
                return make(body)
            case .contextual(let body):
                func make<Body: TypedContextualPredicateBody>(_ body: Body) -> TypedTest {
                    TypedContextualPredicateCaller<Body.Model, Body.Context>(body.test)
                }
                return make(body)
            }
        case .all(let parts), .any(let parts):
            var made: [TypedTest] = []
            for part in parts {
                guard let test = make(part, for: type) else { return nil }
                made.append(test)
            }
            if case .all = condition { return TypedCondition(.all(made)) }
            return TypedCondition(.any(made))
        case .not(let inner):
            return make(inner, for: type).map { TypedCondition(.not($0)) }
        }
    }

    /// Whether the test holds for `value`, which must be of the plan's type
    /// (`T` is that type: the caller checked its identity).
    func truth<T>(of value: T, at position: ItemPosition, context: any Sendable) -> Truth { .unknown }

    /// Whether the test holds for the value at `address`, which must hold a
    /// value of the plan's type.
    func truth(at address: UnsafeRawPointer, at position: ItemPosition, context: any Sendable) -> Truth { .unknown }
}

/// Calls a predicate that reads no render context.
///
/// Sound because it is called only with values of `Model` itself: a plan
/// makes one only for a predicate whose model type is the plan's type, and
/// hands it only a value whose type it checked by identity (an `Any`
/// opened by ``OpenedValue``, or an `Optional`'s fixed payload). With `T`
/// being `Model`, this object is a `TypedPredicateCaller<T>`, so
/// `unsafeDowncast` names its own class, and memory holding the value is
/// bound to `Model`.
final class TypedPredicateCaller<Model>: TypedTest, @unchecked Sendable {
    // @unchecked: `test` is a `let` of a `Sendable` type.
    let test: @Sendable (Model, ItemPosition) -> Bool

    init(_ test: @escaping @Sendable (Model, ItemPosition) -> Bool) {
        self.test = test
    }

    override func truth<T>(of value: T, at position: ItemPosition, context: any Sendable) -> Truth {
        assert(T.self == Model.self, "a typed predicate on \(Model.self) given a \(T.self)")
        // The value is passed where it is: the closure takes a `T`.
        return unsafeDowncast(self, to: TypedPredicateCaller<T>.self).test(value, position) ? .yes : .no
    }

    override func truth(at address: UnsafeRawPointer, at position: ItemPosition, context: any Sendable) -> Truth {
        test(address.assumingMemoryBound(to: Model.self).pointee, position) ? .yes : .no
    }
}

/// Calls a predicate that reads a render context of type `Context`:
/// `unknown` when the context is missing or of another type, as the
/// predicate's cast would answer.
///
/// Sound as ``TypedPredicateCaller`` is for the model; the context is
/// opened at its own type and handed on where it is only when that type is
/// `Context` itself (identity again), else it is cast (a subclass, or an
/// existential `Context`). No context is ``NoRenderContext``.
final class TypedContextualPredicateCaller<Model, Context>: TypedTest, @unchecked Sendable {
    // @unchecked: `test` is a `let` of a `Sendable` type.
    let test: @Sendable (Model, Context, ItemPosition) -> Bool

    init(_ test: @escaping @Sendable (Model, Context, ItemPosition) -> Bool) {
        self.test = test
    }

    override func truth<T>(of value: T, at position: ItemPosition, context: any Sendable) -> Truth {
        assert(T.self == Model.self, "a typed predicate on \(Model.self) given a \(T.self)")
        let caller = unsafeDowncast(self, to: TypedContextualPredicateCaller<T, Context>.self)
        var answer: Bool?
        func open<C>(_ given: C) {
            guard ObjectIdentifier(C.self) == ObjectIdentifier(Context.self) else { return }
            answer = unsafeDowncast(caller, to: TypedContextualPredicateCaller<T, C>.self).test(value, given, position)
        }
        _openExistential(context, do: open)
        if answer == nil { answer = caller.castingContext(value, context, at: position) }
        guard let answer else { return .unknown }
        return answer ? .yes : .no
    }

    /// The test with a context of another dynamic type than `Context`
    /// (a subclass, or a value of an existential `Context`), cast; `nil`
    /// when there is none or it does not cast. Out of line: the cast's
    /// `Optional<Context>` metadata is looked up only on this path.
    @inline(never)
    private func castingContext(_ model: Model, _ context: any Sendable, at position: ItemPosition) -> Bool? {
        guard !(context is NoRenderContext), let cast = context as? Context else { return nil }
        return test(model, cast, position)
    }

    override func truth(at address: UnsafeRawPointer, at position: ItemPosition, context: any Sendable) -> Truth {
        truth(of: address.assumingMemoryBound(to: Model.self).pointee, at: position, context: context)
    }
}

/// A condition's tree over typed predicates.
final class TypedCondition: TypedTest, @unchecked Sendable {
    // @unchecked: `shape` is a `let`, and its tests keep only `let`s.
    enum Shape {
        case position(PositionTest)
        case all([TypedTest])
        case any([TypedTest])
        case not(TypedTest)
    }

    let shape: Shape

    init(_ shape: Shape) {
        self.shape = shape
    }

    override func truth<T>(of value: T, at position: ItemPosition, context: any Sendable) -> Truth {
        combine(at: position) { $0.truth(of: value, at: position, context: context) }
    }

    override func truth(at address: UnsafeRawPointer, at position: ItemPosition, context: any Sendable) -> Truth {
        combine(at: position) { $0.truth(at: address, at: position, context: context) }
    }

    /// The tree's truth, given each part's, combined as
    /// `Condition.truth(at:_:)` combines its parts.
    private func combine(at position: ItemPosition, _ part: (TypedTest) -> Truth) -> Truth {
        switch shape {
        case .position(let test):
            return test.holds(at: position) ? .yes : .no
        case .not(let inner):
            return part(inner).negated
        case .all(let parts):
            return Truth.combining(parts, decidedBy: .no, part)
        case .any(let parts):
            return Truth.combining(parts, decidedBy: .yes, part)
        }
    }
}
