import ModelStorage
import TestSupport

/// Random configurations, items, positions and contexts for the oracle,
/// drawn from a seeded generator so every case can be replayed.
///
/// Configurations have 1 to 20 mappings of four kinds, priorities from -1
/// to 2 (so ties happen), and conditions of depth up to 3 mixing sections,
/// items, predicates with and without arguments, predicates that read a
/// render context, and objects of several keys. Each mapping's view and
/// predicates can take some value of its model, so every configuration
/// loads (under a policy that lets overlaps and duplicates through).
///
/// Items are structs, an enum, classes and subclasses, `String` and `Int`,
/// stored as `any OracleFood`, `any OraclePet`, an upcast `OracleAnimal`
/// or `Any`, passed through generic arrays, and wrapped in up to three
/// Optionals, one of which may be `nil`.
struct RandomConfiguration {
    /// Whether to stay clear of two places where the library knowingly
    /// departs from the documented rule in its outcome (see
    /// `ResolutionOracleTests`' known-issue tests): a predicate that reads a
    /// context, on a mapping that can take values the predicate does not
    /// take; and one predicate call that reads a context named twice in one
    /// condition. (The third known issue, the predicate a `missing-context`
    /// message names, is drawn as any case, and counted apart.)
    var avoidsKnownDivergences = true

    /// The kinds mappings are declared for.
    static let declaredKinds = ["cell", "header", "footer", "badge"]

    // MARK: - Configurations

    func configuration(using random: inout SplitMix64) -> OracleConfiguration {
        let count = random.chance(0.15) ? random.int(in: 1...4) : random.int(in: 5...20)
        // A few models per configuration, so that mappings meet and tie.
        let palette = (0..<random.int(in: 2...6)).map { _ in pick(OracleWorld.models, &random) }
        return OracleConfiguration(mappings: (0..<count).map { _ in mapping(of: pick(palette, &random), using: &random) })
    }

    func mapping(of model: OracleModel, using random: inout SplitMix64) -> OracleMapping {
        let views = OracleWorld.views.filter { !$0.takes.isDisjoint(with: model.takes) }
        let view = pick(views, &random)
        let kind = random.chance(0.65) ? "cell" : pick(Array(Self.declaredKinds.dropFirst()), &random)
        let priority = pick([-1, 0, 0, 0, 1, 1, 2], &random)
        let takes = model.takes.intersection(view.takes)
        var conditionDraw = ConditionDraw(takes: takes, avoidsKnownDivergences: avoidsKnownDivergences)
        let condition = random.chance(0.3) ? nil : conditionDraw.condition(depth: 1, using: &random)
        // One identifier always names one view: `DishRow.2` only ever DishRow.
        let reuseIdentifier = random.chance(0.2) ? "\(view.name).\(random.int(in: 1...2))" : nil
        return OracleMapping(view: view.name, model: model.name, kind: kind, priority: priority, condition: condition, reuseIdentifier: reuseIdentifier)
    }

    // MARK: - Questions

    /// A question about the configuration: mostly of a kind and a value
    /// that some of its mappings take, so that outcomes other than
    /// `missing-mapping` are common.
    func question(about configuration: OracleConfiguration, using random: inout SplitMix64) -> OracleCase {
        let kind: String
        var tag = pick(OracleTag.allCases, &random)
        if random.chance(0.85), !configuration.mappings.isEmpty {
            let mapping = pick(configuration.mappings, &random)
            kind = mapping.kind
            let takes = OracleWorld.modelsByName[mapping.model]?.takes.intersection(OracleWorld.viewsByName[mapping.view]?.takes ?? [])
            if let takes, !takes.isEmpty { tag = pick(takes.sorted { $0.rawValue < $1.rawValue }, &random) }
        } else {
            kind = random.chance(0.7) ? pick(Self.declaredKinds, &random) : "banner"  // a kind no mapping has
        }
        // Supplementary models resolve at item 0 of their section.
        let position = ItemPosition(item: kind == "cell" ? random.int(in: 0...4) : 0, section: random.int(in: 0...4))
        return OracleCase(item: item(tag, using: &random), position: position, kind: kind, context: context(using: &random))
    }

    func item(_ tag: OracleTag, using random: inout SplitMix64) -> OracleItem {
        let specimen = OracleSpecimen(
            tag: tag,
            number: random.int(in: 0...5),
            flag: random.chance(0.5),
            name: pick(["Tom", "Felix", "Rex", "Leo", "Nala", "Bo"], &random)
        )
        return OracleItem(specimen: specimen, layers: layers(for: tag, using: &random))
    }

