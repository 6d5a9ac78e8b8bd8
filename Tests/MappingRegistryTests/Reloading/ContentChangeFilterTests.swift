import Foundation
@testable import MappingRegistry
import Testing

/// A watch acts on new bytes at once when they load, on a failure only once
/// it has stayed the same for the grace period, and never on a touch.
@Suite struct ContentChangeFilterTests {
    let start = Date(timeIntervalSince1970: 1_000_000)
    let good: Result<Data, ConfigurationError> = .success(Data("good".utf8))
    let half: Result<Data, ConfigurationError> = .success(Data("go".utf8))
    let missing: Result<Data, ConfigurationError> = .failure(ConfigurationError(diagnostics: [
        Diagnostic(severity: .error, code: .unreadableFile, message: "cannot read 'm.json': no such file"),
    ]))

    @Test func theSameBytesAsTheLastVersionAreUnchanged() {
        var filter = ContentChangeFilter(lastRead: good)
        #expect(filter.examine(good, now: start) == .unchanged)
        #expect(filter.examine(half, now: start) == .new)
    }

    @Test func aFailingVersionWaitsForTheGracePeriodThenIsReportedOnce() {
        var filter = ContentChangeFilter(lastRead: good)
        #expect(filter.examine(half, now: start) == .new)
        filter.hold(half, since: start)
        #expect(filter.examine(half, now: start.addingTimeInterval(ContentChangeFilter.failureGrace / 2)) == .waiting)
        #expect(filter.examine(half, now: start.addingTimeInterval(ContentChangeFilter.failureGrace)) == .settledFailure)
        filter.accept(half)
        #expect(filter.examine(half, now: start.addingTimeInterval(10)) == .unchanged)
    }

    @Test func aFailureThatChangesStartsItsGracePeriodAgain() {
        var filter = ContentChangeFilter(lastRead: good)
        filter.hold(half, since: start)
        // Deleted while the watch waited: a different failure, new again.
        #expect(filter.examine(missing, now: start.addingTimeInterval(1)) == .new)
        filter.hold(missing, since: start.addingTimeInterval(1))
        #expect(filter.examine(missing, now: start.addingTimeInterval(1.1)) == .waiting)
    }

    @Test func goingBackToTheLastVersionWhileWaitingIsUnchanged() {
        var filter = ContentChangeFilter(lastRead: good)
        filter.hold(half, since: start)
        #expect(filter.examine(good, now: start.addingTimeInterval(0.1)) == .unchanged)
        // The held failure was dropped: seeing it again starts over.
        #expect(filter.examine(half, now: start.addingTimeInterval(5)) == .new)
    }
}
