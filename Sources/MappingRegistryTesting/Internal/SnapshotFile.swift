import Foundation

/// A committed file of expected text, and what comparing a text with it
/// says: nothing when they match; otherwise the one message an issue
/// carries, after recording the file when it is new or recording is asked for.
struct SnapshotFile {
    /// The environment variable that, set to `1`, re-records every snapshot
    /// that differs instead of only reporting the difference.
    static let recordVariable = "RECORD_SNAPSHOTS"

    /// The file.
    let url: URL

    /// `Snapshots/NAME` in the folder of the test file at `filePath`.
    ///
    /// - Parameters:
    ///   - name: The file's name (or a path below `directory`).
    ///   - directory: The folder; `nil` for `Snapshots` beside the test file.
    ///   - filePath: The path of the calling test file, as `#filePath` writes it.
    init(named name: String, in directory: URL?, besideTestFile filePath: String) {
        let folder = directory ?? URL(fileURLWithPath: filePath).deletingLastPathComponent()
            .appendingPathComponent("Snapshots", isDirectory: true)
        url = folder.appendingPathComponent(name)
    }

    /// Compares `actual` with the file.
    ///
    /// - A missing file is written with `actual`: a first run records the
    ///   snapshot, and says so (the next run compares against it).
    /// - A file with the same lines says nothing (a Windows checkout's
    ///   `\r\n` line ends are read as `\n`).
    /// - A file that differs is left alone, and the message shows the
    ///   difference as a unified diff (`-` the snapshot, `+` the text);
    ///   with `recording` the file is rewritten, and the message says so.
    ///
    /// - Parameters:
    ///   - actual: The text made now.
    ///   - recording: Whether to rewrite a file that differs.
    /// - Returns: What an issue should say, or `nil` when the text matches.
    func check(_ actual: String, recording: Bool) -> String? {
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else {
            if let failure = write(actual) { return "could not record the snapshot \(path): \(failure)" }
            return "recorded the snapshot \(path), which did not exist; check it in, and the next run compares against it"
        }
        guard let data = try? Data(contentsOf: url), let stored = String(data: data, encoding: .utf8) else {
            return "the snapshot \(path) cannot be read as UTF-8 text; remove it to record it again"
        }
        let expected = stored.replacingOccurrences(of: "\r\n", with: "\n")
        if expected == actual { return nil }
        let diff = LineDiff(expected: expected, actual: actual)
        let difference = diff.isEmpty
            ? (actual.hasSuffix("\n") ? "the report ends in a line break and the snapshot does not" : "the snapshot ends in a line break and the report does not")
            : diff.unified()
        if recording {
            if let failure = write(actual) { return "could not record the snapshot \(path): \(failure)" }
            return "recorded the snapshot \(path) again (\(Self.recordVariable)=1); unset \(Self.recordVariable) and run again. It changed (- before, + now):\n\(difference)"
        }
        return "the report differs from the snapshot \(path) (- snapshot, + report):\n\(difference)\n"
            + "If the change is intended, record it again: run the test with \(Self.recordVariable)=1, or remove the file."
    }

    /// Writes the file atomically, creating its folder; the error's
    /// description when that fails.
    private func write(_ text: String) -> String? {
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
            return nil
        } catch {
            return error.localizedDescription
        }
    }
}
