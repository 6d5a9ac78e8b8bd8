/// The kinds that have mappings, numbered in order of first appearance:
/// a kind's number is its slot in every per-kind table of a resolver.
struct KindSlots: Sendable {
    /// The kinds, in order of first appearance.
    let kinds: [ViewKind]
    /// The slot of each kind, for configurations with many kinds.
    private let slots: [ViewKind: Int]

    init(_ kinds: [ViewKind]) {
        self.kinds = kinds
        slots = Dictionary(kinds.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    /// The slot of a kind, or `nil` when no mapping has that kind.
    @inline(__always)
    func slot(of kind: ViewKind) -> Int? {
        // A few kinds (cell, header, footer, a custom one or two): comparing
        // short strings beats hashing. Many kinds: the dictionary.
        guard kinds.count > 8 else {
            for index in kinds.indices where kinds[index] == kind { return index }
            return nil
        }
        return slots[kind]
    }
}
