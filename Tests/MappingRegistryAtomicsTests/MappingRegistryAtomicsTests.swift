import Foundation
import MappingRegistryAtomics
import Testing

/// The C atomics behind the resolution index:
/// what each operation returns and leaves behind, that concurrent additions
/// lose nothing, and that a release store publishes earlier plain writes to
/// an acquire load (which ThreadSanitizer checks when these tests run under it).
@Suite struct MappingRegistryAtomicsTests {
    /// One word, allocated and freed around `body`.
    private func withWord<Result>(_ initial: UInt, _ body: (UnsafeMutablePointer<UInt>) -> Result) -> Result {
        let word = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        word.initialize(to: initial)
        defer { word.deallocate() }
        return body(word)
    }

    @Test(arguments: [0, 1, 0xDEAD_BEEF, UInt.max])
    func everyLoadSeesWhatEveryStoreLeft(value: UInt) {
        withWord(7) { word in
            mapping_registry_atomic_store_relaxed(word, value)
            #expect(mapping_registry_atomic_load_relaxed(word) == value)
            #expect(mapping_registry_atomic_load_acquire(word) == value)
            mapping_registry_atomic_store_release(word, ~value)
            #expect(mapping_registry_atomic_load_relaxed(word) == ~value)
        }
    }

    @Test func additionReturnsTheOldValue() {
        withWord(5) { word in
            #expect(mapping_registry_atomic_fetch_add_relaxed(word, 4) == 5)
            #expect(mapping_registry_atomic_load_acquire(word) == 9)
        }
    }

    @Test func additionsFromSeveralThreadsAreNeverLost() {
        let threads = 4, additions = 50_000
        let total = withWord(0) { word in
            let address = UInt(bitPattern: word)
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                let word = UnsafeMutablePointer<UInt>(bitPattern: address).unsafelyUnwrapped
                for _ in 0..<additions {
                    _ = mapping_registry_atomic_fetch_add_relaxed(word, 1)
                }
            }
            return mapping_registry_atomic_load_acquire(word)
        }
        #expect(total == UInt(threads * additions))
    }

    /// The pattern of the type table and the cache: plain writes, then a
    /// release store of a flag; a reader that sees the flag with an acquire
    /// load sees the writes. Under ThreadSanitizer a plain read of the
    /// payload would be reported if the two did not synchronize.
    @Test func aReleaseStorePublishesEarlierWritesToAnAcquireLoad() throws {
        let payload = UnsafeMutablePointer<UInt>.allocate(capacity: 64)
        let flag = UnsafeMutablePointer<UInt>.allocate(capacity: 1)
        payload.initialize(repeating: 0, count: 64)
        flag.initialize(to: 0)
        defer {
            payload.deallocate()
            flag.deallocate()
        }
        let addresses = (payload: UInt(bitPattern: payload), flag: UInt(bitPattern: flag))
        let writer = Thread {
            let payload = UnsafeMutablePointer<UInt>(bitPattern: addresses.payload).unsafelyUnwrapped
            let flag = UnsafeMutablePointer<UInt>(bitPattern: addresses.flag).unsafelyUnwrapped
            for index in 0..<64 { payload[index] = UInt(index) * 3 + 1 }
            mapping_registry_atomic_store_release(flag, 1)
        }
        writer.start()
        let deadline = Date(timeIntervalSinceNow: 30)
        while mapping_registry_atomic_load_acquire(flag) == 0 {
            try #require(Date() < deadline, "the writer thread never published")
            sched_yield()
        }
        #expect((0..<64).allSatisfy { payload[$0] == UInt($0) * 3 + 1 })
    }
}
