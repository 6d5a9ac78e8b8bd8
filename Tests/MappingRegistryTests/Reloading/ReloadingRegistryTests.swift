import Foundation
@testable import MappingRegistry
import RegistryFixtures
import Testing

/// Loading, reloading and keeping the last good registry.
@Suite struct ReloadingRegistryTests {
    @Test func loadsTheFileAndNamesItByItsLastPathComponent() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        #expect(try MappingsFile.generation(of: mappings.current).get() == 1)
        #expect(mappings.source == "mappings.json")
        #expect(mappings.current.mappings.first?.location.file == "mappings.json")
    }

    @Test func aGivenSourceNameIsUsedInDiagnostics() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog(), source: "config/mappings.json")
        try file.write(MappingsFile.broken)
        let error = try #require(throws: ConfigurationError.self) { try mappings.reload() }
        #expect(error.diagnostics.filter { $0.severity == .error }.map(\.location?.file) == ["config/mappings.json", "config/mappings.json"])
    }

    @Test func thePolicyAppliesToTheFirstLoadAndToEveryReload() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1) + " ")
        var strict = DiagnosticPolicy()
        try strict.treat(.unusedView, as: .error)
        let relaxed = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        #expect(relaxed.current.warnings.contains { $0.code == .unusedView })
        #expect(relaxed.policy == DiagnosticPolicy())

        let refused = try #require(throws: ConfigurationError.self) {
            try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog(), policy: strict)
        }
        #expect(refused.errorCodes.allSatisfy { $0 == "unused-view" } && !refused.errorCodes.isEmpty)

        try file.write(MappingsFile.broken)
        var lenient = DiagnosticPolicy()
        try lenient.ignore(.unknownView)
        try lenient.ignore(.unknownModel)
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog(), policy: lenient)
        #expect(mappings.policy == lenient)
        #expect(mappings.current.warnings.allSatisfy { $0.code != .unknownView && $0.code != .unknownModel })

        try file.writeRenamingOver(MappingsFile.generation(2))
        #expect(try MappingsFile.generation(of: mappings.reload()).get() == 2)
        try file.write(MappingsFile.broken)
        let reloaded = try mappings.reload()
        #expect(reloaded === mappings.current)
        #expect(reloaded.mappings.isEmpty)
    }

    @Test func aMissingOrBrokenFileFailsTheFirstLoad() throws {
        let file = try MappingsFile()
        let missing = try #require(throws: ConfigurationError.self) {
            try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        }
        #expect(missing.errorCodes == ["unreadable-file"])
        try file.write(MappingsFile.broken)
        let broken = try #require(throws: ConfigurationError.self) {
            try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        }
        #expect(broken.errorCodes == ["unknown-view", "unknown-model"])
    }

    @Test func reloadSwapsInTheNewVersion() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        try file.writeRenamingOver(MappingsFile.generation(2))
        let reloaded = try mappings.reload()
        #expect(reloaded === mappings.current)
        #expect(try MappingsFile.generation(of: mappings.current).get() == 2)
    }

    @Test func aFailedReloadThrowsEveryDiagnosticAndKeepsTheCurrentRegistry() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(3))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        let before = mappings.current

        try file.write(MappingsFile.broken)
        let broken = try #require(throws: ConfigurationError.self) { try mappings.reload() }
        #expect(broken.errorCodes == ["unknown-view", "unknown-model"])
        #expect(mappings.current === before)

        try file.writeTruncated(MappingsFile.generation(4))
        let truncated = try #require(throws: ConfigurationError.self) { try mappings.reload() }
        #expect(truncated.errorCodes == ["invalid-json"])
        #expect(mappings.current === before)

        try file.delete()
        let deleted = try #require(throws: ConfigurationError.self) { try mappings.reload() }
        #expect(deleted.errorCodes == ["unreadable-file"])
        #expect(mappings.current === before)

        try file.write(MappingsFile.generation(5))
        try mappings.reload()
        #expect(try MappingsFile.generation(of: mappings.current).get() == 5)
    }

    @Test func aRegistryHeldByAReaderOutlivesTheReloadThatReplacesIt() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        let held = mappings.current
        // A registry only `current` holds, replaced by the next reload.
        try file.write(MappingsFile.generation(2))
        weak let released: MappingRegistry? = try mappings.reload()
        #expect(released != nil)
        try file.write(MappingsFile.generation(3))
        try mappings.reload()
        // Only `current` held it, so the swap that replaced it freed it.
        #expect(released == nil)
        #expect(try MappingsFile.generation(of: held).get() == 1)
        #expect(try MappingsFile.generation(of: mappings.current).get() == 3)
    }
}
