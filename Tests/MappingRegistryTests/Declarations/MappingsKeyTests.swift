import Foundation
@testable import MappingRegistry
import Testing

/// The parser and the JSON Schema read the keys of `mappings.json` from
/// `MappingsKey`: each place allows, suggests and describes exactly its keys.
@Suite struct MappingsKeyTests {
    struct Place: CustomTestStringConvertible, Sendable {
        let place: MappingsKey.Place
        /// A document with an unknown key `zzz` in an object of this place.
        let json: String
        /// The path from the schema's root to the object's schema.
        let schemaPath: [String]
        var testDescription: String { "\(place)" }
    }

    static let places: [Place] = [
        Place(place: .document, json: #"{"version": 1, "mappings": [], "zzz": 0}"#, schemaPath: []),
        Place(place: .mapping, json: #"{"version": 1, "mappings": [{"view": "V", "model": "M", "zzz": 0}]}"#, schemaPath: ["$defs", "mapping"]),
        Place(place: .condition, json: #"{"version": 1, "mappings": [{"view": "V", "model": "M", "condition": {"section": 0, "zzz": 0}}]}"#, schemaPath: ["$defs", "condition"]),
    ]

    @Test(arguments: places)
    func theParserAllowsAndListsExactlyThePlacesKeys(_ place: Place) throws {
        let expected = MappingsKey.names(in: place.place).map { "'\($0)'" }.joined(separator: ", ")
        do {
            _ = try MappingRegistry(configuration: Data(place.json.utf8), plugins: PluginCatalog())
            Issue.record("the document loaded")
        } catch {
            let unknown = error.diagnostics.filter { $0.code == .unknownKey }.map(\.message)
            #expect(unknown == ["unknown key 'zzz'; expected one of \(expected)"])
        }
    }

    @Test(arguments: places)
    func theSchemaDescribesAndRequiresExactlyThePlacesKeys(_ place: Place) throws {
        let schema = JSONSchemaGenerator(catalog: CatalogDescription(PluginCatalog()), generatedBy: "test").mappingsSchema()
        var object = try #require(try JSONSerialization.jsonObject(with: Data(schema.rendered().utf8)) as? [String: Any])
        for key in place.schemaPath {
            object = try #require(object[key] as? [String: Any])
        }
        let keys = MappingsKey.described(in: place.place)
        #expect((object["required"] as? [String] ?? []) == keys.filter(\.isRequired).map(\.name))
        // A mapping's names are the catalog's, unless it has a fallback
        // (`if`/`then`/`else`): each branch lists every key.
        let branches = try object["if"] == nil ? [object] : ["then", "else"].map { try #require(object[$0] as? [String: Any]) }
        for branch in branches {
            let properties = try #require(branch["properties"] as? [String: [String: Any]])
            #expect(Set(properties.keys) == Set(keys.map(\.name)))
            for key in keys {
                let description = try #require(properties[key.name]?["description"] as? String)
                // The catalog registers nothing, so name lists add that they are empty.
                #expect(description.hasPrefix(key.summary), "\(key.name): \(description)")
            }
            #expect(branch["additionalProperties"] as? Bool == false)
        }
    }

    @Test func aMappingWithAFallbackMayNameWhatTheCatalogLacksAndItsFallbackMayNot() throws {
        var plugins = PluginCatalog()
        plugins.register(model: String.self, named: "Text")
        plugins.register(view: "Line", for: String.self) { text, _ in text }
        let schema = JSONSchemaGenerator(catalog: CatalogDescription(plugins), generatedBy: "test").mappingsSchema()
        let root = try #require(try JSONSerialization.jsonObject(with: Data(schema.rendered().utf8)) as? [String: Any])
        let definitions = try #require(root["$defs"] as? [String: [String: Any]])
        let mapping = try #require(definitions["mapping"])
        let loose = try #require((mapping["then"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        let strict = try #require((mapping["else"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        #expect(loose["view"]?["enum"] == nil)
        #expect(loose["view"]?["type"] as? String == "string")
        #expect(strict["view"]?["enum"] as? [String] == ["Line"])
        let fallback = try #require(definitions["fallback"]?["properties"] as? [String: [String: Any]])
        #expect(fallback["view"]?["enum"] as? [String] == ["Line"])
        #expect(fallback["fallback"] == nil)
        #expect(definitions["fallback"]?["required"] == nil)
    }

    @Test func everyKeyHasOnePlaceAndADescription() {
        let places: [MappingsKey.Place] = [.document, .mapping]
        #expect(places.flatMap(MappingsKey.keys(in:)) == MappingsKey.allCases)
        #expect(MappingsKey.keys(in: .condition).isEmpty)
        #expect(MappingsKey.names(in: .condition) == ConditionKey.allCases.map(\.rawValue))
        for key in MappingsKey.allCases {
            #expect(key.summary.hasSuffix("."), "\(key.rawValue)")
        }
        #expect(ConditionKey.tests.map(\.rawValue) == ["section", "sections", "items", "predicate", "all", "any", "not"])
    }
}
