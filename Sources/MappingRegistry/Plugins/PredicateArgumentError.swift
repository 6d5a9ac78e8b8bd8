import Foundation

/// Why a predicate argument could not be bound at load time.
enum PredicateArgumentError: Error {
    /// The predicate takes an argument and the condition gave none.
    case missing

    /// Decodes an argument as `T`, through its JSON text.
    static func decode<T: Decodable>(_ type: T.Type, from argument: PredicateArgument) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(argument.description.utf8))
    }
}
