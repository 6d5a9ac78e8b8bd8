/// The data loader's fast path through a document's bytes: checks them
/// against the grammar and limits ``JSONParser`` enforces, keeps the line
/// count for locations, and builds no nodes and no messages.
///
/// It never explains a problem: whatever it does not accept it declines,
/// and the caller parses the document again with ``JSONParser``, which says
/// what is wrong and where. Declining is always safe, so the scanner may be
/// stricter than the parser (it is, for a few things no valid data document
/// contains), never laxer.
///
/// Reads at or past the end see the byte 0, which no JSON has outside a
/// string and no string has unescaped, so every loop stops there.
struct JSONFastScanner {
    /// The scanner met something it does not accept.
    struct Declined: Error {}

    /// The key of an object member or a string value: where its contents are.
    struct StringSpan {
        /// The first byte after the opening quote.
        var start: Int
        /// The closing quote.
        var end: Int
        /// Whether the contents are ASCII without escapes, so their bytes are the string.
        var isPlainASCII: Bool
        /// Whether the contents have an escape sequence.
        var hasEscapes: Bool
    }

    /// The whole document.
    let bytes: UnsafeBufferPointer<UInt8>
    /// `bytes.count`, cached.
    let count: Int
    /// The deepest nesting accepted, as ``JSONParser/Limits/maxDepth``.
    let maxDepth: Int
    /// The offset of the next byte to read.
    var index: Int
    /// How many objects and arrays are open.
    private(set) var depth = 0
    /// The 1-based line `index` is on.
    private(set) var line = 1
    /// The offset of the first byte of the current line (after a byte order mark on line 1).
    private var lineStart: Int
    /// An offset whose column is known, so columns are counted incrementally along a line.
    private var anchorOffset: Int
    /// The column at `anchorOffset`.
    private var anchorColumn = 1
    /// The keys of every object open inside a value, innermost last, to find a key written twice.
    private var openKeys: [StringSpan] = []

