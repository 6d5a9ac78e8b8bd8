/// Writes JSON Schemas (draft 2020-12) for `mappings.json` and for data
/// documents from a catalog: the names it registers as enums, a
/// description on every key, the whole condition grammar, and each
/// predicate's argument where its type is known. Editors use them for
/// completion and inline errors; every document the schemas reject the
/// library rejects too, and the library checks more (what the names mean
/// together).
package struct JSONSchemaGenerator {
    /// The JSON Schema dialect the schemas declare.
    package static let dialect = "https://json-schema.org/draft/2020-12/schema"

    let catalog: CatalogDescription
    /// Says how the schema was made, in its description: `menu schema mappings`.
    let generatedBy: String

    package init(catalog: CatalogDescription, generatedBy: String) {
        self.catalog = catalog
        self.generatedBy = generatedBy
    }

    // MARK: - mappings.json

    /// The schema of `mappings.json`.
    package func mappingsSchema() -> JSONValue {
        .object([
            ("$schema", .string(Self.dialect)),
            ("title", "MappingRegistry mappings"),
            ("description", .string("Which view shows which model, of which kind, under which condition and priority. Generated from the app's plugin catalog by '\(generatedBy)'; regenerate it when the catalog changes.")),
            ("type", "object"),
            ("properties", .object([
                ("$schema", schemaKey),
                ("version", .object([("description", "The format version: 1."), ("const", 1)])),
                ("mappings", .object([
                    ("description", "The mappings. Every stored item must resolve to exactly one of them."),
                    ("type", "array"),
                    ("items", .object([("$ref", "#/$defs/mapping")])),
                ])),
            ])),
            ("required", ["version", "mappings"]),
            ("additionalProperties", false),
            ("$defs", .object([("mapping", mapping), ("condition", condition)])),
        ])
    }

    private var mapping: JSONValue {
        .object([
            ("description", "One mapping: a view shows a model, of a kind, when a condition holds, at a priority."),
            ("type", "object"),
            ("properties", .object([
                ("view", names(catalog.views.map(\.name), "A registered view name.", none: "views")),
                ("model", names(catalog.models.map(\.name), "A registered model name: a struct, enum, class (subclasses match), protocol (conforming types match) or a catch-all.", none: "models")),
                ("kind", .object([
                    ("description", "The kind of view: \"cell\" (the default), \"header\", \"footer\", or a custom supplementary kind (not a built-in kind with other capitals)."),
                    ("type", "string"),
                    ("minLength", 1),
                    ("anyOf", [.object([("enum", .strings(ViewKind.builtIns.map(\.rawValue)))]), .object([("not", reservedKind)])]),
                    ("default", "cell"),
                ])),
                ("reuseIdentifier", .object([
                    ("description", "The reuse pool of the view; default: the view's name. One identifier must always give one view."),
                    ("type", "string"),
                    ("minLength", 1),
                ])),
                ("condition", .object([("description", "When the mapping applies; default: always."), ("$ref", "#/$defs/condition")])),
                ("priority", .object([
                    ("description", "Among the mappings that apply, the highest priority wins. Default 0; a fallback takes a lower one."),
                    ("type", "integer"),
                    ("minimum", .integer(Int.min)),
                    ("maximum", .integer(Int.max)),
                    ("default", 0),
                ])),
                ("decorators", .object([
                    ("description", "Registered decorators, applied in this order to the view's text."),
                    ("type", "array"),
                    ("items", names(catalog.decorators.map(\.name), "A registered decorator name.", none: "decorators")),
                ])),
            ])),
            ("required", ["view", "model"]),
            ("additionalProperties", false),
        ])
    }

    private var condition: JSONValue {
        let section: JSONValue = .object([("type", "integer"), ("minimum", 0), ("maximum", .integer(Int.max))])
        let keys = ConfigurationParser.testKeys
        var members: [(String, JSONValue)] = [
            ("description", "A condition. One key is that condition; several of 'section', 'sections' and 'predicate' in one object mean all of them."),
            ("type", "object"),
            ("properties", .object([
                ("section", .object([("description", "Holds in this section (counted from 0).")] + section.members)),
                ("sections", .object([
                    ("description", "Holds in any of these sections."),
                    ("type", "array"),
                    ("minItems", 1),
                    ("items", section),
                ])),
                ("predicate", names(catalog.predicates.map(\.name), "Holds when this registered predicate returns true.", none: "predicates")),
                ("argument", .object([("description", "The predicate's argument, for a predicate registered with an argument type; decoded once, at load.")])),
                ("all", .object([
                    ("description", "Holds when every one of these conditions holds."),
                    ("type", "array"),
                    ("minItems", 1),
                    ("items", .object([("$ref", "#/$defs/condition")])),
                ])),
                ("any", .object([
                    ("description", "Holds when at least one of these conditions holds."),
                    ("type", "array"),
                    ("minItems", 1),
                    ("items", .object([("$ref", "#/$defs/condition")])),
                ])),
                ("not", .object([("description", "Holds when this condition does not."), ("$ref", "#/$defs/condition")])),
            ])),
            ("additionalProperties", false),
            ("anyOf", .array(keys.map { .object([("required", [.string($0)])]) })),
            ("dependentRequired", .object([("argument", ["predicate"])])),
        ]
        let rules = catalog.predicates.map(argumentRule)
        if !rules.isEmpty { members.append(("allOf", .array(rules))) }
        return .object(members)
    }

    /// For one predicate: its argument is required (and typed, when the
    /// type is known) or forbidden.
    private func argumentRule(_ predicate: CatalogDescription.Predicate) -> JSONValue {
        let when: JSONValue = .object([
            ("properties", .object([("predicate", .object([("const", .string(predicate.name))]))])),
            ("required", ["predicate"]),
        ])
        let then: JSONValue
        if let argument = predicate.argument {
            let schema = ArgumentType.schema(named: argument) ?? .object([])
            let described: JSONValue = .object([("description", .string("The argument of '\(predicate.name)': a '\(argument)'."))] + schema.members)
            then = .object([("required", ["argument"]), ("properties", .object([("argument", described)]))])
        } else {
            then = .object([("not", .object([("required", ["argument"])]))])
        }
        return .object([("if", when), ("then", then)])
    }

    // MARK: - Data documents

    /// The schema of a data document.
    package func dataSchema() -> JSONValue {
        let entryOrNull: JSONValue = .object([("anyOf", [.object([("$ref", "#/$defs/entry")]), .object([("type", "null")])])])
        return .object([
            ("$schema", .string(Self.dialect)),
            ("title", "MappingRegistry data document"),
            ("description", .string("Sections of stored models, each created through a registered Decodable model. Generated from the app's plugin catalog by '\(generatedBy)'; regenerate it when the catalog changes.")),
            ("type", "object"),
            ("properties", .object([
                ("$schema", schemaKey),
                ("sections", .object([
                    ("description", "The sections, in order."),
                    ("type", "array"),
                    ("items", .object([("$ref", "#/$defs/section")])),
                ])),
            ])),
            ("required", ["sections"]),
            ("additionalProperties", false),
            ("$defs", .object([
                ("section", .object([
                    ("description", "One section: a header, a footer, custom supplementary models and items, each optional."),
                    ("type", "object"),
                    ("properties", .object([
                        ("header", .object([("description", "The section's header model; null or absent for none.")] + entryOrNull.members)),
                        ("footer", .object([("description", "The section's footer model; null or absent for none.")] + entryOrNull.members)),
                        ("items", .object([
                            ("description", "The items, in order; null stores a nil item (reported as nil-model)."),
                            ("type", "array"),
                            ("items", entryOrNull),
                        ])),
                        ("supplementary", .object([
                            ("description", "Custom supplementary models by kind, such as {\"banner\": {…}}; not header, footer or cell."),
                            ("type", "object"),
                            ("propertyNames", .object([("minLength", 1), ("not", reservedKind)])),
                            ("additionalProperties", entryOrNull),
                        ])),
                    ])),
                    ("additionalProperties", false),
                ])),
                ("entry", .object([
                    ("description", "One stored model: the registered model and its value."),
                    ("type", "object"),
                    ("properties", .object([
                        ("model", names(catalog.models.filter(\.decodable).map(\.name), "A registered Decodable model name.", none: "Decodable models")),
                        ("value", .object([("description", "The value, as the model's Decodable conformance reads it.")])),
                    ])),
                    ("required", ["model", "value"]),
                    ("additionalProperties", false),
                ])),
            ])),
        ])
    }

    // MARK: - Parts

    private var schemaKey: JSONValue {
        .object([("description", "The URL or relative path of this JSON Schema, for editors; ignored by the library."), ("type", "string")])
    }

    /// The built-in kinds in any letter case.
    private var reservedKind: JSONValue {
        let alternatives = ViewKind.builtIns.map { kind in
            kind.rawValue.map { "[\($0.uppercased())\($0)]" }.joined()
        }
        return .object([("pattern", .string("^(?:\(alternatives.joined(separator: "|")))$"))])
    }

    /// One of the given names; nothing at all when there are none.
    private func names(_ names: [String], _ description: String, none category: String) -> JSONValue {
        guard !names.isEmpty else {
            return .object([("description", .string("\(description) The catalog registers no \(category).")), ("not", .object([]))])
        }
        return .object([("description", .string(description)), ("enum", .strings(names.sorted()))])
    }
}

extension JSONValue {
    /// The members of an object; none for any other value.
    var members: [(String, JSONValue)] {
        if case .object(let members) = self { return members }
        return []
    }
}
