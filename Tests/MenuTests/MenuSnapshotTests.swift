import Foundation
import Testing

/// The sample's whole output, compared with files under `Snapshots/`.
///
/// To re-record after an intended change, run
/// `RECORD_SNAPSHOTS=1 swift test --filter MenuSnapshotTests`; a recording run fails on purpose.
@Suite struct MenuSnapshotTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    func assertSnapshot(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Self.directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Data(actual.utf8).write(to: url)
            Issue.record("recorded \(name); unset RECORD_SNAPSHOTS and run again", sourceLocation: sourceLocation)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(actual == expected, "output differs from Snapshots/\(name)", sourceLocation: sourceLocation)
    }

    @Test func defaultRunMatchesTheSnapshot() throws {
        let run = try MenuBinary.run([])
        try assertSnapshot(run.output, named: "menu.stdout.txt")
        try assertSnapshot(run.errors, named: "menu.stderr.txt")
    }

    /// The second sample configuration: a catch-all mapping (model `Anything`,
    /// priority -1) takes the gift card that no other mapping claims; the
    /// ambiguous dish stays ambiguous, since the catch-all ranks lower.
    @Test func catchAllConfigurationMatchesTheSnapshot() throws {
        let run = try MenuBinary.run(["--mappings", "Examples/Menu/mappings-with-catch-all.json"])
        #expect(run.status == 0)
        try assertSnapshot(run.output, named: "menu-with-catch-all.stdout.txt")
        #expect(run.output.contains("  (GiftCard)\n"))
        #expect(run.errors.hasSuffix("menu: 1 error, 1 warning; rendered 24 of 25; 0 missing, 1 ambiguous\n"))
    }
}
