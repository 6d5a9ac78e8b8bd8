import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file a ``ReloadingRegistry`` keeps its last accepted configuration
/// in, so the next start serves it when the primary source is missing or
/// does not load.
///
/// ## Format
///
/// One header line, then the configuration's exact bytes:
///
/// ```text
/// {"format":"mapping-registry-cache","version":1,"length":1234,"fnv1a64":"9f3a…","source":"https://…/mappings.json"}
/// { "version": 1, "mappings": [ … ] }
/// ```
///
/// The header says what wrote the file (`format`, `version`: a cache of
/// another version is recognised, not misread), how many bytes follow
/// (`length`: a truncated file is recognised) and their FNV-1a checksum (a
/// torn or corrupted one too), and the name diagnostics gave the bytes
/// when they were accepted (`source`).
///
/// ## Writing
///
/// A write never touches the cache file itself: it writes a temporary file
/// in the same directory, flushes it to the disk (`fsync`), renames it over
/// the cache (atomic within one file system) and flushes the directory. A
/// crash before the rename leaves the previous cache whole (and a stray
/// `.NAME.*.tmp` file, which nothing reads); one after it leaves the new one.
struct ConfigurationCache: Sendable {
    /// The cache file.
    let url: URL

    /// The `format` the header names.
    static let format = "mapping-registry-cache"
    /// The header `version` this library writes and reads.
    static let version = 1
    /// The longest header line read, in bytes.
    static let headerLimit = 64 * 1024

    /// The header line, as JSON.
    struct Header: Codable, Equatable, Sendable {
        var format: String
        var version: Int
        var length: Int
        var fnv1a64: String
        var source: String
    }

    /// A configuration read back from the cache.
    struct Entry: Equatable, Sendable {
        /// The configuration's bytes, exactly as accepted.
        var payload: Data
        /// The name diagnostics gave it when it was accepted.
        var source: String
    }

    /// Why a cache file cannot be used.
    enum Problem: Error, Equatable, Sendable {
        /// Exists, but cannot be read (permissions, a directory, too large).
        case unreadable(String)
        /// Zero bytes.
        case empty
        /// No header line this library recognises.
        case notACache
        /// A header of another format version.
        case otherVersion(Int)
        /// Fewer bytes after the header than it announces.
        case truncated(found: Int, expected: Int)
        /// More bytes after the header than it announces.
        case overlong(found: Int, expected: Int)
        /// The bytes do not match the header's checksum.
        case checksumMismatch

        /// What is wrong, as the middle of a sentence: "it is empty".
        var explanation: String {
            switch self {
            case .unreadable(let reason): "it cannot be read: \(reason)"
            case .empty: "it is empty (0 bytes), as a write cut short leaves it"
            case .notACache: "it does not start with a MappingRegistry cache header"
            case .otherVersion(let version):
                "it was written in cache format \(version) by another version of MappingRegistry; this version reads format \(ConfigurationCache.version)"
            case .truncated(let found, let expected):
                "it is truncated: \(found) of the \(expected) bytes its header announces"
            case .overlong(let found, let expected):
                "it holds \(found) bytes after its header, which announces \(expected)"
            case .checksumMismatch: "its bytes do not match its checksum (torn or corrupted)"
            }
        }
    }

    /// A point in ``write(_:source:fault:)`` where a test can make the
    /// write fail, as a crash or a full disk would.
    enum WriteStep: Sendable {
        /// The temporary file is written and flushed; the cache is not yet replaced.
        case beforeRename
    }

    // MARK: - Reading

    /// The cached configuration; `nil` when there is no cache file.
    ///
    /// - Throws: ``Problem`` when the file exists but cannot be used.
    func read() throws(Problem) -> Entry? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let data: Data
        do {
            data = try FileReader.read(url, limit: FileReader.configurationLimit + Self.headerLimit)
        } catch {
            // "cannot read '/path': it is a directory" → "it is a directory"
            let message = error.diagnostics.first?.message ?? "unknown error"
            throw .unreadable(message.range(of: "': ").map { String(message[$0.upperBound...]) } ?? message)
        }
        return try Self.decode(data)
    }

    /// The entry a cache file's bytes hold.
    static func decode(_ data: Data) throws(Problem) -> Entry {
        guard !data.isEmpty else { throw .empty }
        let newline = UInt8(ascii: "\n")
        guard let end = data.prefix(headerLimit).firstIndex(of: newline),
              let header = try? JSONDecoder().decode(Header.self, from: data[data.startIndex..<end]),
              header.format == format
        else { throw .notACache }
        guard header.version == version else { throw .otherVersion(header.version) }
        let payload = Data(data[(end + 1)...])
        guard payload.count >= header.length else { throw .truncated(found: payload.count, expected: header.length) }
        guard payload.count == header.length else { throw .overlong(found: payload.count, expected: header.length) }
        guard header.fnv1a64 == checksum(payload) else { throw .checksumMismatch }
        return Entry(payload: payload, source: header.source)
    }

    /// The bytes of a cache file holding `payload`.
    static func encode(_ payload: Data, source: String) -> Data {
        let header = Header(format: format, version: version, length: payload.count, fnv1a64: checksum(payload), source: source)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding five strings and integers cannot fail; an empty header would be read as no cache.
        var data = (try? encoder.encode(header)) ?? Data()
        data.append(UInt8(ascii: "\n"))
        data.append(payload)
        return data
    }

    /// The 64-bit FNV-1a hash of the bytes, as 16 hexadecimal digits.
    static func checksum(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    // MARK: - Writing

    /// Replaces the cache with `payload`, atomically.
    ///
    /// - Parameters:
    ///   - payload: The configuration's exact bytes.
    ///   - source: The name diagnostics give them.
    ///   - fault: Called at each ``WriteStep``; throwing there stops the
    ///     write as a crash would (for tests).
    /// - Throws: A message naming what failed; the previous cache is then intact.
    func write(_ payload: Data, source: String, fault: (WriteStep) throws -> Void = { _ in }) throws(WriteFailure) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let bytes = Self.encode(payload, source: source)
        try Self.writeAndFlush(bytes, to: temporary.path)
        do {
            try fault(.beforeRename)
        } catch {
            // A simulated crash: the temporary file stays, as it would.
            throw WriteFailure("stopped before renaming '\(temporary.path)' over it (\(error))")
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = Self.errnoText()
            unlink(temporary.path)
            throw WriteFailure("cannot rename '\(temporary.path)' over it: \(reason)")
        }
        Self.flushDirectory(directory.path)
    }

    /// Why a write failed, as a sentence ending.
    struct WriteFailure: Error, Sendable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Creates `path` (which must not exist), writes `bytes` and flushes them to the disk.
    private static func writeAndFlush(_ bytes: Data, to path: String) throws(WriteFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw WriteFailure("cannot create '\(path)': \(errnoText())")
        }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = posixWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot write '\(path)': \(errnoText())"
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 {
            failure = "cannot flush '\(path)' to the disk: \(errnoText())"
        }
        if close(descriptor) != 0, failure == nil {
            failure = "cannot close '\(path)': \(errnoText())"
        }
        if let failure {
            unlink(path)
            throw WriteFailure(failure)
        }
    }

    /// Flushes a directory's entries, so a rename in it survives a power
    /// loss; best effort (not every file system allows it).
    private static func flushDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        _ = close(descriptor)
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}

/// POSIX `write(2)`, named apart from ``ConfigurationCache/write(_:source:fault:)``.
private func posixWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
