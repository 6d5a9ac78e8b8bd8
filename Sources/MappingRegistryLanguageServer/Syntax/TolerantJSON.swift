/// A JSON document read as well as it can be: objects, arrays, members and
/// values with their byte ranges, whatever mistakes the text has.
///
/// Built from ``JSONToken``s. An object member is a string followed by an
/// optional colon and an optional value; a value left out (`"view": ,`, or a
/// key on the next line) leaves the member without one; an unclosed object
/// or array ends where the text does; a closing bracket of the wrong kind
/// closes the innermost container. Nesting deeper than ``maximumDepth`` is
/// skipped as one node. Every position in the text is then inside some
/// member, element or gap, which is what completion needs.
struct TolerantJSON {
    /// The deepest nesting read as a tree.
    static let maximumDepth = 256

    final class Node {
        enum Kind { case object, array, string, word }
        let kind: Kind
        /// From the opening character to after the closing one, or to the
        /// end of the text when unclosed.
        var range: Range<Int>
        var closed = true
        /// For a string: its closing quote is there.
        var terminated = true
        var members: [Member] = []
        var elements: [Node] = []
        /// For a string: its contents.
        var string: String?

        init(kind: Kind, range: Range<Int>) {
            self.kind = kind
            self.range = range
        }

        /// The value of the last member with a key.
        func value(_ key: String) -> Node? {
            members.last { $0.key == key }?.value
        }

        /// Whether an offset is inside this node (for a container, after
        /// its opening character and before its closing one).
        func contains(_ offset: Int) -> Bool {
            switch kind {
            case .object, .array:
                range.lowerBound < offset && (offset < range.upperBound || (!closed && offset <= range.upperBound))
            case .string:
                range.lowerBound < offset && (offset < range.upperBound || (!terminated && offset <= range.upperBound))
            case .word:
                range.lowerBound <= offset && offset <= range.upperBound
            }
        }
    }

    struct Member {
        var key: String
        /// The key with its quotes.
        var keyRange: Range<Int>
        var keyTerminated: Bool
        /// Where the colon is, if it is there.
        var colon: Int?
        var value: Node?
        /// The comma after the member, if any.
        var comma: Range<Int>?

        /// From the key to the end of the value (or of the colon or key).
        var range: Range<Int> {
            keyRange.lowerBound..<(value?.range.upperBound ?? colon.map { $0 + 1 } ?? keyRange.upperBound)
        }
    }

    let bytes: [UInt8]
    let tokens: [JSONToken]
    /// The top-level value, `nil` for a text without one.
    private(set) var root: Node?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        tokens = JSONToken.scan(bytes)
        var index = 0
        root = parseValue(&index, depth: 0)
    }

    private func leaf(_ token: JSONToken) -> Node {
        if token.kind == .string {
            let node = Node(kind: .string, range: token.range)
            node.terminated = token.terminated
            node.string = JSONToken.stringValue(of: token.range, terminated: token.terminated, in: bytes)
            return node
        }
        return Node(kind: .word, range: token.range)
    }

    /// A value starting at the token at `index`, or `nil` (nothing consumed)
    /// when that token starts none.
    private func parseValue(_ index: inout Int, depth: Int) -> Node? {
        guard index < tokens.count else { return nil }
        let token = tokens[index]
        switch token.kind {
        case .string, .word:
            index += 1
            return leaf(token)
        case .beginObject, .beginArray:
            guard depth < Self.maximumDepth else { return skipContainer(&index) }
            return token.kind == .beginObject ? parseObject(&index, depth: depth) : parseArray(&index, depth: depth)
        default:
            return nil
        }
    }

    private func parseObject(_ index: inout Int, depth: Int) -> Node {
        let node = Node(kind: .object, range: tokens[index].range.lowerBound..<bytes.count)
        node.closed = false
        index += 1
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .endObject:
                node.range = node.range.lowerBound..<token.range.upperBound
                node.closed = true
                index += 1
                return node
            case .endArray:
                // The wrong bracket: the object ends before it.
                node.range = node.range.lowerBound..<token.range.lowerBound
                return node
            case .comma:
                if !node.members.isEmpty, node.members[node.members.count - 1].comma == nil {
                    node.members[node.members.count - 1].comma = token.range
                }
                index += 1
            case .colon:
                index += 1
            case .string:
                var member = Member(
                    key: JSONToken.stringValue(of: token.range, terminated: token.terminated, in: bytes),
                    keyRange: token.range,
                    keyTerminated: token.terminated
                )
                index += 1
                if index < tokens.count, tokens[index].kind == .colon {
                    member.colon = tokens[index].range.lowerBound
                    index += 1
                    // A string followed by a colon is the next key: this value is missing.
                    let nextIsKey = index + 1 < tokens.count && tokens[index].kind == .string && tokens[index + 1].kind == .colon
                    if !nextIsKey {
                        member.value = parseValue(&index, depth: depth + 1)
                    }
                }
                node.members.append(member)
            case .word, .beginObject, .beginArray:
                // A value without a key: read past it.
                _ = parseValue(&index, depth: depth + 1)
            }
        }
        return node
    }

    private func parseArray(_ index: inout Int, depth: Int) -> Node {
        let node = Node(kind: .array, range: tokens[index].range.lowerBound..<bytes.count)
        node.closed = false
        index += 1
        while index < tokens.count {
            let token = tokens[index]
            switch token.kind {
            case .endArray:
                node.range = node.range.lowerBound..<token.range.upperBound
                node.closed = true
                index += 1
                return node
            case .endObject:
                node.range = node.range.lowerBound..<token.range.lowerBound
                return node
            case .comma, .colon:
                index += 1
            case .string, .word, .beginObject, .beginArray:
                if let element = parseValue(&index, depth: depth + 1) {
                    node.elements.append(element)
                } else {
                    index += 1
                }
            }
        }
        return node
    }

    /// Reads past a container nested too deeply, as one node without children.
    private func skipContainer(_ index: inout Int) -> Node {
        let start = tokens[index].range.lowerBound
        var open = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            switch token.kind {
            case .beginObject, .beginArray: open += 1
            case .endObject, .endArray:
                open -= 1
                if open == 0 { return Node(kind: .word, range: start..<token.range.upperBound) }
            default: break
            }
        }
        return Node(kind: .word, range: start..<bytes.count)
    }

    /// The index of the token that starts at a byte offset, if one does.
    func tokenIndex(startingAt offset: Int) -> Int? {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.lowerBound < offset { low = middle + 1 } else { high = middle }
        }
        return low < tokens.count && tokens[low].range.lowerBound == offset ? low : nil
    }
}
