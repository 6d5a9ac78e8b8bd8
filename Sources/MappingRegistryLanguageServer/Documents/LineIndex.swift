import MappingRegistry

/// Where each line of a UTF-8 text starts, and conversions between byte
/// offsets, the library's locations (1-based line, column in Unicode
/// scalars) and the protocol's positions.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as both the library's JSON
/// parser and the protocol count them. The library does not count a
/// leading byte order mark as a column; the protocol does.
struct LineIndex: Sendable {
    let bytes: [UInt8]
    /// The byte offset where each line starts.
    let lineStarts: [Int]
    let encoding: PositionEncoding

    init(_ bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        self.encoding = encoding
        var starts = [0]
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == 10 {
                starts.append(index + 1)
            } else if byte == 13 {
                if index + 1 < count, bytes[index + 1] == 10 { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
        lineStarts = starts
    }

    /// The byte offset where a line's text ends (before its line break).
    func lineEnd(_ line: Int) -> Int {
        guard line + 1 < lineStarts.count else { return bytes.count }
        var end = lineStarts[line + 1]
        if end > lineStarts[line], bytes[end - 1] == 10 { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == 13 { end -= 1 }
        return end
    }

    /// The 0-based line holding a byte offset.
    func line(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The byte offset of a library location, clamped to its line.
    func offset(line: Int, scalarColumn column: Int) -> Int {
        let lineNumber = min(max(line - 1, 0), lineStarts.count - 1)
        var offset = lineStarts[lineNumber]
        if lineNumber == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
        let end = lineEnd(lineNumber)
        var remaining = column - 1
        while remaining > 0, offset < end {
            offset += Self.scalarLength(bytes[offset])
            remaining -= 1
        }
        return min(offset, end)
    }

    /// The protocol position of a byte offset.
    func position(of offset: Int) -> LSPPosition {
        let clamped = min(max(offset, 0), bytes.count)
        let line = line(of: clamped)
        let start = lineStarts[line]
        let end = min(clamped, lineEnd(line))
        switch encoding {
        case .utf8:
            return LSPPosition(line: line, character: end - start)
        case .utf16:
            var units = 0
            var index = start
            while index < end {
                let length = Self.scalarLength(bytes[index])
                units += length == 4 ? 2 : 1
                index += length
            }
            return LSPPosition(line: line, character: units)
        }
    }

    /// The byte offset of a protocol position, clamped to the text as the
    /// protocol says: a character past the end of its line is the end of
    /// the line, a line past the last is the end of the text. A character
    /// inside a character of several units (the second unit of a UTF-16
    /// surrogate pair, a byte inside a UTF-8 sequence) is taken to be after
    /// it, so an offset never splits a Unicode scalar.
    func offset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let start = lineStarts[position.line]
        let end = lineEnd(position.line)
        switch encoding {
        case .utf8:
            var offset = min(start + max(position.character, 0), end)
            while offset < end, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            return offset
        case .utf16:
            var units = 0
            var index = start
            while index < end, units < position.character {
                let length = Self.scalarLength(bytes[index])
                units += length == 4 ? 2 : 1
                index += length
            }
            return min(index, end)
        }
    }

    /// The protocol range of a byte range.
    func range(of bytes: Range<Int>) -> LSPRange {
        LSPRange(start: position(of: bytes.lowerBound), end: position(of: bytes.upperBound))
    }

    /// The protocol range of a library location: from its column to the
    /// end of the token there (a string with its quotes, a number, a
    /// bracket), within the line.
    func range(of location: SourceLocation) -> LSPRange {
        let start = offset(line: location.line, scalarColumn: location.column)
        let lineEnd = lineEnd(line(of: start))
        let end = JSONToken.token(startingAt: start, in: bytes).map { min($0.range.upperBound, max(lineEnd, start)) } ?? start
        return range(of: start..<max(start, end))
    }

    /// The length of the UTF-8 sequence a byte starts (1 for a stray
    /// continuation byte, so every walk moves on).
    static func scalarLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...0xFF: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}