    /// Positions the scanner at the document's first byte, after a byte order mark.
    ///
    /// - Throws: ``Declined`` for a document the parser rejects before
    ///   reading it: larger than the limit, or UTF-16.
    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONParser.Limits = JSONParser.Limits()) throws(Declined) {
        self.bytes = bytes
        self.count = bytes.count
        self.maxDepth = limits.maxDepth
        guard count <= limits.maxBytes else { throw Declined() }
        if count >= 2, JSONParser.utf16Evidence(bytes[0], bytes[1]) != nil { throw Declined() }
        let start = JSONParser.hasByteOrderMark(bytes) ? 3 : 0
        self.index = start
        self.lineStart = start
        self.anchorOffset = start
    }

    /// The byte at `offset`, or 0 past the end.
    @inline(__always)
    func byte(at offset: Int) -> UInt8 {
        offset < count ? bytes[offset] : 0
    }

    /// The byte at `index`, or 0 at the end.
    @inline(__always)
    var current: UInt8 { byte(at: index) }

    /// Whether only whitespace is left.
    mutating func isAtEndAfterWhitespace() -> Bool {
        skipWhitespace()
        return index >= count
    }

    // MARK: - Whitespace and locations

    /// Skips JSON whitespace, counting lines as the parser does (`\n`, `\r\n`, lone `\r`).
    mutating func skipWhitespace() {
        while true {
            switch byte(at: index) {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: "\r"):
                index += 1
                if byte(at: index) == UInt8(ascii: "\n") { index += 1 }
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    /// The 1-based column of `offset`, which must be on the current line at
    /// or after the last offset asked for (entries are asked in document order).
    mutating func column(at offset: Int) -> Int {
        if anchorOffset < lineStart || offset < anchorOffset {
            anchorOffset = lineStart
            anchorColumn = 1
        }
        var column = anchorColumn
        var position = anchorOffset
        while position < offset {
            if byte(at: position) & 0xC0 != 0x80 { column += 1 }
            position += 1
        }
        anchorOffset = offset
        anchorColumn = column
        return column
    }

    // MARK: - Structure

    /// Consumes `byte` at `index`.
    @inline(__always)
    mutating func expect(_ byte: UInt8) throws(Declined) {
        guard current == byte else { throw Declined() }
        index += 1
    }

    /// Consumes the `{` or `[` at `index`, counting one more open container.
    private mutating func enterContainer() throws(Declined) {
        depth += 1
        guard depth <= maxDepth else { throw Declined() }
        index += 1
    }

    /// Consumes an object's `{`; then call ``nextKey(first:)`` until it returns `nil`.
    mutating func enterObject() throws(Declined) {
        guard current == UInt8(ascii: "{") else { throw Declined() }
        try enterContainer()
    }

    /// The next member's key, with `index` at its value; `nil` after the object's `}`.
    ///
    /// - Parameter first: `true` before the first member; set to `false` by the call.
    mutating func nextKey(first: inout Bool) throws(Declined) -> StringSpan? {
        skipWhitespace()
        if first {
            first = false
            if current == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return nil
            }
        } else {
            switch current {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return nil
            default:
                throw Declined()
            }
        }
        let key = try scanString()
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return key
    }

    /// Consumes an array's `[`; then call ``nextElement(first:)`` until it returns `false`.
    mutating func enterArray() throws(Declined) {
        guard current == UInt8(ascii: "[") else { throw Declined() }
        try enterContainer()
    }

    /// Whether another element follows, with `index` at it; `false` after the array's `]`.
    ///
    /// - Parameter first: `true` before the first element; set to `false` by the call.
    mutating func nextElement(first: inout Bool) throws(Declined) -> Bool {
        skipWhitespace()
        if first {
            first = false
            if current == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return false
            }
            return true
        }
        switch current {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return true
        case UInt8(ascii: "]"):
            index += 1
            depth -= 1
            return false
        default:
            throw Declined()
        }
    }

    /// Consumes `null` at `index`, if it is there.
    mutating func skipNull() -> Bool {
        guard current == UInt8(ascii: "n"), byte(at: index + 1) == UInt8(ascii: "u"),
              byte(at: index + 2) == UInt8(ascii: "l"), byte(at: index + 3) == UInt8(ascii: "l")
        else { return false }
        index += 4
        return true
    }

    /// Whether a plain ASCII string's contents are exactly `text`.
    func spells(_ span: StringSpan, _ text: StaticString) -> Bool {
        guard span.isPlainASCII, span.end - span.start == text.utf8CodeUnitCount else { return false }
        let expected = text.utf8Start
        for offset in 0..<text.utf8CodeUnitCount where bytes[span.start + offset] != expected[offset] {
            return false
        }
        return true
    }

    /// The string a span holds, escapes resolved.
    func string(_ span: StringSpan) -> String {
        JSONSpan(bytes: bytes).string(contentsFrom: span.start, to: span.end, hasEscapes: span.hasEscapes)
    }
}

// MARK: - Values

extension JSONFastScanner {
    /// Skips one value of any kind, checking it as the parser would and, as
    /// ``JSONNode/checkBeforeDecoding(numberCode:pointer:file:_:)`` would,
    /// declining a key written twice in one object or a number beyond
    /// `Double`'s range.
    mutating func skipValue() throws(Declined) {
        switch current {
        case UInt8(ascii: "{"):
            try skipObject()
        case UInt8(ascii: "["):
            try enterContainer()
            var first = true
            while try nextElement(first: &first) {
                try skipValue()
            }
        case UInt8(ascii: "\""):
            _ = try scanString()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
        case UInt8(ascii: "t"):
            try skipLiteral("true")
        case UInt8(ascii: "f"):
            try skipLiteral("false")
        case UInt8(ascii: "n"):
            try skipLiteral("null")
        default:
            throw Declined()
        }
    }

