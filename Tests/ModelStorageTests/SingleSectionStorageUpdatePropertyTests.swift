import ModelStorage
import TestSupport
import Testing

/// Randomised check of `SingleSectionStorage.setItems`: for every differ,
/// applying the update to a copy of the old items reproduces the new ones,
/// and an update never reports a surviving item as deleted and inserted.
@Suite struct SingleSectionStorageUpdatePropertyTests {
    /// 1 000 sequences with MAPPING_REGISTRY_STRESS=1 (CI), fewer in a developer's run.
    static let sequenceCount = StressTesting.count(quick: 300, stress: 1_000)

    /// Derives a new list from an old one with random deletions,
    /// insertions, value changes and moves (and, rarely, duplicate ids).
    static func mutate(_ items: [Entry], rng: inout SplitMix64, nextID: inout Int, allowDuplicates: Bool) -> [Entry] {
        var result = items
        for _ in 0..<rng.int(in: 0...4) where !result.isEmpty {
            result.remove(at: rng.int(in: 0...(result.count - 1)))
        }
        for _ in 0..<rng.int(in: 0...4) where !result.isEmpty {
            let index = rng.int(in: 0...(result.count - 1))
            result[index].value += "'"
        }
        for _ in 0..<rng.int(in: 0...3) where !result.isEmpty {
            let item = result.remove(at: rng.int(in: 0...(result.count - 1)))
            result.insert(item, at: rng.int(in: 0...result.count))
        }
        for _ in 0..<rng.int(in: 0...4) {
            nextID += 1
            let id = allowDuplicates && !result.isEmpty && rng.chance(0.3)
                ? result[rng.int(in: 0...(result.count - 1))].id
                : nextID
            result.insert(Entry(id, "v\(nextID)"), at: rng.int(in: 0...result.count))
        }
        return result
    }

    enum DifferCase: String, CaseIterable, Sendable {
        case collectionDifference, collectionDifferenceWithDuplicateIDs, identity, identityWithDuplicateIDs

        var differ: any Differ {
            switch self {
            case .collectionDifference, .collectionDifferenceWithDuplicateIDs: CollectionDifferenceDiffer()
            case .identity, .identityWithDuplicateIDs: IdentityDiffer()
            }
        }

        var duplicates: Bool {
            self == .collectionDifferenceWithDuplicateIDs || self == .identityWithDuplicateIDs
        }
    }

    @Test(arguments: DifferCase.allCases)
    func applyingTheUpdateToTheOldItemsGivesTheNewItems(_ differCase: DifferCase) {
        let name = differCase.rawValue
        let differ = differCase.differ
        let duplicates = differCase.duplicates
        var failures = 0
        for seed in 0..<UInt64(Self.sequenceCount) where failures < 3 {
            var rng = SplitMix64(seed: seed)
            var nextID = 0
            let initial = (0..<rng.int(in: 0...12)).map { _ -> Entry in
                nextID += 1
                return Entry(nextID, "v\(nextID)")
            }
            let storage = SingleSectionStorage(items: initial, differ: differ)
            let recorder = UpdateRecorder(storage)
            for step in 0..<8 {
                let before = Snapshot(storage)
                let oldIDs = Set(storage.items.map(\.id))
                let next = Self.mutate(storage.items, rng: &rng, nextID: &nextID, allowDuplicates: duplicates)
                storage.setItems(next)
                let after = Snapshot(storage)
                let updates = recorder.take()
                guard updates.count == 1, let update = updates.first else {
                    Issue.record("\(name) seed \(seed) step \(step): expected 1 update, got \(updates.count)")
                    failures += 1
                    break
                }
                do {
                    let applied = try UpdateApplier.apply(update, to: before, reading: after)
                    if applied != after {
                        Issue.record("\(name) seed \(seed) step \(step):\nbefore \(before)\nafter  \(after)\ngot    \(applied)\nupdate \(update)")
                        failures += 1
                        break
                    }
                } catch {
                    Issue.record("\(name) seed \(seed) step \(step): \(error)\nupdate \(update)")
                    failures += 1
                    break
                }
                if !duplicates {
                    // Surviving ids are never deleted: deletions are exactly the vanished ids.
                    let vanished = oldIDs.subtracting(next.map(\.id))
                    if update.deletedItems.count != vanished.count {
                        Issue.record("\(name) seed \(seed) step \(step): \(update.deletedItems.count) deletions for \(vanished.count) vanished ids")
                        failures += 1
                        break
                    }
                }
            }
        }
    }
}
