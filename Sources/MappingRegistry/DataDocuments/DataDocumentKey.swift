/// Every key a data document may have, where it belongs and what it means:
/// the one table the loader's key checks, the generated JSON Schema, and
/// the language server's completion and hover read.
package enum DataDocumentKey: String, CaseIterable, Sendable {
    // The document
    case schema = "$schema"
    case sections
    // A section
    case header
    case footer
    case items
    case supplementary
    // An entry: a header, a footer, an item or a supplementary model
    case model
    case value

    /// The kind of object a key belongs in.
    package enum Place: Sendable {
        /// The document's root object.
        case document
        /// A section, an element of `sections`.
        case section
        /// One stored model: a section's `header` or `footer`, an element
        /// of its `items`, a value of its `supplementary`.
        case entry
    }

    /// The object the key belongs in.
    package var place: Place {
        switch self {
        case .schema, .sections: .document
        case .header, .footer, .items, .supplementary: .section
        case .model, .value: .entry
        }
    }

    /// Whether an object of its place must have it.
    package var isRequired: Bool {
        switch self {
        case .sections, .model, .value: true
        default: false
        }
    }

    /// One sentence on what the key means: the schema's description.
    package var summary: String {
        switch self {
        case .schema: MappingsKey.schema.summary
        case .sections: "The sections, in order."
        case .header: "The section's header model; null or absent for none."
        case .footer: "The section's footer model; null or absent for none."
        case .items: "The items, in order; null stores a nil item (reported as nil-model)."
        case .supplementary: "Custom supplementary models by kind, such as {\"banner\": {…}}; not header, footer or cell."
        case .model: "A registered Decodable model name."
        case .value: "The value, as the model's Decodable conformance reads it."
        }
    }

    /// The keys of one place, in order.
    package static func keys(in place: Place) -> [DataDocumentKey] {
        allCases.filter { $0.place == place }
    }

    /// The keys of one place as written, in order: what the loader allows
    /// and suggests.
    package static func names(in place: Place) -> [String] {
        keys(in: place).map(\.rawValue)
    }
}
