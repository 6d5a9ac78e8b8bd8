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

    /// The schema of `mappings.json`: its keys, their descriptions and
    /// which are required come from ``MappingsKey``.
    package func mappingsSchema() -> JSONValue {
        .object([
            ("$schema", .string(Self.dialect)),
            ("title", "MappingRegistry mappings"),
            ("description", .string("Which view shows which model, of which kind, under which condition and priority. Generated from the app's plugin catalog by '\(generatedBy)'; regenerate it when the catalog changes.")),
            ("type", "object"),
        ] + properties(of: .document) + [
            ("additionalProperties", false),
            ("$defs", .object([
                ("mapping", mapping),
                ("fallback", fallback),
                ("condition", condition(strict: true)),
                ("anyCondition", condition(strict: false)),
            ])),
        ])
    }

    /// A mapping: with a `"fallback"`, its names may be ones the catalog
    /// lacks (a later app version's), so only their types are checked.
    private var mapping: JSONValue {
        let keys = MappingsKey.keys(in: .mapping)
        func branch(strict: Bool) -> JSONValue {
            .object([
                ("properties", .object(keys.map { ($0.rawValue, property($0, strict: strict)) })),
                ("additionalProperties", false),
            ])
        }
        return .object([
            ("description", "One mapping: a view shows a model, of a kind, when a condition holds, at a priority."),
            ("type", "object"),
            ("required", .array(keys.filter(\.isRequired).map { .string($0.rawValue) })),
            ("if", .object([("required", [.string(MappingsKey.fallback.rawValue)])])),
            ("then", branch(strict: false)),
            ("else", branch(strict: true)),
        ])
    }

    /// A `"fallback"` mapping object: every key but `fallback`, none
    /// required (the ones it leaves out are the primary's), names from the catalog.
    private var fallback: JSONValue {
        let keys = MappingsKey.keys(in: .mapping).filter { $0 != .fallback }
        return .object([
            ("description", .string(MappingsKey.fallback.summary)),
            ("type", "object"),
            ("properties", .object(keys.map { ($0.rawValue, property($0, strict: true)) })),
            ("additionalProperties", false),
        ])
    }

    /// The condition object: a property per row of ``ConditionKey``.
    ///
    /// - Parameter strict: Whether predicate names must be the catalog's
    ///   (and their arguments typed); `false` for a mapping with a fallback.
    private func condition(strict: Bool) -> JSONValue {
        let keys = ConditionKey.tests.map(\.rawValue)
        let combinable = ConditionKey.allCases.filter { key in
            switch key.form {
            case .index, .indexes, .predicateName: true
            case .predicateArgument, .conditions, .negated: false
            }
        }
        let listed = combinable.map { "'\($0.rawValue)'" }
        let several = listed.dropLast().joined(separator: ", ") + (listed.count > 1 ? " and " : "") + (listed.last ?? "")
        var members: [(String, JSONValue)] = [
            ("description", .string("A condition. One key is that condition; several of \(several) in one object mean all of them.")),
            ("type", "object"),
            ("properties", .object(ConditionKey.allCases.map { ($0.rawValue, property($0, strict: strict)) })),
            ("additionalProperties", false),
            ("anyOf", .array(keys.map { .object([("required", [.string($0)])]) })),
            ("dependentRequired", .object([(ConditionKey.argument.rawValue, .array([.string(ConditionKey.predicate.rawValue)]))])),
        ]
        let rules = strict ? catalog.predicates.map(argumentRule) : []
        if !rules.isEmpty { members.append(("allOf", .array(rules))) }
        return .object(members)
    }

    /// `properties` and, when some are required, `required`, for the keys of a place.
    private func properties(of place: MappingsKey.Place) -> [(String, JSONValue)] {
        let keys = MappingsKey.keys(in: place)
        var members: [(String, JSONValue)] = [("properties", .object(keys.map { ($0.rawValue, property($0)) }))]
        let required = keys.filter(\.isRequired)
        if !required.isEmpty { members.append(("required", .array(required.map { .string($0.rawValue) }))) }
        return members
    }

    /// The schema of one condition key, by its form: its description, then
    /// what its value must be.
    private func property(_ key: ConditionKey, strict: Bool) -> JSONValue {
        let index: [(String, JSONValue)] = [("type", "integer"), ("minimum", 0), ("maximum", .integer(Int.max))]
        let reference: JSONValue = .string(strict ? "#/$defs/condition" : "#/$defs/anyCondition")
        let value: [(String, JSONValue)]
        switch key.form {
        case .index: value = index
        case .indexes: value = [("type", "array"), ("minItems", 1), ("items", .object(index))]
        case .predicateName: return names(catalog.predicates.map(\.name), key.summary, none: "predicates", strict: strict)
        case .predicateArgument: value = []
        case .conditions: value = [("type", "array"), ("minItems", 1), ("items", .object([("$ref", reference)]))]
        case .negated: value = [("$ref", reference)]
        }
        return .object([("description", .string(key.summary))] + value)
    }

    /// The schema of one key: its description, then what its value must be.
    ///
    /// - Parameter strict: Whether names must be the catalog's; `false`
    ///   in a mapping with a fallback, whose names may be a later app's.
    private func property(_ key: MappingsKey, strict: Bool = true) -> JSONValue {
        let value: [(String, JSONValue)]
        switch key {
        case .schema: value = [("type", "string")]
        case .version: value = [("const", 1)]
        case .mappings: value = [("type", "array"), ("items", .object([("$ref", "#/$defs/mapping")]))]
        case .view: return names(catalog.views.map(\.name), key.summary, none: "views", strict: strict)
        case .model: return names(catalog.models.map(\.name), key.summary, none: "models", strict: strict)
        case .kind: value = [
            ("type", "string"),
            ("minLength", 1),
            ("anyOf", [.object([("enum", .strings(ViewKind.builtIns.map(\.rawValue)))]), .object([("not", reservedKind)])]),
            ("default", "cell"),
        ]
        case .reuseIdentifier: value = [("type", "string"), ("minLength", 1)]
        case .condition: value = [("$ref", .string(strict ? "#/$defs/condition" : "#/$defs/anyCondition"))]
        case .priority: value = [("type", "integer"), ("minimum", .integer(Int.min)), ("maximum", .integer(Int.max)), ("default", 0)]
        case .decorators: value = [
            ("type", "array"),
            ("items", names(catalog.decorators.map(\.name), "A registered decorator name.", none: "decorators", strict: strict)),
        ]
        case .events: value = [
            ("type", "object"),
            ("propertyNames", .object([("minLength", 1)])),
            ("additionalProperties", names((catalog.handlers ?? []).map(\.name), "A registered handler name.", none: "handlers", strict: strict)),
        ]
        case .fallback: value = [("oneOf", [.object([("const", "skip")]), .object([("$ref", "#/$defs/fallback")])])]
        }
        return .object([("description", .string(key.summary))] + value)
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

    /// The schema of a data document: its keys, their descriptions and
    /// which are required come from ``DataDocumentKey``.
    package func dataSchema() -> JSONValue {
        let entryOrNull: JSONValue = .object([("anyOf", [.object([("$ref", "#/$defs/entry")]), .object([("type", "null")])])])
        func described(_ key: DataDocumentKey, _ schema: [(String, JSONValue)]) -> (String, JSONValue) {
            (key.rawValue, .object([("description", .string(key.summary))] + schema))
        }
        func required(_ place: DataDocumentKey.Place) -> JSONValue {
            .strings(DataDocumentKey.keys(in: place).filter(\.isRequired).map(\.rawValue))
        }
        return .object([
            ("$schema", .string(Self.dialect)),
            ("title", "MappingRegistry data document"),
            ("description", .string("Sections of stored models, each created through a registered Decodable model. Generated from the app's plugin catalog by '\(generatedBy)'; regenerate it when the catalog changes.")),
            ("type", "object"),
            ("properties", .object([
                (DataDocumentKey.schema.rawValue, schemaKey),
                described(.sections, [("type", "array"), ("items", .object([("$ref", "#/$defs/section")]))]),
            ])),
            ("required", required(.document)),
            ("additionalProperties", false),
            ("$defs", .object([
                ("section", .object([
                    ("description", "One section: a header, a footer, custom supplementary models and items, each optional."),
                    ("type", "object"),
                    ("properties", .object([
                        described(.header, entryOrNull.members),
                        described(.footer, entryOrNull.members),
                        described(.items, [("type", "array"), ("items", entryOrNull)]),
                        described(.supplementary, [
                            ("type", "object"),
                            ("propertyNames", .object([("minLength", 1), ("not", reservedKind)])),
                            ("additionalProperties", entryOrNull),
                        ]),
                    ])),
                    ("additionalProperties", false),
                ])),
                ("entry", .object([
                    ("description", "One stored model: the registered model and its value."),
                    ("type", "object"),
                    ("properties", .object([
                        (DataDocumentKey.model.rawValue, names(catalog.models.filter(\.decodable).map(\.name), DataDocumentKey.model.summary, none: "Decodable models")),
                        described(.value, []),
                    ])),
                    ("required", required(.entry)),
                    ("additionalProperties", false),
                ])),
            ])),
        ])
    }

    // MARK: - Parts

    /// A root `$schema` key, which data documents allow as mappings files do.
    private var schemaKey: JSONValue {
        property(.schema)
    }

    /// The built-in kinds in any letter case.
    private var reservedKind: JSONValue {
        let alternatives = ViewKind.builtIns.map { kind in
            kind.rawValue.map { "[\($0.uppercased())\($0)]" }.joined()
        }
        return .object([("pattern", .string("^(?:\(alternatives.joined(separator: "|")))$"))])
    }

    /// One of the given names; nothing at all when there are none. Not
    /// `strict`: any non-empty string, since a later app may have it.
    private func names(_ names: [String], _ description: String, none category: String, strict: Bool = true) -> JSONValue {
        guard strict else {
            return .object([("description", .string(description)), ("type", "string"), ("minLength", 1)])
        }
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
