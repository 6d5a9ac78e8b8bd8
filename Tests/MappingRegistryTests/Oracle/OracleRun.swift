import Foundation
@testable import MappingRegistry
import ModelStorage
import TestSupport
import Testing

/// What the library answered, in the oracle's terms.
enum LibraryAnswer: Hashable, Sendable, CustomStringConvertible {
    case resolved(Int, view: String, reuseIdentifier: String)
    case missing
    case ambiguous([Int])
    case nilModel
    /// `missing-context`, located at a mapping, naming a predicate.
    case missingContext(mapping: Int?, predicate: String?)
    /// A diagnostic the rules never give for this case shape (a wrong code for its case).
    case other(String)

    init(_ resolution: Resolution, in registry: MappingRegistry) {
        switch resolution {
        case .resolved(let mapping):
            self = .resolved(mapping.index, view: mapping.view, reuseIdentifier: mapping.reuseIdentifier)
        case .ambiguous(let mappings, let diagnostic):
            self = diagnostic.code == .ambiguousMapping ? .ambiguous(mappings.map(\.index).sorted()) : .other("ambiguous, with \(diagnostic)")
        case .missing(let diagnostic):
            switch diagnostic.code {
            case .missingMapping: self = .missing
            case .nilModel: self = .nilModel
            case .missingContext:
                let mapping = registry.mappings.first { $0.location == diagnostic.location }?.index
                self = .missingContext(mapping: mapping, predicate: Self.predicateName(in: diagnostic.message))
            default: self = .other("missing, with \(diagnostic)")
            }
        }
    }

    /// `isSoldOut` from `predicate 'isSoldOut' of 'DishRow' … reads a render context …`.
    static func predicateName(in message: String) -> String? {
        guard message.hasPrefix("predicate '") else { return nil }
        return String(message.dropFirst("predicate '".count).prefix { $0 != "'" })
    }

    var description: String {
        switch self {
        case .resolved(let index, let view, let reuseIdentifier): "resolved to mapping \(index) (\(view), reuse identifier \(reuseIdentifier))"
        case .missing: "missing-mapping"
        case .ambiguous(let indexes): "ambiguous-mapping between mappings \(indexes)"
        case .nilModel: "nil-model"
        case .missingContext(let mapping, let predicate):
            "missing-context at mapping \(mapping.map(String.init) ?? "?") naming predicate \(predicate ?? "?")"
        case .other(let text): "unexpected: \(text)"
        }
    }
}

/// How the library's answer compares with the oracle's.
enum OracleVerdict: Hashable, Sendable {
    /// The same outcome, the same mapping or tied set, the same code; for
    /// `missing-context`, a mapping whose applying depends on a predicate
    /// that could not answer, and one of those predicates named.
    case agrees
    /// `missing-context` at a right mapping, but naming a predicate of it
    /// that did answer (a known issue: the message names the mapping's first
    /// predicate that reads a context, whichever could not answer).
    case namesAnAnsweredPredicate
    case disagrees
}

extension OracleAnswer {
    func verdict(on answer: LibraryAnswer, in configuration: OracleConfiguration) -> OracleVerdict {
        switch (self, answer) {
        case (.resolved(let expected), .resolved(let index, let view, let reuseIdentifier)):
            let mapping = configuration.mappings[expected]
            return expected == index && mapping.view == view && (mapping.reuseIdentifier ?? mapping.view) == reuseIdentifier ? .agrees : .disagrees
        case (.missing, .missing), (.nilModel, .nilModel):
            return .agrees
        case (.ambiguous(let expected), .ambiguous(let indexes)):
            return expected == indexes ? .agrees : .disagrees
        case (.missingContext(let deciding), .missingContext(let mapping?, let predicate?)):
            guard let unanswered = deciding[mapping] else { return .disagrees }
            if unanswered.contains(predicate) { return .agrees }
            let named = configuration.mappings[mapping].condition?.calls.map(\.name) ?? []
            return named.contains(predicate) && OracleWorld.predicatesByName[predicate]?.context != nil ? .namesAnAnsweredPredicate : .disagrees
        default:
            return .disagrees
        }
    }

    /// The outcome's name, for counting: `resolved`, `missing`, `ambiguous`, `nil-model`, `missing-context`.
    var outcomeName: String {
        switch self {
        case .resolved: "resolved"
        case .missing: "missing"
        case .ambiguous: "ambiguous"
        case .nilModel: "nil-model"
        case .missingContext: "missing-context"
        }
    }
}

