import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What `stat` says about a file, to notice that it may have changed
/// without reading it.
///
/// The device and inode change when an editor writes a new file and
/// renames it over the old one, or when the file is deleted and created
/// again; the size and the modification and status-change times change
/// with every write, including a truncation. `stat` follows symbolic
/// links, so a link switched to another target counts as a change too.
struct FileSnapshot: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    /// The modification time, in nanoseconds since 1970.
    var modified: Int64
    /// The status-change time, in nanoseconds since 1970.
    var changed: Int64

    /// The snapshot of the file at `path`, or `nil` when it does not exist
    /// or cannot be examined.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
        size = Int64(truncatingIfNeeded: info.st_size)
        #if canImport(Darwin)
        modified = Self.nanoseconds(info.st_mtimespec)
        changed = Self.nanoseconds(info.st_ctimespec)
        #else
        modified = Self.nanoseconds(info.st_mtim)
        changed = Self.nanoseconds(info.st_ctim)
        #endif
    }

    private static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec).multipliedReportingOverflow(by: 1_000_000_000).partialValue &+ Int64(time.tv_nsec)
    }
}
