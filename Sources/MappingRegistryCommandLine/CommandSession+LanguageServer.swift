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
        let configuration: LanguageServerConfiguration
        if let path = arguments.catalog {
            let description: CatalogDescription
            let file: InputFile
            do {
                file = try read(path)
                formatter.addSource(file.contents, named: file.name)
                description = try CatalogDescription(data: file.contents, source: file.name)
            } catch {
                errors += formatter.format(error.diagnostics)
                errors += "\(tool.name): error: cannot use the catalog '\(DiagnosticFormatter.escapingNonPrintingCharacters(path))'\n"
                return .usage
            }
            configuration = LanguageServerConfiguration(
                name: tool.name,
                plugins: PluginCatalog(described: description),
                catalog: description,
                catalogDocument: Array(file.contents),
                defaultMappings: nil,
                createsValues: false
            )
        } else if tool.isStandalone {
            return usageError("lsp needs --catalog FILE: a catalog file written by the app's 'catalog' subcommand")
        } else {
            let description = CatalogDescription(tool.plugins)
            let mappings = try? mappingsFile()
            configuration = LanguageServerConfiguration(
                name: tool.name,
                plugins: tool.plugins,
                catalog: description,
                catalogDocument: Array(description.rendered().utf8),
                defaultMappings: mappings.map { ($0.name, $0.contents) },
                createsValues: true
            )
        }
        var connection = LanguageServerConnection(server: LanguageServer(configuration: configuration))
        return ExitCode(connection.run())
    }
}
