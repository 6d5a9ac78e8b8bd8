import Foundation
import MappingRegistry
import ModelStorage

/// One workload of the matrix at one size: the registry's plugins and
/// mappings, the items, and the baselines measured beside `resolve`.
struct Workload {
    let plugins: PluginCatalog
    let configuration: Data
    let items: [Any]
    let positions: [ItemPosition]
    /// A bare dictionary lookup by the item's type (and, where the mappings
    /// depend on it, its section): the floor.
    let dictionary: (Any, ItemPosition) -> Int
    /// A hand-written `switch`, where one can be written.
    let handSwitch: ((Any, ItemPosition) -> Int)?
    /// The mappings as a linear scan sees them.
    let scanEntries: [LinearScan.Entry]
    /// The floor of the rows that test each item: the dictionary lookup,
    /// then the item's own test written inline; for (c), (g), (h) its
    /// predicate (a cast to its type and the test), for (e) whether its
    /// `Optional` holds a value (a cast to the type inside).
    let lookupAndTest: ((Any, ItemPosition) -> Int)?
}

/// The workloads of the matrix.
enum WorkloadKind: String, CaseIterable {
    case unconditional = "(a) unconditional"
    case sections = "(b) one mapping per section"
    case nested = "(b3) 3-deep section conditions"
    case predicates = "(c) named predicates"
    case hierarchy = "(d) class hierarchy and protocol"
    case optionals = "(e) Optional-wrapped values"
    case distinctTypes = "(f) distinct types"
    case predicateMix = "(g) mix: predicates, 5 sections"
    case feedMix = "(h) mix: predicates, Optionals, sections"
}

/// A type-keyed lookup table, the dictionary baseline.
struct TypeSectionKey: Hashable {
    let type: ObjectIdentifier
    let section: Int
}

