import Foundation
import TestSupport
import Testing

/// What `menu` does when the reader of its standard output goes away, as
/// `CommandLineTool.run()` documents: a quiet end by SIGPIPE (status 141 in
/// the shell), as `cat` does; with SIGPIPE ignored, a message and status 1.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs /bin/bash"))
struct MenuPipeTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

    /// A data file whose render is about 250 KB: several times what a pipe
    /// holds (64 KiB), so menu is still writing when `head` goes away.
    func largeData() throws -> URL {
        let items = (0..<5_000).map { #"{"model": "Dish", "value": {"name": "Dish number \#($0)", "price": 5, "vegan": false, "spicy": false}}"# }
        let url = temporary.url("large.json")
        try Data(#"{"sections": [{"items": [\#(items.joined(separator: ",\n"))]}]}"#.utf8).write(to: url)
        return url
    }

    /// Runs `menu render --data DATA | head -c 10` in bash, with `prelude`
    /// first; returns menu's exit status as bash sees it, and its standard error.
    private func pipeIntoHead(prelude: String) throws -> (status: String, errors: String) {
        let data = try largeData()
        let errors = data.deletingLastPathComponent().appendingPathComponent("errors.txt")
        let script = #"\#(prelude) "$0" render --data "$1" 2>"$2" | head -c 10 >/dev/null; echo "${PIPESTATUS[0]}""#
        let run = try MenuBinary.run(
            program: URL(fileURLWithPath: "/bin/bash"),
            ["-c", script, try MenuBinary.url().path, data.path, errors.path]
        )
        #expect(run.status == 0, "bash: \(run.errors)")
        // Not String(contentsOf:): Foundation leaks a buffer reading an empty file.
        let handle = try FileHandle(forReadingFrom: errors)
        defer { try? handle.close() }
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        return (run.output.trimmingCharacters(in: .whitespacesAndNewlines), text)
    }

    @Test func aClosedPipeEndsMenuQuietlyBySIGPIPE() throws {
        let run = try pipeIntoHead(prelude: "")
        #expect(run.status == "141")
        #expect(run.errors == "")
    }

    @Test func withSIGPIPEIgnoredAClosedPipeIsAWriteErrorWithAMessage() throws {
        let run = try pipeIntoHead(prelude: "trap '' PIPE;")
        #expect(run.status == "1")
        #expect(run.errors.hasSuffix("\nmenu: error: cannot write to standard output\n"))
    }
}
