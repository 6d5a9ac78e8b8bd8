import ModelStorage
import Testing

@Suite struct MemoryStorageErrorTests {
    static let cases: [(MemoryStorageError, String)] = [
        (.itemOutOfRange(ItemPosition(item: 7, section: 2), itemsInSection: 3, numberOfSections: 4),
         "no item at section 2, item 7: section 2 has 3 items."),
        (.itemOutOfRange(ItemPosition(item: 0, section: 5), itemsInSection: 0, numberOfSections: 1),
         "no item at section 5, item 0: there is no section 5, the storage has 1 section."),
        (.insertionOutOfRange(ItemPosition(item: 9, section: 0), itemsInSection: 3, numberOfSections: 1),
         "cannot insert at section 0, item 9: section 0 has 3 items, so the item index must be between 0 and 3."),
        (.insertionOutOfRange(ItemPosition(item: 1, section: 4), itemsInSection: 0, numberOfSections: 2),
         "cannot insert at section 4, item 1: section 4 does not exist yet (the storage has 2 sections), "
            + "so it would be created empty and the item index must be 0."),
        (.insertionOutOfRange(ItemPosition(item: 0, section: -1), itemsInSection: 0, numberOfSections: 2),
         "cannot insert at section -1, item 0: section indexes start at 0."),
        (.batchInsertionOutOfRange(ItemPosition(item: 4, section: 0), itemsInSection: 2, inserting: 2, numberOfSections: 1),
         "cannot insert at section 0, item 4: section 0 has 2 items and this call inserts 2 more, "
            + "so their item indexes must be between 0 and 3."),
        (.batchInsertionOutOfRange(ItemPosition(item: 2, section: 1), itemsInSection: 0, inserting: 2, numberOfSections: 1),
         "cannot insert at section 1, item 2: section 1 does not exist yet (the storage has 1 section), "
            + "so this call creates it holding the 2 items it inserts there, and their item indexes must be between 0 and 1."),
        (.batchInsertionOutOfRange(ItemPosition(item: 0, section: -2), itemsInSection: 0, inserting: 3, numberOfSections: 1),
         "cannot insert at section -2, item 0: section indexes start at 0."),
        (.sectionOutOfRange(4, numberOfSections: 0), "there is no section 4: the storage has 0 sections."),
        (.sectionInsertionOutOfRange(5, numberOfSections: 2),
         "cannot insert a section at index 5: the storage has 2 sections, so the index must be between 0 and 2."),
        (.itemNotFound("zebra"), "the item zebra is not in the storage."),
        (.itemCountMismatch(items: 1, positions: 2), "got 1 item but 2 positions: each item needs exactly one position."),
        (.duplicatePosition(ItemPosition(item: 1, section: 0)), "section 0, item 1 was given more than once in the same call."),
        (.duplicateSection(3), "section 3 was given more than once in the same call."),
    ]

    @Test(arguments: cases)
    func eachErrorExplainsItselfInAFullSentence(error: MemoryStorageError, sentence: String) {
        #expect(error.description == sentence)
    }
}
