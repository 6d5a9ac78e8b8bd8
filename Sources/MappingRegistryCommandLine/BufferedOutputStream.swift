/// A `TextOutputStream` that gathers small writes and passes them on to
/// another stream in pieces of about ``chunkSize`` bytes (by default
/// ``CommandLineTool/defaultRenderPieceSize``, 64 KiB).
///
/// A render writes two pieces per item (the text, then a line break); to
/// standard output that would be two system calls per item. Through this
/// buffer it is one call per 64 KiB, and the memory held does not grow
/// with the output.
///
/// The base stream is held by value: take it back with ``finish()``.
struct BufferedOutputStream<Base: TextOutputStream>: TextOutputStream {
    /// The size, in UTF-8 bytes, at which the buffer is passed on.
    let chunkSize: Int

    private(set) var base: Base
    private var buffer = ""

    init(_ base: Base, chunkSize: Int = CommandLineTool.defaultRenderPieceSize) {
        self.base = base
        self.chunkSize = max(1, chunkSize)
        buffer.reserveCapacity(self.chunkSize + 1024)
    }

    mutating func write(_ string: String) {
        buffer += string
        if buffer.utf8.count >= chunkSize { flush() }
    }

    /// Passes on what is buffered.
    mutating func flush() {
        guard !buffer.isEmpty else { return }
        base.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Passes on what is buffered and returns the base stream.
    mutating func finish() -> Base {
        flush()
        return base
    }
}
