import Foundation

/// A model type registered under a name.
struct ModelPlugin: NamedPlugin {
    let name: String
    let type: ModelType
    /// Creates a value from JSON data, when the type is `Decodable`.
    let decode: (@Sendable (Data) throws -> Any)?

    /// `model 'Food'`, or `model 'Food' ('Dish')` when the Swift type has
    /// another name, as diagnostics name the model.
    var describedForMessage: String {
        name == type.name ? "model '\(name)'" : "model '\(name)' ('\(type.name)')"
    }
}
