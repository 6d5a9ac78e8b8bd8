import Dispatch
import Foundation
@testable import MappingRegistry
import ModelStorage
import RegistryFixtures
import TestSupport
import Testing

// Many distinct dynamic types, made at run time from generic types: structs
// `Bit0<Bit1<…<End>>>`, classes `Node0<…>`/`Node1<…>` under one base class,
// and Optionals of the structs.

protocol Leaf: Sendable { init() }
struct End: Leaf { init() {} }
struct Bit0<Rest: Leaf>: Leaf { init() {} }
struct Bit1<Rest: Leaf>: Leaf { init() {} }
class NodeBase: @unchecked Sendable { init() {} }
final class Node0<Rest: Leaf>: NodeBase, @unchecked Sendable {}
final class Node1<Rest: Leaf>: NodeBase, @unchecked Sendable {}

/// One value of each distinct type, `2^depth` per family.
func distinctValues<T: Leaf>(_ type: T.Type, depth: Int, into values: inout [any Sendable]) {
    guard depth > 0 else {
        values.append(T())
        values.append(Optional(T()))
        values.append(Node0<T>())
        values.append(Node1<T>())
        return
    }
    distinctValues(Bit0<T>.self, depth: depth - 1, into: &values)
    distinctValues(Bit1<T>.self, depth: depth - 1, into: &values)
}

/// Cold-cache concurrency: eight threads meet hundreds of types for the first
/// time at once, in a fresh registry each round, and every answer must equal
/// the uncached reference.
///
/// A stress test: it runs only with `MAPPING_REGISTRY_STRESS=1`, as CI runs
/// it (in a step of its own and under ThreadSanitizer).
@Suite(.enabled(if: StressTesting.isEnabled, "stress: set MAPPING_REGISTRY_STRESS=1"))
struct ResolutionStressTests {
    static let kinds: [ViewKind] = [.cell, .header, .footer] + (0..<9).map { ViewKind(rawValue: "k\($0)") }

    static func plugins() -> PluginCatalog {
        var plugins = PluginCatalog()
        plugins.register(model: Any.self, named: "Anything")
        plugins.register(model: NodeBase.self, named: "Node")
        plugins.register(view: "Plain", for: Any.self) { _, _ in "plain" }
        plugins.register(view: "Other", for: Any.self) { _, _ in "other" }
        plugins.register(view: "NodeView", for: NodeBase.self) { _, _ in "node" }
        plugins.register(predicate: "evenItem", for: Any.self) { _, position in position.item.isMultiple(of: 2) }
        plugins.register(predicate: "thirdItem", for: Any.self) { _, position in position.item.isMultiple(of: 3) }
        return plugins
    }

    /// Different mappings per kind, so plans differ per kind slot.
    static func configuration() -> String {
        var mappings: [String] = []
        for (index, kind) in kinds.enumerated() {
            let k = kind.rawValue
            mappings.append(#"{"view": "NodeView", "model": "Node", "kind": "\#(k)", "condition": {"sections": [0, \#(index % 4 + 1)]}, "priority": 3}"#)
            if index % 3 != 2 {
                mappings.append(#"{"view": "Plain", "model": "Anything", "kind": "\#(k)", "priority": 0}"#)
            }
            if index % 2 == 0 {
                mappings.append(#"{"view": "Other", "model": "Anything", "kind": "\#(k)", "condition": {"predicate": "evenItem"}, "priority": 2}"#)
                mappings.append(#"{"view": "Plain", "model": "Anything", "kind": "\#(k)", "condition": {"all": [{"predicate": "thirdItem"}, {"not": {"section": \#(index % 3)}}]}, "priority": 2}"#)
            }
        }
        return #"{"version": 1, "mappings": [\#(mappings.joined(separator: ",\n"))]}"#
    }

    @Test func eightThreadsOnAColdCacheAgreeWithTheUncachedReference() throws {
        var collected: [any Sendable] = []
        distinctValues(End.self, depth: 8, into: &collected)
        let values = collected
        let distinctTypes = Set(values.map { ObjectIdentifier(type(of: $0 as Any)) }).count
        #expect(distinctTypes >= 900)
        let json = Data(Self.configuration().utf8)
        let plugins = Self.plugins()
        let mismatches = Tally()
        let compared = Tally()
        for round in 0..<4 {
            let registry = try MappingRegistry(configuration: json, plugins: plugins)
            let indexed = registry.resolver
            DispatchQueue.concurrentPerform(iterations: 8) { thread in
                var random = SplitMix64(seed: UInt64(round * 8 + thread + 1))
                // Each thread meets the types in its own order.
                for value in values.shuffled(using: &random) {
                    let position = ItemPosition(item: random.int(in: 0...5), section: random.int(in: 0...5))
                    let kind = Self.kinds[random.int(in: 0...(Self.kinds.count - 1))]
                    let cached = resolutionSummary(registry.resolve(value, at: position, kind: kind, by: indexed))
                    let reference = resolutionSummary(registry.resolve(value, at: position, kind: kind, by: registry.reference))
                    if cached != reference { mismatches.add() }
                    compared.add()
                }
            }
        }
        #expect(mismatches.value == 0)
        #expect(compared.value == 4 * 8 * values.count)
    }
}
