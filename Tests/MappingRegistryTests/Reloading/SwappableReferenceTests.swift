import Foundation
@testable import MappingRegistry
import TestSupport
import Testing

/// The reference under ``ReloadingRegistry``: readers always get a live
/// object, and every replaced object is freed once readers are gone.
@Suite struct SwappableReferenceTests {
    final class Token: Sendable {
        let value: Int
        let freed: Tally
        init(_ value: Int, freed: Tally) {
            self.value = value
            self.freed = freed
        }
        deinit { freed.add() }
    }

    @Test func withNoReaderEveryReplacedObjectIsFreedAtOnce() {
        let freed = Tally()
        let reference = SwappableReference(Token(0, freed: freed))
        for value in 1...100 {
            reference.store(Token(value, freed: freed))
            #expect(freed.value == value)
        }
        #expect(reference.load().value == 100)
    }

    @Test func aLoadedObjectOutlivesItsReplacement() {
        let freed = Tally()
        let reference = SwappableReference(Token(1, freed: freed))
        let held = reference.load()
        reference.store(Token(2, freed: freed))
        #expect(freed.value == 0)
        #expect(held.value == 1)
    }
}

/// Four readers load without pause while a writer stores twenty thousand
/// objects: every load gives a live object, never an older one than the
/// reader saw before, and every replaced object is freed.
///
/// A stress test: it runs only with `MAPPING_REGISTRY_STRESS=1`, as CI runs
/// it (in a step of its own and under ThreadSanitizer).
@Suite(.enabled(if: StressTesting.isEnabled, "stress: set MAPPING_REGISTRY_STRESS=1"))
struct SwappableReferenceStressTests {
    @Test func readersGetLiveObjectsAndEveryReplacedObjectIsFreed() {
        let freed = Tally()
        let reference = SwappableReference(SwappableReferenceTests.Token(0, freed: freed))
        let threads = ConcurrentThreads()
        let findings = Findings()
        let reads = Tally()
        for reader in 0..<4 {
            threads.start("reader \(reader)") {
                var last = 0
                var count = 0
                while !threads.isStopped {
                    let token = reference.load()
                    if token.value < last { findings.record("reader \(reader) went back from \(last) to \(token.value)") }
                    last = token.value
                    count += 1
                }
                reads.add(count)
            }
        }
        let stores = 20_000
        for value in 1...stores {
            reference.store(SwappableReferenceTests.Token(value, freed: freed))
        }
        threads.stop()
        #expect(threads.join())
        #expect(findings.all == [])
        #expect(reads.value > 0)
        #expect(reference.load().value == stores)
        // Every token but the current one is freed.
        #expect(freed.value == stores)
    }

    @Test func aProjectedValueOutlivesTheObjectItWasReadFrom() {
        let freed = Tally()
        let inner = Tally()
        final class Holder: Sendable {
            let token: SwappableReferenceTests.Token
            init(_ token: SwappableReferenceTests.Token) { self.token = token }
        }
        let reference = SwappableReference(Holder(SwappableReferenceTests.Token(1, freed: inner)))
        // Only the projected token is retained: the holder is borrowed, so
        // replacing it frees it, and the token lives on in `held`.
        let held = reference.load { $0.token }
        reference.store(Holder(SwappableReferenceTests.Token(2, freed: freed)))
        #expect(inner.value == 0)
        #expect(held.value == 1)
        #expect(reference.load { $0.token.value } == 2)
    }
}
