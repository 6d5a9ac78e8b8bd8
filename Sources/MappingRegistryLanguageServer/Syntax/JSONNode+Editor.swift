import MappingRegistry

/// The tolerant tree as completion, hover, symbols and quick fixes read it:
/// a node is an object, an array, a string or a word (a number, a literal,
/// junk, or a container nested too deeply), with its byte range.
extension JSONNode {
    enum Kind { case object, array, string, word }

    var kind: Kind {
        switch value {
        case .object: .object
        case .array: .array
        case .string: .string
        case .number, .bool, .null, .invalid: .word
        }
    }

    /// From the opening character to after the closing one, or to the end
    /// of the text (an unclosed container) or line (an unterminated string).
    var range: Range<Int> { byteRange }
    /// An object's members; none for anything else.
    var members: [JSONMember] { objectMembers ?? [] }
    /// An array's elements; none for anything else.
    var elements: [JSONNode] { arrayElements ?? [] }
    /// A string's contents.
    var string: String? { stringValue }
    /// For a string: its closing quote is there.
    var terminated: Bool { isComplete }

    /// The value of the last member with a key, `nil` when it has none.
    func value(_ key: String) -> JSONNode? {
        members.last { $0.key == key }?.presentValue
    }

    /// Whether an offset is inside this node (for a container, after its
    /// opening character and before its closing one).
    func contains(_ offset: Int) -> Bool {
        switch kind {
        case .object, .array, .string:
            range.lowerBound < offset && (offset < range.upperBound || (!isComplete && offset <= range.upperBound))
        case .word:
            range.lowerBound <= offset && offset <= range.upperBound
        }
    }
}

extension JSONMember {
    /// The value, `nil` when the text leaves it out.
    var presentValue: JSONNode? { value.isMissing ? nil : value }
}
