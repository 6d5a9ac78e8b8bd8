import ModelStorage

extension MappingRegistry {
    /// Finds the one mapping that shows a model at a position.
    ///
    /// The rules, in order:
    /// 1. Optionals are unwrapped at any depth; `nil` gives `nil-model`.
    /// 2. Candidates are the mappings of `kind` whose model type takes the
    ///    value (exact type, subclass, conforming type), whose view takes
    ///    it, and whose condition holds at `position`.
    /// 3. Of the candidates, those with the highest priority remain. One
    ///    gives ``Resolution/resolved(_:)``; none gives `missing-mapping`,
    ///    saying for each mapping of the kind why it did not apply; several
    ///    give `ambiguous-mapping`, naming each of them.
    ///
    /// Supplementary models (headers, footers, custom kinds) resolve at
    /// `ItemPosition(item: 0, section: s)`.
    ///
    /// The candidates for a dynamic type are worked out once, the first
    /// time the type is seen; after that, resolving costs one lock-free
    /// table lookup plus the conditions that can still decide, whatever
    /// the number of mappings.
    ///
    /// Predicates registered with a context type
    /// (``PluginCatalog/register(predicate:for:context:excludes:filePath:line:_:)``)
    /// are given `context`; when which mapping applies depends on one and
    /// `context` is `nil` or of another type, the item fails with
    /// `missing-context`. Without a context, resolving costs nothing extra.
    ///
    /// ```swift
    /// let resolution = registry.resolve(post, at: position, context: FeedSettings(mutedAuthors: muted))
    /// ```
    ///
    /// - Parameters:
    ///   - model: The stored model, possibly wrapped in optionals.
    ///   - position: Where it is stored.
    ///   - kind: The kind of view wanted. Default ``ViewKind/cell``.
    ///   - context: The app's state that context-reading predicates are given. Default: none.
    /// - Returns: The outcome; never traps.
    @inlinable
    public func resolve(_ model: Any, at position: ItemPosition, kind: ViewKind = .cell, context: (any Sendable)? = nil) -> Resolution {
        // Inlined into the caller, so that a call passing no context drops
        // this test and the `nil` with it: an `(any Sendable)?` argument,
        // even a `nil` default, otherwise costs the caller a copy and a
        // destroy through the runtime's value witnesses, more than a cached
        // resolve itself. `== nil` reads only the tag: `if let` would copy
        // the existential out and destroy it.
        if context == nil { return resolve(model, at: position, kind: kind) }
        return resolve(model, at: position, kind: kind, given: context)
    }

    /// ``resolve(_:at:kind:context:)`` without a context: what a call that
    /// passes none runs, once that function is inlined into it.
    @usableFromInline
    func resolve(_ model: Any, at position: ItemPosition, kind: ViewKind) -> Resolution {
        resolve(model, at: position, kind: kind, NoContext())
    }

    /// ``resolve(_:at:kind:context:)`` with a context.
    @usableFromInline
    func resolve(_ model: Any, at position: ItemPosition, kind: ViewKind, given context: (any Sendable)?) -> Resolution {
        resolve(model, at: position, kind: kind, context)
    }

    @inline(__always)
    private func resolve<Source: ContextSource>(_ model: Any, at position: ItemPosition, kind: ViewKind, _ source: Source) -> Resolution {
        resolve(model, at: position, kind: kind, source, by: resolver)
    }

    /// Resolves through one resolver of the seam; the contract tests call
    /// it with each, to compare their answers.
    @inline(__always)
    func resolve<Source: ContextSource>(_ model: Any, at position: ItemPosition, kind: ViewKind, _ source: Source, by resolver: some Resolver) -> Resolution {
        // The resolved case is answered here, without handing the outcome
        // on: copying it costs more than the rest of a cached resolve.
        switch resolver.outcome(model, at: position, kind: kind, keepsValue: false, source) {
        case .resolved(let index), .resolvedUnwrapped(let index, _):
            return .resolved(resolver.mapping(at: index))
        case let failure:
            return resolution(of: failure, at: position, kind: kind, source)
        }
    }

    /// The public answer for an outcome: the mapping, or the diagnostic
    /// that explains the failure (built only then).
    private func resolution<Source: ContextSource>(of outcome: Outcome, at position: ItemPosition, kind: ViewKind, _ source: Source) -> Resolution {
        switch outcome {
        case .resolved(let index), .resolvedUnwrapped(let index, _):
            return .resolved(mappings[index])
        case .ambiguous(let indexes, _):
            return .ambiguous(indexes.map { mappings[$0] }, diagnostic(for: outcome, at: position, kind: kind, source))
        default:
            return .missing(diagnostic(for: outcome, at: position, kind: kind, source))
        }
    }

    /// The diagnostic of a failed outcome: `nil-model`, `missing-mapping`,
    /// `ambiguous-mapping` or `missing-context`. (A resolved outcome has
    /// none; asked anyway, it says `missing-mapping` rather than trap.)
    func diagnostic<Source: ContextSource>(for outcome: Outcome, at position: ItemPosition, kind: ViewKind, _ source: Source) -> Diagnostic {
        switch outcome {
        case .nilModel:
            .nilModel(at: position, kind: kind)
        case .missing(let value):
            missingDiagnostic(value, at: position, kind: kind, source)
        case .resolved, .resolvedUnwrapped:
            Diagnostic(severity: .error, code: .missingMapping, message: "the \(kind) \(Self.describe(position, kind: kind)) resolved; nothing failed", position: position)
        case .ambiguous(let indexes, let value):
            ambiguousDiagnostic(value, indexes, at: position, kind: kind)
        case .missingContext(let index, let value):
            .missingContext(mappings[index], value: value, given: source.context, at: position, kind: kind)
        }
    }

