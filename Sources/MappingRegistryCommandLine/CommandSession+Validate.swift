import Foundation
import MappingRegistry
import ModelStorage

/// `validate`: every problem of the mappings (each file on its own) and,
/// with data, of every stored item, in the format asked for.
extension CommandSession {
    /// One checked input: its diagnostics, and the file that diagnostics
    /// without a location (unused plugins) are about.
    struct CheckedFile {
        var file: String
        var diagnostics: [Diagnostic]
        /// `checked mappings.json (13 mappings)`, for the text summary.
        var summary: String
    }

    mutating func validate() -> ExitCode {
        var plugins = tool.plugins
        if let catalogPath = arguments.catalog {
            if arguments.data != nil {
                return usageError("--data cannot be checked with --catalog: creating stored values needs the app's own types")
            }
            guard let described = readCatalog(catalogPath) else { return .usage }
            plugins = described
        } else if tool.isStandalone {
            return usageError("validate needs --catalog FILE: a catalog file written by the app's 'catalog' subcommand")
        }
        if tool.isStandalone {
            guard !arguments.arguments.isEmpty else {
                return usageError("validate needs at least one mappings file")
            }
            return validate(files: arguments.arguments, plugins: plugins)
        }
        if !arguments.arguments.isEmpty {
            return usageError("unexpected argument '\(arguments.arguments[0])'")
        }
        let mappings: InputFile
        let data: InputFile?
        do {
            mappings = try mappingsFile()
            // With a catalog, only the mappings can be checked.
            data = arguments.catalog == nil ? try dataFile() : nil
        } catch {
            write(error.diagnostics, files: [], unreadable: true)
            return .usage
        }
        return finish([check(mappings, data: data, plugins: plugins)], unreadable: false)
    }

    /// The `mapping-registry` form: each mappings file checked on its own.
    private mutating func validate(files: [String], plugins: PluginCatalog) -> ExitCode {
        var checked: [CheckedFile] = []
        var unreadable: [Diagnostic] = []
        for path in files {
            do {
                checked.append(check(try read(path), data: nil, plugins: plugins))
            } catch {
                unreadable += error.diagnostics
            }
        }
        if !unreadable.isEmpty {
            checked.append(CheckedFile(file: "", diagnostics: unreadable, summary: ""))
        }
        return finish(checked, unreadable: !unreadable.isEmpty)
    }

    /// Loads one mappings file (and its data), resolving every stored model.
    private mutating func check(_ mappings: InputFile, data: InputFile?, plugins: PluginCatalog) -> CheckedFile {
        formatter.addSource(mappings.contents, named: mappings.name)
        if let data { formatter.addSource(data.contents, named: data.name) }
        let loaded = load(mappings: mappings, data: data, plugins: plugins)
        var diagnostics = loaded.diagnostics
        var summary = mappings.name
        if let registry = loaded.registry {
            summary += " (\(Self.count(registry.mappings.count, "mapping")))"
        }
        if let data {
            summary += " and \(data.name)"
            if let registry = loaded.registry, let document = loaded.document {
                diagnostics += arguments.policy.apply(to: Self.resolve(document, with: registry))
                summary += " (\(Self.count(document.entries.count, "stored model")))"
            }
        }
        return CheckedFile(file: mappings.name, diagnostics: diagnostics, summary: summary)
    }

    /// Prints everything found; exit 2 when a file could not be read, 1 on errors.
    private mutating func finish(_ checked: [CheckedFile], unreadable: Bool) -> ExitCode {
        var files = checked
        if arguments.warningsAsErrors {
            for index in files.indices {
                files[index].diagnostics = files[index].diagnostics.map { diagnostic in
                    var promoted = diagnostic
                    if promoted.severity == .warning { promoted.severity = .error }
                    return promoted
                }
            }
        }
        let read = files.filter { !$0.file.isEmpty }
        guard write(files.flatMap(\.diagnostics), files: files, unreadable: read.isEmpty) else { return .failure }
        if unreadable { return .usage }
        return files.contains { $0.diagnostics.contains { $0.severity == .error } } ? .failure : .success
    }

    /// Writes diagnostics in the chosen format; `false` when they cannot be encoded.
    @discardableResult
    private mutating func write(_ diagnostics: [Diagnostic], files: [CheckedFile], unreadable: Bool) -> Bool {
        let ordered = DiagnosticFormatter.ordered(diagnostics)
        switch arguments.format {
        case .text:
            if unreadable {
                errors += formatter.format(diagnostics)
            } else {
                let summaries = files.filter { !$0.file.isEmpty }.map(\.summary)
                report(diagnostics, trailer: "checked " + summaries.joined(separator: ", "))
            }
        case .json:
            return writeJSON(diagnostics)
        case .sarif:
            output += SARIFReport(toolName: tool.name, diagnostics: ordered, subjects: Self.subjects(files)).rendered()
        case .github:
            output += GitHubAnnotations.lines(for: ordered)
            if !unreadable {
                let errorCount = diagnostics.count { $0.severity == .error }
                let warningCount = diagnostics.count { $0.severity == .warning }
                let checked = files.filter { !$0.file.isEmpty }.map(\.summary).joined(separator: ", ")
                errors += "\(tool.name): \(Self.summary(errors: errorCount, warnings: warningCount)); checked \(checked)\n"
            }
        }
        return true
    }

    /// For each diagnostic without a location, the file it is about.
    private static func subjects(_ files: [CheckedFile]) -> [Diagnostic: String] {
        var subjects: [Diagnostic: String] = [:]
        for file in files where !file.file.isEmpty {
            for diagnostic in file.diagnostics where diagnostic.location == nil {
                subjects[diagnostic] = file.file
            }
        }
        return subjects
    }

    /// Reads a catalog file; on failure prints why and returns `nil`.
    mutating func readCatalog(_ path: String) -> PluginCatalog? {
        guard let description = readCatalogDescription(path) else { return nil }
        return PluginCatalog(described: description)
    }

    /// Reads a catalog file as written; on failure prints why and returns `nil`.
    mutating func readCatalogDescription(_ path: String) -> CatalogDescription? {
        do {
            let file = try read(path)
            formatter.addSource(file.contents, named: file.name)
            return try CatalogDescription(data: file.contents, source: file.name)
        } catch {
            errors += formatter.format(error.diagnostics)
            errors += "\(tool.name): error: cannot use the catalog '\(path)'\n"
            return nil
        }
    }

    /// A usage error found after parsing: the message, the usage, exit 2.
    mutating func usageError(_ message: String) -> ExitCode {
        errors += "\(tool.name): error: \(message)\n" + tool.usage(arguments.subcommand)
        errors += "Run '\(tool.name) --help' for more.\n"
        return .usage
    }
}
