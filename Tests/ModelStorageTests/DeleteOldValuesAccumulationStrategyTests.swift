import ModelStorage
import Testing

@Suite struct DeleteOldValuesAccumulationStrategyTests {
    @Test func itDropsRepeatedOldItemsAndAppendsAllNewOnes() {
        let result = DeleteOldValuesAccumulationStrategy().accumulate(
            oldItems: [Entry(1, "a"), Entry(2, "b"), Entry(3, "c")],
            newItems: [Entry(2, "x"), Entry(4, "d")]
        )
        #expect(result == [Entry(1, "a"), Entry(3, "c"), Entry(2, "x"), Entry(4, "d")])
    }
}
