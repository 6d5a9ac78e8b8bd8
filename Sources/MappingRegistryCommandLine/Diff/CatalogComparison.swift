import MappingRegistry
import ModelStorage

/// Two registries loaded against one catalog file, compared item by item
/// with nothing but each item's model name, kind and place
/// (`mapping-registry diff --catalog`).
///
/// For each item, every combination of answers of the questions that can
/// decide it (in either registry) is tried, in the order of the numbers
/// they make (none holding first): the predicates, and the type relations
/// the catalog leaves open (whether a `Side` is a `Food`, a protocol);
/// combinations no item could answer (a relation holding while one it
/// implies does not) are skipped. Each pair of renderings that differ is
/// one ``RenderDifference``, with the combinations that give it. Items of
/// one model and kind at places the conditions cannot tell apart (see
/// ``DescribedResolver/Places``) resolve alike, so that work is done once
/// for all of them.
struct CatalogComparison {
    let old: MappingRegistry
    let new: MappingRegistry
    let resolver: DescribedResolver
    /// The places the two files' conditions tell apart.
    let places: DescribedResolver.Places
    /// The differences found for each model, kind and representative place,
    /// without an item's own number and location.
    private var found: [Key: [RenderDifference]] = [:]

    /// What items that resolve alike share.
    private struct Key: Hashable {
        var model: String?
        var kind: ViewKind
        var place: ItemPosition
    }

    init(old: MappingRegistry, new: MappingRegistry, resolver: DescribedResolver) {
        self.old = old
        self.new = new
        self.resolver = resolver
        places = DescribedResolver.Places([old, new])
    }

    /// The ways one item may render differently: one difference per pair
    /// of renderings that some answers give, each with the answers that do.
    ///
    /// - Parameters:
    ///   - entry: The item, as its data document stores it.
    ///   - item: Its number among the items compared.
    mutating func differences(of entry: DataDocument.Entry, item: Int) -> [RenderDifference] {
        let key = Key(model: entry.model, kind: entry.kind, place: places.representative(of: entry.position))
        let ways = found[key] ?? ways(model: entry.model, at: entry.position, kind: entry.kind)
        found[key] = ways
        return ways.map { way in
            var difference = way
            difference.item = item
            difference.location = entry.location
            difference.position = entry.position
            return difference
        }
    }

    /// The ways an item of a model at a place may render differently.
    private func ways(model: String?, at position: ItemPosition, kind: ViewKind) -> [RenderDifference] {
        let questions = Array(Set(
            resolver.questions(in: old, model: model, at: position, kind: kind)
                + resolver.questions(in: new, model: model, at: position, kind: kind)
        )).sorted()
        func renderings(_ holding: Set<DescribedResolver.Question>) -> (old: ItemRendering, new: ItemRendering) {
            (
                ItemRendering(resolver.resolve(in: old, model: model, at: position, kind: kind, holding: holding)),
                ItemRendering(resolver.resolve(in: new, model: model, at: position, kind: kind, holding: holding))
            )
        }
        let noneHolding = renderings([])
        var template = RenderDifference(
            location: SourceLocation(file: "", line: 0, column: 0, pointer: ""), position: position, kind: kind, model: model,
            old: noneHolding.old, new: noneHolding.new
        )
        guard questions.count <= DescribedResolver.questionLimit else {
            // Too many combinations to try: say so, with what none holding gives.
            template.isCertain = false
            template.undecidedBy = questions.map(\.description)
            return [template]
        }
        var pairs: [(key: String, old: ItemRendering, new: ItemRendering, combinations: Set<UInt64>)] = []
        var unchanged = false
        var possible = 0
        for combination in 0..<(UInt64(1) << UInt64(questions.count)) {
            let holding = Set(questions.indices.filter { combination & (1 << UInt64($0)) != 0 }.map { questions[$0] })
            guard resolver.isPossible(holding, among: questions) else { continue }
            possible += 1
            let (before, after) = combination == 0 ? noneHolding : renderings(holding)
            if before.rendersLike(after) {
                unchanged = true
                continue
            }
            let key = RenderDifference.describe(before, against: after) + " → " + RenderDifference.describe(after, against: before)
            if let index = pairs.firstIndex(where: { $0.key == key }) {
                pairs[index].combinations.insert(combination)
            } else {
                pairs.append((key, before, after, [combination]))
            }
        }
        let names = questions.map(\.description)
        let denials = Dictionary(questions.compactMap { question in question.denial.map { (question.description, $0) } }) { first, _ in first }
        return pairs.map { pair in
            var difference = template
            difference.old = pair.old
            difference.new = pair.new
            difference.isCertain = !unchanged
            let cases = PredicateCases(pair.combinations, over: names, denials: denials)
            difference.cases = cases.isEverything || pair.combinations.count == possible ? nil : cases
            return difference
        }
    }
}
