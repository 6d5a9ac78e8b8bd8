import ModelStorage
import Testing

@Suite struct UpdateOldValuesAccumulationStrategyTests {
    @Test func itReplacesOldValuesInPlaceAndAppendsUnseenIDs() {
        let result = UpdateOldValuesAccumulationStrategy().accumulate(
            oldItems: [Entry(1, "a"), Entry(2, "b"), Entry(3, "c")],
            newItems: [Entry(2, "x"), Entry(4, "d")]
        )
        #expect(result == [Entry(1, "a"), Entry(2, "x"), Entry(3, "c"), Entry(4, "d")])
    }

    @Test func theLastOfRepeatedNewIDsWins() {
        let result = UpdateOldValuesAccumulationStrategy().accumulate(
            oldItems: [Entry(1, "a")],
            newItems: [Entry(1, "x"), Entry(5, "p"), Entry(1, "y"), Entry(5, "q")]
        )
        #expect(result == [Entry(1, "y"), Entry(5, "q")])
    }
}