/// A configuration loaded as the library loads it, with the index on and off.
struct OracleLoadedConfiguration: Sendable {
    /// The configuration the registries hold: the one drawn, less any
    /// mapping the default policy refused (an overlap or a duplicate).
    let configuration: OracleConfiguration
    let indexed: MappingRegistry
    /// The same configuration with the index off, when the run compares it.
    let unindexed: MappingRegistry?
    let policyName: String
}

/// Runs random cases through the oracle and the library and keeps what
/// they said: the outcomes, and every disagreement with what it takes to
/// replay it.
struct OracleRun {
    /// How the oracle's view of a case is changed before it answers, while
    /// the library gets the case as drawn: for the checks that the
    /// comparison can fail at all.
    typealias Perturbation = (OracleConfiguration, OracleCase) -> (OracleConfiguration, OracleCase)

    var generator = RandomConfiguration()
    var questionsPerConfiguration: Int
    /// Whether to resolve through the registry with the index off too.
    var comparesUnindexed: Bool
    var perturbation: Perturbation?

    private(set) var cases = 0
    private(set) var outcomes: [String: Int] = [:]
    /// Cases whose (unwrapped) value went through an existential layer, and resolved.
    private(set) var resolvedThroughExistentials = 0
    private(set) var disagreements = 0
    /// Cases whose `missing-context` names a predicate that did answer (a known issue).
    private(set) var namedAnsweredPredicates = 0
    /// The first few disagreements, in full.
    private(set) var reports: [String] = []
    private(set) var loadProblems: [String] = []

    init(questionsPerConfiguration: Int = 40, comparesUnindexed: Bool = true, perturbation: Perturbation? = nil) {
        self.questionsPerConfiguration = questionsPerConfiguration
        self.comparesUnindexed = comparesUnindexed
        self.perturbation = perturbation
    }

    /// A policy under which every drawn configuration loads: overlaps and
    /// duplicates are warnings (the mappings they name stay), so
    /// position-only ties reach resolution.
    static func lenientPolicy() throws -> DiagnosticPolicy {
        var policy = DiagnosticPolicy()
        try policy.treat(.overlappingMappings, as: .warning)
        try policy.treat(.duplicateMapping, as: .warning)
        return policy
    }

    /// Loads a drawn configuration. Under the default policy (every fourth
    /// seed), the mappings that loading refuses as overlapping or
    /// duplicated are taken out until it loads.
    mutating func load(_ drawn: OracleConfiguration, seed: UInt64) throws -> OracleLoadedConfiguration? {
        let strict = seed % 4 == 0
        let policy = strict ? DiagnosticPolicy() : try Self.lenientPolicy()
        var configuration = drawn
        for _ in 0..<drawn.mappings.count + 1 {
            let source = MappingSource.json(Data(configuration.json.utf8), name: "mappings.json")
            do {
                let indexed = try MappingRegistry(plugins: OracleWorld.catalog, sources: [source], policy: policy, usesIndex: true)
                let unindexed = comparesUnindexed ? try MappingRegistry(plugins: OracleWorld.catalog, sources: [source], policy: policy, usesIndex: false) : nil
                let written = configuration.mappings.map { "\($0.view) \($0.model) \($0.kind) \($0.priority) \($0.reuseIdentifier ?? $0.view)" }
                let loaded = indexed.mappings.map { "\($0.view) \($0.model) \($0.kind.rawValue) \($0.priority) \($0.reuseIdentifier)" }
                if written != loaded {
                    loadProblems.append("seed \(seed): the registry holds other mappings than written:\n\(configuration.json)\n\(loaded)")
                    return nil
                }
                return OracleLoadedConfiguration(configuration: configuration, indexed: indexed, unindexed: unindexed, policyName: strict ? "default" : "lenient")
            } catch {
                let errors = error.diagnostics.filter { $0.severity == .error }
                let refused = Set(errors.compactMap { Self.mappingIndex(of: $0) })
                let expected: Set<Diagnostic.Code> = [.overlappingMappings, .duplicateMapping]
                guard strict, errors.allSatisfy({ expected.contains($0.code) }), !refused.isEmpty else {
                    loadProblems.append("seed \(seed): a drawn configuration does not load:\n\(configuration.json)\n\(error)")
                    return nil
                }
                configuration.mappings = configuration.mappings.indices.filter { !refused.contains($0) }.map { configuration.mappings[$0] }
            }
        }
        loadProblems.append("seed \(seed): taking out refused mappings never made the configuration load:\n\(drawn.json)")
        return nil
    }

