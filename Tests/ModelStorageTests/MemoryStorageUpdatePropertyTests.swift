import ModelStorage
import TestSupport
import Testing

/// Randomised check of the update contract: for every mutation (or batch)
/// of a random sequence, exactly one update is sent and applying it to a
/// copy of the old contents reproduces the new contents; a call that
/// throws sends nothing and changes nothing.
@Suite struct MemoryStorageUpdatePropertyTests {
    /// 1 200 sequences with MAPPING_REGISTRY_STRESS=1 (CI), fewer in a developer's run.
    static let sequenceCount = StressTesting.count(quick: 400, stress: 1_200)
    static let stepsPerSequence = 25

    /// The state of one random run: the storage, its recorder, and fresh
    /// unique values so a wrong move or update cannot go unnoticed.
    final class Run {
        var rng: SplitMix64
        let storage = MemoryStorage()
        let recorder: UpdateRecorder
        var nextValue = 0

        init(seed: UInt64) {
            rng = SplitMix64(seed: seed)
            recorder = UpdateRecorder(storage)
        }

        func value() -> Int {
            nextValue += 1
            return nextValue
        }

        /// A value that is mostly one of the stored items (values are
        /// unique), sometimes one that is not stored.
        func randomStoredValue() -> Int {
            let stored = storage.totalNumberOfItems
            return stored > 0 && rng.chance(0.85) ? rng.int(in: 1...nextValue) : -1
        }

        func randomSection(extra: Int) -> Int {
            rng.int(in: -1...(storage.numberOfSections + extra))
        }

        /// Mostly valid positions (an existing item, or an insertion point
        /// when `extra` is 1), sometimes anything around the valid range.
        func randomPosition(extra: Int) -> ItemPosition {
            if storage.numberOfSections > 0, rng.chance(0.7) {
                let section = rng.int(in: 0...(storage.numberOfSections - 1))
                let limit = storage.numberOfItems(inSection: section) + min(extra, 1)
                if limit > 0 {
                    return ItemPosition(item: rng.int(in: 0...(limit - 1)), section: section)
                }
            }
            let section = randomSection(extra: extra)
            let count = storage.numberOfItems(inSection: section)
            let lowest = rng.chance(0.05) ? -1 : 0
            return ItemPosition(item: rng.int(in: lowest...(count + extra)), section: section)
        }

        /// Performs one random mutation; returns its name and whether it
        /// is expected to send an update when it succeeds.
        func mutate() throws -> (name: String, sends: Bool) {
            switch rng.int(in: 0...23) {
            case 0:
                let section = randomSection(extra: 2)
                storage.addItem(value(), toSection: section)
                // A negative section names no section: no change, one empty update.
                return ("addItem toSection \(section)", true)
            case 1:
                let section = randomSection(extra: 1)
                let items = (0..<rng.int(in: 0...3)).map { _ in value() }
                storage.addItems(items, toSection: section)
                return ("addItems \(items.count) toSection \(section)", true)
            case 2:
                let position = randomPosition(extra: 1)
                try storage.insertItem(value(), to: position)
                return ("insertItem \(position)", true)
            case 3:
                let positions = (0..<rng.int(in: 1...3)).map { _ in randomPosition(extra: 1) }
                try storage.insertItems(positions.map { _ in value() }, at: positions)
                return ("insertItems \(positions)", true)
            case 4:
                let index = rng.int(in: -1...(storage.numberOfSections + 1))
                var section = SectionModel(items: (0..<rng.int(in: 0...3)).map { _ in value() })
                if rng.chance(0.5) { section.headerModel = "h\(value())" }
                try storage.insertSection(section, at: index)
                return ("insertSection at \(index)", true)
            case 5:
                let position = randomPosition(extra: 0)
                try storage.removeItem(at: position)
                return ("removeItem \(position)", true)
            case 6:
                let positions = (0..<rng.int(in: 1...4)).map { _ in randomPosition(extra: 0) }
                try storage.removeItems(at: positions)
                return ("removeItems \(positions)", true)
            case 7:
                let section = randomSection(extra: 0)
                try storage.removeItems(fromSection: section)
                return ("removeItems fromSection \(section)", true)
            case 8:
                let position = randomPosition(extra: 0)
                try storage.replaceItem(at: position, with: value())
                return ("replaceItem \(position)", true)
            case 9:
                let position = randomPosition(extra: 0)
                try storage.reloadItem(at: position)
                return ("reloadItem \(position)", true)
            case 10, 11:
                let from = randomPosition(extra: 0)
                let to = randomPosition(extra: 2)
                try storage.moveItem(from: from, to: to)
                return ("moveItem \(from) -> \(to)", true)
            case 12:
                let from = randomPosition(extra: 0)
                let to = randomPosition(extra: 1)
                try storage.moveItemWithoutAnimation(from: from, to: to)
                return ("moveItemWithoutAnimation \(from) -> \(to)", false)
            case 13:
                let from = randomSection(extra: 0)
                let to = randomSection(extra: 0)
                try storage.moveSection(from, to: to)
                return ("moveSection \(from) -> \(to)", true)
            case 14:
                let indexes = (0..<rng.int(in: 1...2)).map { _ in randomSection(extra: 0) }
                // Indexes of sections that do not exist are skipped; with none left, an empty update.
                storage.deleteSections(indexes)
                return ("deleteSections \(indexes)", true)
            case 15:
                let section = randomSection(extra: 1)
                let kind = ["header", "footer", "badge"][rng.int(in: 0...2)]
                let model: String? = rng.chance(0.7) ? "\(kind)\(value())" : nil
                try storage.setSupplementaryModel(model, ofKind: kind, forSection: section)
                return ("setSupplementaryModel \(kind) section \(section)", true)
            case 16:
                let models: [Any?] = (0..<rng.int(in: 0...(storage.numberOfSections + 1))).map { _ in
                    rng.chance(0.6) ? "h\(value())" : nil
                }
                storage.setSectionHeaderModels(models)
                return ("setSectionHeaderModels \(models.count)", true)
            case 17:
                let section = randomSection(extra: 1)
                storage.setItems((0..<rng.int(in: 0...4)).map { _ in value() }, forSection: section)
                return ("setItems forSection \(section)", true)
            case 18:
                let existing = storage.totalNumberOfItems
                let target = existing > 0 && rng.chance(0.8) ? rng.int(in: 1...existing) : -1
                if rng.chance(0.5) {
                    try storage.removeItem(target)
                    return ("removeItem value \(target)", true)
                }
                try storage.replaceItem(target, with: value())
                return ("replaceItem value \(target)", true)
            case 19:
                let position = randomPosition(extra: 1)
                let items = (0..<rng.int(in: 0...3)).map { _ in value() }
                try storage.insertItems(items, at: position)
                return ("insertItems \(items.count) at \(position)", true)
            case 20:
                let values = (0..<rng.int(in: 0...3)).map { _ in randomStoredValue() }
                try storage.removeItems(values)
                return ("removeItems values \(values)", true)
            case 21:
                let target = randomStoredValue()
                try storage.reloadItem(target)
                return ("reloadItem value \(target)", true)
            case 22:
                let index = rng.int(in: -1...(storage.numberOfSections + 2))
                var section = SectionModel(items: (0..<rng.int(in: 0...3)).map { _ in value() })
                if rng.chance(0.5) { section.footerModel = "f\(value())" }
                try storage.setSection(section, forSection: index)
                return ("setSection forSection \(index)", true)
            default:
                if rng.chance(0.1) {
                    storage.setItemsForAllSections((0..<rng.int(in: 0...3)).map { _ in
                        (0..<rng.int(in: 0...3)).map { _ in value() }
                    })
                    return ("setItemsForAllSections", true)
                }
                let steps = rng.int(in: 2...5)
                var names: [String] = []
                try storage.performUpdates {
                    for _ in 0..<steps {
                        do {
                            names.append(try mutate().name)
                        } catch is MemoryStorageError {
                            names.append("(refused)")
                        }
                    }
                }
                return ("batch [\(names.joined(separator: "; "))]", true)
            }
        }
    }