    /// Skips one value by its brackets and strings alone, checking nothing
    /// else and counting no lines: for a pass that only counts, whose
    /// scanner is then thrown away. The pass that reads the document
    /// checks it. Throws at the end of the bytes or an unmatched bracket.
    mutating func skipValueUnchecked() throws(Declined) {
        var nesting = 0
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
                if nesting == 0 { return }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                nesting += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard nesting > 0 else { throw Declined() }
                nesting -= 1
                index += 1
                if nesting == 0 { return }
            case UInt8(ascii: ","), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                // The end of a number or literal at the top.
                if nesting == 0 { return }
                index += 1
            default:
                index += 1
            }
        }
        throw Declined()
    }

    private mutating func skipObject() throws(Declined) {
        try enterObject()
        let firstKey = openKeys.count
        defer { openKeys.removeSubrange(firstKey...) }
        // Past a few keys, comparing each new one with every earlier one costs more than a set.
        var keySet: Set<String>?
        var first = true
        while let key = try nextKey(first: &first) {
            if var set = keySet {
                keySet = nil
                guard set.insert(string(key)).inserted else { throw Declined() }
                keySet = set
            } else {
                for earlier in openKeys[firstKey...] where sameKey(earlier, key) {
                    throw Declined()
                }
                openKeys.append(key)
                if openKeys.count - firstKey > 16 {
                    keySet = Set(openKeys[firstKey...].map { string($0) })
                }
            }
            try skipValue()
        }
    }

    /// Whether two keys are the same string as Swift compares them (so as
    /// `Set<String>` and `JSONDecoder`'s key lookup do): by bytes when both
    /// are plain ASCII, else as strings, where canonically equivalent
    /// spellings are equal.
    private func sameKey(_ first: StringSpan, _ second: StringSpan) -> Bool {
        if first.isPlainASCII, second.isPlainASCII {
            let length = first.end - first.start
            guard length == second.end - second.start else { return false }
            for offset in 0..<length where bytes[first.start + offset] != bytes[second.start + offset] {
                return false
            }
            return true
        }
        return string(first) == string(second)
    }

    private mutating func skipLiteral(_ literal: StaticString) throws(Declined) {
        let text = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount where byte(at: index + offset) != text[offset] {
            throw Declined()
        }
        index += literal.utf8CodeUnitCount
    }

    /// Scans a string at `index` (its opening quote) and consumes it.
    mutating func scanString() throws(Declined) -> StringSpan {
        guard current == UInt8(ascii: "\"") else { throw Declined() }
        index += 1
        let start = index
        var isASCII = true
        var hasEscapes = false
        while true {
            let byte = byte(at: index)
            if byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                let span = StringSpan(start: start, end: index, isPlainASCII: isASCII && !hasEscapes, hasEscapes: hasEscapes)
                index += 1
                return span
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                try skipEscape()
            } else if byte >= 0x80, let length = utf8SequenceLength(at: index) {
                isASCII = false
                index += length
            } else {
                // A control character, the end of the input, or invalid UTF-8.
                throw Declined()
            }
        }
    }

    /// Skips one escape sequence at `index` (its backslash), as the parser accepts them.
    private mutating func skipEscape() throws(Declined) {
        switch byte(at: index + 1) {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
             UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
        case UInt8(ascii: "u"):
            let first = try hexQuad(at: index + 2)
            index += 6
            switch first {
            case 0xD800...0xDBFF:
                guard current == UInt8(ascii: "\\"), byte(at: index + 1) == UInt8(ascii: "u"),
                      (0xDC00...0xDFFF).contains(try hexQuad(at: index + 2))
                else { throw Declined() }
                index += 6
            case 0xDC00...0xDFFF:
                throw Declined()
            default:
                break
            }
        default:
            throw Declined()
        }
    }

    private func hexQuad(at offset: Int) throws(Declined) -> UInt32 {
        var value: UInt32 = 0
        for position in offset..<(offset + 4) {
            guard let digit = JSONSpan.hexDigit(byte(at: position)) else { throw Declined() }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Scans a number at `index` per RFC 8259 and consumes it; declines one
    /// that `Double` cannot hold (as ``JSONNumber/doubleValue`` decides).
    mutating func scanNumber() throws(Declined) {
        let start = index
        let scan = JSONNumber.scan(from: start) { byte(at: $0) }
        guard scan.malformation == nil else { throw Declined() }
        index = scan.end
        // Only an exponent, or more digits than any finite Double has before
        // its point, can make a literal infinite; the rest need no parsing.
        if scan.hasExponent || index - start > 300 {
            let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            guard let value = Double(literal), value.isFinite else { throw Declined() }
        }
    }

    /// The length of the well-formed UTF-8 sequence at `offset`, as
    /// ``JSONParser/utf8SequenceLength(at:)`` decides, or `nil`.
    private func utf8SequenceLength(at offset: Int) -> Int? {
        UTF8Sequence.length(lead: byte(at: offset)) { byte(at: offset + $0) }
    }
}
