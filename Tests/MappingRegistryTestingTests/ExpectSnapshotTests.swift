import Foundation
import MappingRegistry
@testable import MappingRegistryTesting
import ModelStorage
import RegistryFixtures
import Testing
import TestSupport

/// `expectSnapshot`: records a missing snapshot once, passes on a match, and
/// on a mismatch records one issue with a line diff and leaves the file.
/// Every snapshot here is written in a temporary directory.
@Suite struct ExpectSnapshotTests {
    static func report(_ storage: SectionsStorage = testingStorage()) throws -> ResolutionReport {
        ResolutionReport(registry: try testingRegistry(), storage: storage)
    }

    @Test func aFirstRunRecordsTheSnapshotAndSaysSoAndTheNextRunPasses() throws {
        try withTemporaryDirectory { directory in
            let report = try Self.report()
            let issues = RecordedIssues()
            var line = 0
            withKnownIssue {
                line = #line; expectSnapshot(of: report, named: "menu.txt", directory: directory.url)
            } matching: { issues.match($0) }
            let file = directory.url("menu.txt")
            #expect(issues.all.count == 1)
            #expect(issues.all.first?.line == line)
            #expect(issues.all.first?.text == "recorded the snapshot \(file.path), which did not exist; check it in, and the next run compares against it")
            #expect(try String(contentsOf: file, encoding: .utf8) == report.description)

            let again = RecordedIssues()
            withKnownIssue(isIntermittent: true) {
                expectSnapshot(of: report, named: "menu.txt", directory: directory.url)
            } matching: { again.match($0) }
            #expect(again.all.isEmpty)
        }
    }

