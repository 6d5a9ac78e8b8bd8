/// One token of a JSON text as a scan that never fails sees it.
///
/// The library's parser stops at the first syntax error; an editor's
/// document is broken most of the time it is being typed, so completion,
/// hover, symbols and quick fixes read it through this scan instead. A
/// string ends at its closing quote or, unterminated, at the end of its
/// line (JSON strings cannot span lines), which keeps the damage of a
/// missing quote to one line. Anything that is no structural character and
/// no string is a word (numbers, `true`, and junk alike).
struct JSONToken: Equatable {
    enum Kind: Equatable {
        case beginObject, endObject, beginArray, endArray, colon, comma, string, word
    }

    var kind: Kind
    /// The token's bytes; a string's includes its quotes.
    var range: Range<Int>
    /// For a string, whether its closing quote is there.
    var terminated = true

    /// Every token of a text, in order.
    static func scan(_ bytes: [UInt8]) -> [JSONToken] {
        var tokens: [JSONToken] = []
        var index = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
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
    static func token(startingAt index: Int, in bytes: [UInt8]) -> JSONToken? {
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
            var end = index + 1
            while end < bytes.count {
                switch bytes[end] {
                case UInt8(ascii: "\""):
                    return JSONToken(kind: .string, range: index..<(end + 1))
                case UInt8(ascii: "\\"):
                    end += end + 1 < bytes.count && bytes[end + 1] != 10 && bytes[end + 1] != 13 ? 2 : 1
                case 10, 13:
                    return JSONToken(kind: .string, range: index..<end, terminated: false)
                default:
                    end += 1
                }
            }
            return JSONToken(kind: .string, range: index..<end, terminated: false)
        default:
            var end = index + 1
            while end < bytes.count, !isDelimiter(bytes[end]) { end += 1 }
            return JSONToken(kind: .word, range: index..<end)
        }
    }

    /// Visits the keys of the root object in order (a string directly
    /// inside the outermost container, followed by a colon) without reading
    /// further than the visitor wants, so a large document costs little.
    ///
    /// - Parameters:
    ///   - bytes: The text.
    ///   - visit: Called with each key, its token's range (quotes included)
    ///     and the offset after its colon; returns `true` to stop.
    static func visitRootKeys(in bytes: [UInt8], _ visit: (_ key: String, _ range: Range<Int>, _ afterColon: Int) -> Bool) {
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

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case 32, 9, 10, 13, UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"),
             UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "\""):
            true
        default:
            false
        }
    }

    /// A string token's contents with the common escapes resolved (a
    /// broken escape is kept as written).
    static func stringValue(of range: Range<Int>, terminated: Bool, in bytes: [UInt8]) -> String {
        let contentEnd = terminated ? range.upperBound - 1 : range.upperBound
        guard range.lowerBound + 1 <= contentEnd else { return "" }
        let content = bytes[(range.lowerBound + 1)..<contentEnd]
        guard content.contains(UInt8(ascii: "\\")) else { return String(decoding: content, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        let text = Array(String(decoding: content, as: UTF8.self).unicodeScalars)
        var index = 0
        while index < text.count {
            let scalar = text[index]
            guard scalar == "\\", index + 1 < text.count else {
                scalars.append(scalar)
                index += 1
                continue
            }
            let escaped = text[index + 1]
            index += 2
            switch escaped {
            case "n": scalars.append("\n")
            case "t": scalars.append("\t")
            case "r": scalars.append("\r")
            case "b": scalars.append("\u{08}")
            case "f": scalars.append("\u{0C}")
            case "u":
                if index + 4 <= text.count, let value = UInt32(String(String.UnicodeScalarView(text[index..<(index + 4)])), radix: 16),
                   let decoded = Unicode.Scalar(value) {
                    scalars.append(decoded)
                    index += 4
                } else {
                    scalars.append(contentsOf: ["\\", "u"])
                }
            default: scalars.append(escaped)
            }
        }
        return String(scalars)
    }
}
