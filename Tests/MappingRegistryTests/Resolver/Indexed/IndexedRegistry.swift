import Foundation
@testable import MappingRegistry

/// Loads a registry that resolves through the index whatever
/// `MAPPING_REGISTRY_INDEX` says: for the tests of the machinery itself
/// (its cache, its per-thread copies, which predicates it skips), which
/// have nothing to test when the index is switched off for a run.
func loadIndexedRegistry(_ json: String, plugins: PluginCatalog) throws -> MappingRegistry {
    try MappingRegistry(plugins: plugins, sources: [.json(Data(json.utf8), name: "mappings.json")], policy: DiagnosticPolicy(), usesIndex: true)
}
