import Foundation

/// Names JSON value types in messages, as a reader of the JSON would say
/// them: `a number`, `a string`, `an object`.
enum JSONValueDescription {
    /// A Swift type as a JSON reader would name it.
    static func describe(_ type: any Any.Type) -> String {
        if type == String.self || type == Substring.self || type == Character.self { return "a string" }
        if type == Bool.self { return "a boolean" }
        if type is any BinaryInteger.Type { return "an integer" }
        if type is any BinaryFloatingPoint.Type || type == Decimal.self { return "a number" }
        let name = String(describing: type)
        if name.hasPrefix("Dictionary<") { return "an object" }
        if name.hasPrefix("Array<") || name.hasPrefix("Set<") { return "an array" }
        return "'\(name)'"
    }

    /// The expected type a decoding error names, in JSON words.
    static func expectedType(of error: DecodingError) -> String? {
        switch error {
        case .typeMismatch(let type, _), .valueNotFound(let type, _): describe(type)
        default: nil
        }
    }
}

extension DecodingError {
    /// The path to the value the error is about.
    var codingPath: [any CodingKey]? {
        switch self {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
             .dataCorrupted(let context):
            context.codingPath
        @unknown default:
            nil
        }
    }
}

extension PredicateArgument {
    /// The value's type and, for short scalars, the value, as messages say
    /// it: `a string ("x")`, `a number (1.5)`, `an array`, `null`.
    var describedForMessage: String {
        switch self {
        case .null: "null"
        case .bool(let value): "a boolean (\(value))"
        case .integer, .number: "a number (\(description))"
        case .string(let value): value.count <= 40 ? "a string (\"\(value)\")" : "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value at a decoding path, if it exists.
    func descendant(at path: [any CodingKey]) -> PredicateArgument? {
        var current = self
        for key in path {
            switch current {
            case .array(let elements):
                guard let index = key.intValue, elements.indices.contains(index) else { return nil }
                current = elements[index]
            case .object(let members):
                guard let member = members[key.stringValue] else { return nil }
                current = member
            default:
                return nil
            }
        }
        return current
    }
}