    /// Layers that fit a value of the tag: existentials and upcasts before
    /// any Optional, at most three Optionals, at most one of them `nil`.
    func layers(for tag: OracleTag, using random: inout SplitMix64) -> [OracleLayer] {
        var layers: [OracleLayer] = []
        // About one item in eight is nil at some depth.
        let mayBeNil = random.chance(0.3)
        var optionals = 0
        var cast = false
        for _ in 0..<random.int(in: 0...5) {
            var choices: [OracleLayer] = [.anyBox, .array]
            if optionals == 0 {
                if OracleTag.foods.contains(tag), !layers.contains(.food) { choices += [.food, .food] }
                if OracleTag.pets.contains(tag), !layers.contains(.pet) { choices += [.pet, .pet] }
                if OracleTag.animals.contains(tag), !cast { choices.append(.animal) }
            }
            if optionals < 3 {
                choices += [.optional, .optional, .optional]
                if mayBeNil, !layers.contains(.nilOptional) { choices.append(.nilOptional) }
            }
            let layer = pick(choices, &random)
            switch layer {
            case .optional, .nilOptional: optionals += 1
            case .food, .pet, .animal: cast = true
            case .anyBox, .array: break
            }
            layers.append(layer)
        }
        return layers
    }

    func context(using random: inout SplitMix64) -> OracleContext? {
        switch random.int(in: 0...99) {
        case ..<40: return nil
        case ..<65: return .kitchen(soldOut: Set((0...5).filter { _ in random.chance(0.4) }), portions: random.int(in: 0...6))
        case ..<90: return .settings(showPets: random.chance(0.5), quiet: random.chance(0.5), large: random.chance(0.5))
        default: return .foreign("Friday")
        }
    }

    // MARK: - Conditions

    /// Draws one mapping's condition: predicates only of those that can
    /// take some value the mapping takes (so the mapping loads).
    struct ConditionDraw {
        let takes: Set<OracleTag>
        let avoidsKnownDivergences: Bool
        /// The calls of predicates that read a context, drawn so far.
        var contextCalls: Set<OracleCall> = []

        var predicates: [OraclePredicate] {
            OracleWorld.predicates.filter { predicate in
                !predicate.takes.isDisjoint(with: takes)
            }
        }

        mutating func condition(depth: Int, using random: inout SplitMix64) -> OracleCondition {
            if depth < 3, random.chance(0.45) {
                switch random.int(in: 0...99) {
                case ..<40: return .all(parts(depth: depth, using: &random))
                case ..<75: return .any(parts(depth: depth, using: &random))
                default: return .not(condition(depth: depth + 1, using: &random))
                }
            }
            return leaf(using: &random)
        }

        private mutating func parts(depth: Int, using random: inout SplitMix64) -> [OracleCondition] {
            (0..<random.int(in: 1...3)).map { _ in condition(depth: depth + 1, using: &random) }
        }

        mutating func leaf(using random: inout SplitMix64) -> OracleCondition {
            switch random.int(in: 0...99) {
            case ..<18: return .section(random.int(in: 0...4))
            case ..<32: return .sections(numbers(using: &random))
            case ..<46: return .items(numbers(using: &random))
            case ..<85: return call(using: &random).map(OracleCondition.predicate) ?? .section(random.int(in: 0...4))
            default:
                // Two or more keys in one object.
                while true {
                    let section = random.chance(0.5) ? random.int(in: 0...4) : nil
                    let sections = random.chance(0.4) ? numbers(using: &random) : nil
                    let items = random.chance(0.5) ? numbers(using: &random) : nil
                    let predicate = random.chance(0.6) ? call(using: &random) : nil
                    let keys = [section != nil, sections != nil, items != nil, predicate != nil].filter { $0 }.count
                    if keys >= 2 { return .object(section: section, sections: sections, items: items, predicate: predicate) }
                }
            }
        }

        private func numbers(using random: inout SplitMix64) -> [Int] {
            var numbers: [Int] = []
            for _ in 0..<random.int(in: 1...3) {
                let number = random.int(in: 0...4)
                if !numbers.contains(number) { numbers.append(number) }
            }
            return numbers
        }

        private mutating func call(using random: inout SplitMix64) -> OracleCall? {
            let candidates = predicates
            guard !candidates.isEmpty else { return nil }
            let predicate = candidates[random.int(in: 0...(candidates.count - 1))]
            let argument: String? = switch predicate.argument {
            case nil: nil
            case .int(let range): String(random.int(in: range))
            case .double(let values): String(values[random.int(in: 0...(values.count - 1))])
            }
            let call = OracleCall(name: predicate.name, argument: argument)
            if predicate.context != nil {
                if avoidsKnownDivergences, contextCalls.contains(call) { return nil }
                contextCalls.insert(call)
            }
            return call
        }
    }

    private func pick<T>(_ choices: [T], _ random: inout SplitMix64) -> T {
        choices[random.int(in: 0...(choices.count - 1))]
    }
}
