import ModelStorage

/// Which mapping shows a stored item when only its model's name is known:
/// the resolution rule applied to a catalog file's types, for a
/// configuration repository that has the app's catalog but not its code
/// (`mapping-registry diff --catalog`).
///
/// A data document names each item's model, and an item decoded from it
/// is a value of exactly that model's type; so whether a mapping's model
/// type and its view take the item is decided by the catalog's relations
/// (the same type, or one the catalog says `contains` it), and its kind,
/// sections and items decide as they do when resolving. What no catalog
/// can answer is a predicate: each is a ``PredicateQuestion``, and the
/// caller resolves once per combination of answers it wants to try.
package struct DescribedResolver {
    /// One predicate, with its argument, whose answer for an item is not
    /// known without the app's code: two mappings that call the same
    /// predicate with equal arguments ask the same question.
    package struct PredicateQuestion: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The predicate's registered name.
        package let name: String
        /// Its argument, when it takes one.
        package let argument: PredicateArgument?

        init(_ call: PredicateCall) {
            name = call.name
            argument = call.argument
        }

        /// `isVegan`, or `priceAbove(20)` with its argument as compact JSON.
        package var description: String {
            argument.map { "\(name)(\($0))" } ?? name
        }

        package static func < (lhs: PredicateQuestion, rhs: PredicateQuestion) -> Bool {
            lhs.description < rhs.description
        }
    }

    /// The most predicates asked about one item: every combination of
    /// their answers is tried, so beyond this the answer is not worked out.
    package static let questionLimit = ConditionSpace.predicateLimit

    /// The sections and items that the conditions of some registries name:
    /// two items of one model and kind at places that agree on these
    /// resolve alike, whatever else their positions are.
    package struct Places: Sendable {
        private let sections: Set<Int>
        private let items: Set<Int>

        /// The places the conditions of `registries` tell apart.
        package init(_ registries: [MappingRegistry]) {
            let conditions = registries.flatMap(\.mappings).map(\.compiled.condition)
            sections = conditions.reduce(into: []) { $0.formUnion($1.named(.section)) }
            items = conditions.reduce(into: []) { $0.formUnion($1.named(.item)) }
        }

        /// The place that stands for `position`: its section and item where
        /// a condition names them, else a section (item) no condition names.
        package func representative(of position: ItemPosition) -> ItemPosition {
            ItemPosition(
                item: items.contains(position.item) ? position.item : ConditionSpace.unnamedItem,
                section: sections.contains(position.section) ? position.section : ConditionSpace.unnamedSection
            )
        }
    }

    /// The plugins the registries were loaded with: the catalog file's, so
    /// each model name has its described type.
    private let plugins: PluginCatalog

    /// A resolver for registries loaded with `plugins`.
    ///
    /// - Parameter plugins: A catalog rebuilt from a catalog file (``PluginCatalog/init(described:)``).
    package init(plugins: PluginCatalog) {
        self.plugins = plugins
    }

    /// The predicates whose answers can change which mapping of `registry`
    /// shows an item of a model at a place: those left in the conditions of
    /// the mappings of the kind whose types take the model and whose
    /// sections and items do not already rule them out.
    ///
    /// - Parameters:
    ///   - registry: Mappings loaded with this resolver's plugins.
    ///   - model: The item's model name; `nil` for a `null` item (nothing to ask).
    ///   - position: Where it is stored.
    ///   - kind: The kind of place.
    /// - Returns: The questions, sorted by name.
    package func questions(in registry: MappingRegistry, model: String?, at position: ItemPosition, kind: ViewKind) -> [PredicateQuestion] {
        var questions: Set<PredicateQuestion> = []
        for mapping in candidates(in: registry, model: model, kind: kind) where mapping.condition.truth(at: position) == .unknown {
            for call in mapping.condition.residual(at: position).predicateCalls {
                questions.insert(PredicateQuestion(call))
            }
        }
        return questions.sorted()
    }

    /// Resolves an item known by its model's name, with the given
    /// predicates holding and every other one not: the rule of
    /// ``MappingRegistry/resolve(_:at:kind:context:)``, with the catalog's
    /// type relations in place of a value.
    ///
    /// - Parameters:
    ///   - registry: Mappings loaded with this resolver's plugins.
    ///   - model: The item's model name; `nil` for a `null` item (`nil-model`).
    ///   - position: Where it is stored.
    ///   - kind: The kind of place.
    ///   - holding: The predicates that hold for the item.
    /// - Returns: The mapping, or the diagnostic of the failure; the
    ///   diagnostic names the model, not a value, and not the position
    ///   (the caller has it), so one answer serves every item of a
    ///   ``Places`` representative.
    package func resolve(
        in registry: MappingRegistry,
        model: String?,
        at position: ItemPosition,
        kind: ViewKind,
        holding: Set<PredicateQuestion>
    ) -> Resolution {
        guard let model else { return .missing(.nilModel(at: position, kind: kind)) }
        let answers = Answers(holding: holding)
        var top = Int.min
        var winners: [CompiledMapping] = []
        for mapping in candidates(in: registry, model: model, kind: kind)
        where mapping.condition.truth(at: position, answers) == .yes {
            if winners.isEmpty || mapping.priority > top {
                top = mapping.priority
                winners = [mapping]
            } else if mapping.priority == top {
                winners.append(mapping)
            }
        }
        switch winners.count {
        case 0:
            return .missing(Diagnostic(
                severity: .error,
                code: .missingMapping,
                message: "no \(kind) mapping applies to model '\(model)'",
                position: position
            ))
        case 1:
            return .resolved(registry.mappings[winners[0].index])
        default:
            let names = winners.map(\.namedForMessage).joined(separator: ", ")
            return .ambiguous(winners.map { registry.mappings[$0.index] }, Diagnostic(
                severity: .error,
                code: .ambiguousMapping,
                message: "\(winners.count) \(kind) mappings apply to model '\(model)' with priority \(top): \(names); give one a higher priority or a narrower condition",
                location: winners[0].location,
                position: position
            ))
        }
    }

    /// The mappings of a kind whose model type and view both take every
    /// value of the model's type, as the catalog relates them.
    private func candidates(in registry: MappingRegistry, model: String?, kind: ViewKind) -> [CompiledMapping] {
        guard let model, let type = plugins.models[model]?.type,
              let slot = registry.reference.kindSlots.slot(of: kind) else { return [] }
        return registry.reference.mappingsByKind[slot].filter { mapping in
            mapping.model.type.contains(type) && mapping.view.model.contains(type)
        }
    }

    /// The answers of one combination: the predicates given hold, the others do not.
    private struct Answers: PredicateAnswers {
        let holding: Set<PredicateQuestion>

        func truth(of call: PredicateCall) -> Truth {
            holding.contains(PredicateQuestion(call)) ? .yes : .no
        }
    }
}

extension PluginCatalog {
    /// The catalog with each `Decodable` model creating a stand-in value
    /// rather than refusing: what reading a data document needs to learn
    /// each item's model name, kind and place when the values cannot be
    /// made (a catalog rebuilt from a file). The stand-ins are accepted by
    /// no type; ``DescribedResolver`` decides by the model's name instead.
    package var standingInForValues: PluginCatalog {
        var copy = self
        for (name, model) in models where model.decode != nil {
            copy.models[name] = ModelPlugin(name: name, type: model.type, decode: { _ in StandIn(model: name) })
        }
        return copy
    }

    /// A value that stands for one whose type only a catalog file describes.
    private struct StandIn: Sendable {
        let model: String
    }
}
