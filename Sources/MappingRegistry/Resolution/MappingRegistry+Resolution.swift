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
    /// - Parameters:
    ///   - model: The stored model, possibly wrapped in optionals.
    ///   - position: Where it is stored.
    ///   - kind: The kind of view wanted. Default ``ViewKind/cell``.
    /// - Returns: The outcome; never traps.
    public func resolve(_ model: Any, at position: ItemPosition, kind: ViewKind = .cell) -> Resolution {
        guard let slot = slot(of: kind) else {
            return resolution(of: unwrapOptionals(model).map(Outcome.missing) ?? .nilModel, at: position, kind: kind)
        }
        // The resolved case is answered here; handing every outcome to
        // `resolution(of:)` copies it, 353 → 441 instructions per resolve of
        // workload (a) by callgrind (378 even with `consuming`).
        switch outcome(model, at: position, slot: slot, keepsValue: false) {
        case .resolved(let index), .resolvedUnwrapped(let index, _):
            return .resolved(mappings[index])
        case let failure:
            return resolution(of: failure, at: position, kind: kind)
        }
    }

    /// The public answer for an outcome: the mapping, or the diagnostic
    /// that explains the failure (built only then).
    private func resolution(of outcome: Outcome, at position: ItemPosition, kind: ViewKind) -> Resolution {
        switch outcome {
        case .resolved(let index), .resolvedUnwrapped(let index, _):
            .resolved(mappings[index])
        case .nilModel:
            .missing(.nilModel(at: position, kind: kind))
        case .missing(let value):
            .missing(missingDiagnostic(value, at: position, kind: kind))
        case .ambiguous(let indexes, let value):
            .ambiguous(indexes.map { mappings[$0] }, ambiguousDiagnostic(value, indexes, at: position, kind: kind))
        }
    }

    /// What resolving found, by index into ``mappings``; diagnostics are
    /// built only by callers that need them.
    enum Outcome {
        /// The model itself (not an Optional) resolved to this mapping.
        case resolved(Int)
        /// The model was an Optional; its wrapped value resolved to this mapping.
        case resolvedUnwrapped(Int, Any)
        case nilModel
        /// No mapping applies to the (unwrapped) value.
        case missing(Any)
        /// Several mappings of the highest applying priority; the (unwrapped) value.
        case ambiguous([Int], Any)
    }

    /// Resolves to an index: the hot path of the renderers.
    @inline(__always)
    func outcome(_ model: Any, at position: ItemPosition, kind: ViewKind) -> Outcome {
        guard let slot = slot(of: kind) else {
            guard let value = unwrapOptionals(model) else { return .nilModel }
            return .missing(value)
        }
        return outcome(model, at: position, slot: slot, keepsValue: true)
    }

    /// Resolves a model for a kind slot: one lock-free lookup of its type,
    /// then the plan's candidates for its section.
    ///
    /// - Parameter keepsValue: Whether a resolved `Optional`'s wrapped value
    ///   is wanted (to render it); without it, an `Optional` of a type that
    ///   always resolves to one mapping is decided without unwrapping it.
    @inline(__always)
    private func outcome(_ model: Any, at position: ItemPosition, slot: Int, keepsValue: Bool) -> Outcome {
        let dynamicType = Swift.type(of: model)
        let type = ResolutionCache.key(dynamicType)
        let entry = cache.lookUp(type, slot: slot)
            ?? cache.entry(type, slot: slot, dynamicType: dynamicType) { buildPlan(for: model, slot: slot) }
        if let winner = entry.winner { return .resolved(winner) }
        if entry.isOptional {
            return entry.withUnwrapper { unwrapper in
                if !keepsValue, let wrapped = unwrapper.fixedWrappedType,
                   let winner = cache.lookUp(wrapped, slot: slot)?.winner {
                    // The payload's type is known and always resolves to one
                    // mapping: only whether there is a payload matters.
                    return unwrapper.isNone(model) ? .nilModel : .resolved(winner)
                }
                return outcomeOfWrapped(model, at: position, slot: slot, unwrapper: unwrapper)
            }
        }
        return entry.withPlan { plan in evaluate(plan, model, at: position, slot: slot) }
    }

    /// Unwraps through the type's cached unwrapper, then resolves the
    /// wrapped value (which may be an `Optional` inside an `Any`).
    private func outcomeOfWrapped(_ model: Any, at position: ItemPosition, slot: Int, unwrapper: OptionalUnwrapper) -> Outcome {
        guard let value = unwrapper.unwrap(model) else { return .nilModel }
        let result = outcome(value, at: position, slot: slot, keepsValue: true)
        if case .resolved(let index) = result { return .resolvedUnwrapped(index, value) }
        return result
    }

    /// Applies a plan to a value that is not an `Optional`.
    private func evaluate(_ plan: ResolutionPlan, _ value: Any, at position: ItemPosition, slot: Int) -> Outcome {
        if plan.checksEveryValue { return evaluateEveryMapping(value, at: position, slot: slot) }
        let set = plan.candidatesBySlot.isEmpty ? 0 : Int(plan.candidatesBySlot[sectionSlots.slot(of: position.section)])
        let winner = plan.winners[set]
        if winner >= 0 { return .resolved(Int(winner)) }
        // Reads the candidates in place, as plain integers.
        return plan.entries.withUnsafeBufferPointer { entries in
            var cursor = Int(plan.setStarts[set])
            let levelCount = Int(entries[cursor])
            cursor += 1
            for _ in 0..<levelCount {
                let definiteCount = Int(entries[cursor]), predicatedCount = Int(entries[cursor + 1])
                let definite = cursor + 2, predicated = definite + definiteCount
                cursor = predicated + 2 * predicatedCount
                var count = definiteCount
                var found = definiteCount > 0 ? Int(entries[definite]) : -1
                for offset in stride(from: predicated, to: cursor, by: 2) where plan.holds(Int(entries[offset + 1]), value, at: position) {
                    count += 1
                    if found < 0 { found = Int(entries[offset]) }
                }
                if count == 1 { return .resolved(found) }
                if count > 1 {
                    // Ambiguous: the rare path may allocate.
                    var tied = (definite..<predicated).map { Int(entries[$0]) }
                    for offset in stride(from: predicated, to: cursor, by: 2) where plan.holds(Int(entries[offset + 1]), value, at: position) {
                        tied.append(Int(entries[offset]))
                    }
                    return .ambiguous(tied.sorted(), value)
                }
            }
            return .missing(value)
        }
    }

    /// For types whose casts depend on the value: tests every mapping of the kind.
    ///
    /// One pass finds the highest applying priority and how many mappings
    /// share it, without allocating; only a tie lists them, in a second pass.
    private func evaluateEveryMapping(_ value: Any, at position: ItemPosition, slot: Int) -> Outcome {
        func applies(_ mapping: CheckedMapping) -> Bool {
            mapping.accepts(value) && mapping.condition.holds(value, at: position)
        }
        var top = Int.min, first = -1, count = 0
        for index in mappingsByKind[slot] where applies(checked[index]) {
            let priority = checked[index].mapping.priority
            if count == 0 || priority > top {
                (top, first, count) = (priority, index, 1)
            } else if priority == top {
                count += 1
            }
        }
        switch count {
        case 0: return .missing(value)
        case 1: return .resolved(first)
        default:
            // Ambiguous: the rare path may allocate.
            let tied = mappingsByKind[slot].filter { checked[$0].mapping.priority == top && applies(checked[$0]) }
            return .ambiguous(tied, value)
        }
    }

    /// The slot of a kind in the cache, or `nil` when no mapping has that kind.
    @inline(__always)
    func slot(of kind: ViewKind) -> Int? {
        // A few kinds (cell, header, footer, a custom one or two): comparing
        // short strings beats hashing. Many kinds: the dictionary.
        guard kinds.count > 8 else {
            for index in kinds.indices where kinds[index] == kind { return index }
            return nil
        }
        return kindSlots[kind]
    }

    private func buildPlan(for value: Any, slot: Int) -> ResolutionPlan {
        guard TypeMatching.isDecidedByType(Swift.type(of: value)) else { return .perValue }
        let accepting = mappingsByKind[slot].filter { checked[$0].accepts(value) }
        return ResolutionPlan(accepting: accepting, in: checked, sections: sectionSlots)
    }

    /// Resolves by testing every mapping of the kind against the value, with
    /// no cache: the reference the cached path must always agree with.
    func resolveWithoutCache(_ model: Any, at position: ItemPosition, kind: ViewKind = .cell) -> Resolution {
        guard let value = unwrapOptionals(model) else { return resolution(of: .nilModel, at: position, kind: kind) }
        let outcome = slot(of: kind).map { evaluateEveryMapping(value, at: position, slot: $0) } ?? .missing(value)
        return resolution(of: outcome, at: position, kind: kind)
    }

    // MARK: - Diagnostics

    func missingDiagnostic(_ value: Any, at position: ItemPosition, kind: ViewKind) -> Diagnostic {
        let typeName = String(describing: Swift.type(of: value))
        let place = Self.describe(position, kind: kind)
        guard let slot = slot(of: kind) else {
            // A kind one typo away from a declared one (`heder`, `baner`) is
            // most likely that kind, misspelt in the mappings or the data.
            let near = Suggestion.closest(to: kind.rawValue, in: kindSlots.keys.map(\.rawValue))
                .map { "; it has mappings of kind '\($0)': a typo in the mappings or in the data?" } ?? ""
            return Diagnostic(
                severity: .error,
                code: .missingMapping,
                message: "no \(kind) mapping for '\(typeName)' \(place): \(sourceDescription) has no mappings of kind '\(kind)'\(near)",
                position: position
            )
        }
        let reasons = mappingsByKind[slot].compactMap { reasonForNotApplying(checked[$0], to: value, at: position) }
        return Diagnostic(
            severity: .error,
            code: .missingMapping,
            message: "no \(kind) mapping for '\(typeName)' \(place): " + reasons.joined(separator: "; "),
            position: position
        )
    }

    func ambiguousDiagnostic(_ value: Any, _ indexes: [Int], at position: ItemPosition, kind: ViewKind) -> Diagnostic {
        let typeName = String(describing: Swift.type(of: value))
        let first = checked[indexes[0]]
        let names = indexes.map { "'\(checked[$0].mapping.view)' (\(checked[$0].mapping.location))" }
        return Diagnostic(
            severity: .error,
            code: .ambiguousMapping,
            message: "\(indexes.count) \(kind) mappings apply to '\(typeName)' \(Self.describe(position, kind: kind)) with priority \(first.mapping.priority): \(names.joined(separator: ", ")); give one a higher priority or a narrower condition",
            location: first.mapping.location,
            position: position
        )
    }

    /// Why a mapping does not apply to a value at a position, or `nil` when it does.
    func reasonForNotApplying(_ candidate: CheckedMapping, to value: Any, at position: ItemPosition) -> String? {
        let mapping = candidate.mapping
        let name = "'\(mapping.view)' (\(mapping.location))"
        if !candidate.model.accepts(value) { return "\(name) wants model '\(mapping.model)'" }
        if !candidate.view.model.accepts(value) { return "\(name): the view takes '\(candidate.view.model.name)'" }
        guard let reason = candidate.condition.reasonForFailing(value, at: position, written: mapping.condition) else { return nil }
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
