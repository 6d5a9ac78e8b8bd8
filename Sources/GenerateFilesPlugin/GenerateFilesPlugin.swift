import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory generate`: writes the
/// package's generated files (the diagnostic code tables in README, DocC and
/// `Diagnostic+Code.swift`, README's copy of `mappings.json`, and the
/// sample's catalog and JSON Schemas) with the `GenerateFiles` tool. Tests check
/// that the committed files are what it writes; they never write them.
@main
struct GenerateFilesPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let generator = try context.tool(named: "GenerateFiles")
        let menu = try context.tool(named: "menu")
        let process = Process()
        process.executableURL = generator.url
        process.arguments = ["--package-root", context.package.directoryURL.path, "--menu", menu.url.path] + arguments
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            Diagnostics.error("GenerateFiles exited with status \(process.terminationStatus)")
        }
    }
}
