import Foundation
@testable import MappingRegistry
import ModelStorage
import TestSupport
import Testing

/// The library against an independent oracle (``ResolutionOracle``): a
/// resolver written from the documented rules alone, sharing no code with
/// `CompiledMapping.accepts` or `Condition`'s evaluator, so a mistake in
/// those, which both of the library's resolvers share, still shows.
@Suite struct ResolutionOracleTests {
    /// The seeds of the default run: 160 configurations of 75 questions
    /// each (12 000 cases), every case resolved with the index on and off;
    /// four times as many with `MAPPING_REGISTRY_STRESS=1` (CI runs that
    /// under ThreadSanitizer, which is slow).
    static let seeds = UInt64(1)...UInt64(StressTesting.count(quick: 160, stress: 640))
    static let questionsPerConfiguration = 75

    @Test func theLibraryAgreesWithTheOracleOnRandomConfigurationsItemsAndPositions() throws {
        var run = OracleRun(questionsPerConfiguration: Self.questionsPerConfiguration)
        for seed in Self.seeds { try run.run(seed: seed) }
        #expect(run.loadProblems.isEmpty, "\(run.loadProblems.prefix(3).joined(separator: "\n\n"))")
        #expect(run.disagreements == 0, "\(run.disagreements) of \(run.cases) cases disagree; the first:\n\(run.reports.joined(separator: "\n\n"))")
        #expect(run.cases >= 10_000, "\(run.outcomes)")
        // Every outcome occurs often enough for the agreement to mean something.
        for outcome in ["resolved", "missing", "ambiguous", "nil-model", "missing-context"] {
            #expect(run.outcomes[outcome, default: 0] >= run.cases / 30, "\(outcome): \(run.outcomes[outcome, default: 0]) of \(run.cases)")
        }
        #expect(run.resolvedThroughExistentials >= run.cases / 30, "\(run.resolvedThroughExistentials) of \(run.cases)")
        // missing-context names a predicate that could not answer, never one that did.
        #expect(run.namedAnsweredPredicates == 0, "\(run.namedAnsweredPredicates) of \(run.cases)")
    }

    // MARK: - The comparison can fail

    /// A change to what the oracle is told, with the library told the truth.
    struct Perturbation: CustomTestStringConvertible, Sendable {
        let name: String
        let change: @Sendable (OracleConfiguration, OracleCase) -> (OracleConfiguration, OracleCase)
        var testDescription: String { name }

        static func mappings(_ name: String, _ change: @escaping @Sendable (inout OracleMapping) -> Void) -> Self {
            Perturbation(name: name) { configuration, question in
                var changed = configuration
                for index in changed.mappings.indices { change(&changed.mappings[index]) }
                return (changed, question)
            }
        }

        static func conditions(_ name: String, _ change: @escaping @Sendable (OracleCondition) -> OracleCondition) -> Self {
            mappings(name) { mapping in mapping.condition = mapping.condition.map { $0.rewritten(change) } }
        }

        static func question(_ name: String, _ change: @escaping @Sendable (inout OracleCase) -> Void) -> Self {
            Perturbation(name: name) { configuration, question in
                var changed = question
                change(&changed)
                return (configuration, changed)
            }
        }
    }

    static let perturbations: [Perturbation] = [
        Perturbation(name: "every other mapping's priority raised") { configuration, question in
            var changed = configuration
            for index in changed.mappings.indices where index % 2 == 0 { changed.mappings[index].priority += 1 }
            return (changed, question)
        },
        .mappings("models widened to a supertype") { mapping in
            let wider = ["Dish": "Food", "Drink": "Food", "Cat": "Animal", "Lion": "Cat", "Dog": "Pet", "Pet": "Animal", "Text": "Anything"]
            mapping.model = wider[mapping.model] ?? mapping.model
        },
        .mappings("views that take everything") { mapping in mapping.view = "AnyRow" },
        .mappings("every mapping a cell") { mapping in mapping.kind = "cell" },
        .conditions("`not` left out") { condition in
            if case .not(let inner) = condition { return inner }
            return condition
        },
        .conditions("`any` read as `all`") { condition in
            if case .any(let parts) = condition { return .all(parts) }
            return condition
        },
        .conditions("sections one further") { condition in
            switch condition {
            case .section(let section): .section(section + 1)
            case .sections(let sections): .sections(sections.map { $0 + 1 })
            default: condition
            }
        },
        .conditions("items one further") { condition in
            if case .items(let items) = condition { return .items(items.map { $0 + 1 }) }
            return condition
        },
        .conditions("arguments one more") { condition in
            guard case .predicate(var call) = condition, let argument = call.argument.flatMap(Double.init) else { return condition }
            call.argument = String(argument + 1)
            return .predicate(call)
        },
        .question("`nil` taken for a value") { question in
            question.item.layers = question.item.layers.map { $0 == .nilOptional ? .optional : $0 }
        },
        .question("the context forgotten") { question in question.context = nil },
        .question("the next section") { question in question.position = ItemPosition(item: question.position.item, section: question.position.section + 1) },
    ]

