import Foundation
import MappingRegistry

/// `schema` and `catalog`: what editors and the `mapping-registry` tool
/// need from the app, printed on standard output.
extension CommandSession {
    /// `schema mappings|data [--catalog FILE]`.
    mutating func schema() -> ExitCode {
        let documents = ["mappings", "data"]
        guard let document = arguments.arguments.first else {
            return usageError("schema needs 'mappings' or 'data', found nothing")
        }
        guard documents.contains(document) else {
            let hint = Suggestion.hint(for: document, in: documents)
            return usageError("schema needs 'mappings' or 'data', found '\(document)'\(hint)")
        }
        if arguments.arguments.count > 1 {
            return usageError("unexpected argument '\(arguments.arguments[1])': schema takes one of 'mappings' or 'data'")
        }
        let catalog: CatalogDescription
        if let path = arguments.catalog {
            guard let described = readCatalogDescription(path) else { return .usage }
            catalog = described
        } else if tool.isStandalone {
            return usageError("schema needs --catalog FILE: a catalog file written by the app's 'catalog' subcommand")
        } else {
            do {
                catalog = try tool.plugins.described(including: tool.sources)
            } catch {
                report([error.diagnostics], trailer: "no schema written")
                return .failure
            }
        }
        let generatedBy = "\(tool.name) schema \(document)" + (arguments.catalog.map { " --catalog \($0)" } ?? "")
        let generator = JSONSchemaGenerator(catalog: catalog, generatedBy: generatedBy)
        output += (document == "mappings" ? generator.mappingsSchema() : generator.dataSchema()).rendered()
        return .success
    }

    /// `catalog [--output FILE]`: the app's plugin catalog as JSON, on
    /// standard output or written to the file whole (see ``OutputFile``).
    /// A catalog that cannot be made (exit 1) or written (exit 2) leaves
    /// the file as it was.
    mutating func catalog() -> ExitCode {
        if !arguments.arguments.isEmpty {
            return usageError("unexpected argument '\(arguments.arguments[0])'")
        }
        // The tool's own mappings go into the file, checked first: a catalog
        // with a name registered twice would describe the wrong plugin.
        let document: Data
        do {
            document = try tool.plugins.catalogDocument(including: tool.sources)
        } catch {
            report([error.diagnostics], trailer: "no catalog written")
            return .failure
        }
        guard let path = arguments.output else {
            output += String(decoding: document, as: UTF8.self)
            return .success
        }
        do {
            try OutputFile(path: path).write(document)
            return .success
        } catch {
            errors += "\(tool.name): error: cannot write the catalog to '\(DiagnosticFormatter.escapingNonPrintingCharacters(path))': \(error.reason)\n"
            return .usage
        }
    }
}
