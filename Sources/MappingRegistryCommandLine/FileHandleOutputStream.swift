import Foundation
import MappingRegistry

/// A `TextOutputStream` that writes UTF-8 to a file handle, such as
/// standard output.
///
/// A write that fails (a full disk; a closed pipe when the process ignores
/// `SIGPIPE`, which otherwise ends it first) is remembered, not trapped on:
/// later writes are skipped and ``failed`` tells the caller. Before macOS
/// 10.15.4, iOS and tvOS 13.4 and watchOS 6.2, FileHandle has no throwing
/// write, and a failed write raises an Objective-C exception instead.
struct FileHandleOutputStream: TextOutputStream {
    let handle: FileHandle
    /// Whether a write has failed.
    private(set) var failed = false

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    mutating func write(_ string: String) {
        guard !string.isEmpty, !failed else { return }
        guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) else {
            handle.write(Data(string.utf8))
            return
        }
        do {
            try handle.write(contentsOf: Data(string.utf8))
        } catch {
            failed = true
        }
    }
}