    /// Resolves to an index through the seam, keeping an `Optional`'s
    /// wrapped value: what events and a failed render's diagnostic ask.
    @inline(__always)
    func outcome<Source: ContextSource>(_ model: Any, at position: ItemPosition, kind: ViewKind, _ source: Source) -> Outcome {
        resolver.outcome(model, at: position, kind: kind, keepsValue: true, source)
    }

    /// Mapping `index` as the resolver hands it out (a copy per thread,
    /// through the index).
    @inline(__always)
    func mapping(at index: Int) -> Mapping {
        resolver.mapping(at: index)
    }

    // MARK: - Diagnostics

    func missingDiagnostic<Source: ContextSource>(_ value: Any, at position: ItemPosition, kind: ViewKind, _ source: Source) -> Diagnostic {
        let typeName = String(describing: Swift.type(of: value))
        let place = Self.describe(position, kind: kind)
        guard let slot = reference.kindSlots.slot(of: kind) else {
            // A kind one typo away from a declared one (`heder`, `baner`) is
            // most likely that kind, misspelt in the mappings or the data.
            let near = Suggestion.closest(to: kind.rawValue, in: reference.kinds.map(\.rawValue))
                .map { "; it has mappings of kind '\($0)': a typo in the mappings or in the data?" } ?? ""
            return Diagnostic(
                severity: .error,
                code: .missingMapping,
                message: "no \(kind) mapping for '\(typeName)' \(place): \(sourceDescription) has no mappings of kind '\(kind)'\(near)",
                position: position
            )
        }
        let reasons = reference.mappingsByKind[slot].compactMap { reasonForNotApplying($0, to: value, at: position, source) }
        return Diagnostic(
            severity: .error,
            code: .missingMapping,
            message: "no \(kind) mapping for '\(typeName)' \(place): " + reasons.joined(separator: "; "),
            position: position
        )
    }

    func ambiguousDiagnostic(_ value: Any, _ indexes: [Int], at position: ItemPosition, kind: ViewKind) -> Diagnostic {
        let typeName = String(describing: Swift.type(of: value))
        let first = mappings[indexes[0]].compiled
        let names = indexes.map { mappings[$0].compiled.namedForMessage }
        return Diagnostic(
            severity: .error,
            code: .ambiguousMapping,
            message: "\(indexes.count) \(kind) mappings apply to '\(typeName)' \(Self.describe(position, kind: kind)) with priority \(first.priority): \(names.joined(separator: ", ")); give one a higher priority or a narrower condition",
            location: first.location,
            position: position
        )
    }

    /// Why a mapping does not apply to a value at a position, or `nil` when it does.
    /// The reason starts with `name`: by default the mapping's view and
    /// location as loaded (a report passes its own, stable name).
    func reasonForNotApplying<Source: ContextSource>(_ mapping: CompiledMapping, to value: Any, at position: ItemPosition, _ source: Source, named name: String? = nil) -> String? {
        let name = name ?? mapping.namedForMessage
        if !mapping.model.type.accepts(value) { return "\(name) wants model '\(mapping.model.name)'" }
        if !mapping.view.model.accepts(value) { return "\(name): the view takes '\(mapping.view.model.name)'" }
        guard let reason = mapping.condition.reasonForFailing(value, at: position, source) else { return nil }
        return reason.hasPrefix("requires") ? "\(name) \(reason)" : "\(name): \(reason)"
    }

    /// `at section 1, item 4` for cells, `in section 1` for supplementary kinds.
    static func describe(_ position: ItemPosition, kind: ViewKind) -> String {
        kind == .cell ? "at \(position)" : "in section \(position.section)"
    }
}

extension Diagnostic {
    static func nilModel(at position: ItemPosition, kind: ViewKind) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .nilModel,
            message: "the \(kind) model \(MappingRegistry.describe(position, kind: kind)) is nil; store a value or remove the entry",
            position: position
        )
    }
}

extension Diagnostic {
    /// `missing-context`: a mapping's predicate reads a render context, and
    /// the item was resolved without one of its type.
    static func missingContext(_ mapping: Mapping, value: Any, given: (any Sendable)?, at position: ItemPosition, kind: ViewKind) -> Diagnostic {
        // The predicate that was not given its context: one whose context
        // type is not the given value's (a predicate given its context answered).
        let givenType = given.map { String(describing: Swift.type(of: $0)) }
        let reading = mapping.compiled.condition.predicateCalls.filter { $0.contextType != nil }
        let call = reading.first { $0.contextType != givenType } ?? reading.first
        let predicate = call.map { "predicate '\($0.name)'" } ?? "a predicate"
        let type = call?.contextType ?? "its context type"
        let found = given.map { "a '\(String(describing: Swift.type(of: $0)))'" } ?? "none"
        return Diagnostic(
            severity: .error,
            code: .missingContext,
            message: "\(predicate) of \(mapping.compiled.namedForMessage) reads a render context of type '\(type)', and was given \(found) "
                + "for '\(String(describing: Swift.type(of: value)))' \(MappingRegistry.describe(position, kind: kind)); pass context: a '\(type)'",
            location: mapping.location,
            position: position
        )
    }
}
