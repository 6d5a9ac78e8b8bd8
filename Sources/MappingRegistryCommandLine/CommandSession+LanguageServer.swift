import Foundation
import MappingRegistry
import MappingRegistryLanguageServer

/// `lsp`: the language server, over this process's standard input and output.
extension CommandSession {
    /// `lsp [--catalog FILE]`: serves until the client sends `exit`; exit
    /// status 0 after `shutdown`, 1 without (or when the input ends first).
    /// An unreadable catalog file is reported on standard error before
    /// serving, with exit status 2.
    mutating func languageServer() -> ExitCode {
        if !arguments.arguments.isEmpty {
            return usageError("unexpected argument '\(arguments.arguments[0])'")
        }
        var configuration: LanguageServerConfiguration
        if let path = arguments.catalog {
            guard let (description, file) = readCatalogFile(path) else { return .usage }
            let mappings: [MappingDeclaration]
            do {
                mappings = try CatalogDescription.swiftMappings(in: file.contents, source: file.name)
            } catch {
                errors += formatter.format(error.diagnostics)
                errors += "\(tool.name): error: cannot use the catalog '\(DiagnosticFormatter.escapingNonPrintingCharacters(path))'\n"
                return .usage
            }
            configuration = LanguageServerConfiguration(
                name: tool.name,
                plugins: PluginCatalog(described: description),
                // The app's Swift mappings, as the catalog carries them, come first.
                sources: [.declarations(mappings)],
                catalog: description,
                catalogDocument: Array(file.contents),
                defaultMappings: nil,
                createsValues: false
            )
            configuration.catalogPath = URL(fileURLWithPath: path).standardizedFileURL.path
        } else if tool.isStandalone {
            return usageError("lsp needs --catalog FILE: a catalog file written by the app's 'catalog' subcommand")
        } else {
            configuration = tool.languageServerConfiguration(defaultMappings: try? mappingsFile())
        }
        configuration.context = tool.context
        var connection = LanguageServerConnection(server: LanguageServer(configuration: configuration))
        return ExitCode(connection.run())
    }
}

extension CommandLineTool {
    /// What this app's `lsp` serves without `--catalog`: its own plugins,
    /// Swift mappings and render context, and `defaultMappings` for data
    /// documents with no mappings file beside or above them.
    package func languageServerConfiguration(defaultMappings: InputFile?) -> LanguageServerConfiguration {
        var configuration = LanguageServerConfiguration(
            name: name,
            plugins: plugins,
            sources: sources,
            catalog: CatalogDescription(plugins),
            catalogDocument: (try? plugins.catalogDocument(including: sources)).map(Array.init),
            defaultMappings: defaultMappings.map { ($0.name, $0.contents) },
            createsValues: true
        )
        configuration.context = context
        return configuration
    }
}