private func mappingsJSON(_ entries: [String]) -> Data {
    Data(#"{"version": 1, "mappings": [\#(entries.joined(separator: ",\n"))]}"#.utf8)
}

/// Filler mappings up to `count`: they name a type never stored, so they are
/// never candidates; each has its own view (one view twice would be a
/// duplicate) and its own priority (one type at one priority would overlap).
private func fillers(from start: Int, to count: Int) -> [String] {
    (0..<max(0, count - start)).map { #"{"view": "FV\#($0)", "model": "Filler", "priority": \#(-1 - $0)}"# }
}

private func baseCatalog() -> PluginCatalog {
    var plugins = PluginCatalog()
    plugins.register(model: M0.self, named: "M0")
    plugins.register(model: M1.self, named: "M1")
    plugins.register(model: M2.self, named: "M2")
    plugins.register(model: M3.self, named: "M3")
    plugins.register(model: M4.self, named: "M4")
    plugins.register(model: M5.self, named: "M5")
    plugins.register(model: M6.self, named: "M6")
    plugins.register(model: M7.self, named: "M7")
    plugins.register(model: M8.self, named: "M8")
    plugins.register(model: Base.self, named: "Base")
    plugins.register(model: M9.self, named: "M9")
    plugins.register(model: (any Priced).self, named: "Priced")
    plugins.register(model: (any Identified).self, named: "Identified")
    plugins.register(model: Filler.self, named: "Filler")
    for name in modelNames + ["Base"] { plugins.register(view: "V\(name)", for: Any.self) { _, _ in "v" } }
    for index in 0..<1_000 { plugins.register(view: "FV\(index)", for: Filler.self) { _, _ in "filler" } }
    plugins.register(view: IdRow.self, named: "IdRow")
    return plugins
}

/// The scan's type test for each of the ten types, in `makeItem` order.
private let typeTests: [@Sendable (Any) -> Bool] = [
    { $0 is M0 }, { $0 is M1 }, { $0 is M2 }, { $0 is M3 }, { $0 is M4 },
    { $0 is M5 }, { $0 is M6 }, { $0 is M7 }, { $0 is M8 }, { $0 is M9 },
]
private let always: @Sendable (Any, ItemPosition) -> Bool = { _, _ in true }

/// Workload (c)'s predicate for each type, as a closure over `Any`.
private func evenTest<T: Identified & SendableMetatype>(_ type: T.Type) -> @Sendable (Any, ItemPosition) -> Bool {
    { item, _ in (item as? T)?.id.isMultiple(of: 2) ?? false }
}
private let evenTests: [@Sendable (Any, ItemPosition) -> Bool] = [
    evenTest(M0.self), evenTest(M1.self), evenTest(M2.self), evenTest(M3.self), evenTest(M4.self),
    evenTest(M5.self), evenTest(M6.self), evenTest(M7.self), evenTest(M8.self), evenTest(M9.self),
]

/// Workload (c)'s floor, as an app would write it by hand: the type's
/// number from a dictionary, then that type's test inline.
private func lookupThenTest(_ items: [Any]) -> (Any, ItemPosition) -> Int {
    let table = typeTable(items)
    return { item, _ in
        guard let kind = table[ObjectIdentifier(type(of: item))] else { return -1 }
        let even: Bool? = switch kind {
        case 0: (item as? M0)?.id.isMultiple(of: 2)
        case 1: (item as? M1)?.id.isMultiple(of: 2)
        case 2: (item as? M2)?.id.isMultiple(of: 2)
        case 3: (item as? M3)?.id.isMultiple(of: 2)
        case 4: (item as? M4)?.id.isMultiple(of: 2)
        case 5: (item as? M5)?.id.isMultiple(of: 2)
        case 6: (item as? M6)?.id.isMultiple(of: 2)
        case 7: (item as? M7)?.id.isMultiple(of: 2)
        case 8: (item as? M8)?.id.isMultiple(of: 2)
        default: (item as? M9)?.id.isMultiple(of: 2)
        }
        return even == true ? 10 + kind : kind
    }
}

/// Workload (e)'s floor, as an app would write it by hand: the stored
/// type's number from a dictionary (an `Optional`'s own type, as
/// `type(of:)` gives it), then, for an `Optional`, the inline test of
/// whether it holds a value: a cast to the type inside, which looks
/// through every `Optional` level (`nil` at any level fails it).
private func lookupThenUnwrap(_ items: [Any]) -> (Any, ItemPosition) -> Int {
    var table: [ObjectIdentifier: Int] = [:]
    for kind in 0..<10 {
        table[ObjectIdentifier(type(of: makeItem(kind, 0)))] = kind
        for depth in 1...2 { table[ObjectIdentifier(type(of: makeOptionalItem(kind, 0, depth: depth)))] = 16 * depth + kind }
    }
    return { item, _ in
        guard let code = table[ObjectIdentifier(type(of: item))] else { return -1 }
        guard code >= 16 else { return code }
        let holds = switch code % 16 {
        case 0: item is M0
        case 1: item is M1
        case 2: item is M2
        case 3: item is M3
        case 4: item is M4
        case 5: item is M5
        case 6: item is M6
        case 7: item is M7
        case 8: item is M8
        default: item is M9
        }
        return holds ? code : -1
    }
}

/// Registers `isEven<Type>` for each of the ten types.
private func registerEvenPredicates(_ plugins: inout PluginCatalog) {
    func register<T: Identified & SendableMetatype>(_ type: T.Type, _ name: String) {
        plugins.register(predicate: "isEven\(name)", for: T.self) { model, _ in model.id.isMultiple(of: 2) }
    }
    register(M0.self, "M0"); register(M1.self, "M1"); register(M2.self, "M2"); register(M3.self, "M3"); register(M4.self, "M4")
    register(M5.self, "M5"); register(M6.self, "M6"); register(M7.self, "M7"); register(M8.self, "M8"); register(M9.self, "M9")
}
private let fillerEntry = LinearScan.Entry(accepts: { $0 is Filler }, holds: always, priority: -1)

private func typeTable(_ items: [Any]) -> [ObjectIdentifier: Int] {
    var table: [ObjectIdentifier: Int] = [:]
    for item in items where table.count < 2_000 {
        let key = ObjectIdentifier(type(of: item))
        if table[key] == nil { table[key] = table.count }
    }
    return table
}

/// The bare-dictionary baseline: each item's dynamic type to its number.
private func dictionaryByType(_ items: [Any]) -> (Any, ItemPosition) -> Int {
    let table = typeTable(items)
    return { item, _ in table[ObjectIdentifier(type(of: item))] ?? -1 }
}

/// `count` positions, 1 000 items to a section.
private func flatPositions(_ count: Int) -> [ItemPosition] {
    (0..<count).map { ItemPosition(item: $0 % 1_000, section: $0 / 1_000) }
}

/// Builds a workload with `count` mappings over `itemCount` items.
func makeWorkload(_ kind: WorkloadKind, mappings count: Int, itemCount: Int) -> Workload {
    var plugins = baseCatalog()
    switch kind {
    case .unconditional, .optionals:
        let entries = modelNames.map { #"{"view": "V\#($0)", "model": "\#($0)"}"# } + fillers(from: 10, to: count)
        // (e): a third of the items plain, a third in an Optional of their
        // type, a third in two.
        let items: [Any] = (0..<itemCount).map { index in
            kind == .unconditional || index % 3 == 0
                ? makeItem(index % 10, index)
                : makeOptionalItem(index % 10, index, depth: index % 3)
        }
        return Workload(
            plugins: plugins,
            configuration: mappingsJSON(entries),
            items: items,
            positions: flatPositions(itemCount),
            dictionary: dictionaryByType(items),
            handSwitch: kind == .unconditional
                ? { item, _ in switchOnType(item) }
                : { item, _ in unwrapped(item).map(switchOnType) ?? -1 },
            scanEntries: typeTests.map { LinearScan.Entry(accepts: $0, holds: always, priority: 0) }
                + Array(repeating: fillerEntry, count: max(0, count - 10)),
            lookupAndTest: kind == .optionals ? lookupThenUnwrap(items) : nil
        )

    case .sections, .nested:
        // Ten types, each with one mapping per section: `count / 10` sections.
        let sectionCount = max(1, count / 10)
        var entries: [String] = []
        var scan: [LinearScan.Entry] = []
        for section in 0..<sectionCount {
            for (type, name) in modelNames.enumerated() {
                let condition = kind == .sections
                    ? #"{"section": \#(section)}"#
                    : #"{"all": [{"any": [{"section": \#(section)}, {"sections": [\#(section)]}]}, {"not": {"section": \#(sectionCount + 1_000)}}]}"#
                entries.append(#"{"view": "V\#(name)", "model": "\#(name)", "condition": \#(condition)}"#)
                scan.append(LinearScan.Entry(accepts: typeTests[type], holds: { _, position in position.section == section }, priority: 0))
            }
        }
        let items = (0..<itemCount).map { makeItem($0 % 10, $0) }
        let positions = (0..<itemCount).map { ItemPosition(item: $0, section: ($0 / 10) % sectionCount) }
        var table: [TypeSectionKey: Int] = [:]
        let types = typeTable(items)
        for (type, index) in types {
            for section in 0..<sectionCount { table[TypeSectionKey(type: type, section: section)] = index * sectionCount + section }
        }
        return Workload(
            plugins: plugins,
            configuration: mappingsJSON(entries),
            items: items,
            positions: positions,
            dictionary: { item, position in table[TypeSectionKey(type: ObjectIdentifier(type(of: item)), section: position.section)] ?? -1 },
            handSwitch: { item, position in
                let type = switchOnType(item)
                return position.section < sectionCount ? type * sectionCount + position.section : -1
            },
            scanEntries: scan,
            lookupAndTest: nil
        )

    case .predicates:
        // Each type: a plain mapping, and one at a higher priority for even
        // ids, decided by a predicate registered for that type (as an app
        // registers `isVegan` for `Dish`).
        let used = min(10, max(1, count / 2))
        var entries: [String] = []
        var scan: [LinearScan.Entry] = []
        for (type, name) in modelNames.prefix(used).enumerated() {
            entries.append(#"{"view": "V\#(name)", "model": "\#(name)"}"#)
            entries.append(#"{"view": "IdRow", "model": "\#(name)", "condition": {"predicate": "isEven\#(name)"}, "priority": 1, "reuseIdentifier": "even\#(type)"}"#)
            scan.append(LinearScan.Entry(accepts: typeTests[type], holds: always, priority: 0))
            scan.append(LinearScan.Entry(accepts: typeTests[type], holds: evenTests[type], priority: 1))
        }
        registerEvenPredicates(&plugins)
        entries += fillers(from: entries.count, to: count)
        scan += Array(repeating: fillerEntry, count: max(0, count - scan.count))
        let items = (0..<itemCount).map { makeItem($0 % used, $0 / used) }
        return Workload(
            plugins: plugins,
            configuration: mappingsJSON(entries),
            items: items,
            positions: flatPositions(itemCount),
            dictionary: dictionaryByType(items),
            handSwitch: { item, _ in switchWithPredicate(item) },
            scanEntries: scan,
            lookupAndTest: lookupThenTest(items)
        )

    case .hierarchy:
        // The items are subclasses of Base and conformers of Priced; the
        // mappings name only Base and Priced (and six types never stored).
        var entries = [#"{"view": "VBase", "model": "Base"}"#, #"{"view": "VM0", "model": "Priced"}"#]
        entries += ["M1", "M2", "M3", "M4", "M5", "M9"].map { #"{"view": "V\#($0)", "model": "\#($0)"}"# }
        entries += fillers(from: entries.count, to: count)
        let items = (0..<itemCount).map { makeHierarchyItem($0 % 10, $0) }
        let scan = [
            LinearScan.Entry(accepts: { $0 is Base }, holds: always, priority: 0),
            LinearScan.Entry(accepts: { $0 is any Priced }, holds: always, priority: 0),
        ] + [1, 2, 3, 4, 5, 9].map { LinearScan.Entry(accepts: typeTests[$0], holds: always, priority: 0) }
            + Array(repeating: fillerEntry, count: max(0, count - 8))
        return Workload(
            plugins: plugins,
            configuration: mappingsJSON(entries),
            items: items,
            positions: flatPositions(itemCount),
            dictionary: dictionaryByType(items),
            handSwitch: { item, _ in switchOnHierarchy(item) },
            scanEntries: scan,
            lookupAndTest: nil
        )

    case .predicateMix, .feedMix:
        return makeMix(kind, mappings: count, itemCount: itemCount, plugins: plugins)

    case .distinctTypes:
        // `count` distinct types, each with its own mapping.
        let types = makeDistinctTypes(count)
        for (index, type) in types.enumerated() { type.register(&plugins, index) }
        let entries = types.indices.map { #"{"view": "TV\#($0)", "model": "T\#($0)"}"# }
        let items = (0..<itemCount).map { types[$0 % types.count].value }
        return Workload(
            plugins: plugins,
            configuration: mappingsJSON(entries),
            items: items,
            positions: flatPositions(itemCount),
            dictionary: dictionaryByType(items),
            handSwitch: nil,
            scanEntries: types.map { LinearScan.Entry(accepts: $0.accepts, holds: always, priority: 0) },
            lookupAndTest: nil
        )
    }
}

// MARK: - Realistic mixes

/// The number of the mixes' model types.
private let mixKinds = 10
/// The mixes' sections.
private let mixSections = 5

/// Workload (h): whether model type `kind` has a predicate mapping (the
/// others have a section mapping): M0, M2, M4 (structs), M6, M8 (classes).
private func mixHasPredicate(_ kind: Int) -> Bool { kind.isMultiple(of: 2) }

/// A pseudo-random sequence (a linear congruential generator), so the
/// mixes' items interleave types the same way in every run.
private struct Shuffle {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

/// The realistic mixes: ten model types (structs, classes, an enum), each
/// with a plain mapping and one at a higher priority (20 mappings, then
/// fillers), over 5 sections whose items interleave the types at random.
/// (g): the higher mapping is decided by a predicate on every type. (h): by
/// a predicate on five types and by a section on the other five, and one
/// item in three is stored in an `Optional` of its type (`Dish?`).
private func makeMix(_ kind: WorkloadKind, mappings count: Int, itemCount: Int, plugins base: PluginCatalog) -> Workload {
    var plugins = base
    registerEvenPredicates(&plugins)
    let feed = kind == .feedMix
    var entries: [String] = []
    var scan: [LinearScan.Entry] = []
    for (type, name) in modelNames.enumerated() {
        entries.append(#"{"view": "V\#(name)", "model": "\#(name)"}"#)
        scan.append(LinearScan.Entry(accepts: typeTests[type], holds: always, priority: 0))
        if !feed || mixHasPredicate(type) {
            entries.append(#"{"view": "IdRow", "model": "\#(name)", "condition": {"predicate": "isEven\#(name)"}, "priority": 1, "reuseIdentifier": "even\#(type)"}"#)
            scan.append(LinearScan.Entry(accepts: typeTests[type], holds: evenTests[type], priority: 1))
        } else {
            let section = type % mixSections
            entries.append(#"{"view": "IdRow", "model": "\#(name)", "condition": {"section": \#(section)}, "priority": 1, "reuseIdentifier": "section\#(type)"}"#)
            scan.append(LinearScan.Entry(accepts: typeTests[type], holds: { _, position in position.section == section }, priority: 1))
        }
    }
    entries += fillers(from: entries.count, to: count)
    scan += Array(repeating: fillerEntry, count: max(0, count - scan.count))
    var shuffle = Shuffle()
    let perSection = max(1, itemCount / mixSections)
    var items: [Any] = []
    var positions: [ItemPosition] = []
    items.reserveCapacity(itemCount)
    positions.reserveCapacity(itemCount)
    for index in 0..<itemCount {
        let type = shuffle.next(mixKinds)
        let id = shuffle.next(1_000_000)
        items.append(feed && index % 3 == 1 ? makeOptionalItem(type, id, depth: 1) : makeItem(type, id))
        positions.append(ItemPosition(item: index % perSection, section: min(mixSections - 1, index / perSection)))
    }
    return Workload(
        plugins: plugins,
        configuration: mappingsJSON(entries),
        items: items,
        positions: positions,
        dictionary: mixDictionary(feed: feed, testsPredicates: false),
        handSwitch: nil,
        scanEntries: scan,
        lookupAndTest: mixDictionary(feed: feed, testsPredicates: true)
    )
}

/// The mixes' floor: a dictionary keyed by the stored type (an `Optional`'s
/// own type, as `type(of:)` gives it) and section; with `testsPredicates`,
/// then the item's own predicate written inline where its type has one.
private func mixDictionary(feed: Bool, testsPredicates: Bool) -> (Any, ItemPosition) -> Int {
    var table: [TypeSectionKey: Int] = [:]
    for kind in 0..<mixKinds {
        let stored = [type(of: makeItem(kind, 0)), type(of: makeOptionalItem(kind, 0, depth: 1))]
        for type in stored {
            for section in 0..<mixSections {
                table[TypeSectionKey(type: ObjectIdentifier(type), section: section)] = kind << 4 | section
            }
        }
    }
    return { item, position in
        guard let code = table[TypeSectionKey(type: ObjectIdentifier(type(of: item)), section: position.section)] else { return -1 }
        let kind = code >> 4
        guard testsPredicates, !feed || mixHasPredicate(kind) else { return code }
        let even: Bool? = switch kind {
        case 0: (item as? M0)?.id.isMultiple(of: 2)
        case 1: (item as? M1)?.id.isMultiple(of: 2)
        case 2: (item as? M2)?.id.isMultiple(of: 2)
        case 3: (item as? M3)?.id.isMultiple(of: 2)
        case 4: (item as? M4)?.id.isMultiple(of: 2)
        case 5: (item as? M5)?.id.isMultiple(of: 2)
        case 6: (item as? M6)?.id.isMultiple(of: 2)
        case 7: (item as? M7)?.id.isMultiple(of: 2)
        case 8: (item as? M8)?.id.isMultiple(of: 2)
        default: (item as? M9)?.id.isMultiple(of: 2)
        }
        return even == true ? code | 1 << 12 : code
    }
}
