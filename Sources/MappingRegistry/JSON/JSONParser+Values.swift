/// Values, objects, arrays and the literals `true`, `false` and `null`.
extension JSONParser {
    /// Parses one value starting at `index`, which must not be at the end of input and must
    /// follow any whitespace.
    mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = index
        let startLocation = location(at: start)
        let value: JSONNode.Value
        switch bytes[start] {
        case UInt8(ascii: "{"):
            return try parseObject(startingAt: startLocation)
        case UInt8(ascii: "["):
            return try parseArray(startingAt: startLocation)
        case UInt8(ascii: "\""):
            value = .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try parseNumber())
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            value = try parseLiteral()
        case UInt8(ascii: "+"):
            throw error("invalid number: a leading '+' is not allowed", at: start)
        case UInt8(ascii: "."):
            throw error("invalid number: a digit is required before '.'", at: start)
        default:
            throw unexpectedCharacter(at: start, expectingValue: true) {
                "unexpected character \($0); expected a value"
            }
        }
        return JSONNode(value: value, location: startLocation, byteRange: start..<index)
    }

    /// Counts one more open container, failing if that exceeds `limits.maxDepth`.
    ///
    /// Checked before recursing, so deeply nested input cannot overflow the stack.
    private mutating func enterContainer(at offset: Int) throws(JSONSyntaxError) {
        depth += 1
        if depth > limits.maxDepth {
            throw error("nesting deeper than \(limits.maxDepth) levels", at: offset)
        }
    }

    /// Parses an object; `index` is at its `{`.
    private mutating func parseObject(startingAt startLocation: TextLocation) throws(JSONSyntaxError) -> JSONNode {
        let start = index
        try enterContainer(at: start)
        index += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if index < count, bytes[index] == UInt8(ascii: "}") {
            index += 1
        } else {
            memberLoop: while true {
                let isFirst = members.isEmpty
                guard index < count else {
                    throw endOfInput(inside: "an object", expected: isFirst ? "a string key or '}'" : "a string key")
                }
                guard bytes[index] == UInt8(ascii: "\"") else {
                    if let word = unquotedWord(at: index) {
                        let expected = isFirst ? "a string key or '}'" : "a string key after ','"
                        throw error("expected \(expected), found the unquoted word '\(word)'; put keys in double quotes: \"\(word)\"", at: index)
                    }
                    throw unexpectedCharacter(at: index, expectingValue: true) {
                        isFirst ? "expected a string key or '}', found \($0)" : "expected a string key after ',', found \($0)"
                    }
                }
                let keyLocation = location(at: index)
                let key = try parseString()
                skipWhitespace()
                guard index < count else {
                    throw endOfInput(inside: "an object", expected: "':'")
                }
                guard bytes[index] == UInt8(ascii: ":") else {
                    throw unexpectedCharacter(at: index, expectingValue: false) {
                        "expected ':' after an object key, found \($0)"
                    }
                }
                index += 1
                skipWhitespace()
                guard index < count else {
                    throw endOfInput(inside: "an object", expected: "a value")
                }
                let value = try parseValue()
                members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
                skipWhitespace()
                guard index < count else {
                    throw endOfInput(inside: "an object", expected: "',' or '}'")
                }
                switch bytes[index] {
                case UInt8(ascii: ","):
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < count, bytes[index] == UInt8(ascii: "}") {
                        throw error("trailing comma before '}'", at: comma)
                    }
                case UInt8(ascii: "}"):
                    index += 1
                    break memberLoop
                default:
                    throw unexpectedCharacter(at: index, expectingValue: false) {
                        "expected ',' or '}' after an object member, found \($0)"
                    }
                }
            }
        }
        depth -= 1
        return JSONNode(value: .object(members), location: startLocation, byteRange: start..<index)
    }

    /// Parses an array; `index` is at its `[`.
    private mutating func parseArray(startingAt startLocation: TextLocation) throws(JSONSyntaxError) -> JSONNode {
        let start = index
        try enterContainer(at: start)
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < count, bytes[index] == UInt8(ascii: "]") {
            index += 1
        } else {
            elementLoop: while true {
                guard index < count else {
                    throw endOfInput(inside: "an array", expected: elements.isEmpty ? "a value or ']'" : "a value")
                }
                elements.append(try parseValue())
                skipWhitespace()
                guard index < count else {
                    throw endOfInput(inside: "an array", expected: "',' or ']'")
                }
                switch bytes[index] {
                case UInt8(ascii: ","):
                    let comma = index
                    index += 1
                    skipWhitespace()
                    if index < count, bytes[index] == UInt8(ascii: "]") {
                        throw error("trailing comma before ']'", at: comma)
                    }
                case UInt8(ascii: "]"):
                    index += 1
                    break elementLoop
                default:
                    throw unexpectedCharacter(at: index, expectingValue: false) {
                        "expected ',' or ']' after an array element, found \($0)"
                    }
                }
            }
        }
        depth -= 1
        return JSONNode(value: .array(elements), location: startLocation, byteRange: start..<index)
    }

    /// Parses `true`, `false` or `null`; `index` is at an ASCII letter.
    ///
    /// Reads the whole word (letters, digits, `_`) so that `tru`, `nulls` and `True` are all
    /// reported as one invalid literal at the word's start.
    mutating func parseLiteral() throws(JSONSyntaxError) -> JSONNode.Value {
        let start = index
        var end = start
        while end < count, Self.isWordByte(bytes[end]) {
            end += 1
        }
        let word = bytes[start..<end]
        if word.elementsEqual("true".utf8) {
            index = end
            return .bool(true)
        }
        if word.elementsEqual("false".utf8) {
            index = end
            return .bool(false)
        }
        if word.elementsEqual("null".utf8) {
            index = end
            return .null
        }
        let shown = Self.shown(word)
        // A near miss of a literal (`tru`, `True`, `falsey`) is that literal
        // mistyped; any other word is most likely a string without its quotes.
        let text = String(decoding: word, as: UTF8.self)
        let literals = ["true", "false", "null"]
        let literal = literals.first { text.lowercased() == $0 } ?? Suggestion.closest(to: text, in: literals)
        guard let literal else {
            throw error("invalid literal '\(shown)'; if it is a string, put it in double quotes: \"\(shown)\"", at: start)
        }
        throw error("invalid literal '\(shown)'; expected '\(literal)'", at: start)
    }

    /// The bare word (letters, digits, `_`) starting with a letter at
    /// `offset`, as a message shows it; `nil` when no letter is there.
    func unquotedWord(at offset: Int) -> String? {
        guard offset < count, Self.isLetter(bytes[offset]) else { return nil }
        var end = offset
        while end < count, Self.isWordByte(bytes[end]) {
            end += 1
        }
        return Self.shown(bytes[offset..<end])
    }

    /// A word for a message, cut after 40 characters.
    private static func shown(_ word: ArraySlice<UInt8>) -> String {
        let maximumShown = 40
        var shown = String(decoding: word.prefix(maximumShown), as: UTF8.self)
        if word.count > maximumShown {
            shown += "…"
        }
        return shown
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Whether `byte` can be part of a bare word: an ASCII letter, digit or underscore.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
