import Foundation
import PackagePlugin

/// Checks a target's `mappings.json` files, and the data documents beside
/// them, on every build that changed one of them.
///
/// Apply it to a target in its package's manifest:
///
/// ```swift
/// .target(
///     name: "Menu",
///     dependencies: [.product(name: "MappingRegistry", package: "MappingRegistry")],
///     plugins: [.plugin(name: "MappingRegistryPlugin", package: "MappingRegistry")]
/// )
/// ```
///
/// Every file named `mappings.json` in the target's folder is checked, each
/// on its own, against the nearest `catalog.json` in its folder or a folder
/// above it within the target (without one, JSON syntax, keys and types
/// only). The nearest `mapping-registry-policy.json`, found the same way,
/// says which codes to ignore, report as warnings or as errors
/// (`{"ignore": ["unused-view"], "warning": […], "error": […]}`). Every
/// other JSON file in a mappings file's folder, except `catalog.json`, the
/// policy file and `*.schema.json`, is an input too and is checked when
/// it is a data document. The command is `mapping-registry build-check`;
/// its inputs are those files and its output a Swift file of comments only,
/// so the build runs it again only when one of them changed, and a failed
/// check (exit status 1) fails the build.
@main
struct MappingRegistryPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? any SourceModuleTarget else { return [] }
        let files = MappingsFiles(in: target.directoryURL)
        guard !files.mappings.isEmpty else { return [] }
        return [
            files.command(
                target: target.name,
                tool: try context.tool(named: "MappingRegistryTool").url,
                workDirectory: context.pluginWorkDirectoryURL
            ),
        ]
    }
}

/// The files of one target the check reads, found by walking its folder.
struct MappingsFiles {
    /// Every `mappings.json`, in path order.
    var mappings: [URL] = []
    /// The catalog file the mappings files are checked against, if any.
    var catalog: URL?
    /// The policy file the check follows, if any.
    var policy: URL?
    /// The other JSON files beside a mappings file, in path order.
    var besides: [URL] = []

    /// The name of the files checked.
    static let mappingsName = "mappings.json"
    /// The name of the catalog file, written by the app's drift test.
    static let catalogName = "catalog.json"
    /// The name of the policy file (the library's `DiagnosticPolicy.fileName`;
    /// a plugin cannot import the library).
    static let policyName = "mapping-registry-policy.json"

    /// The files of a target whose sources are in `directory`.
    init(in directory: URL) {
        let root = directory.standardizedFileURL
        var found: [URL] = []
        if let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) {
            for case let url as URL in walk where url.lastPathComponent == Self.mappingsName {
                found.append(url)
            }
        }
        self.init(mappings: found, root: root)
    }

    /// The files that go with the given mappings files, with a catalog
    /// looked for no higher than `root`.
    init(mappings found: [URL], root: URL) {
        mappings = found.map(\.standardizedFileURL).sorted { $0.path < $1.path }
        guard let first = mappings.first else { return }
        catalog = Self.nearest(Self.catalogName, above: first.deletingLastPathComponent(), within: root.standardizedFileURL)
        policy = Self.nearest(Self.policyName, above: first.deletingLastPathComponent(), within: root.standardizedFileURL)
        var seen: Set<String> = []
        for folder in mappings.map({ $0.deletingLastPathComponent() }) where seen.insert(folder.path).inserted {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".json") && !name.hasPrefix(".")
                && ![Self.mappingsName, Self.catalogName, Self.policyName].contains(name) && !name.hasSuffix(".schema.json") {
                besides.append(folder.appendingPathComponent(name))
            }
        }
    }

    /// The file named `name` in `folder` or the nearest folder above it, not above `root`.
    static func nearest(_ name: String, above folder: URL, within root: URL) -> URL? {
        var current = folder
        while true {
            let candidate = current.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            if current.path == root.path || !current.path.hasPrefix(root.path) { return nil }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// The build command: every file an input, a Swift file of comments the output.
    func command(target: String, tool: URL, workDirectory: URL) -> Command {
        let output = workDirectory.appendingPathComponent("\(target)MappingsChecked.swift")
        var arguments = ["build-check", "--output", output.path]
        if let catalog { arguments += ["--catalog", catalog.path] }
        if let policy { arguments += ["--policy", policy.path] }
        for file in besides { arguments += ["--data", file.path] }
        arguments += mappings.map(\.path)
        return .buildCommand(
            displayName: "Checking mappings of \(target) (mapping-registry build-check)",
            executable: tool,
            arguments: arguments,
            inputFiles: mappings + (catalog.map { [$0] } ?? []) + (policy.map { [$0] } ?? []) + besides,
            outputFiles: [output]
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MappingRegistryPlugin: XcodeBuildToolPlugin {
    /// The same check for a target of an Xcode project: its `mappings.json`
    /// files, with a catalog looked for no higher than the project's folder.
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let found = target.inputFiles.map(\.url).filter { $0.lastPathComponent == MappingsFiles.mappingsName }
        let files = MappingsFiles(mappings: found, root: context.xcodeProject.directoryURL)
        guard !files.mappings.isEmpty else { return [] }
        return [
            files.command(
                target: target.displayName,
                tool: try context.tool(named: "MappingRegistryTool").url,
                workDirectory: context.pluginWorkDirectoryURL
            ),
        ]
    }
}
#endif
