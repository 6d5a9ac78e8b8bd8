/// The tolerant mode: an editor's document is broken most of the time it is
/// being typed, so completion, hover, symbols and quick fixes read a tree
/// that is built whatever the text's mistakes, each one recorded.
///
/// Values are read by the strict lexer (strings, numbers, literals); only
/// their boundaries come from ``JSONToken`` (a string ends at the end of its
/// line when its closing quote is missing, a word at the next delimiter).
/// The grammar recovers as follows: an object member is a string followed by
/// an optional colon and an optional value; a value left out (`"view": ,`, or
/// a key on the next line) leaves the member with a missing value
/// (``JSONNode/isMissing``); a value without a key is read past; an unclosed
/// object or array ends where the text does; a closing bracket of the wrong
/// kind closes the innermost container; a word that is no number or literal
/// is an `.invalid` node. Every position in the text is then inside some
/// member, element or gap, which is what completion needs.
extension JSONParser {
    /// Parses the top-level value, recording every error.
    mutating func parseTolerantDocument() -> JSONNode? {
        if let encoding = Self.utf16Evidence(bytes) {
            errors.append(error("the file looks like UTF-16 (\(encoding)); save it as UTF-8", at: 0))
        }
        skipWhitespace()
        guard index < count else {
            errors.append(error("the document is empty; expected a JSON value", at: index))
            return nil
        }
        let root = parseTolerantValue(depth: 0)
        if root == nil {
            errors.append(unexpectedCharacter(at: index, expectingValue: true) { "unexpected character \($0); expected a value" })
        }
        skipWhitespace()
        if root != nil, index < count {
            errors.append(unexpectedCharacter(at: index, expectingValue: false) {
                "unexpected character \($0) after the top-level value; expected the end of the document"
            })
        }
        return root
    }

