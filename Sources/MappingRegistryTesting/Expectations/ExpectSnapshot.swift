import Foundation
import Testing

/// Expects a report to match its committed snapshot file, recording the
/// file on the first run.
///
/// ```swift
/// let report = ResolutionReport(registry: registry, storage: document.storage, explain: true)
/// expectSnapshot(of: report, named: "starters.resolution-report.txt")
/// ```
///
/// The file is `Snapshots/NAME` in the folder of the test file that calls,
/// unless `directory` says otherwise. When it does not exist, it is written
/// and one issue says it was recorded, so a first run is visible and the
/// next one compares. When it differs, it is left as it is and one issue is
/// recorded at the caller's line, showing the difference as a unified diff
/// (`-` the snapshot, `+` the report, with two lines around each change):
///
/// ```text
/// the report differs from the snapshot …/Snapshots/starters.resolution-report.txt (- snapshot, + report):
/// @@ -1,4 +1,4 @@
///  position           model   mapping
/// -section 0, header  String  TitleView (mappings.json:6:5)
/// +section 0, header  String  SectionTitle (mappings.json:6:5)
///  section 0, item 0  Dish    DishRow (mappings.json:4:5)
///      - 'FoodRow' (mappings.json:5:5) applies, but with priority 0, below 1
/// If the change is intended, record it again: run the test with RECORD_SNAPSHOTS=1, or remove the file.
/// ```
///
/// To accept a change, run the tests with `RECORD_SNAPSHOTS=1` in the
/// environment (`RECORD_SNAPSHOTS=1 swift test --filter FeedTests`): each
/// snapshot that differs is rewritten and its test still records an issue,
/// so a recording run never passes by accident; the next run without it
/// compares. Line ends are compared as `\n`, so a checkout that turns them
/// into `\r\n` still matches.
///
/// - Parameters:
///   - report: The report to compare.
///   - name: The snapshot file's name, such as `feed.resolution-report.txt`
///     (or a path below the snapshot folder).
///   - directory: The snapshot folder. Default: `Snapshots` beside the calling test file.
///   - sourceLocation: Where a mismatch is recorded, and whose file the
///     default folder is beside. Default: the caller's line.
public func expectSnapshot(
    of report: ResolutionReport,
    named name: String,
    directory: URL? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let recording = ProcessInfo.processInfo.environment[SnapshotFile.recordVariable] == "1"
    expectSnapshot(of: report.description, named: name, directory: directory, recording: recording, sourceLocation: sourceLocation)
}

/// ``expectSnapshot(of:named:directory:sourceLocation:)`` of a text, told
/// whether to record (the tests of recording set it without touching the
/// process's environment).
func expectSnapshot(of text: String, named name: String, directory: URL?, recording: Bool, sourceLocation: Testing.SourceLocation) {
    guard !name.isEmpty else {
        Issue.record("a snapshot needs a file name, such as \"feed.resolution-report.txt\"", sourceLocation: sourceLocation)
        return
    }
    #if compiler(>=6.3)
    let filePath = sourceLocation.filePath
    #else
    let filePath = sourceLocation._filePath
    #endif
    let file = SnapshotFile(named: name, in: directory, besideTestFile: filePath)
    if let message = file.check(text, recording: recording) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
