import Foundation

/// A model type registered under a name.
struct ModelPlugin: NamedPlugin {
    let name: String
    let type: ModelType
    /// Creates a value from JSON data, when the type is `Decodable`.
    let decode: (@Sendable (Data) throws -> Any)?
}