    @Test func aMismatchRecordsOneIssueWithALineDiffAndLeavesTheFile() throws {
        try withTemporaryDirectory { directory in
            let before = try Self.report()
            let file = try directory.write(before.description, to: "Feed/menu.txt")
            var storage = testingStorage()
            storage.sections[0].items[2] = Dish(name: "Stew", price: 9)
            let after = try Self.report(storage)
            let issues = RecordedIssues()
            var line = 0
            withKnownIssue {
                line = #line; expectSnapshot(of: after, named: "Feed/menu.txt", directory: directory.url)
            } matching: { issues.match($0) }
            #expect(issues.all.count == 1)
            #expect(issues.all.first?.line == line)
            #expect(issues.all.first?.text == """
                the report differs from the snapshot \(file.path) (- snapshot, + report):
                @@ -3,5 +3,5 @@
                 section 0, item 0  Dish    DishRow (mappings.json:4:5)
                 section 0, item 1  Drink   FoodRow (mappings.json:5:5)
                -section 0, item 2  Cat     missing-mapping
                +section 0, item 2  Dish    DishRow (mappings.json:4:5)
                 section 1, item 0  Dish    Plain (mappings.json:6:5)
                 section 1, item 1  Int     ambiguous-mapping
                If the change is intended, record it again: run the test with RECORD_SNAPSHOTS=1, or remove the file.
                """)
            #expect(try String(contentsOf: file, encoding: .utf8) == before.description)
        }
    }

    /// With recording asked for (`RECORD_SNAPSHOTS=1`), a snapshot that
    /// differs is rewritten and the test still records an issue; one that
    /// matches is left alone and records nothing.
    @Test func recordingRewritesASnapshotThatDiffersAndStillRecordsAnIssue() throws {
        try withTemporaryDirectory { directory in
            let file = try directory.write("position  model  mapping\n", to: "menu.txt")
            let report = try Self.report()
            let issues = RecordedIssues()
            withKnownIssue {
                expectSnapshot(of: report.description, named: "menu.txt", directory: directory.url, recording: true, sourceLocation: #_sourceLocation)
            } matching: { issues.match($0) }
            #expect(issues.all.count == 1)
            #expect(issues.all.first?.text.hasPrefix("recorded the snapshot \(file.path) again (RECORD_SNAPSHOTS=1); unset RECORD_SNAPSHOTS and run again. It changed (- before, + now):\n@@ -1,1 +1,8 @@\n-position  model  mapping\n+position ") == true)
            #expect(try String(contentsOf: file, encoding: .utf8) == report.description)

            let again = RecordedIssues()
            withKnownIssue(isIntermittent: true) {
                expectSnapshot(of: report.description, named: "menu.txt", directory: directory.url, recording: true, sourceLocation: #_sourceLocation)
            } matching: { again.match($0) }
            #expect(again.all.isEmpty)
        }
    }

    /// A checkout that turns line ends into `\r\n` still matches.
    @Test func windowsLineEndsMatch() throws {
        try withTemporaryDirectory { directory in
            let report = try Self.report()
            try directory.write(report.description.replacingOccurrences(of: "\n", with: "\r\n"), to: "menu.txt")
            let issues = RecordedIssues()
            withKnownIssue(isIntermittent: true) {
                expectSnapshot(of: report, named: "menu.txt", directory: directory.url)
            } matching: { issues.match($0) }
            #expect(issues.all.isEmpty)
        }
    }

    @Test func aMissingFinalLineBreakIsSaidInWords() throws {
        try withTemporaryDirectory { directory in
            let report = try Self.report()
            try directory.write(String(report.description.dropLast()), to: "menu.txt")
            let issues = RecordedIssues()
            withKnownIssue {
                expectSnapshot(of: report, named: "menu.txt", directory: directory.url)
            } matching: { issues.match($0) }
            #expect(issues.all.count == 1)
            #expect(issues.all.first?.text.contains(" (- snapshot, + report):\nthe report ends in a line break and the snapshot does not\n") == true)
        }
    }

    @Test func aSnapshotWithoutANameIsAnIssue() throws {
        let report = try Self.report()
        let issues = RecordedIssues()
        withKnownIssue {
            expectSnapshot(of: report, named: "", directory: URL(fileURLWithPath: "/nonexistent"))
        } matching: { issues.match($0) }
        #expect(issues.all.map(\.text) == [#"a snapshot needs a file name, such as "feed.resolution-report.txt""#])
    }

    /// By default a snapshot is `Snapshots/NAME` beside the calling test file.
    @Test func theDefaultFolderIsSnapshotsBesideTheTestFile() {
        let file = SnapshotFile(named: "menu.txt", in: nil, besideTestFile: "/work/App/Tests/AppTests/FeedTests.swift")
        #expect(file.url.path == "/work/App/Tests/AppTests/Snapshots/menu.txt")
    }
}

/// `LineDiff`: a unified diff of two texts, with context and a limit.
@Suite struct LineDiffTests {
    static let expected = (1...12).map { "line \($0)" }.joined(separator: "\n") + "\n"

    @Test func eachChangeHasTwoLinesOfContextAndFarChangesGetTheirOwnGroups() {
        var lines = LineDiff.lines(of: Self.expected).map(String.init)
        lines[1] = "line two"
        lines.remove(at: 9)
        lines.append("line 13")
        let diff = LineDiff(expected: Self.expected, actual: lines.joined(separator: "\n") + "\n")
        #expect(diff.unified() == """
            @@ -1,4 +1,4 @@
             line 1
            -line 2
            +line two
             line 3
             line 4
            @@ -8,5 +8,5 @@
             line 8
             line 9
            -line 10
             line 11
             line 12
            +line 13
            """)
    }

    @Test func equalTextsHaveAnEmptyDiff() {
        let diff = LineDiff(expected: Self.expected, actual: Self.expected)
        #expect(diff.isEmpty)
        #expect(diff.unified().isEmpty)
    }

    @Test func anInsertionIntoAnEmptyTextIsCountedFromLineZero() {
        #expect(LineDiff(expected: "", actual: "a\nb\n").unified() == "@@ -0,0 +1,2 @@\n+a\n+b")
    }

    @Test func aLongDiffIsCutAtTheLimit() {
        let actual = (1...12).map { "other \($0)" }.joined(separator: "\n")
        let unified = LineDiff(expected: Self.expected, actual: actual).unified(limit: 5)
        #expect(unified.split(separator: "\n").count == 6)
        #expect(unified.hasSuffix("\n… 20 more lines of the diff"))
    }
}

/// The mismatch the article "Test your mappings" shows: the committed
/// snapshot of its listing, against a report whose header shows another view.
@Suite struct ExpectSnapshotArticleTests {
    @Test func theArticlesMismatchIsWhatAnIssueSays() throws {
        let committed = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Snapshots/starters.resolution-report.txt")
        let snapshot = try String(contentsOf: committed, encoding: .utf8)
        let changed = snapshot.replacingOccurrences(of: "String  TitleView (", with: "String  SectionTitle (")
        try withTemporaryDirectory { directory in
            let file = try directory.write(snapshot, to: "starters.resolution-report.txt")
            let message = SnapshotFile(named: "starters.resolution-report.txt", in: directory.url, besideTestFile: #filePath)
                .check(changed, recording: false)
            #expect(message == """
                the report differs from the snapshot \(file.path) (- snapshot, + report):
                @@ -1,4 +1,4 @@
                 position           model   mapping
                -section 0, header  String  TitleView (mappings.json:6:5)
                +section 0, header  String  SectionTitle (mappings.json:6:5)
                 section 0, item 0  Dish    DishRow (mappings.json:4:5)
                     - 'FoodRow' (mappings.json:5:5) applies, but with priority 0, below 1
                If the change is intended, record it again: run the test with RECORD_SNAPSHOTS=1, or remove the file.
                """)
        }
    }
}
