import MappingRegistry
import MenuDatabase
import ModelStorage
import Testing

private func at(_ section: Int, _ item: Int) -> ItemPosition {
    ItemPosition(item: item, section: section)
}

/// The edits `menu-database` offers, on the seeded menu of 6 dishes in 2
/// courses (8 entries with the headers), aimed at dish 3, the second
/// starter.
@Suite struct MenuChangeTests {
    static let cases: [(name: String, update: StorageUpdate, reused: Int, entries: Int)] = [
        ("price", StorageUpdate(updatedItems: [at(0, 1)]), 7, 8),
        ("add", StorageUpdate(insertedItems: [at(0, 3)]), 8, 9),
        // The third starter moves up a place, so it is rendered again too.
        ("remove", StorageUpdate(deletedItems: [at(0, 1)]), 6, 7),
        ("move", StorageUpdate(movedItems: [ItemMove(from: at(0, 1), to: at(0, 0))]), 6, 8),
        ("rename", StorageUpdate(updatedSections: [0]), 7, 8),
    ]

    @Test(arguments: cases)
    func eachEditSendsOneUpdateAndRendersOnlyWhatItTouched(name: String, update: StorageUpdate, reused: Int, entries: Int) throws {
        let menu = try MenuFixture()
        let renderer = TextRenderer(registry: try MenuCatalog.registry())
        let before = renderer.render(menu.storage)
        let change = try #require(MenuChange.named(name, dishID: 3))
        try change.apply(in: menu.database)
        #expect(menu.log.take() == [update])
        let after = renderer.render(menu.storage, update: update, previous: before)
        #expect(after.reusedCount == reused)
        #expect(MenuCatalog.entryCount(of: menu.storage) == entries)
        #expect(after.text == renderer.render(menu.storage).text)
    }

    @Test func everyNameMakesAnEditAndOthersDoNot() {
        #expect(MenuChange.names.allSatisfy { MenuChange.named($0, dishID: 1) != nil })
        #expect(MenuChange.named("drop", dishID: 1) == nil)
    }

    @Test func theMenuRendersCoursesAsHeadersAndPricesInCents() throws {
        let menu = try MenuFixture(dishes: 3, courses: 1)
        let result = TextRenderer(registry: try MenuCatalog.registry()).render(menu.storage)
        #expect(result.diagnostics.isEmpty)
        #expect(result.text == """
            == Starters ==
            Roast Leek (v) .................... 4.00
            Grilled Trout ..................... 4.37
            Smoked Squash ..................... 4.74

            """)
    }
}
