import Foundation
import TestSupport
import Testing

/// TestSupport's `TemporaryDirectory`, which every test that writes files
/// goes through: it is gone after the test, whichever way the test ends.
@Suite struct TemporaryDirectoryTests {
    struct Failure: Error {}

    static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    @Test func aScopedDirectoryIsRemovedWithItsFilesWhenTheBodyReturns() throws {
        let (directory, file) = try withTemporaryDirectory(prefix: "temporary-directory-tests") { directory in
            let file = try directory.write("{}", to: "nested/folder/data.json")
            #expect(try String(contentsOf: file, encoding: .utf8) == "{}")
            return (directory.url, file)
        }
        #expect(!Self.exists(file))
        #expect(!Self.exists(directory))
    }

    @Test func aScopedDirectoryIsRemovedWhenTheBodyThrows() throws {
        var made: URL?
        #expect(throws: Failure.self) {
            try withTemporaryDirectory(prefix: "temporary-directory-tests") { directory in
                made = try directory.write("x", to: "left.txt")
                throw Failure()
            }
        }
        let file = try #require(made)
        #expect(!Self.exists(file.deletingLastPathComponent()))
    }

    @Test func anAsyncScopedDirectoryIsRemovedWhenTheBodyThrows() async throws {
        var made: URL?
        await #expect(throws: Failure.self) {
            try await withTemporaryDirectory(prefix: "temporary-directory-tests") { directory in
                made = try directory.write("x", to: "left.txt")
                await Task.yield()
                throw Failure()
            }
        }
        let file = try #require(made)
        #expect(!Self.exists(file.deletingLastPathComponent()))
    }

    @Test func aHeldDirectoryGoesWithItsLastReference() throws {
        var directory: TemporaryDirectory? = TemporaryDirectory(prefix: "temporary-directory-tests")
        let file = try #require(directory).write("x", to: "held.txt")
        #expect(Self.exists(file))
        directory = nil
        #expect(!Self.exists(file.deletingLastPathComponent()))
    }

    @Test func filesOfOneNameDoNotCollideAndLiveUnderTMPDIR() throws {
        try withTemporaryDirectory(prefix: "temporary-directory-tests") { directory in
            let first = try directory.file("one", name: "mappings.json")
            let second = try directory.file("two", name: "mappings.json")
            #expect(first != second)
            #expect(try String(contentsOfFile: first, encoding: .utf8) == "one")
            #expect(try String(contentsOfFile: second, encoding: .utf8) == "two")
            // `.ci/run` counts what is left in the TMPDIR it gives `swift test`.
            let temporary = FileManager.default.temporaryDirectory.standardizedFileURL.path
            #expect(directory.url.standardizedFileURL.path.hasPrefix(temporary + "/"))
        }
    }
}
