/// A `TextOutputStream` that gathers small writes and passes them on to
/// another stream in pieces of about ``chunkSize`` bytes.
///
/// A render writes two pieces per item (the text, then a line break); to
/// standard output that would be two system calls per item. Through this
/// buffer it is one call per 64 KiB, and the memory held does not grow
/// with the output.
///
/// The base stream is held by value: take it back with ``finish()``.
struct BufferedOutputStream<Base: TextOutputStream>: TextOutputStream {
    /// The size, in UTF-8 bytes, at which the buffer is passed on.
    static var chunkSize: Int { 64 * 1024 }

    private(set) var base: Base
    private var buffer = ""

    init(_ base: Base) {
        self.base = base
        buffer.reserveCapacity(Self.chunkSize + 1024)
    }

    mutating func write(_ string: String) {
        buffer += string
        if buffer.utf8.count >= Self.chunkSize { flush() }
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
