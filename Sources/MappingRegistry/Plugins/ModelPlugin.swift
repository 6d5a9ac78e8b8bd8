import Foundation

/// A model type registered under a name.
struct ModelPlugin: NamedPlugin {
    let name: String
    let type: ModelType
    /// Creates a value from JSON data, when the type is `Decodable`.
    let decode: (@Sendable (Data) throws -> Any)?
    /// Creates a value from a checked JSON value in place, exactly as
    /// ``decode`` would from its bytes; `nil` when only ``decode`` can.
    let decodeJSON: (@Sendable (JSONSpanDecoder) throws -> Any)?

    init(
        name: String,
        type: ModelType,
        decode: (@Sendable (Data) throws -> Any)?,
        decodeJSON: (@Sendable (JSONSpanDecoder) throws -> Any)? = nil
    ) {
        self.name = name
        self.type = type
        self.decode = decode
        self.decodeJSON = decodeJSON
    }

    /// `model 'Food'`, or `model 'Food' ('Dish')` when the Swift type has
    /// another name, as diagnostics name the model.
    var describedForMessage: String {
        name == type.name ? "model '\(name)'" : "model '\(name)' ('\(type.name)')"
    }
}