    @Test func applyingEachUpdateToTheOldContentsGivesTheNewContents() {
        var failures = 0
        for seed in 0..<UInt64(Self.sequenceCount) where failures < 5 {
            let run = Run(seed: seed)
            for step in 0..<Self.stepsPerSequence {
                let before = Snapshot(run.storage)
                let outcome: (name: String, sends: Bool)
                do {
                    outcome = try run.mutate()
                } catch {
                    #expect(Snapshot(run.storage) == before, "seed \(seed) step \(step): a refused call changed the storage: \(error)")
                    #expect(run.recorder.take().isEmpty, "seed \(seed) step \(step): a refused call sent an update")
                    continue
                }
                let after = Snapshot(run.storage)
                let updates = run.recorder.take()
                guard outcome.sends else {
                    #expect(updates.isEmpty, "seed \(seed) step \(step) \(outcome.name): expected no update")
                    continue
                }
                guard updates.count == 1, let update = updates.first else {
                    Issue.record("seed \(seed) step \(step) \(outcome.name): expected 1 update, got \(updates.count)")
                    failures += 1
                    break
                }
                do {
                    let applied = try UpdateApplier.apply(update, to: before, reading: after)
                    if applied != after {
                        Issue.record("seed \(seed) step \(step) \(outcome.name):\nbefore \(before)\nafter  \(after)\ngot    \(applied)\nupdate \(update)")
                        failures += 1
                        break
                    }
                } catch {
                    Issue.record("seed \(seed) step \(step) \(outcome.name): \(error)\nbefore \(before)\nafter  \(after)\nupdate \(update)")
                    failures += 1
                    break
                }
            }
        }
    }

    @Test func theGeneratorCoversBatchesMovesAndNewSections() {
        // Guards the property test against a generator that quietly stops
        // producing the interesting cases.
        var names: [String] = []
        for seed in 0..<UInt64(200) {
            let run = Run(seed: seed)
            for _ in 0..<Self.stepsPerSequence {
                if let outcome = try? run.mutate() { names.append(outcome.name) }
            }
        }
        #expect(names.contains { $0.hasPrefix("batch") })
        #expect(names.contains { $0.hasPrefix("moveItem ") })
        #expect(names.contains { $0.hasPrefix("moveSection") })
        #expect(names.contains { $0.hasPrefix("deleteSections") })
        #expect(names.filter { $0.hasPrefix("insertItems") }.count > 50)
        #expect(names.contains { $0.hasPrefix("removeItems values") })
        #expect(names.contains { $0.hasPrefix("reloadItem value") })
        #expect(names.contains { $0.hasPrefix("setSection") })
    }
}
