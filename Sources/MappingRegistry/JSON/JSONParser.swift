import Foundation

/// A small, strict RFC 8259 JSON parser that records where every value starts.
///
/// Foundation's `JSONSerialization` and `JSONDecoder` cannot report line and column; this parser
/// produces a ``JSONNode`` tree whose nodes carry a ``TextLocation`` and a byte range, so
/// diagnostics can point at `file:line:column` and a JSON pointer.
///
/// It works on UTF-8 bytes with an index. Lines are separated by `\n`, `\r\n` or a lone `\r`;
/// columns count Unicode scalars; a leading UTF-8 byte order mark is skipped and not counted.
/// Two modes share this one lexer, line and column count and node type
/// (``Mode``): strict, for the loader, throws the first syntax error; tolerant,
/// for an editor's half-typed text, records each error, recovers and goes on
/// (`JSONParser+Tolerant.swift`).
package struct JSONParser {
    /// How the parser meets a syntax error.
    package enum Mode: Sendable {
        /// Stop at the first error and throw it: the loader's `invalid-json`.
        case strict
        /// Record the error, recover as an editor expects, and go on.
        case tolerant
    }

    /// Bounds that keep hostile or accidental input from exhausting memory or the stack.
    package struct Limits: Sendable {
        /// The deepest nesting of objects and arrays accepted. Keep this modest: the parser
        /// recurses once per level.
        package var maxDepth: Int
        /// The largest document accepted, in bytes.
        package var maxBytes: Int

        package init(maxDepth: Int = 128, maxBytes: Int = 64 * 1024 * 1024) {
            self.maxDepth = maxDepth
            self.maxBytes = maxBytes
        }
    }

    /// The whole source.
    let bytes: [UInt8]
    /// `bytes.count`, cached.
    let count: Int
    /// The limits in force.
    let limits: Limits
    /// The offset of the first byte after a byte order mark (0 without one).
    let bodyStart: Int
    /// The offset of the next byte to read.
    var index: Int
    /// The 1-based number of the line `index` is on.
    var line = 1
    /// The offset of the first byte of the current line.
    var lineStart: Int
    /// An offset on the current line whose column is known, so columns are counted incrementally.
    var anchorOffset: Int
    /// The column at `anchorOffset`.
    var anchorColumn = 1
    /// How many objects and arrays are currently open.
    var depth = 0
    /// The mode in force.
    let mode: Mode
    /// The syntax errors a tolerant parse recovered from, in the order met.
    var errors: [JSONSyntaxError] = []

    /// Creates a parser positioned at the start of the document, after a byte order mark.
    init(bytes: [UInt8], limits: Limits, mode: Mode = .strict) {
        self.mode = mode
        self.bytes = bytes
        self.count = bytes.count
        self.limits = limits
        let start = Self.hasByteOrderMark(bytes) ? 3 : 0
        self.bodyStart = start
        self.index = start
        self.lineStart = start
        self.anchorOffset = start
    }

    /// Parses a whole document.
    ///
    /// - Parameters:
    ///   - bytes: The document as UTF-8, optionally starting with a byte order mark.
    ///   - limits: Size and nesting limits.
    /// - Returns: The root value.
    /// - Throws: The first syntax error; a JSON syntax error cannot be recovered from reliably.
    package static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONNode {
        guard bytes.count <= limits.maxBytes else {
            throw tooLargeError(byteCount: bytes.count, limits: limits)
        }
        var parser = JSONParser(bytes: bytes, limits: limits)
        return try parser.parseDocument()
    }

    /// Parses a whole document in either mode.
    ///
    /// - Parameters:
    ///   - bytes: The document as UTF-8, optionally starting with a byte order mark.
    ///   - mode: `.strict` stops at the first error (the tree then has no
    ///     root); `.tolerant` recovers and keeps every error. A tolerant parse
    ///     does not apply `limits.maxBytes` (an editor's document is read
    ///     whatever its size) and reads a container nested deeper than
    ///     `limits.maxDepth` as one `.invalid` node.
    ///   - limits: Size and nesting limits.
    /// - Returns: The tree and the syntax errors.
    package static func syntaxTree(_ bytes: [UInt8], mode: Mode, limits: Limits = Limits()) -> JSONSyntaxTree {
        switch mode {
        case .strict:
            do throws(JSONSyntaxError) {
                return JSONSyntaxTree(bytes: bytes, root: try parse(bytes, limits: limits), errors: [])
            } catch {
                return JSONSyntaxTree(bytes: bytes, root: nil, errors: [error])
            }
        case .tolerant:
            var parser = JSONParser(bytes: bytes, limits: limits, mode: .tolerant)
            let root = parser.parseTolerantDocument()
            return JSONSyntaxTree(bytes: bytes, root: root, errors: parser.errors)
        }
    }

    /// Parses a whole document held in `Data`; otherwise the same as parsing its bytes.
    package static func parse(_ data: Data, limits: Limits = Limits()) throws(JSONSyntaxError) -> JSONNode {
        guard data.count <= limits.maxBytes else {
            throw tooLargeError(byteCount: data.count, limits: limits)
        }
        return try parse([UInt8](data), limits: limits)
    }

    /// The text of one source line without its line break, e.g. for printing a caret under a column.
    ///
    /// Lines are split exactly as the parser counts them (`\n`, `\r\n`, lone `\r`), and a leading
    /// byte order mark is not part of line 1. Invalid UTF-8 is replaced with U+FFFD.
    ///
    /// - Parameters:
    ///   - line: The 1-based line number.
    ///   - bytes: The whole source.
    /// - Returns: The line's text, or `nil` if there is no such line.
    static func lineText(_ line: Int, in bytes: [UInt8]) -> String? {
        guard line >= 1 else { return nil }
        var start = hasByteOrderMark(bytes) ? 3 : 0
        var current = 1
        var offset = start
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                offset += 1
                continue
            }
            if current == line {
                return String(decoding: bytes[start..<offset], as: UTF8.self)
            }
            let isCRLF = byte == UInt8(ascii: "\r") && offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\n")
            offset += isCRLF ? 2 : 1
            current += 1
            start = offset
        }
        return current == line ? String(decoding: bytes[start..<bytes.count], as: UTF8.self) : nil
    }

    /// Whether `bytes` starts with the UTF-8 byte order mark EF BB BF.
    package static func hasByteOrderMark(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0xEF, 0xBB, 0xBF])
    }

    /// Why a document looks like UTF-16 rather than UTF-8, or `nil` when it
    /// does not: a UTF-16 byte order mark, or an ASCII character next to a
    /// zero byte at the start (valid UTF-8 JSON has no zero byte outside
    /// strings, nor unescaped inside them).
    static func utf16Evidence(_ bytes: [UInt8]) -> String? {
        bytes.count >= 2 ? utf16Evidence(bytes[0], bytes[1]) : nil
    }

    /// ``utf16Evidence(_:)`` from a document's first two bytes.
    static func utf16Evidence(_ first: UInt8, _ second: UInt8) -> String? {
        switch (first, second) {
        case (0xFF, 0xFE): return "it starts with the little-endian byte order mark FF FE"
        case (0xFE, 0xFF): return "it starts with the big-endian byte order mark FE FF"
        case (0, 0x01..<0x80), (0x01..<0x80, 0): return "every other byte is zero"
        default: return nil
        }
    }

    /// The error for a document over `limits.maxBytes`, located at 1:1.
    private static func tooLargeError(byteCount: Int, limits: Limits) -> JSONSyntaxError {
        JSONSyntaxError(
            message: "the document is \(byteCount) bytes, larger than the limit of \(limits.maxBytes) bytes",
            location: TextLocation(line: 1, column: 1, offset: 0)
        )
    }

    /// Parses the single top-level value and makes sure nothing but whitespace follows it.
    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if let encoding = Self.utf16Evidence(bytes) {
            throw error("the file looks like UTF-16 (\(encoding)); save it as UTF-8", at: 0)
        }
        skipWhitespace()
        guard index < count else {
            throw error("the document is empty; expected a JSON value", at: index)
        }
        let root = try parseValue()
        skipWhitespace()
        if index < count {
            throw unexpectedCharacter(at: index, expectingValue: false) {
                "unexpected character \($0) after the top-level value; expected the end of the document"
            }
        }
        return root
    }

    /// Skips JSON whitespace (space, tab, line breaks), keeping the line count.
    mutating func skipWhitespace() {
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                startLine()
            case UInt8(ascii: "\r"):
                index += 1
                if index < count, bytes[index] == UInt8(ascii: "\n") {
                    index += 1
                }
                startLine()
            default:
                return
            }
        }
    }

    /// Records that a new line starts at `index`.
    private mutating func startLine() {
        line += 1
        lineStart = index
        anchorOffset = index
        anchorColumn = 1
    }

    /// The location of a byte offset.
    ///
    /// Offsets on the current line are resolved incrementally from the last one asked for, so
    /// asking in increasing order costs one pass over the line overall. Earlier offsets (only
    /// needed for errors) are resolved by scanning from the start of the document.
    ///
    /// - Parameter offset: An offset no later than the end of the current line (may equal `count`).
    mutating func location(at offset: Int) -> TextLocation {
        guard offset >= lineStart else {
            return Self.scanLocation(of: offset, in: bytes, from: bodyStart)
        }
        if offset < anchorOffset {
            anchorOffset = lineStart
            anchorColumn = 1
        }
        var column = anchorColumn
        var position = anchorOffset
        while position < offset {
            if bytes[position] & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        anchorOffset = offset
        anchorColumn = column
        return TextLocation(line: line, column: column, offset: offset)
    }

    /// The location of `offset`, found by counting lines and columns from `start`.
    private static func scanLocation(of offset: Int, in bytes: [UInt8], from start: Int) -> TextLocation {
        var line = 1
        var column = 1
        var position = start
        let end = min(offset, bytes.count)
        while position < end {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte == UInt8(ascii: "\r") {
                if position + 1 < end, bytes[position + 1] == UInt8(ascii: "\n") {
                    position += 1
                }
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        return TextLocation(line: line, column: column, offset: offset)
    }
}