    /// Both answers for one case: the oracle's, and the library's with the
    /// index on, from the configuration loaded under the lenient policy.
    static func answers(_ configuration: OracleConfiguration, _ question: OracleCase) throws -> (oracle: OracleAnswer, library: LibraryAnswer) {
        let source = MappingSource.json(Data(configuration.json.utf8), name: "mappings.json")
        let registry = try MappingRegistry(plugins: OracleWorld.catalog, sources: [source], policy: try lenientPolicy(), usesIndex: true)
        let value = try #require(question.item.specimen.materialized(question.item.layers))
        let resolution = registry.resolve(value, at: question.position, kind: ViewKind(rawValue: question.kind), context: question.context?.materialized)
        return (ResolutionOracle(configuration: configuration).answer(question), LibraryAnswer(resolution, in: registry))
    }

    /// `3` from a diagnostic located at `/mappings/3/…`.
    static func mappingIndex(of diagnostic: Diagnostic) -> Int? {
        guard let components = diagnostic.location?.pointer.split(separator: "/"), components.count >= 2, components[0] == "mappings" else { return nil }
        return Int(components[1])
    }

    /// A seed's configuration as drawn and as loaded, and the generator
    /// as it is after drawing it, ready to draw the questions.
    struct Prepared: Sendable {
        let seed: UInt64
        let drawn: OracleConfiguration
        let loaded: OracleLoadedConfiguration
        let random: SplitMix64
    }

    /// Draws the seed's configuration and loads it.
    mutating func prepare(seed: UInt64) throws -> Prepared? {
        var random = SplitMix64(seed: seed)
        let drawn = generator.configuration(using: &random)
        guard let loaded = try load(drawn, seed: seed) else { return nil }
        return Prepared(seed: seed, drawn: drawn, loaded: loaded, random: random)
    }

    /// Draws the seed's configuration and its questions, and compares.
    mutating func run(seed: UInt64) throws {
        if let prepared = try prepare(seed: seed) { ask(prepared) }
    }

    /// Draws a loaded configuration's questions and compares the answers.
    mutating func ask(_ prepared: Prepared) {
        let (seed, drawn, loaded) = (prepared.seed, prepared.drawn, prepared.loaded)
        var random = prepared.random
        for number in 0..<questionsPerConfiguration {
            let question = generator.question(about: drawn, using: &random)
            guard let value = question.item.specimen.materialized(question.item.layers) else {
                loadProblems.append("seed \(seed): no Swift value for \(question.item)")
                continue
            }
            let (oracleConfiguration, oracleQuestion) = perturbation?(loaded.configuration, question) ?? (loaded.configuration, question)
            let expected = ResolutionOracle(configuration: oracleConfiguration).answer(oracleQuestion)
            cases += 1
            outcomes[expected.outcomeName, default: 0] += 1
            var registries = [("on", loaded.indexed)]
            if let unindexed = loaded.unindexed { registries.append(("off", unindexed)) }
            var disagreed = false
            var misnamed = false
            for (index, registry) in registries {
                let resolution = registry.resolve(value, at: question.position, kind: ViewKind(rawValue: question.kind), context: question.context?.materialized)
                let answer = LibraryAnswer(resolution, in: registry)
                switch expected.verdict(on: answer, in: loaded.configuration) {
                case .agrees: continue
                case .namesAnAnsweredPredicate: misnamed = true; continue
                case .disagrees: disagreed = true
                }
                if reports.count < 5 {
                    reports.append("""
                        The oracle and the library (index \(index), \(loaded.policyName) policy) disagree.
                        seed \(seed), question \(number)
                        configuration:
                        \(loaded.configuration.json)\
                        case: \(question)
                        the value: \(String(reflecting: value))
                        oracle: \(expected)
                        library: \(answer)
                        library's diagnostic: \(resolution.diagnostic.map(String.init(describing:)) ?? "none")
                        """)
                }
            }
            if disagreed { disagreements += 1 } else if misnamed { namedAnsweredPredicates += 1 }
            if !disagreed, case .resolved = expected, question.item.layers.contains(where: { [.food, .pet, .anyBox].contains($0) }) {
                resolvedThroughExistentials += 1
            }
        }
    }
}
