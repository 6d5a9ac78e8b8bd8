/// One token of a JSON text as a scan that never fails sees it: the
/// boundaries the tolerant parse (``JSONParser/Mode/tolerant``) reads
/// values between, and what an editor asks of a position without a parse
/// (the token under the cursor, a document's root keys).
///
/// A string ends at its closing quote or, unterminated, at the end of its
/// line (JSON strings cannot span lines), which keeps the damage of a
/// missing quote to one line. Anything that is no structural character and
/// no string is a word (numbers, `true`, and junk alike).
package struct JSONToken: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        case beginObject, endObject, beginArray, endArray, colon, comma, string, word
    }

    package var kind: Kind
    /// The token's bytes; a string's includes its quotes.
    package var range: Range<Int>
    /// For a string, whether its closing quote is there.
    package var terminated = true

    /// Every token of a text, in order.
    package static func scan(_ bytes: [UInt8]) -> [JSONToken] {
        var tokens: [JSONToken] = []
        var index = JSONParser.hasByteOrderMark(bytes) ? 3 : 0
        while index < bytes.count {
            guard let token = token(startingAt: index, in: bytes) else {
                index += 1
                continue
            }
            tokens.append(token)
            index = token.range.upperBound
        }
        return tokens
    }

    /// The token that starts at an offset, or `nil` at whitespace.
    package static func token(startingAt index: Int, in bytes: [UInt8]) -> JSONToken? {
        guard index >= 0, index < bytes.count else { return nil }
        switch bytes[index] {
        case 32, 9, 10, 13: return nil
        case UInt8(ascii: "{"): return JSONToken(kind: .beginObject, range: index..<(index + 1))
        case UInt8(ascii: "}"): return JSONToken(kind: .endObject, range: index..<(index + 1))
        case UInt8(ascii: "["): return JSONToken(kind: .beginArray, range: index..<(index + 1))
        case UInt8(ascii: "]"): return JSONToken(kind: .endArray, range: index..<(index + 1))
        case UInt8(ascii: ":"): return JSONToken(kind: .colon, range: index..<(index + 1))
        case UInt8(ascii: ","): return JSONToken(kind: .comma, range: index..<(index + 1))
        case UInt8(ascii: "\""):
            let (end, terminated) = stringEnd(from: index, in: bytes)
            return JSONToken(kind: .string, range: index..<end, terminated: terminated)
        default:
            return JSONToken(kind: .word, range: index..<wordEnd(from: index, in: bytes))
        }
    }

    /// Where the string whose opening quote is at `index` ends: after its
    /// closing quote, or (unterminated) at the end of its line or text.
    static func stringEnd(from index: Int, in bytes: [UInt8]) -> (end: Int, terminated: Bool) {
        var end = index + 1
        while end < bytes.count {
            switch bytes[end] {
            case UInt8(ascii: "\""):
                return (end + 1, true)
            case UInt8(ascii: "\\"):
                end += end + 1 < bytes.count && bytes[end + 1] != 10 && bytes[end + 1] != 13 ? 2 : 1
            case 10, 13:
                return (end, false)
            default:
                end += 1
            }
        }
        return (end, false)
    }

    /// Where the word starting at `index` ends: at the next delimiter.
    static func wordEnd(from index: Int, in bytes: [UInt8]) -> Int {
        var end = index + 1
        while end < bytes.count, !isDelimiter(bytes[end]) { end += 1 }
        return end
    }

    /// Visits the keys of the root object in order (a string directly
    /// inside the outermost container, followed by a colon) without reading
    /// further than the visitor wants, so a large document costs little.
    ///
    /// - Parameters:
    ///   - bytes: The text.
    ///   - visit: Called with each key, its token's range (quotes included)
    ///     and the offset after its colon; returns `true` to stop.
    package static func visitRootKeys(in bytes: [UInt8], _ visit: (_ key: String, _ range: Range<Int>, _ afterColon: Int) -> Bool) {
        var depth = 0
        var index = 0
        var previous: JSONToken?
        while index < bytes.count {
            guard let token = token(startingAt: index, in: bytes) else {
                index += 1
                continue
            }
            index = token.range.upperBound
            switch token.kind {
            case .beginObject, .beginArray: depth += 1
            case .endObject, .endArray: depth -= 1
            case .colon:
                if depth == 1, let key = previous,
                   visit(stringValue(of: key.range, terminated: key.terminated, in: bytes), key.range, index) {
                    return
                }
            default: break
            }
            previous = token.kind == .string ? token : nil
        }
    }

    static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 32, 9, 10, 13, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "\""):
            true
        default:
            false
        }
    }

    /// A string token's contents: as the parser decodes a well-formed
    /// string, otherwise with the common escapes resolved (a broken escape
    /// is kept as written).
    package static func stringValue(of range: Range<Int>, terminated: Bool, in bytes: [UInt8]) -> String {
        JSONParser.tolerantStringValue(of: range, terminated: terminated, in: bytes)
    }
}
