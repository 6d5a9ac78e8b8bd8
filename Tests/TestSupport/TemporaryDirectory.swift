import Foundation

/// A directory of a test's own under the temporary directory (`TMPDIR`),
/// removed with everything in it when the last reference to it goes, or at
/// the end of `withTemporaryDirectory(prefix:_:)`.
///
/// Every file a test writes goes through one, so a run leaves nothing
/// behind, also when a test fails or throws (CI checks: `.ci/run` gives
/// `swift test` a private `TMPDIR` and fails on any entry left in it).
/// Prefer the scoped `withTemporaryDirectory(prefix:_:)`
/// in a test; a suite that keeps files across its helpers holds one in a
/// stored property (Swift Testing makes a suite value per test, so the
/// directory goes when the test ends).
///
/// ```swift
/// try withTemporaryDirectory { directory in
///     let mappings = try directory.file(#"{ "version": 1, "mappings": [] }"#, name: "mappings.json")
///     // … run the code under test on `mappings` …
/// }
/// ```
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates a fresh, empty directory named `PREFIX-UUID` under the
    /// temporary directory.
    ///
    /// Creating it does not throw: should it fail, the first file written
    /// in it reports why.
    ///
    /// - Parameter prefix: The start of the directory's name, saying which
    ///   tests made it should one ever be left behind.
    public init(prefix: String = "mapping-registry-tests") {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        remove()
    }

    /// The directory's path.
    public var path: String { url.path }

    /// Where `relativePath` is inside the directory (nothing is created).
    ///
    /// - Parameter relativePath: A name, or names joined with `/`.
    /// - Returns: The file URL.
    public func url(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// Writes `contents` to `relativePath` in the directory, creating the
    /// folders on the way; an existing file is replaced.
    ///
    /// - Parameters:
    ///   - contents: The file's bytes.
    ///   - relativePath: A name, or names joined with `/`.
    /// - Returns: The file's URL.
    /// - Throws: Foundation's error when a folder or the file cannot be written.
    @discardableResult
    public func write(_ contents: Data, to relativePath: String) throws -> URL {
        let file = url(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file)
        return file
    }

    /// Writes `text` as UTF-8 to `relativePath` in the directory, creating
    /// the folders on the way; an existing file is replaced.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - relativePath: A name, or names joined with `/`.
    /// - Returns: The file's URL.
    /// - Throws: Foundation's error when a folder or the file cannot be written.
    @discardableResult
    public func write(_ text: String, to relativePath: String) throws -> URL {
        try write(Data(text.utf8), to: relativePath)
    }

    /// Writes `text` to a file called `name` in a fresh folder of its own
    /// inside the directory, so two files of one name never collide.
    ///
    /// - Parameters:
    ///   - text: The file's text.
    ///   - name: The file's name.
    /// - Returns: The file's path.
    /// - Throws: Foundation's error when the folder or the file cannot be written.
    public func file(_ text: String, name: String) throws -> String {
        try write(text, to: "\(UUID().uuidString)/\(name)").path
    }

    /// Creates the folder `relativePath` (and the folders on the way) in the directory.
    ///
    /// - Parameter relativePath: A name, or names joined with `/`.
    /// - Returns: The folder's URL.
    /// - Throws: Foundation's error when a folder cannot be created.
    @discardableResult
    public func createDirectory(_ relativePath: String) throws -> URL {
        let folder = url(relativePath)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the directory and everything in it now; later calls, and
    /// the removal when the last reference goes, do nothing.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs `body` with a fresh temporary directory, and removes the directory
/// and everything in it when `body` returns or throws.
///
/// - Parameters:
///   - prefix: The start of the directory's name.
///   - body: The test's work; the directory is gone after it.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func withTemporaryDirectory<Result>(
    prefix: String = "mapping-registry-tests",
    _ body: (TemporaryDirectory) throws -> Result
) rethrows -> Result {
    let directory = TemporaryDirectory(prefix: prefix)
    defer { directory.remove() }
    return try body(directory)
}

/// Runs the asynchronous `body` with a fresh temporary directory, and
/// removes the directory and everything in it when `body` returns or throws.
///
/// - Parameters:
///   - prefix: The start of the directory's name.
///   - isolation: The actor `body` runs on; the caller's, by default.
///   - body: The test's work; the directory is gone after it.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws.
public func withTemporaryDirectory<Result>(
    prefix: String = "mapping-registry-tests",
    isolation: isolated (any Actor)? = #isolation,
    _ body: (TemporaryDirectory) async throws -> Result
) async rethrows -> Result {
    let directory = TemporaryDirectory(prefix: prefix)
    defer { directory.remove() }
    return try await body(directory)
}
