import Foundation
import MappingRegistry
import ModelStorage

/// `diff OLD NEW [--data FILE]… [--format text|json|github]`: every
/// stored item that the new mappings file renders differently from the
/// old one, for a reviewer of a configuration change.
///
/// Both files are loaded with the app's plugins and its Swift mappings,
/// as `render` loads one; every item, header, footer and supplementary
/// model of each data document is resolved with both registries (and
/// the tool's render context), and compared by view, reuse identifier,
/// decorators, handlers, or the code of a resolution that fails. The
/// result goes to standard output (text and JSON; `github` writes its
/// annotations there and the counts line to standard error).
///
/// With `--catalog FILE` (the `mapping-registry` tool, in a repository
/// that has the app's catalog but not its code), both files are loaded
/// against the catalog and each item is resolved by its model's name (see
/// ``DescribedResolver``): what model names, kinds, sections and items
/// decide is printed exactly as the app's `diff` prints it, and where a
/// predicate decides, every combination of the predicates' answers is
/// tried and each way the item may change is a line of its own, `…
/// DishRow (OLD:12:5) may change → VeganDishRow (NEW:14:5) when isVegan
/// holds`.
///
/// Exit 0 when no item renders differently, 1 when one does (or, from a
/// catalog, may), and 2 for a usage error or a file that cannot be read
/// or does not load (its diagnostics on standard error; nothing is
/// compared), so a review bot can tell "changed" from "broken".
extension CommandSession {
    mutating func diff() -> ExitCode {
        guard arguments.arguments.count == 2 else {
            let found = arguments.arguments.isEmpty ? "none" : arguments.arguments.map { "'\($0)'" }.joined(separator: ", ")
            return usageError("diff needs two mappings files, the old and the new (diff OLD.json NEW.json); found \(found)")
        }
        let dataPaths = arguments.dataFiles
        var plugins = tool.plugins
        var documentPlugins = tool.plugins
        var resolver: DescribedResolver?
        if let catalog = arguments.catalog {
            guard let described = readCatalog(catalog) else { return .usage }
            plugins = described.plugins
            // The app's Swift mappings, as the catalog carries them, come first.
            fixedSources = [.declarations(described.mappings)]
            documentPlugins = described.plugins.standingInForValues
            resolver = DescribedResolver(plugins: described.plugins)
        } else if tool.isStandalone {
            return usageError("diff needs --catalog FILE: a catalog file written by the app's 'catalog' subcommand")
        }
        if dataPaths.isEmpty, tool.bundledData == nil {
            return usageError("no data to diff; pass --data FILE")
        }
        // Every file is read and loaded, so every problem is reported at once.
        var problems: [Diagnostic] = []
        var broken: [String] = []
        func load(_ path: String) -> MappingRegistry? {
            do {
                let file = try read(path)
                formatter.addSource(file.contents, named: file.name)
                let loaded = loadRegistry(file, plugins: plugins)
                if loaded.registry == nil {
                    problems += loaded.diagnostics
                    broken.append(path)
                }
                return loaded.registry
            } catch {
                problems += error.diagnostics
                broken.append(path)
                return nil
            }
        }
        let old = load(arguments.arguments[0])
        // The same file twice is read and reported once.
        let new = arguments.arguments[1] == arguments.arguments[0] ? old : load(arguments.arguments[1])
        var documents: [DataDocument] = []
        let dataFiles: [(name: String, file: Result<InputFile, ConfigurationError>)] = dataPaths.isEmpty
            ? tool.bundledData.map { [($0.name, .success($0))] } ?? []
            : dataPaths.map { path in (path, Result { () throws(ConfigurationError) in try read(path) }) }
        for (name, file) in dataFiles {
            switch file {
            case .success(let file):
                formatter.addSource(file.contents, named: file.name)
                let loaded = loadDocument(file, plugins: documentPlugins)
                if let document = loaded.document {
                    documents.append(document)
                } else {
                    problems += loaded.diagnostics
                    broken.append(name)
                }
            case .failure(let error):
                problems += error.diagnostics
                broken.append(name)
            }
        }
        guard let old, let new, broken.isEmpty else {
            errors += formatter.format(problems)
            let names = broken.map { "'\(DiagnosticFormatter.escapingNonPrintingCharacters($0))'" }.joined(separator: ", ")
            errors += "\(tool.name): error: nothing compared: \(names) cannot be read or does not load; fix it and run diff again\n"
            return .usage
        }
        let names = (arguments.arguments[0], arguments.arguments[1])
        let report = resolver.map { Self.compare(old: old, new: new, documents: documents, resolver: $0, names: names) }
            ?? Self.compare(old: old, new: new, documents: documents, context: tool.context, names: names)
        switch arguments.format {
        case .text:
            output += report.text
        case .json:
            output += report.json
        case .github:
            output += report.annotations
            errors += "\(tool.name): \(DiagnosticFormatter.escapingNonPrintingCharacters(report.countsLine))\n"
        case .sarif:
            // The parser refuses `--format sarif` for diff.
            return usageError("'--format sarif' does not apply to 'diff'; use 'text', 'json' or 'github'")
        }
        return report.differences.isEmpty ? .success : .failure
    }

    /// Resolves every stored model of the documents by its model's name
    /// with both registries, under every combination of answers of the
    /// predicates that can decide it, and collects each way it may render
    /// differently.
    static func compare(
        old: MappingRegistry,
        new: MappingRegistry,
        documents: [DataDocument],
        resolver: DescribedResolver,
        names: (old: String, new: String)
    ) -> DiffReport {
        var comparison = CatalogComparison(old: old, new: new, resolver: resolver)
        var differences: [RenderDifference] = []
        var compared = 0
        for document in documents {
            // A `null` header, footer or supplementary model means "none", as in validate.
            for entry in document.entries where entry.kind == .cell || entry.value != nil {
                differences += comparison.differences(of: entry, item: compared)
                compared += 1
            }
        }
        return DiffReport(
            old: names.old, new: names.new, data: documents.map(\.source),
            differences: differences, compared: compared, fromCatalog: true
        )
    }

    /// Resolves every stored model of the documents with both registries
    /// and collects those that render differently.
    static func compare(
        old: MappingRegistry,
        new: MappingRegistry,
        documents: [DataDocument],
        context: (any Sendable)?,
        names: (old: String, new: String)
    ) -> DiffReport {
        var differences: [RenderDifference] = []
        var compared = 0
        for document in documents {
            // A `null` header, footer or supplementary model means "none", as in validate.
            for entry in document.entries where entry.kind == .cell || entry.value != nil {
                let model = entry.value as Any
                let before = ItemRendering(old.resolve(model, at: entry.position, kind: entry.kind, context: context))
                let after = ItemRendering(new.resolve(model, at: entry.position, kind: entry.kind, context: context))
                compared += 1
                guard !before.rendersLike(after) else { continue }
                differences.append(RenderDifference(
                    item: compared - 1, location: entry.location, position: entry.position, kind: entry.kind, model: entry.model,
                    old: before, new: after
                ))
            }
        }
        return DiffReport(
            old: names.old, new: names.new, data: documents.map(\.source),
            differences: differences, compared: compared
        )
    }
}
