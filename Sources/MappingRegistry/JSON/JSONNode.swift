/// One parsed JSON value with where it starts and which bytes it spans.
package struct JSONNode: Sendable {
    /// The kind of a JSON value and its contents.
    package enum Value: Sendable {
        /// An object; members in source order. Duplicate keys are kept (the caller reports them).
        case object([JSONMember])
        /// An array; elements in source order.
        case array([JSONNode])
        /// A string, escapes resolved.
        case string(String)
        /// A number, kept as its literal text.
        case number(JSONNumber)
        /// `true` or `false`.
        case bool(Bool)
        /// `null`.
        case null
        /// Text that is no JSON value, kept by a tolerant parse only: a
        /// misspelt or unquoted word, a container nested too deeply, or (with
        /// an empty byte range) a value left out after a key's colon.
        case invalid
    }

    /// The value and, for containers, its children.
    package var value: Value
    /// Whether the value ends as JSON requires: a container with its closing
    /// bracket, a string with its closing quote. Always `true` in a strict
    /// parse; a tolerant parse records what the text left unfinished.
    /// (Declared beside `value`, whose padding it then fills.)
    package var isComplete: Bool
    /// The first character of the value: the `{`, `[`, `"`, digit or minus, `t`, `f` or `n`.
    package var location: TextLocation
    /// The value's bytes in the source, e.g. to hand a slice to `JSONDecoder`.
    package var byteRange: Range<Int>

    package init(value: Value, location: TextLocation, byteRange: Range<Int>, isComplete: Bool = true) {
        self.value = value
        self.location = location
        self.byteRange = byteRange
        self.isComplete = isComplete
    }

    /// The kind of the value in words: "object", "array", "string", "number", "boolean" or "null",
    /// for messages like "expected a string, found a number".
    package var typeName: String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        case .invalid: "invalid value"
        }
    }

    /// The members if this is an object, otherwise `nil`.
    package var objectMembers: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The elements if this is an array, otherwise `nil`.
    package var arrayElements: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The string if this is a string, otherwise `nil`.
    package var stringValue: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    /// The number if this is a number, otherwise `nil`.
    package var numberValue: JSONNumber? {
        if case .number(let number) = value { return number }
        return nil
    }

    /// The Boolean if this is `true` or `false`, otherwise `nil`.
    package var boolValue: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    /// Whether this stands for a value left out (tolerant parse only).
    package var isMissing: Bool {
        if case .invalid = value { return byteRange.isEmpty }
        return false
    }

    /// Whether this is `null`.
    package var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// Follows a decoding path (object keys and array indexes, e.g. from a `DecodingError`'s
    /// `codingPath`) as far as it exists.
    ///
    /// When an object has several members with the same key, the last one is followed, as
    /// `JSONDecoder` does.
    ///
    /// - Parameter path: The keys and indexes to follow from this node.
    /// - Returns: The deepest node reached (this node if not even the first step exists), its
    ///   RFC 6901 pointer relative to this node, and whether the whole path was found.
    func descendant(at path: [JSONPathComponent]) -> (node: JSONNode, pointer: String, complete: Bool) {
        var node = self
        var pointer = ""
        for component in path {
            guard let child = node.child(component) else {
                return (node, pointer, false)
            }
            node = child
            switch component {
            case .key(let key): pointer = JSONPointer.appending(pointer, key: key)
            case .index(let index): pointer = JSONPointer.appending(pointer, index: index)
            }
        }
        return (node, pointer, true)
    }

    /// The direct child selected by one path component, or `nil` if there is none.
    private func child(_ component: JSONPathComponent) -> JSONNode? {
        switch (component, value) {
        case (.key(let key), .object(let members)):
            return members.last(where: { $0.key == key })?.value
        case (.index(let index), .array(let elements)):
            return elements.indices.contains(index) ? elements[index] : nil
        case (.index(let index), .object(let members)):
            // A dictionary with integer keys decodes them from strings: {"1": …}.
            return members.last(where: { $0.key == String(index) })?.value
        default:
            return nil
        }
    }
}