    /// Each perturbation makes the oracle disagree with the library on some
    /// cases: the comparison does not pass vacuously, and each part of the
    /// rule it checks is exercised by the random cases. One test, so the 30
    /// configurations are loaded once for every perturbation and live only
    /// while it runs (kept in a global, the registries' conditions would
    /// outlive the run, where LeakSanitizer cannot see the references enum
    /// payloads hold, and be reported as leaks).
    @Test func theComparisonFailsWhenTheOracleIsToldSomethingElse() throws {
        var loader = OracleRun(comparesUnindexed: false)
        let prepared = (UInt64(1)...30).compactMap { seed in try? loader.prepare(seed: seed) }
        #expect(prepared.count == 30, "every configuration loads")
        for perturbation in Self.perturbations {
            var run = OracleRun(questionsPerConfiguration: 40, comparesUnindexed: false, perturbation: perturbation.change)
            for configuration in prepared { run.ask(configuration) }
            #expect(run.disagreements * 200 >= run.cases, "\(perturbation.name): \(run.disagreements) of \(run.cases) cases disagree")
        }
    }

    // MARK: - The oracle reads the documents

    static func dish(number: Int = 2, layers: [OracleLayer] = [], section: Int = 0, item: Int = 0, context: OracleContext? = nil) -> OracleCase {
        OracleCase(
            item: OracleItem(specimen: OracleSpecimen(tag: .dish, number: number, flag: false, name: ""), layers: layers),
            position: ItemPosition(item: item, section: section),
            kind: "cell",
            context: context
        )
    }

    /// The documents' own examples, answered by the oracle as they say, and by the library.
    @Test func theOracleGivesTheDocumentedAnswers() throws {
        // "the first row of every section is a large card": items counts within each section.
        let cards = OracleConfiguration(mappings: [
            OracleMapping(view: "FoodCard", model: "Dish", kind: "cell", priority: 1, condition: .items([0])),
            OracleMapping(view: "DishRow", model: "Dish", kind: "cell", priority: 0, condition: nil),
        ])
        for (question, expected) in [
            (Self.dish(section: 3, item: 0), OracleAnswer.resolved(0)),
            (Self.dish(section: 3, item: 1), .resolved(1)),
            (Self.dish(layers: [.optional, .optional, .nilOptional]), .nilModel),
        ] {
            let answers = try OracleRun.answers(cards, question)
            #expect(answers.oracle == expected)
            #expect(answers.oracle.verdict(on: answers.library, in: cards) == .agrees, "\(answers.library)")
        }
        // A predicate that reads a context is asked only when its answer
        // decides: a mapping of a higher priority that applies needs none.
        let kitchen = OracleConfiguration(mappings: [
            OracleMapping(view: "DishRow", model: "Dish", kind: "cell", priority: 0, condition: nil),
            OracleMapping(view: "FoodRow", model: "Dish", kind: "cell", priority: 1, condition: .predicate(OracleCall(name: "isSoldOut"))),
            OracleMapping(view: "FoodCard", model: "Dish", kind: "cell", priority: 2, condition: .section(1)),
        ])
        for (question, expected) in [
            (Self.dish(section: 1), OracleAnswer.resolved(2)),
            (Self.dish(section: 0), .missingContext([1: ["isSoldOut"]])),
            (Self.dish(section: 0, context: .foreign("Friday")), .missingContext([1: ["isSoldOut"]])),
            (Self.dish(number: 2, section: 0, context: .kitchen(soldOut: [2], portions: 0)), .resolved(1)),
            (Self.dish(number: 2, section: 0, context: .kitchen(soldOut: [3], portions: 0)), .resolved(0)),
        ] {
            let answers = try OracleRun.answers(kitchen, question)
            #expect(answers.oracle == expected)
            #expect(answers.oracle.verdict(on: answers.library, in: kitchen) == .agrees, "\(answers.library)")
        }
    }

