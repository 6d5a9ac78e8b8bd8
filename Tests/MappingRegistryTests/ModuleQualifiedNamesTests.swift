import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// `MappingRegistry.Diagnostic` and the like compile for every public type
/// of the module, although `MappingRegistry.` names the class: the aliases
/// of `MappingRegistry+ModuleQualifiedNames.swift` make them members of it.
@Suite struct ModuleQualifiedNamesTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let sources = packageRoot.appendingPathComponent("Sources/MappingRegistry")
    static let aliasesFile = sources.appendingPathComponent("MappingRegistry+ModuleQualifiedNames.swift")

    /// Public types without an alias there, for the reasons that file gives.
    static let exempt: Set<String> = ["MappingRegistry", "Map", "MappingDeclarationBuilder"]

    /// The identifier at the start of a text, if any.
    static func identifier(at text: Substring) -> String? {
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    /// The names of the module's public top-level types, read from its
    /// sources: each line that starts, unindented, with `public` and a kind
    /// of type (`public struct`, `public final class`, `public indirect enum`…).
    static func publicTopLevelTypes() throws -> Set<String> {
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "typealias", "actor"]
        let modifiers: Set<Substring> = ["final", "indirect"]
        var names: Set<String> = []
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" {
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where line.hasPrefix("public ") {
                let words = line.split(separator: " ", maxSplits: 4).dropFirst().drop { modifiers.contains($0) }
                guard let kind = words.first, kinds.contains(kind), let rest = words.dropFirst().first,
                      let name = identifier(at: rest) else { continue }
                names.insert(name)
            }
        }
        return names
    }

    /// The file's aliases, `MappingRegistry.Name` → the `MappingRegistry::Name` it names.
    static func aliases() throws -> [String: String] {
        let prefix = "    public typealias "
        var aliases: [String: String] = [:]
        for line in try String(contentsOf: aliasesFile, encoding: .utf8).split(separator: "\n") where line.hasPrefix(prefix) {
            let declaration = line.dropFirst(prefix.count)
            guard let name = identifier(at: declaration),
                  let selector = declaration.range(of: "= MappingRegistry::"),
                  let target = identifier(at: declaration[selector.upperBound...]) else { continue }
            aliases[name] = target
        }
        return aliases
    }

    @Test func everyPublicTopLevelTypeHasItsAlias() throws {
        let types = try Self.publicTopLevelTypes()
        #expect(types.contains("Diagnostic") && types.contains("MappingRegistry"), "the scan found the module's sources")
        let aliases = try Self.aliases()
        let missing = types.subtracting(Self.exempt).subtracting(aliases.keys).sorted()
        #expect(missing.isEmpty, "add `public typealias NAME = MappingRegistry::NAME` to MappingRegistry+ModuleQualifiedNames.swift for \(missing)")
        let stale = Set(aliases.keys).subtracting(types).sorted()
        #expect(stale.isEmpty, "aliases of types the module no longer has: \(stale)")
        let crossed = aliases.filter { $0.key != $0.value }.keys.sorted()
        #expect(crossed.isEmpty, "each alias names the module's type of its own name: \(crossed)")
    }

    #if compiler(>=6.3)
    @Test func theModuleQualifiedNamesAreTheModulesTypes() {
        let pairs: [(qualified: any Any.Type, plain: any Any.Type)] = [
            (MappingRegistry.ConfigurationError.self, ConfigurationError.self),
            (MappingRegistry.DataDocument.self, DataDocument.self),
            (MappingRegistry.Diagnostic.self, Diagnostic.self),
            (MappingRegistry.Diagnostic.Code.self, Diagnostic.Code.self),
            (MappingRegistry.DiagnosticFormatter.self, DiagnosticFormatter.self),
            (MappingRegistry.DiagnosticPolicy.self, DiagnosticPolicy.self),
            (MappingRegistry.DiagnosticPolicyError.self, DiagnosticPolicyError.self),
            (MappingRegistry.EventResult<Bool>.self, EventResult<Bool>.self),
            (MappingRegistry.FileWatch.self, FileWatch.self),
            (MappingRegistry.Map<DishRow, Dish>.self, Map<DishRow, Dish>.self),
            (MappingRegistry.Mapping.self, Mapping.self),
            (MappingRegistry.MappingCondition.self, MappingCondition.self),
            (MappingRegistry.MappingDeclaration.self, MappingDeclaration.self),
            (MappingRegistry.MappingEvent<Bool>.self, MappingEvent<Bool>.self),
            (MappingRegistry.MappingSource.self, MappingSource.self),
            (MappingRegistry.PluginCatalog.self, PluginCatalog.self),
            (MappingRegistry.PredicateArgument.self, PredicateArgument.self),
            (MappingRegistry.ReloadOutcome.self, ReloadOutcome.self),
            (MappingRegistry.ReloadingRegistry.self, ReloadingRegistry.self),
            (MappingRegistry.RenderResult.self, RenderResult.self),
            (MappingRegistry.Resolution.self, Resolution.self),
            (MappingRegistry.ReusePool.self, ReusePool.self),
            (MappingRegistry.SourceLocation.self, SourceLocation.self),
            (MappingRegistry.TextRenderer.self, TextRenderer.self),
            ((any MappingRegistry.TextView).self, (any TextView).self),
            (MappingRegistry.TypedMappingDeclaration<DishRow, Dish>.self, TypedMappingDeclaration<DishRow, Dish>.self),
            (MappingRegistry.ViewKind.self, ViewKind.self),
        ]
        for pair in pairs {
            #expect(ObjectIdentifier(pair.qualified) == ObjectIdentifier(pair.plain), "\(pair.qualified)")
        }
        // Every alias is listed above (besides the class itself).
        #expect(pairs.count == ((try? Self.aliases().count) ?? 0) + 2)
    }

    @Test func theModuleQualifiedNamesWorkWhereCodeIsWritten() throws {
        var plugins = MappingRegistry.PluginCatalog()
        plugins.register(view: DishRow.self)
        let source: MappingRegistry.MappingSource = .declarations {
            MappingRegistry.Map(DishRow.self, when: MappingRegistry.MappingCondition.section(0))
        }
        let registry = try MappingRegistry(plugins: plugins, sources: [source])
        let kind: MappingRegistry.ViewKind = .cell
        let resolution: MappingRegistry.Resolution = registry.resolve(Dish(name: "Soup", price: 6.5), at: at(0, 0), kind: kind)
        let mapping: MappingRegistry.Mapping? = resolution.mapping
        #expect(mapping?.view == "DishRow")
        let diagnostics: [MappingRegistry.Diagnostic] = registry.resolve(Dish(name: "Soup", price: 6.5), at: at(0, 1)).diagnostic.map { [$0] } ?? []
        #expect(diagnostics.map(\.code) == [.missingMapping])
    }
    #endif
}
