/// A JSON value built in code and written with its object keys in the
/// order given: for generated documents people read (schemas, catalogs,
/// SARIF), where `JSONEncoder` would sort the keys or pad its colons.
package indirect enum JSONValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    case null
    case bool(Bool)
    case integer(Int)
    /// A number that is not an integer; written as JSON has it (`null` for
    /// an infinity or NaN, which JSON cannot hold).
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the order they are written.
    case object([(String, JSONValue)])

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .integer(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }

    /// An array of strings.
    package static func strings(_ values: some Sequence<String>) -> JSONValue {
        .array(values.map(JSONValue.string))
    }

    /// The document, indented by two spaces, ending with a line break.
    /// Arrays of scalars that fit in a line stay on one line.
    package func rendered() -> String {
        var text = ""
        write(to: &text, indent: "")
        return text + "\n"
    }

    /// The document on one line, without spaces.
    package func compact() -> String {
        var text = ""
        writeCompact(to: &text)
        return text
    }

    /// An object of scalars short enough for one line.
    private var isFlat: Bool {
        guard case .object(let members) = self, members.allSatisfy({ $0.1.isScalar }) else { return false }
        return inline().count <= 100
    }

    /// A flat object on one line, spaced for reading: `{ "a": 1, "b": true }`.
    private func inline() -> String {
        guard case .object(let members) = self else { return compact() }
        var text = "{ "
        for (index, (key, value)) in members.enumerated() {
            if index > 0 { text += ", " }
            Self.writeString(key, to: &text)
            text += ": " + value.compact()
        }
        return text + " }"
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    private func write(to text: inout String, indent: String) {
        switch self {
        case .array(let elements) where elements.isEmpty:
            text += "[]"
        case .object(let members) where members.isEmpty:
            text += "{}"
        case .array(let elements):
            if elements.allSatisfy(\.isScalar) {
                let line = "[" + elements.map { $0.compact() }.joined(separator: ", ") + "]"
                if line.count + indent.count <= 100 {
                    text += line
                    return
                }
            }
            if elements.allSatisfy(\.isFlat) {
                // A list of small records, one a line.
                text += "[\n"
                for (index, element) in elements.enumerated() {
                    text += indent + "  " + element.inline() + (index == elements.count - 1 ? "\n" : ",\n")
                }
                text += indent + "]"
                return
            }
            text += "[\n"
            for (index, element) in elements.enumerated() {
                text += indent + "  "
                element.write(to: &text, indent: indent + "  ")
                text += index == elements.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        case .object(let members):
            if isFlat, inline().count + indent.count <= 100 {
                text += inline()
                return
            }
            text += "{\n"
            for (index, (key, value)) in members.enumerated() {
                text += indent + "  "
                Self.writeString(key, to: &text)
                text += ": "
                value.write(to: &text, indent: indent + "  ")
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += indent + "}"
        default:
            writeCompact(to: &text)
        }
    }

    private func writeCompact(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .integer(let value): text += String(value)
        case .number(let value): text += value.isFinite ? "\(value)" : "null"
        case .string(let value): Self.writeString(value, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.writeCompact(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { text += "," }
                Self.writeString(key, to: &text)
                text += ":"
                value.writeCompact(to: &text)
            }
            text += "}"
        }
    }

    /// Appends a string as a JSON string literal, escaping quotes,
    /// backslashes and control characters.
    static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }
}
