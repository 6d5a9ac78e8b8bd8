import ModelStorage
import Testing

@Suite struct ObservationTokenTests {
    @Test func cancelIsIdempotentAndReported() throws {
        let storage = MemoryStorage()
        var received = 0
        let token = storage.observe { _ in received += 1 }
        #expect(!token.isCancelled)
        token.cancel()
        token.cancel()
        #expect(token.isCancelled)
        storage.addItem(1)
        #expect(received == 0)
    }

    @Test func aTokenMayOutliveItsStorage() throws {
        var storage: MemoryStorage? = MemoryStorage()
        let token = try #require(storage?.observe { _ in })
        storage = nil
        token.cancel()
        #expect(token.isCancelled)
    }

    @Test func anObserverMayMutateTheStorageItObserves() throws {
        let storage = MemoryStorage()
        var seen: [StorageUpdate] = []
        let token = storage.observe { update in
            seen.append(update)
            if storage.totalNumberOfItems == 1 { storage.addItem(2) }
        }
        storage.addItem(1)
        #expect(storage.totalNumberOfItems == 2)
        #expect(seen.count == 2)
        token.cancel()
    }
}
