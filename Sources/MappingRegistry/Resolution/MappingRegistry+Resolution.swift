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
    /// The answer for a dynamic type is prepared once, the first time the
    /// type is seen, so resolving costs a table lookup plus the conditions
    /// that can still decide.
    ///
    /// - Parameters:
    ///   - model: The stored model, possibly wrapped in optionals.
    ///   - position: Where it is stored.
    ///   - kind: The kind of view wanted. Default ``ViewKind/cell``.
    /// - Returns: The outcome; never traps.
    public func resolve(_ model: Any, at position: ItemPosition, kind: ViewKind = .cell) -> Resolution {
        guard let slot = slot(of: kind) else {
            guard let value = unwrapOptionals(model) else { return .missing(.nilModel(at: position, kind: kind)) }
            return .missing(missingDiagnostic(value, at: position, kind: kind, slot: nil))
        }
        let plan = plan(forTypeOf: model, slot: slot)
        if let winner = plan.alwaysResolvesTo {
            return .resolved(compiled[winner].mapping)
        }
        if plan.unwrapsOptional {
            guard let value = unwrapOptionals(model) else { return .missing(.nilModel(at: position, kind: kind)) }
            return resolve(value, plan: self.plan(forTypeOf: value, slot: slot), at: position, kind: kind, slot: slot)
        }
        return resolve(model, plan: plan, at: position, kind: kind, slot: slot)
    }

    /// Resolves a value that is not an `Optional`, with its plan.
    private func resolve(_ value: Any, plan: ResolutionPlan, at position: ItemPosition, kind: ViewKind, slot: Int) -> Resolution {
        if let winner = plan.alwaysResolvesTo {
            return .resolved(compiled[winner].mapping)
        }
        let levels = plan.checksEveryValue
            ? ResolutionPlan.levels(for: mappingsByKind[slot].filter { compiled[$0].accepts(value) }, in: compiled)
            : plan.levels
        for level in levels {
            var winner: Int?
            var tied: [Int] = []
            for index in level.unconditional {
                note(index, winner: &winner, tied: &tied)
            }
            for index in level.conditional where compiled[index].conditionHolds(value, at: position) {
                note(index, winner: &winner, tied: &tied)
            }
            if let winner {
                guard !tied.isEmpty else { return .resolved(compiled[winner].mapping) }
                let all = [winner] + tied
                return .ambiguous(all.map { compiled[$0].mapping }, ambiguousDiagnostic(value, all, at: position, kind: kind))
            }
        }
        return .missing(missingDiagnostic(value, at: position, kind: kind, slot: slot))
    }

    @inline(__always)
    private func note(_ index: Int, winner: inout Int?, tied: inout [Int]) {
        if winner == nil { winner = index } else { tied.append(index) }
    }

    /// The slot of a kind in the cache key, or `nil` when no mapping has that kind.
    @inline(__always)
    func slot(of kind: ViewKind) -> Int? {
        for index in kinds.indices where kinds[index] == kind { return index }
        return nil
    }

    /// The plan for the dynamic type of a value, built on first sight.
    func plan(forTypeOf value: Any, slot: Int) -> ResolutionPlan {
        let type = Swift.type(of: value)
        return cache.plan(for: .init(type: ObjectIdentifier(type), kind: slot)) {
            buildPlan(for: value, type: type, slot: slot)
        }
    }

    private func buildPlan(for value: Any, type: any Any.Type, slot: Int) -> ResolutionPlan {
        if value is any OptionalUnwrapping {
            return ResolutionPlan(unwrapsOptional: true, checksEveryValue: false, levels: [])
        }
        guard TypeMatching.isDecidedByType(type) else {
            return ResolutionPlan(unwrapsOptional: false, checksEveryValue: true, levels: [])
        }
        let candidates = mappingsByKind[slot].filter { compiled[$0].accepts(value) }
        return ResolutionPlan(
            unwrapsOptional: false,
            checksEveryValue: false,
            levels: ResolutionPlan.levels(for: candidates, in: compiled)
        )
    }

    // MARK: - Diagnostics

    private func missingDiagnostic(_ value: Any, at position: ItemPosition, kind: ViewKind, slot: Int?) -> Diagnostic {
        let typeName = String(describing: Swift.type(of: value))
        let place = Self.describe(position, kind: kind)
        guard let slot else {
            return Diagnostic(
                severity: .error,
                code: "missing-mapping",
                message: "no \(kind) mapping for '\(typeName)' \(place): \(source) has no mappings of kind '\(kind)'",
                position: position
            )
        }
        let reasons = mappingsByKind[slot].compactMap { compiled[$0].reasonForNotApplying(to: value, at: position) }
        return Diagnostic(
            severity: .error,
            code: "missing-mapping",
            message: "no \(kind) mapping for '\(typeName)' \(place): " + reasons.joined(separator: "; "),
            position: position
        )
    }

    private func ambiguousDiagnostic(_ value: Any, _ indexes: [Int], at position: ItemPosition, kind: ViewKind) -> Diagnostic {
        let typeName = String(describing: Swift.type(of: value))
        let first = compiled[indexes[0]]
        let names = indexes.map { "'\(compiled[$0].mapping.view)' (\(compiled[$0].location))" }
        return Diagnostic(
            severity: .error,
            code: "ambiguous-mapping",
            message: "\(indexes.count) \(kind) mappings apply to '\(typeName)' \(Self.describe(position, kind: kind)) with priority \(first.mapping.priority): \(names.joined(separator: ", ")); give one a higher priority or a narrower condition",
            location: first.location,
            position: position
        )
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
            code: "nil-model",
            message: "the \(kind) model \(MappingRegistry.describe(position, kind: kind)) is nil; store a value or remove the entry",
            position: position
        )
    }
}
