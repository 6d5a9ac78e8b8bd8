import MappingRegistry
import RegistryFixtures
import ModelStorage
import TestSupport
import Testing

@Suite struct TextRendererUpdateTests {
    /// Mappings whose output depends on the position (a handler prints it,
    /// a section condition picks the view), so a stale reuse would show.
    static let mappings = configuration(
        #"{"view": "NumberRow", "model": "Int"}"#,
        #"{"view": "BigNumber", "model": "Int", "condition": {"section": 1}, "priority": 1}"#,
        #"{"view": "Footnote", "model": "String"}"#,
        #"{"view": "TitleView", "model": "String", "kind": "header"}"#,
        #"{"view": "Footnote", "model": "String", "kind": "footer", "reuseIdentifier": "foot"}"#
    )

    private func expectSameAsFullRender(_ incremental: RenderResult, _ storage: MemoryStorage, _ renderer: TextRenderer, _ context: String) {
        let full = renderer.render(storage)
        #expect(incremental.text == full.text, "\(context)")
        #expect(incremental.diagnostics == full.diagnostics, "\(context)")
        #expect(incremental.renderedCount == full.renderedCount && incremental.missingCount == full.missingCount
            && incremental.ambiguousCount == full.ambiguousCount, "\(context)")
    }

    @Test func changingOneItemOfALongListRendersOnlyThatItem() throws {
        let renderer = TextRenderer(registry: try loadRegistry(Self.mappings))
        let storage = MemoryStorage()
        storage.setItemsForAllSections([Array(0..<10_000)])
        storage.setSectionHeaderModels(["Numbers"])
        var result = renderer.render(storage)
        var updates: [StorageUpdate] = []
        let token = storage.observe { updates.append($0) }
        try storage.replaceItem(at: ItemPosition(item: 5_000, section: 0), with: -1)
        let update = try #require(updates.last)
        result = renderer.render(storage, update: update, previous: result)
        #expect(result.reusedCount == 10_000)  // 9 999 items and the header
        #expect(result.renderedCount == 10_001)
        #expect(result.text.contains("number 4999\nnumber -1\nnumber 5001\n"))
        expectSameAsFullRender(result, storage, renderer, "replace")
        token.cancel()
    }

    @Test func insertingAtTheTopRerendersTheShiftedItems() throws {
        var plugins = fixtureCatalog()
        plugins.register(view: "Where", for: Int.self) { number, position in "\(number) @ \(position.item)" }
        let renderer = TextRenderer(registry: try loadRegistry(configuration(#"{"view": "Where", "model": "Int"}"#), plugins: plugins))
        let storage = MemoryStorage()
        storage.setItemsForAllSections([[10, 20]])
        var result = renderer.render(storage)
        var updates: [StorageUpdate] = []
        let token = storage.observe { updates.append($0) }
        try storage.insertItem(5, to: ItemPosition(item: 0, section: 0))
        result = renderer.render(storage, update: try #require(updates.last), previous: result)
        #expect(result.text == "5 @ 0\n10 @ 1\n20 @ 2\n")
        #expect(result.reusedCount == 0)
        token.cancel()
    }

    @Test func aStreamedPreviousResultFallsBackToAFullRender() throws {
        let renderer = TextRenderer(registry: try loadRegistry(Self.mappings))
        let storage = MemoryStorage()
        storage.setItemsForAllSections([[1, 2, 3]])
        var sink = ""
        let streamed = renderer.render(storage, into: &sink)
        let result = renderer.render(storage, update: StorageUpdate(updatedItems: [ItemPosition(item: 0, section: 0)]), previous: streamed)
        #expect(result.reusedCount == 0)
        #expect(result.text == sink)
    }

    @Test func anUpdateThatDoesNotFitFallsBackToAFullRender() throws {
        let renderer = TextRenderer(registry: try loadRegistry(Self.mappings))
        let storage = MemoryStorage()
        storage.setItemsForAllSections([[1, 2, 3]])
        let previous = renderer.render(storage)
        storage.addItem(4)
        // Claims nothing was inserted although the section grew.
        let result = renderer.render(storage, update: StorageUpdate(updatedItems: [ItemPosition(item: 0, section: 0)]), previous: previous)
        expectSameAsFullRender(result, storage, renderer, "misfit")
        #expect(result.reusedCount == 0)
    }

    @Test func incrementalRenderEqualsFullRenderOnRandomMutations() throws {
        let renderer = TextRenderer(registry: try loadRegistry(Self.mappings))
        var totalReused = 0
        for seed in UInt64(1)...150 {
            var random = SplitMix64(seed: seed)
            let storage = MemoryStorage()
            storage.setItemsForAllSections((0..<3).map { section in (0..<4).map { section * 10 + $0 } })
            storage.setSectionHeaderModels(["A", "B", "C"])
            var result = renderer.render(storage)
            var updates: [StorageUpdate] = []
            let token = storage.observe { updates.append($0) }
            for step in 0..<12 {
                updates.removeAll()
                Self.mutate(storage, using: &random)
                for update in updates {
                    result = renderer.render(storage, update: update, previous: result)
                }
                totalReused += result.reusedCount
                expectSameAsFullRender(result, storage, renderer, "seed \(seed) step \(step)")
            }
            token.cancel()
        }
        // The updates must let most entries be reused, or this proves nothing about reuse.
        #expect(totalReused > 5_000)
    }

    /// One random mutation; invalid ones throw and change nothing.
    static func mutate(_ storage: MemoryStorage, using random: inout SplitMix64) {
        let sections = max(1, storage.numberOfSections)
        func anyPosition(extra: Int = 0) -> ItemPosition {
            let section = Int.random(in: 0..<sections, using: &random)
            let count = storage.numberOfItems(inSection: section)
            return ItemPosition(item: Int.random(in: 0...max(0, count + extra), using: &random), section: section)
        }
        let value: Any = Int.random(in: 0..<4, using: &random) == 0 ? "text" : Int.random(in: -5...50, using: &random)
        do {
            switch Int.random(in: 0..<9, using: &random) {
            case 0: try storage.insertItem(value, to: anyPosition())
            case 1: try storage.removeItem(at: anyPosition(extra: -1))
            case 2: try storage.replaceItem(at: anyPosition(extra: -1), with: value)
            case 3: try storage.moveItem(from: anyPosition(extra: -1), to: anyPosition())
            case 4: try storage.reloadItem(at: anyPosition(extra: -1))
            case 5: try storage.moveSection(Int.random(in: 0..<sections, using: &random), to: Int.random(in: 0..<sections, using: &random))
            case 6: try storage.removeItems(at: [anyPosition(extra: -1), anyPosition(extra: -1)])
            case 7: storage.addItem(value, toSection: Int.random(in: 0...sections, using: &random))
            default:
                try storage.performUpdates {
                    try storage.insertItem(value, to: anyPosition())
                    try storage.removeItem(at: anyPosition(extra: -1))
                }
            }
        } catch {
            // An invalid position: the storage threw and sent no update.
        }
    }
}

/// An identifiable model for `SingleSectionStorage`.
struct Note: Identifiable, Equatable, Sendable {
    let id: Int
    var text: String
}

@Suite struct SingleSectionRenderingTests {
    @Test func aSingleSectionStorageRendersAndFollowsItsDiffs() throws {
        var plugins = fixtureCatalog()
        plugins.register(model: Note.self, named: "Note")
        plugins.register(view: "NoteRow", for: Note.self) { note, position in "\(position.item). \(note.text)" }
        let renderer = TextRenderer(registry: try loadRegistry(configuration(
            #"{"view": "NoteRow", "model": "Note"}"#,
            #"{"view": "TitleView", "model": "String", "kind": "header"}"#
        ), plugins: plugins))
        let storage = SingleSectionStorage(items: (0..<100).map { Note(id: $0, text: "note \($0)") })
        storage.setSectionHeaderModel("Notes")
        var result = renderer.render(storage)
        #expect(result.text.hasPrefix("== Notes ==\n0. note 0\n1. note 1\n"))
        var updates: [StorageUpdate] = []
        let token = storage.observe { updates.append($0) }
        var items = storage.items
        items[50].text = "changed"
        storage.setItems(items)
        let update = try #require(updates.last)
        #expect(update.updatedItems == [ItemPosition(item: 50, section: 0)])
        result = renderer.render(storage, update: update, previous: result)
        #expect(result.text.contains("\n50. changed\n51. note 51\n"))
        #expect(result.reusedCount == 100)  // 99 notes and the header
        #expect(result.text == renderer.render(storage).text)
        token.cancel()
    }
}
