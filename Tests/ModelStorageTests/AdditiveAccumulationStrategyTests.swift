import ModelStorage
import Testing

@Suite struct AdditiveAccumulationStrategyTests {
    @Test func itAppendsEveryNewItemEvenWithRepeatedIDs() {
        let result = AdditiveAccumulationStrategy().accumulate(
            oldItems: [Entry(1, "a"), Entry(2, "b")],
            newItems: [Entry(2, "x"), Entry(3, "c")]
        )
        #expect(result == [Entry(1, "a"), Entry(2, "b"), Entry(2, "x"), Entry(3, "c")])
    }
}
