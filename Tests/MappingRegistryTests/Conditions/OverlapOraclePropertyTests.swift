@testable import MappingRegistry
import ModelStorage
import RegistryFixtures
import TestSupport
import Testing

/// The checker's overlap and unsatisfiability verdicts against a brute-force
/// oracle written directly over ``MappingCondition``, with none of the
/// library's condition code: every section and item a condition can tell
/// apart, and at each every combination of predicate answers.
@Suite struct OverlapOraclePropertyTests {
    /// The predicate atoms the random conditions use (a name and an argument).
    /// Computed, not a stored global: LeakSanitizer cannot follow a global's
    /// tagged pointers into indirect enum boxes, and would report them.
    static var atoms: [MappingCondition] { [
        .predicate("isVegan"),
        .predicate("priceAbove", argument: .number(10)),
        .predicate("priceAbove", argument: .integer(20)),
    ] }

    /// The sections the oracle tries: every section a random condition can
    /// name (0…3), and sections none names.
    static let sections = [0, 1, 2, 3, 4, 7, 1_000]
    /// The items the oracle tries: every item a random condition can name
    /// (0…2), and items none names.
    static let items = [0, 1, 2, 3, 9]
    /// Every (section, item) pair tried.
    static var places: [(section: Int, item: Int)] {
        sections.flatMap { section in items.map { (section, $0) } }
    }

    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
        return plugins
    }

    static func randomCondition(depth: Int, using random: inout SplitMix64) -> MappingCondition {
        if depth >= 3 || random.chance(0.45) {
            switch random.int(in: 0...4) {
            case 0: return .section(random.int(in: 0...3))
            case 1: return .sections((0...random.int(in: 0...2)).map { _ in random.int(in: 0...3) })
            case 2: return .none
            case 3: return .items((0...random.int(in: 0...1)).map { _ in random.int(in: 0...2) })
            default: return atoms[random.int(in: 0...(atoms.count - 1))]
            }
        }
        let parts = (0...random.int(in: 0...2)).map { _ in randomCondition(depth: depth + 1, using: &random) }
        switch random.int(in: 0...2) {
        case 0: return .all(parts)
        case 1: return .any(parts)
        default: return .not(parts[0])
        }
    }

    // MARK: - The oracle

    /// Plain two-valued evaluation, predicates answered by `answers`.
    static func holds(_ condition: MappingCondition, section: Int, item: Int, answers: (MappingCondition) -> Bool) -> Bool {
        switch condition {
        case .none: true
        case .section(let required): section == required
        case .sections(let list): list.contains(section)
        case .items(let list): list.contains(item)
        case .predicate: answers(condition)
        case .all(let parts): parts.allSatisfy { holds($0, section: section, item: item, answers: answers) }
        case .any(let parts): parts.contains { holds($0, section: section, item: item, answers: answers) }
        case .not(let inner): !holds(inner, section: section, item: item, answers: answers)
        }
    }

    /// Every combination of answers for the atoms.
    static func combinations() -> [(MappingCondition) -> Bool] {
        (0..<(1 << atoms.count)).map { bits in
            { atom in
                guard let index = atoms.firstIndex(of: atom) else { return false }
                return bits & (1 << index) != 0
            }
        }
    }

    /// DESIGN's rule: at some section and item one condition can hold and,
    /// whatever the predicates answer, the other holds whenever it does.
    static func oracleOverlaps(_ a: MappingCondition, _ b: MappingCondition) -> Bool {
        let all = combinations()
        return places.contains { section, item in
            func narrower(_ x: MappingCondition, _ y: MappingCondition) -> Bool {
                let canHold = all.contains { holds(x, section: section, item: item, answers: $0) }
                let implies = all.allSatisfy { !holds(x, section: section, item: item, answers: $0) || holds(y, section: section, item: item, answers: $0) }
                return canHold && implies
            }
            return narrower(a, b) || narrower(b, a)
        }
    }

    /// Judged on sections and items alone: every predicate occurrence is its
    /// own unknown, and no place and no answers make the condition hold.
    static func oracleUnsatisfiable(_ condition: MappingCondition) -> Bool {
        var occurrences = 0
        func renamed(_ condition: MappingCondition) -> MappingCondition {
            switch condition {
            case .predicate:
                occurrences += 1
                return .predicate("occurrence\(occurrences)")
            case .all(let parts): return .all(parts.map(renamed))
            case .any(let parts): return .any(parts.map(renamed))
            case .not(let inner): return .not(renamed(inner))
            default: return condition
            }
        }
        let independent = renamed(condition)
        let count = occurrences
        return !places.contains { section, item in
            (0..<(1 << count)).contains { bits in
                holds(independent, section: section, item: item) { atom in
                    guard case .predicate(let name, _) = atom, let number = Int(name.dropFirst("occurrence".count)) else { return false }
                    return bits & (1 << (number - 1)) != 0
                }
            }
        }
    }

    // MARK: - Tests

    @Test func overlapMatchesTheOracleOnRandomConditionPairs() throws {
        let plugins = Self.plugins()
        var random = SplitMix64(seed: 17)
        var overlapping = 0, disjoint = 0
        for _ in 0..<600 {
            let a = Self.randomCondition(depth: 1, using: &random)
            let b = Self.randomCondition(depth: 1, using: &random)
            let first = Map("DishRow", model: "Dish", when: a)
            let second = Map("Plain", model: "Dish", when: b)
            let expected = Self.oracleOverlaps(a, b)
            let diagnostics: [Diagnostic]
            do {
                diagnostics = try MappingRegistry(plugins: plugins, sources: [.declarations([first, second])]).warnings
            } catch {
                diagnostics = error.diagnostics
            }
            let overlaps = diagnostics.filter { $0.code == "overlapping-mappings" }
            #expect(overlaps.isEmpty != expected, "a: \(a), b: \(b)")
            if let overlap = overlaps.first {
                // At the later mapping, with a note at the earlier.
                #expect(overlap.location == second.location)
                #expect(overlap.notes == [Diagnostic.Note(message: "'DishRow' is declared here", location: first.location)])
                overlapping += 1
            } else {
                disjoint += 1
            }
        }
        // Both verdicts are exercised, or the test proves little.
        #expect(overlapping >= 100)
        #expect(disjoint >= 100)
    }

    @Test func unsatisfiableConditionMatchesTheOracle() throws {
        let plugins = Self.plugins()
        var random = SplitMix64(seed: 23)
        var unsatisfiable = 0, satisfiable = 0
        for _ in 0..<400 {
            let condition = Self.randomCondition(depth: 1, using: &random)
            let registry = try MappingRegistry(plugins: plugins, sources: [.declarations([Map("DishRow", model: "Dish", when: condition)])])
            let flagged = registry.warnings.contains { $0.code == "unsatisfiable-condition" }
            let expected = Self.oracleUnsatisfiable(condition)
            #expect(flagged == expected, "\(condition)")
            if expected { unsatisfiable += 1 } else { satisfiable += 1 }
        }
        #expect(unsatisfiable >= 20)
        #expect(satisfiable >= 100)
    }

    /// Mixes of `any`, `all` and `not` over sections and predicates that
    /// overlap in some sections only, with where the message says they do.
    @Test(arguments: [
        (#"{"not": {"sections": [1]}}"#, #"{"sections": [1, 2]}"#, "in section 2"),
        (#"{"any": [{"section": 0}, {"predicate": "isVegan"}]}"#, #"{"section": 1}"#, "in section 1 wherever predicate 'isVegan' holds"),
        (#"{"section": 0}"#, #"{"predicate": "isVegan"}"#, "in section 0 wherever predicate 'isVegan' holds"),
        (#"{"not": {"section": 3}}"#, #"{"all": [{"not": {"section": 0}}, {"predicate": "isVegan"}]}"#, "in every section but 0, 3 wherever predicate 'isVegan' holds"),
        (#"{"any": [{"sections": [0, 1]}, {"not": {"predicate": "isVegan"}}]}"#, #"{"not": {"predicate": "isVegan"}}"#, "wherever not predicate 'isVegan' holds"),
        (#"{"items": [0]}"#, #"{"not": {"items": [1]}}"#, "at item 0"),
        (#"{"not": {"items": [0]}}"#, #"{"all": [{"section": 2}, {"items": [1, 3]}]}"#, "in section 2 at items 1, 3"),
        (#"{"items": [0]}"#, #"{"all": [{"items": [0]}, {"predicate": "isVegan"}]}"#, "at item 0 wherever predicate 'isVegan' holds"),
    ])
    func overlapIsDecidedPerSection(first: String, second: String, place: String) {
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "DishRow", "model": "Dish", "condition": \#(first)}"#,
            #"{"view": "Plain", "model": "Dish", "condition": \#(second)}"#
        )).filter { $0.severity == .error }
        #expect(diagnostics.map(\.description) == [
            "mappings.json:5:5: error: 'Plain' here and 'DishRow' at mappings.json:4:5 both show 'Dish' as cell with priority 0 \(place); "
                + "give one a higher priority or make the conditions disjoint [overlapping-mappings]",
        ])
    }

    @Test func theExampleOfDesignOverlapsInSectionTwo() throws {
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "DishRow", "model": "Dish", "condition": {"not": {"sections": [1]}}}"#,
            #"{"view": "Plain", "model": "Dish", "condition": {"sections": [1, 2]}}"#
        )).filter { $0.severity == .error }
        #expect(diagnostics.map(\.description) == [
            "mappings.json:5:5: error: 'Plain' here and 'DishRow' at mappings.json:4:5 both show 'Dish' as cell with priority 0 in section 2; "
                + "give one a higher priority or make the conditions disjoint [overlapping-mappings]",
        ])
        #expect(diagnostics.first?.notes.map(\.description) == ["mappings.json:4:5: note: 'DishRow' is declared here"])
    }
}