    /// A value starting at `index`, or `nil` (nothing consumed) at the end
    /// or at a structural character that starts none.
    private mutating func parseTolerantValue(depth: Int) -> JSONNode? {
        guard index < count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: ","):
            return nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < limits.maxDepth else { return skipTolerantContainer() }
            return bytes[index] == UInt8(ascii: "{") ? parseTolerantObject(depth: depth) : parseTolerantArray(depth: depth)
        case UInt8(ascii: "\""):
            return tolerantString()
        default:
            return tolerantWord()
        }
    }

    private mutating func parseTolerantObject(depth: Int) -> JSONNode {
        let start = index
        let startLocation = location(at: start)
        index += 1
        var members: [JSONMember] = []
        var lastHasComma = false
        var end = count
        var closed = false
        memberLoop: while true {
            skipWhitespace()
            guard index < count else {
                errors.append(endOfInput(inside: "an object", expected: "'}'"))
                break
            }
            switch bytes[index] {
            case UInt8(ascii: "}"):
                index += 1
                end = index
                closed = true
                break memberLoop
            case UInt8(ascii: "]"):
                errors.append(error("expected '}' to close the object, found ']'", at: index))
                end = index
                break memberLoop
            case UInt8(ascii: ","):
                if !members.isEmpty, !lastHasComma {
                    lastHasComma = true
                } else {
                    errors.append(error("unexpected ','; expected a string key", at: index))
                }
                index += 1
            case UInt8(ascii: ":"):
                errors.append(error("unexpected ':'; expected a string key", at: index))
                index += 1
            case UInt8(ascii: "\""):
                if !members.isEmpty, !lastHasComma {
                    errors.append(unexpectedCharacter(at: index, expectingValue: false) { "expected ',' or '}' after an object member, found \($0)" })
                }
                members.append(tolerantMember(depth: depth))
                lastHasComma = false
            default:
                errors.append(unexpectedCharacter(at: index, expectingValue: true) { "expected a string key, found \($0)" })
                _ = parseTolerantValue(depth: depth + 1)
            }
        }
        return JSONNode(value: .object(members), location: startLocation, byteRange: start..<end, isComplete: closed)
    }

    /// A member whose key's opening quote is at `index`.
    private mutating func tolerantMember(depth: Int) -> JSONMember {
        let key = tolerantString()
        skipWhitespace()
        var value: JSONNode?
        if index < count, bytes[index] == UInt8(ascii: ":") {
            index += 1
            skipWhitespace()
            // A string followed by a colon is the next key: this value is missing.
            if !nextIsKey() {
                value = parseTolerantValue(depth: depth + 1)
            }
            if value == nil {
                errors.append(index < count ? error("expected a value after ':'", at: index) : endOfInput(inside: "an object", expected: "a value"))
            }
        } else {
            errors.append(index < count ? error("expected ':' after an object key", at: index) : endOfInput(inside: "an object", expected: "':'"))
        }
        let missing = JSONNode(value: .invalid, location: location(at: index), byteRange: index..<index, isComplete: false)
        return JSONMember(key: key.stringValue ?? "", keyLocation: key.location, value: value ?? missing)
    }

    /// Whether a string starts at `index` and a colon follows it.
    private func nextIsKey() -> Bool {
        guard index < count, bytes[index] == UInt8(ascii: "\"") else { return false }
        var after = JSONToken.stringEnd(from: index, in: bytes).end
        while after < count, [32, 9, 10, 13].contains(bytes[after]) { after += 1 }
        return after < count && bytes[after] == UInt8(ascii: ":")
    }

    private mutating func parseTolerantArray(depth: Int) -> JSONNode {
        let start = index
        let startLocation = location(at: start)
        index += 1
        var elements: [JSONNode] = []
        var end = count
        var closed = false
        var afterElement = false
        elementLoop: while true {
            skipWhitespace()
            guard index < count else {
                errors.append(endOfInput(inside: "an array", expected: "']'"))
                break
            }
            switch bytes[index] {
            case UInt8(ascii: "]"):
                index += 1
                end = index
                closed = true
                break elementLoop
            case UInt8(ascii: "}"):
                errors.append(error("expected ']' to close the array, found '}'", at: index))
                end = index
                break elementLoop
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                if bytes[index] == UInt8(ascii: ":") {
                    errors.append(error("unexpected ':' in an array", at: index))
                } else {
                    afterElement = false
                }
                index += 1
            default:
                if afterElement {
                    errors.append(unexpectedCharacter(at: index, expectingValue: false) { "expected ',' or ']' after an array element, found \($0)" })
                }
                afterElement = true
                if let element = parseTolerantValue(depth: depth + 1) {
                    elements.append(element)
                } else {
                    index += 1
                }
            }
        }
        return JSONNode(value: .array(elements), location: startLocation, byteRange: start..<end, isComplete: closed)
    }

    /// A string whose opening quote is at `index`: decoded by the strict
    /// lexer when well-formed, else as well as it can be.
    private mutating func tolerantString() -> JSONNode {
        let start = index
        let startLocation = location(at: start)
        let (end, terminated) = JSONToken.stringEnd(from: start, in: bytes)
        var value: String?
        do throws(JSONSyntaxError) {
            let decoded = try parseString()
            if index == end { value = decoded }
        } catch {
            errors.append(error)
        }
        index = end
        return JSONNode(
            value: .string(value ?? Self.lenientStringValue(of: start..<end, terminated: terminated, in: bytes)),
            location: startLocation,
            byteRange: start..<end,
            isComplete: terminated
        )
    }

    /// A word at `index` (up to the next delimiter): a number or literal
    /// when the strict lexer reads it whole, else `.invalid`.
    private mutating func tolerantWord() -> JSONNode {
        let start = index
        let startLocation = location(at: start)
        let end = JSONToken.wordEnd(from: start, in: bytes)
        var value = JSONNode.Value.invalid
        do throws(JSONSyntaxError) {
            switch bytes[start] {
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let number = try parseNumber()
                if index == end { value = .number(number) }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                let literal = try parseLiteral()
                if index == end { value = literal }
            default:
                index = start
            }
            if case .invalid = value {
                errors.append(unexpectedCharacter(at: index, expectingValue: index == start) { "unexpected character \($0); expected a value" })
            }
        } catch {
            errors.append(error)
        }
        index = end
        return JSONNode(value: value, location: startLocation, byteRange: start..<end)
    }

    /// Reads past a container nested deeper than the limit, as one
    /// `.invalid` node without children.
    private mutating func skipTolerantContainer() -> JSONNode {
        let start = index
        let startLocation = location(at: start)
        errors.append(error("nesting deeper than \(limits.maxDepth) levels", at: start))
        var open = 0
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                open += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                open -= 1
                index += 1
                if open == 0 {
                    return JSONNode(value: .invalid, location: startLocation, byteRange: start..<index)
                }
            case UInt8(ascii: "\""):
                index = JSONToken.stringEnd(from: index, in: bytes).end
            case 32, 9, 10, 13:
                skipWhitespace()
            default:
                index += 1
            }
        }
        return JSONNode(value: .invalid, location: startLocation, byteRange: start..<count, isComplete: false)
    }

    /// A string token's contents: as the strict lexer decodes a well-formed
    /// string, otherwise with the common escapes resolved and a broken one
    /// kept as written.
    static func tolerantStringValue(of range: Range<Int>, terminated: Bool, in bytes: [UInt8]) -> String {
        if terminated, range.lowerBound < bytes.count {
            var parser = JSONParser(bytes: bytes, limits: Limits(), mode: .tolerant)
            parser.index = range.lowerBound
            parser.lineStart = range.lowerBound
            parser.anchorOffset = range.lowerBound
            if let decoded = try? parser.parseString(), parser.index == range.upperBound { return decoded }
        }
        return lenientStringValue(of: range, terminated: terminated, in: bytes)
    }

    /// A malformed string's contents with the common escapes resolved (a
    /// broken escape is kept as written).
    private static func lenientStringValue(of range: Range<Int>, terminated: Bool, in bytes: [UInt8]) -> String {
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
