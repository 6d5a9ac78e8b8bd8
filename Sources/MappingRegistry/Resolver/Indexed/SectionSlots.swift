/// Numbers the sections (or, in a second table, the items) that the
/// registry's conditions name, so a plan can find a position's candidates
/// with an array index: slot 0 stands for every section (item) no
/// condition names, slots 1… for the named ones.
struct SectionSlots: Sendable {
    /// The section that stands for every section no condition names.
    static let unnamedSection = ConditionSpace.unnamedSection
    /// The item that stands for every item no condition names.
    static let unnamedItem = ConditionSpace.unnamedItem

    /// The largest section looked up in a dense array; larger ones go
    /// through a dictionary.
    static let denseLimit = 1 << 16

    /// The slot of each section from 0 up to the largest named one, when it
    /// is below ``denseLimit``.
    private let dense: [Int32]
    /// The slot of each named section, when some is too large for `dense`.
    private let sparse: [Int: Int32]
    /// The number of slots: the named sections plus slot 0.
    let count: Int

    init(named sections: Set<Int>) {
        let ordered = sections.sorted()
        count = ordered.count + 1
        if let largest = ordered.last, largest >= Self.denseLimit {
            dense = []
            sparse = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($0.element, Int32($0.offset + 1)) })
        } else {
            var table = [Int32](repeating: 0, count: (ordered.last ?? -1) + 1)
            for (offset, section) in ordered.enumerated() { table[section] = Int32(offset + 1) }
            dense = table
            sparse = [:]
        }
    }

    /// The slot of a section: its own when a condition names it, else 0.
    @inline(__always)
    func slot(of section: Int) -> Int {
        if section >= 0, section < dense.count { return Int(dense[section]) }
        return sparse.isEmpty ? 0 : Int(sparse[section] ?? 0)
    }
}
