import ModelStorage
import Testing

// Keeps the ModelStorageTests target buildable on branches that do not yet
// carry the storage branch's test suite.
@Suite struct ItemPositionOrderTests {
    @Test func positionsSortBySectionThenItem() {
        let positions = [
            ItemPosition(item: 0, section: 2),
            ItemPosition(item: 5, section: 0),
            ItemPosition(item: 1, section: 2),
        ]
        #expect(positions.sorted().map(\.description) == [
            "section 0, item 5",
            "section 2, item 0",
            "section 2, item 1",
        ])
    }
}