    // MARK: - Where the library departed from the documents (found by the oracle)

    /// `register(predicate:for:context:…)` says a predicate "is asked only
    /// about values of its model type; for any other value the condition
    /// does not hold". The library used to ask for the context first: a drink on a
    /// `Food` mapping whose condition is a predicate for dishes that reads
    /// a context is `missing-context` without one, though the predicate is
    /// false for a drink whatever the context.
    @Test func aContextPredicateIsNotAskedAboutAValueOfAnotherType() throws {
        let configuration = OracleConfiguration(mappings: [
            OracleMapping(view: "FoodRow", model: "Food", kind: "cell", priority: 1, condition: .predicate(OracleCall(name: "isSoldOut"))),
            OracleMapping(view: "FoodCard", model: "Food", kind: "cell", priority: 0, condition: nil),
        ])
        let drink = OracleCase(
            item: OracleItem(specimen: OracleSpecimen(tag: .drink, number: 1, flag: false, name: ""), layers: []),
            position: ItemPosition(item: 0, section: 0),
            kind: "cell",
            context: nil
        )
        let answers = try OracleRun.answers(configuration, drink)
        #expect(answers.oracle == .resolved(1))
        #expect(answers.oracle.verdict(on: answers.library, in: configuration) == .agrees, "library: \(answers.library)")
    }

    /// ResolutionRules: "when its answer decides the item and no context of
    /// its type was passed, the item fails with `missing-context`". For
    /// `any[isSoldOut, not isSoldOut]` the answer decides nothing, yet the
    /// library's three-valued evaluation cannot tell, and the item fails.
    @Test func aPredicateWhoseAnswerDecidesNothingNeedsNoContext() throws {
        let soldOut = OracleCondition.predicate(OracleCall(name: "isSoldOut"))
        let configuration = OracleConfiguration(mappings: [
            OracleMapping(view: "FoodRow", model: "Dish", kind: "cell", priority: 1, condition: .any([soldOut, .not(soldOut)])),
            OracleMapping(view: "DishRow", model: "Dish", kind: "cell", priority: 0, condition: nil),
        ])
        let answers = try OracleRun.answers(configuration, Self.dish())
        #expect(answers.oracle == .resolved(0))
        withKnownIssue("missing-context is decided mapping by mapping in three-valued logic") {
            #expect(answers.oracle.verdict(on: answers.library, in: configuration) == .agrees, "library: \(answers.library)")
        }
    }

    /// `missing-context` names "the predicate and C" that could not answer.
    /// The library used to name the mapping's first predicate that reads a
    /// context, here one whose context was given: "predicate 'isSoldOut' …
    /// reads a render context of type 'OracleKitchen', and was given a
    /// 'OracleKitchen'".
    @Test func missingContextNamesThePredicateThatCouldNotAnswer() throws {
        let configuration = OracleConfiguration(mappings: [
            OracleMapping(
                view: "DishRow", model: "Dish", kind: "cell", priority: 0,
                condition: .all([.predicate(OracleCall(name: "isSoldOut")), .predicate(OracleCall(name: "largeFrom", argument: "0"))])
            ),
        ])
        let answers = try OracleRun.answers(configuration, Self.dish(number: 2, context: .kitchen(soldOut: [2], portions: 0)))
        #expect(answers.oracle == .missingContext([0: ["largeFrom"]]))
        #expect(answers.oracle.verdict(on: answers.library, in: configuration) == .agrees, "library: \(answers.library)")
    }
}

extension OracleCondition {
    /// The condition with `change` applied to every node, innermost first.
    func rewritten(_ change: (OracleCondition) -> OracleCondition) -> OracleCondition {
        switch self {
        case .all(let parts): change(.all(parts.map { $0.rewritten(change) }))
        case .any(let parts): change(.any(parts.map { $0.rewritten(change) }))
        case .not(let inner): change(.not(inner.rewritten(change)))
        default: change(self)
        }
    }
}
