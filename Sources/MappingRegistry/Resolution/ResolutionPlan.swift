import ModelStorage

/// The precomputed answer to "which mappings could take a value of this
/// dynamic type, for this kind", grouped by priority, so resolving an item
/// is a table lookup plus a few integer compares.
final class ResolutionPlan: Sendable {
    /// Mappings of one priority whose model type and view take the type.
    struct Level: Sendable {
        let priority: Int
        /// Mappings without a condition: they always apply.
        let unconditional: [Int]
        /// Mappings with a section or predicate condition.
        let conditional: [Int]
    }

    /// The type is an `Optional`: unwrap and resolve the wrapped value.
    let unwrapsOptional: Bool
    /// Casts to this type depend on the value (collections, `AnyHashable`,
    /// tuples), so type checks run for every value and `levels` is unused.
    let checksEveryValue: Bool
    /// The candidate levels, highest priority first.
    let levels: [Level]
    /// The single mapping that always wins, when the highest level holds
    /// exactly one unconditional mapping and nothing else.
    let alwaysResolvesTo: Int?

    init(unwrapsOptional: Bool, checksEveryValue: Bool, levels: [Level]) {
        self.unwrapsOptional = unwrapsOptional
        self.checksEveryValue = checksEveryValue
        self.levels = levels
        if let top = levels.first, top.unconditional.count == 1, top.conditional.isEmpty {
            alwaysResolvesTo = top.unconditional[0]
        } else {
            alwaysResolvesTo = nil
        }
    }

    /// Builds the levels from the mappings (of one kind) that take a value.
    static func levels(for candidates: [Int], in mappings: [CheckedMapping]) -> [Level] {
        let byPriority = Dictionary(grouping: candidates) { mappings[$0].mapping.priority }
        return byPriority.keys.sorted(by: >).map { priority in
            let indexes = byPriority[priority] ?? []
            return Level(
                priority: priority,
                unconditional: indexes.filter { mappings[$0].condition.isAlways },
                conditional: indexes.filter { !mappings[$0].condition.isAlways }
            )
        }
    }
}
