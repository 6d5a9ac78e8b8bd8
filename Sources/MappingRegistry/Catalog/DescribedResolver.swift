import ModelStorage

/// Which mapping shows a stored item when only its model's name is known:
/// the resolution rule applied to a catalog file's types, for a
/// configuration repository that has the app's catalog but not its code
/// (`mapping-registry diff --catalog`).
///
/// A data document names each item's model, and an item decoded from it
/// is a value of exactly that model's type; so whether a mapping's model
/// type and its view take the item is decided by the catalog's relations
/// (the same type, or one the catalog says `contains` it; neither, where
/// the catalog says the two cannot share a value), and its kind, sections
/// and items decide as they do when resolving. What no catalog can answer
/// is a ``Question``: a predicate, or whether the item's type is a value of
/// a protocol the catalog says only that it may share a value with
/// (conformance is known only from a value, never when the catalog is
/// written); the caller resolves once per combination of answers it
/// wants to try.
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

    /// Whether every item of a model is a value of another type, where the
    /// catalog says only that the two may share a value: a concrete type
    /// and a protocol (or another type whose relations are not decided
    /// when the catalog is written). Equal when they name the same two types.
    package struct TypeQuestion: Hashable, Sendable, CustomStringConvertible {
        /// The item's model type.
        let model: ModelType
        /// The type it may or may not be a value of.
        let type: ModelType

        /// `'Side' is a 'Food'`.
        package var description: String { "'\(model.name)' is a '\(type.name)'" }
        /// `'Side' is not a 'Food'`.
        package var denial: String { "'\(model.name)' is not a '\(type.name)'" }

        package static func == (lhs: TypeQuestion, rhs: TypeQuestion) -> Bool {
            lhs.model.id == rhs.model.id && lhs.type.id == rhs.type.id
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(model.id)
            hasher.combine(type.id)
        }
    }

    /// Something whose answer for an item decides which mapping shows it,
    /// and that the catalog cannot answer.
    package enum Question: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// A predicate the mappings call.
        case predicate(PredicateQuestion)
        /// A type relation the catalog leaves open.
        case type(TypeQuestion)

        /// `isVegan`, `priceAbove(20)`, `'Side' is a 'Food'`: how it reads when it holds.
        package var description: String {
            switch self {
            case let .predicate(question): question.description
            case let .type(question): question.description
            }
        }

        /// How a type relation reads when it does not hold
        /// (`'Side' is not a 'Food'`); `nil` for a predicate.
        package var denial: String? {
            switch self {
            case .predicate: nil
            case let .type(question): question.denial
            }
        }

        /// Predicates first, then type relations, each by how they read.
        package static func < (lhs: Question, rhs: Question) -> Bool {
            (lhs.denial != nil ? 1 : 0, lhs.description) < (rhs.denial != nil ? 1 : 0, rhs.description)
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

    /// The questions whose answers can change which mapping of `registry`
    /// shows an item of a model at a place: the type relations the catalog
    /// leaves open between the model and the mappings of the kind whose
    /// conditions do not already rule them out there, and the predicates
    /// left in the conditions of those mappings (whose sections and items
    /// do not decide them).
    ///
    /// - Parameters:
    ///   - registry: Mappings loaded with this resolver's plugins.
    ///   - model: The item's model name; `nil` for a `null` item (nothing to ask).
    ///   - position: Where it is stored.
    ///   - kind: The kind of place.
    /// - Returns: The questions, sorted: predicates, then type relations.
    package func questions(in registry: MappingRegistry, model: String?, at position: ItemPosition, kind: ViewKind) -> [Question] {
        var questions: Set<Question> = []
        for candidate in candidates(in: registry, model: model, kind: kind) {
            let truth = candidate.mapping.condition.truth(at: position)
            guard truth != .no else { continue }
            questions.formUnion(candidate.relations.map(Question.type))
            guard truth == .unknown else { continue }
            for call in candidate.mapping.condition.residual(at: position).predicateCalls {
                questions.insert(.predicate(PredicateQuestion(call)))
            }
        }
        return questions.sorted()
    }

    /// Whether some item could answer `questions` so: no type relation
    /// holds while one it implies does not (an item that is a `Dish` is an
    /// `Any` too, and one that is a `Food` is every protocol `Food` refines
    /// that the catalog says contains it).
    ///
    /// - Parameters:
    ///   - holding: The questions that hold; the others in `questions` do not.
    ///   - questions: The questions asked.
    package func isPossible(_ holding: Set<Question>, among questions: [Question]) -> Bool {
        for case let .type(held) in holding {
            for case let .type(other) in questions where other.model.id == held.model.id && !holding.contains(.type(other)) {
                if other.type.contains(held.type) { return false }
            }
        }
        return true
    }

    /// Resolves an item known by its model's name, with the given
    /// questions holding and every other one not: the rule of
    /// ``MappingRegistry/resolve(_:at:kind:context:)``, with the catalog's
    /// type relations in place of a value.
    ///
    /// - Parameters:
    ///   - registry: Mappings loaded with this resolver's plugins.
    ///   - model: The item's model name; `nil` for a `null` item (`nil-model`).
    ///   - position: Where it is stored.
    ///   - kind: The kind of place.
    ///   - holding: The questions that hold for the item: predicates, and
    ///     type relations the catalog leaves open.
    /// - Returns: The mapping, or the diagnostic of the failure; the
    ///   diagnostic names the model, not a value, and not the position
    ///   (the caller has it), so one answer serves every item of a
    ///   ``Places`` representative.
    package func resolve(
        in registry: MappingRegistry,
        model: String?,
        at position: ItemPosition,
        kind: ViewKind,
        holding: Set<Question>
    ) -> Resolution {
        guard let model else { return .missing(.nilModel(at: position, kind: kind)) }
        let answers = Answers(holding: holding)
        var top = Int.min
        var winners: [CompiledMapping] = []
        for (mapping, relations) in candidates(in: registry, model: model, kind: kind)
        where relations.allSatisfy({ holding.contains(.type($0)) }) && mapping.condition.truth(at: position, answers) == .yes {
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

    /// The mappings of a kind whose model type and view may both take the
    /// model's values, each with the type relations the catalog leaves
    /// open that it takes them only if they hold: none where the catalog
    /// says each type `contains` the model's (or is it); a mapping with a
    /// type that cannot share a value with the model's is left out.
    private func candidates(in registry: MappingRegistry, model: String?, kind: ViewKind) -> [(mapping: CompiledMapping, relations: [TypeQuestion])] {
        guard let model, let type = plugins.models[model]?.type,
              let slot = registry.reference.kindSlots.slot(of: kind) else { return [] }
        return registry.reference.mappingsByKind[slot].compactMap { mapping in
            var relations: [TypeQuestion] = []
            for other in [mapping.model.type, mapping.view.model] where !other.contains(type) {
                guard Self.isOpen(type, in: other) else { return nil }
                let question = TypeQuestion(model: type, type: other)
                if !relations.contains(question) { relations.append(question) }
            }
            return (mapping, relations)
        }
    }

    /// Whether an item of `model` may be a value of `other` that does not
    /// contain it: the catalog says they may share a value, and one of
    /// them is not a concrete type. Between two concrete types the item's
    /// own type decides (it is exactly its model's type, and the catalog's
    /// `contains` is exact for classes and value types).
    private static func isOpen(_ model: ModelType, in other: ModelType) -> Bool {
        func isConcrete(_ type: ModelType) -> Bool { type.shape == .value || type.shape == .reference }
        return other.canShareValue(with: model) && !(isConcrete(model) && isConcrete(other))
    }

    /// The answers of one combination: the predicates given hold, the others do not.
    private struct Answers: PredicateAnswers {
        let holding: Set<Question>

        func truth(of call: PredicateCall) -> Truth {
            holding.contains(.predicate(PredicateQuestion(call))) ? .yes : .no
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
