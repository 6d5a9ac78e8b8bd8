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
        let properties = try #require(object["properties"] as? [String: [String: Any]])
        let keys = MappingsKey.described(in: place.place)
        #expect(Set(properties.keys) == Set(keys.map(\.name)))
        for key in keys {
            let description = try #require(properties[key.name]?["description"] as? String)
            // The catalog registers nothing, so name lists add that they are empty.
            #expect(description.hasPrefix(key.summary), "\(key.name): \(description)")
        }
        #expect((object["required"] as? [String] ?? []) == keys.filter(\.isRequired).map(\.name))
        #expect(object["additionalProperties"] as? Bool == false)
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
