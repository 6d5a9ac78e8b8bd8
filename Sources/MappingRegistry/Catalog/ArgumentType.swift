/// A predicate's argument type known by its Swift name alone (`Double`,
/// `Array<Int>`), as a catalog file gives it: enough to decode an argument
/// exactly as the app would, and to describe it in a JSON Schema.
///
/// Standard library scalars and arrays, optionals and string-keyed
/// dictionaries of them are known; any other type (the app's own structs)
/// is not, and an argument for it can only be checked for presence.
enum ArgumentType {
    /// The Swift type the name spells, when it is one this library can
    /// decode without the app.
    static func decodableType(named name: String) -> (any Decodable.Type)? {
        if let scalar = scalar(name) { return scalar.type }
        if let element = genericArgument(of: "Array", in: name), let type = decodableType(named: element) {
            return arrayType(of: type)
        }
        if let wrapped = genericArgument(of: "Optional", in: name), let type = decodableType(named: wrapped) {
            return optionalType(of: type)
        }
        if let arguments = genericArgument(of: "Dictionary", in: name), arguments.hasPrefix("String, "),
           let type = decodableType(named: String(arguments.dropFirst("String, ".count))) {
            return dictionaryType(of: type)
        }
        return nil
    }

    /// A JSON Schema for the type the name spells; `nil` when the type is
    /// not known (any JSON value may be right).
    static func schema(named name: String) -> JSONValue? {
        if let scalar = scalar(name) { return .object([("type", .string(scalar.json))]) }
        if let element = genericArgument(of: "Array", in: name), let items = schema(named: element) {
            return .object([("type", "array"), ("items", items)])
        }
        if let wrapped = genericArgument(of: "Optional", in: name), let inner = schema(named: wrapped) {
            return .object([("anyOf", [inner, .object([("type", "null")])])])
        }
        if let arguments = genericArgument(of: "Dictionary", in: name), arguments.hasPrefix("String, "),
           let values = schema(named: String(arguments.dropFirst("String, ".count))) {
            return .object([("type", "object"), ("additionalProperties", values)])
        }
        return nil
    }

    /// Decodes an argument as the named type, throwing what `JSONDecoder`
    /// throws; does nothing for a type that is not known.
    static func decode(_ argument: PredicateArgument, asTypeNamed name: String) throws {
        guard let type = decodableType(named: name) else { return }
        try decodeOpened(type, argument)
    }

    private static func decodeOpened<T: Decodable>(_ type: T.Type, _ argument: PredicateArgument) throws {
        _ = try PredicateArgumentError.decode(T.self, from: argument)
    }

    /// A standard library scalar type by name, with its JSON type.
    private static func scalar(_ name: String) -> (type: any Decodable.Type, json: String)? {
        switch name {
        case "Bool": (Bool.self, "boolean")
        case "String": (String.self, "string")
        case "Double": (Double.self, "number")
        case "Float": (Float.self, "number")
        case "Int": (Int.self, "integer")
        case "Int8": (Int8.self, "integer")
        case "Int16": (Int16.self, "integer")
        case "Int32": (Int32.self, "integer")
        case "Int64": (Int64.self, "integer")
        case "UInt": (UInt.self, "integer")
        case "UInt8": (UInt8.self, "integer")
        case "UInt16": (UInt16.self, "integer")
        case "UInt32": (UInt32.self, "integer")
        case "UInt64": (UInt64.self, "integer")
        default: nil
        }
    }

    /// `X` for `Generic<X>`, when the name is of that generic type.
    private static func genericArgument(of generic: String, in name: String) -> String? {
        guard name.hasPrefix(generic + "<"), name.hasSuffix(">") else { return nil }
        return String(name.dropFirst(generic.count + 1).dropLast())
    }

    private static func arrayType<T: Decodable>(of type: T.Type) -> any Decodable.Type { [T].self }
    private static func optionalType<T: Decodable>(of type: T.Type) -> any Decodable.Type { T?.self }
    private static func dictionaryType<T: Decodable>(of type: T.Type) -> any Decodable.Type { [String: T].self }
}
