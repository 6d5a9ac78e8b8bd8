/// Splits a byte stream into Language Server Protocol messages: each a
/// header block (`Content-Length: N`, other fields ignored, lines ended by
/// `\r\n`, the block by an empty line) and then exactly N bytes of body.
///
/// It never gives up on a stream. A header block without a usable
/// `Content-Length` is reported as ``Event/malformed(_:)`` and skipped, so
/// the next well-formed message is read as usual; junk lines before a valid
/// `Content-Length` are reported and the message is still read; a body
/// announced larger than ``maximumBodySize`` is reported and its bytes are
/// skipped without being kept.
package struct MessageReader {
    /// What the stream held next.
    package enum Event: Equatable {
        /// A message body, as sent.
        case message([UInt8])
        /// A header block that cannot be used, and why.
        case malformed(String)
    }

    /// The largest body accepted: the library's JSON parser reads no larger document.
    static let maximumBodySize = 64 * 1024 * 1024
    /// The longest header block looked through for its end before it is called malformed.
    static let maximumHeaderSize = 8 * 1024

    /// Bytes received and not yet returned.
    private var buffer: [UInt8] = []
    /// Where unread bytes start in ``buffer`` (consumed bytes are dropped now and then).
    private var start = 0
    /// The body length of the header block already read, while its body is incomplete.
    private var pendingLength: Int?
    /// Bytes of an oversized body still to be thrown away.
    private var skipping = 0

    /// Creates a reader with nothing read yet.
    package init() {}

    /// Adds bytes as they arrive.
    package mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// Whether bytes are held that do not yet make a whole message.
    var hasPartialMessage: Bool { start < buffer.count || pendingLength != nil }

    /// The next message or header problem, or `nil` when more bytes are needed.
    package mutating func next() -> Event? {
        defer { compact() }
        if skipping > 0 {
            let dropped = min(skipping, buffer.count - start)
            start += dropped
            skipping -= dropped
            if skipping > 0 { return nil }
        }
        if let length = pendingLength {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<(start + length)])
            start += length
            pendingLength = nil
            return .message(body)
        }
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maximumHeaderSize {
                // No end of a header block in sight: drop what was read, keep looking.
                start = buffer.count
                return .malformed("a header block longer than \(Self.maximumHeaderSize) bytes without an empty line")
            }
            return nil
        }
        let header = buffer[start..<end.blockEnd]
        start = end.next
        switch Self.contentLength(in: header) {
        case .failure(let problem):
            return .malformed(problem.description)
        case .success(let parsed):
            if parsed.length > Self.maximumBodySize {
                skipping = parsed.length
                return .malformed("a body of \(parsed.length) bytes, larger than the limit of \(Self.maximumBodySize) bytes")
            }
            pendingLength = parsed.length
            if let junk = parsed.junk {
                // The message after the junk is still read, on the next call.
                return .malformed(junk)
            }
            return next()
        }
    }

    /// The end of the header block starting at ``start``: where its empty
    /// line starts and where the body starts.
    private func headerEnd() -> (blockEnd: Int, next: Int)? {
        var index = start
        let limit = min(buffer.count, start + Self.maximumHeaderSize + 4)
        while index + 3 < limit {
            if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                return (index, index + 4)
            }
            index += 1
        }
        return nil
    }

    /// The `Content-Length` of a header block and a description of lines
    /// that are no header fields, if any.
    static func contentLength(in header: ArraySlice<UInt8>) -> Result<(length: Int, junk: String?), Malformed> {
        var length: Int?
        var junk: [String] = []
        for line in header.split(separator: 10, omittingEmptySubsequences: false) {
            var line = line
            if line.last == 13 { line = line.dropLast() }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
                  colon > line.startIndex,
                  line[line.startIndex..<colon].allSatisfy(isTokenByte) else {
                junk.append(String(decoding: line.prefix(40), as: UTF8.self))
                continue
            }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self)
            guard name.lowercased() == "content-length" else { continue }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: " \t")
            guard !value.isEmpty, value.utf8.count <= 18, value.utf8.allSatisfy({ (48...57).contains($0) }), let number = Int(value) else {
                return .failure(Malformed("a Content-Length that is no number of bytes: '\(value.prefix(40))'"))
            }
            length = number
        }
        guard let length else {
            return .failure(Malformed("a header block without Content-Length"))
        }
        let problem = junk.isEmpty ? nil : "header lines that are no 'Name: value' field: " + junk.map { "'\($0)'" }.joined(separator: ", ")
        return .success((length, problem))
    }

    /// Why a header block cannot be used.
    struct Malformed: Error, Equatable {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// Whether a byte may be part of a header field's name (an RFC 7230 token).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// Drops consumed bytes once they are most of the buffer.
    private mutating func compact() {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

extension String {
    /// The string without leading and trailing characters of a set.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        let set = Set(characters)
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
