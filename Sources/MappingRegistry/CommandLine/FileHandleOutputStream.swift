import Foundation

/// A `TextOutputStream` that writes UTF-8 to a file handle, such as
/// standard output.
struct FileHandleOutputStream: TextOutputStream {
    let handle: FileHandle

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    mutating func write(_ string: String) {
        guard !string.isEmpty else { return }
        handle.write(Data(string.utf8))
    }
}
