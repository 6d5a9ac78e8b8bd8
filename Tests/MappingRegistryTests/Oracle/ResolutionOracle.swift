import ModelStorage

/// What the oracle says an item resolves to.
enum OracleAnswer: Hashable, Sendable, CustomStringConvertible {
    /// Exactly one mapping applies (its index in the configuration).
    case resolved(Int)
    /// No mapping applies: `missing-mapping`.
    case missing
    /// Several mappings of the highest applying priority: `ambiguous-mapping`, with every one (sorted).
    case ambiguous([Int])
    /// The value is `nil` at some depth: `nil-model`.
    case nilModel
    /// The outcome depends on predicates that cannot answer without a
    /// context of their type: `missing-context`. For each mapping whose
    /// applying depends on them, the names of its predicates that could
    /// not answer; the diagnostic may name any one of those mappings and
    /// one of its predicates.
    case missingContext([Int: Set<String>])

    var description: String {
        switch self {
        case .resolved(let index): "resolved to mapping \(index)"
        case .missing: "missing-mapping"
        case .ambiguous(let indexes): "ambiguous-mapping between mappings \(indexes)"
        case .nilModel: "nil-model"
        case .missingContext(let deciding):
            "missing-context at one of "
                + deciding.keys.sorted().map { "mapping \($0) (predicate \(deciding[$0, default: []].sorted().joined(separator: " or ")))" }
                .joined(separator: ", ")
        }
    }
}

/// A resolver written from the documented rules alone ("Resolution,
/// exactly" in the design, DocC's Resolution rules and Conditions that read
/// app state), over the oracle's own description of the configuration, the
/// item and the plugins. It shares no code with the library: no dynamic
/// cast decides a type (each model, view and predicate lists the kinds of
/// value it takes), and conditions are evaluated by a plain two-valued
/// recursion, every unanswerable predicate tried both ways.
///
/// The rules:
/// 1. Optionals are unwrapped at any depth; `nil` gives `nil-model`.
/// 2. Candidates are the mappings of the kind asked whose model takes the
///    value (exact type, subclass, conforming type, `Any`), whose view takes
///    it, and whose condition holds at the position: `section(s)`,
///    `sections`, `items` (the index within the section), a predicate (asked
///    only about values of its model type; any other value makes it false),
///    `all`, `any`, `not`, and an object of several keys as `all` of them.
/// 3. Of the candidates, those of the highest priority remain: one is
///    resolved, none is `missing-mapping`, several are `ambiguous-mapping`.
/// 4. A predicate that reads a render context answers only given a context
///    of its type; when its answer decides the item (the outcome is not the
///    same whatever the unanswerable predicates say), the item is
///    `missing-context`, at a mapping whose predicate could not answer.
struct ResolutionOracle: Sendable {
    let configuration: OracleConfiguration

    func answer(_ question: OracleCase) -> OracleAnswer {
        // Rule 1.
        if question.item.isNil { return .nilModel }
        let specimen = question.item.specimen
        // Rule 2, the parts that need no condition: kind, model, view.
        let takers = configuration.mappings.indices.filter { index in
            let mapping = configuration.mappings[index]
            return mapping.kind == question.kind
                && OracleWorld.modelsByName[mapping.model]?.takes.contains(specimen.tag) == true
                && OracleWorld.viewsByName[mapping.view]?.takes.contains(specimen.tag) == true
        }
        // Every predicate call of those mappings that cannot answer.
        var unanswerable: [OracleCall] = []
        for index in takers {
            for call in configuration.mappings[index].condition?.calls ?? []
            where predicateAnswer(call, question) == nil && !unanswerable.contains(call) {
                unanswerable.append(call)
            }
        }
        // Rules 2 and 3 under every answer the unanswerable calls could give.
        var outcomes: [[Int]] = []
        for assignment in 0..<(1 << unanswerable.count) {
            let answers = { (call: OracleCall) -> Bool in
                if let known = predicateAnswer(call, question) { return known }
                let bit = unanswerable.firstIndex(of: call) ?? 0
                return assignment & (1 << bit) != 0
            }
            let holding = takers.filter { index in
                configuration.mappings[index].condition.map { holds($0, at: question.position, answers) } ?? true
            }
            let top = holding.map { configuration.mappings[$0].priority }.max()
            outcomes.append(holding.filter { configuration.mappings[$0].priority == top })
        }
        let first = outcomes[0]
        if outcomes.allSatisfy({ $0 == first }) {
            switch first.count {
            case 0: return .missing
            case 1: return .resolved(first[0])
            default: return .ambiguous(first)
            }
        }
        // Rule 4: the diagnostic is at a mapping whose own predicate could
        // not answer, and which wins under some answers and not others.
        let sometimes = Set(outcomes.joined())
        var named: [Int: Set<String>] = [:]
        for index in sometimes where !outcomes.allSatisfy({ $0.contains(index) }) {
            let calls = configuration.mappings[index].condition?.calls ?? []
            let unanswered = Set(calls.filter(unanswerable.contains).map(\.name))
            if !unanswered.isEmpty { named[index] = unanswered }
        }
        return .missingContext(named)
    }

    /// A predicate's answer, or `nil` when it reads a context and was not
    /// given one of its type.
    func predicateAnswer(_ call: OracleCall, _ question: OracleCase) -> Bool? {
        guard let predicate = OracleWorld.predicatesByName[call.name] else { return false }
        let specimen = question.item.specimen
        // Asked only about values of its model type.
        guard predicate.takes.contains(specimen.tag) else { return false }
        if let needed = predicate.context, question.context?.kind != needed { return nil }
        let argument = call.argument.flatMap(Double.init) ?? 0
        return predicate.compute(specimen, argument, question.context, question.position)
    }

    /// Whether a condition holds at a position, given each predicate's answer.
    func holds(_ condition: OracleCondition, at position: ItemPosition, _ answers: (OracleCall) -> Bool) -> Bool {
        switch condition {
        case .section(let section):
            return position.section == section
        case .sections(let sections):
            return sections.contains(position.section)
        case .items(let items):
            return items.contains(position.item)
        case .predicate(let call):
            return answers(call)
        case .object(let section, let sections, let items, let call):
            if let section, position.section != section { return false }
            if let sections, !sections.contains(position.section) { return false }
            if let items, !items.contains(position.item) { return false }
            if let call, !answers(call) { return false }
            return true
        case .all(let parts):
            return parts.allSatisfy { holds($0, at: position, answers) }
        case .any(let parts):
            return parts.contains { holds($0, at: position, answers) }
        case .not(let inner):
            return !holds(inner, at: position, answers)
        }
    }
}
