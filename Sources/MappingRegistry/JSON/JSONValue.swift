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
        String(decoding: compactBytes(), as: UTF8.self)
    }

    /// ``compact()`` as UTF-8, written byte by byte: what a language
    /// server's megabyte responses are sent as.
    package func compactBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        writeCompact(to: &bytes)
        return bytes
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
        text += String(decoding: compactBytes(), as: UTF8.self)
    }

    private func writeCompact(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes += "null".utf8
        case .bool(let value): bytes += (value ? "true" : "false").utf8
        case .integer(let value): bytes += String(value).utf8
        case .number(let value): bytes += (value.isFinite ? "\(value)" : "null").utf8
        case .string(let value): Self.writeString(value, to: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                element.writeCompact(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                value.writeCompact(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// ``writeString(_:to:)`` into UTF-8: the bytes that need no escape are
    /// copied as they are.
    static func writeString(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes += "\\\"".utf8
            case UInt8(ascii: "\\"): bytes += "\\\\".utf8
            case UInt8(ascii: "\n"): bytes += "\\n".utf8
            case UInt8(ascii: "\r"): bytes += "\\r".utf8
            case UInt8(ascii: "\t"): bytes += "\\t".utf8
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                bytes += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a string as a JSON string literal, escaping quotes,
    /// backslashes and control characters.
    static func writeString(_ value: String, to text: inout String) {
        var bytes: [UInt8] = []
        writeString(value, to: &bytes)
        text += String(decoding: bytes, as: UTF8.self)
    }
}
