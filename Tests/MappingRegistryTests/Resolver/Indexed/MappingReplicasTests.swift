import Foundation
@testable import MappingRegistry
import MappingRegistryAtomics
import ModelStorage
import RegistryFixtures
import Testing

/// Each thread slot resolves to its own copy of a mapping, equal to the
/// registry's, so threads resolving at once retain no shared object.
@Suite struct MappingReplicasTests {
    private func registry() throws -> MappingRegistry {
        try loadIndexedRegistry(configuration(
            #"{"view": "AnimalRow", "model": "Animal"}"#,
            #"{"view": "NumberRow", "model": "Int", "priority": 2}"#
        ), plugins: fixtureCatalog())
    }

    /// What one new thread sees: its slot, and the mapping it resolved twice.
    private struct Seen: Sendable {
        let slot: Int
        let first: Mapping?
        let second: Mapping?
    }

    /// Resolves `model` twice on a new thread and waits for it.
    private func resolveTwiceOnANewThread(_ registry: MappingRegistry, _ model: any Sendable) -> Seen {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var seen: Seen?
        let thread = Thread {
            let slot = Int(mapping_registry_thread_ordinal() % UInt(MappingReplicas.slotCount))
            seen = Seen(
                slot: slot,
                first: registry.resolve(model, at: ItemPosition(item: 0, section: 0)).mapping,
                second: registry.resolve(model, at: ItemPosition(item: 1, section: 0)).mapping
            )
            done.signal()
        }
        thread.start()
        done.wait()
        return seen ?? Seen(slot: -1, first: nil, second: nil)
    }

    @Test func aThreadOutsideSlotZeroGetsItsOwnEqualCopy() throws {
        let registry = try registry()
        let seen = resolveTwiceOnANewThread(registry, 7)
        let first = try #require(seen.first)
        let second = try #require(seen.second)
        let canonical = registry.mappings[1]
        #expect(first == canonical)
        #expect(first.hashValue == canonical.hashValue)
        #expect(first.view == "NumberRow" && first.index == 1 && first.location == canonical.location)
        // The same thread gets the same copy every time.
        #expect(first.compiled === second.compiled)
        if seen.slot == 0 {
            #expect(first.compiled === canonical.compiled)
        } else {
            #expect(first.compiled !== canonical.compiled)
        }
    }

    @Test func threadsInDifferentSlotsGetDifferentCopies() throws {
        let registry = try registry()
        var bySlot: [Int: Mapping] = [:]
        // Consecutive new threads take consecutive ordinals, so a handful
        // covers at least two slots.
        for _ in 0..<3 {
            let seen = resolveTwiceOnANewThread(registry, Cat(name: "Tom"))
            let first = try #require(seen.first)
            bySlot[seen.slot] = first
        }
        #expect(bySlot.count >= 2)
        let copies = Array(bySlot.values)
        for (index, copy) in copies.enumerated() {
            #expect(copy == registry.mappings[0])
            for other in copies[(index + 1)...] { #expect(copy.compiled !== other.compiled) }
        }
    }

    @Test func manyThreadsAtOnceAllResolveTheRegistrysMappings() throws {
        let registry = try registry()
        let models: [any Sendable] = [7, Cat(name: "Tom"), Animal(name: "Rex"), Optional(3) as Int?]
        let expected = [1, 0, 0, 1]
        let mismatches = Counter()
        DispatchQueue.concurrentPerform(iterations: 24) { thread in
            for round in 0..<200 {
                let which = (thread + round) % models.count
                let mapping = registry.resolve(models[which], at: ItemPosition(item: round, section: 0)).mapping
                if mapping != registry.mappings[expected[which]] { mismatches.increment() }
            }
        }
        #expect(mismatches.value == 0)
    }
}

/// A count that many threads add to.
private final class Counter: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
