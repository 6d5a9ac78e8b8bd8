import Foundation
import MappingRegistry
import ModelStorage

/// `validate`: every problem of the mappings (each file on its own) and,
/// with data, of every stored item, in the format asked for.
///
/// Every input that can be read is checked, even when another cannot be
/// (the exit code is then still 2): a mappings file whose data is missing
/// gets all its diagnostics, and so does a data file whose mappings are
/// missing (its stored models are then not resolved). Diagnostics are
/// grouped by input in the order given: the mappings file, then the data;
/// for `mapping-registry`, the files in command-line order. Within a group,
/// located diagnostics come by line and column, then those without a
/// location (unused plugins). Every output format uses this order.
extension CommandSession {
    /// The diagnostics of one input, printed together.
    struct CheckedInput {
        /// The file diagnostics without a location are about; `nil` for a
        /// file that could not be read.
        var file: String?
        /// Everything found in it, or why it could not be read.
        var diagnostics: [Diagnostic]
    }

    /// What one check (against the app's plugins or one catalog) found,
    /// or the exit code of a check that could not start.
    enum ValidationRun {
        /// The check could not start (a usage error, a catalog that
        /// cannot be used); why is already printed.
        case stopped(ExitCode)
        /// The inputs checked, and what the summary line names.
        case checked([CheckedInput], summaries: [String])
    }

    mutating func validate() -> ExitCode {
        if arguments.catalogs.count > 1 { return validateAgainstCatalogs() }
        switch check(catalog: arguments.catalog) {
        case .stopped(let code): return code
        case .checked(let inputs, let summaries): return finish(inputs, summaries: summaries)
        }
    }

    /// One check of the command line's files: against the app's plugins,
    /// or against a catalog file (its plugins and the Swift mappings it carries).
    mutating func check(catalog: String?) -> ValidationRun {
        var plugins = tool.plugins
        fixedSources = tool.sources
        if let catalogPath = catalog {
            if arguments.data != nil {
                return .stopped(usageError("--data cannot be checked with --catalog: creating stored values needs the app's own types"))
            }
            guard let described = readCatalog(catalogPath) else { return .stopped(.usage) }
            plugins = described.plugins
            // The app's Swift mappings, as the catalog carries them, come first.
            fixedSources = [.declarations(described.mappings)]
        } else if tool.isStandalone {
            return .stopped(usageError("validate needs --catalog FILE: a catalog file written by the app's 'catalog' subcommand"))
        }
        if tool.isStandalone {
            guard !arguments.arguments.isEmpty else {
                return .stopped(usageError("validate needs at least one mappings file"))
            }
            return validate(files: arguments.arguments, plugins: plugins, catalog: catalog)
        }
        if !arguments.arguments.isEmpty {
            return .stopped(usageError("unexpected argument '\(arguments.arguments[0])'"))
        }
        let mappings = Result { () throws(ConfigurationError) in try mappingsFile() }
        // With a catalog, only the mappings can be checked.
        let data = catalog == nil
            ? Result { () throws(ConfigurationError) in try dataFile() }
            : .success(nil)
        let checked = check(mappings, data: data, plugins: plugins)
        return .checked(checked.inputs, summaries: checked.summary.map { [$0] } ?? [])
    }

    /// The `mapping-registry` form: each mappings file checked on its own
    /// (with the catalog's Swift mappings); plugins no mapping of any file
    /// or of the catalog uses are reported once, for the whole run, about
    /// the catalog.
    private mutating func validate(files: [String], plugins: PluginCatalog, catalog: String?) -> ValidationRun {
        var inputs: [CheckedInput] = []
        var summaries: [String] = []
        var perFile = arguments.policy
        for code in MappingRegistry.unusedPluginCodes.sorted(by: { $0.rawValue < $1.rawValue }) {
            // Not a fixed code, so this cannot fail; the warnings come once below.
            try? perFile.ignore(code)
        }
        var read: [InputFile] = []
        for path in files {
            let file = Result { () throws(ConfigurationError) in try self.read(path) }
            if case .success(let contents) = file { read.append(contents) }
            let checked = check(file, data: .success(nil), plugins: plugins, policy: perFile)
            inputs += checked.inputs
            summaries += checked.summary.map { [$0] } ?? []
        }
        if read.count == files.count, let catalog {
            let sources = fixedSources + read.map { MappingSource.json($0.contents, name: $0.name) }
            let unused = MappingRegistry.unusedPluginWarnings(plugins: plugins, sources: sources, policy: arguments.policy)
            if !unused.isEmpty { inputs.append(CheckedInput(file: catalog, diagnostics: unused)) }
        }
        return .checked(inputs, summaries: summaries)
    }

    /// Loads one mappings file and its data, each if it could be read,
    /// resolving every stored model when both loaded.
    ///
    /// - Returns: The inputs, the mappings first, and the summary of what
    ///   was checked (`m.json (2 mappings) and d.json (4 stored models)`),
    ///   `nil` when neither could be read.
    private mutating func check(
        _ mappings: Result<InputFile, ConfigurationError>,
        data: Result<InputFile?, ConfigurationError>,
        plugins: PluginCatalog,
        policy: DiagnosticPolicy? = nil
    ) -> (inputs: [CheckedInput], summary: String?) {
        var inputs: [CheckedInput] = []
        var checked: [String] = []
        var registry: MappingRegistry?
        switch mappings {
        case .success(let file):
            formatter.addSource(file.contents, named: file.name)
            let loaded = loadRegistry(file, plugins: plugins, policy: policy)
            registry = loaded.registry
            inputs.append(CheckedInput(file: file.name, diagnostics: loaded.diagnostics))
            // The file's own mappings, not the app's Swift ones checked with it.
            let own = registry.map { $0.mappings.filter { $0.location.file == file.name }.count }
            checked.append(file.name + (own.map { " (\(Self.count($0, "mapping")))" } ?? ""))
        case .failure(let error):
            inputs.append(CheckedInput(file: nil, diagnostics: error.diagnostics))
        }
        switch data {
        case .success(let file?):
            formatter.addSource(file.contents, named: file.name)
            // Every entry that loads is resolved, even beside one in error:
            // an unknown model hides no other item's problem.
            let loaded = DataDocument.check(file.contents, plugins: plugins, source: file.name, policy: arguments.policy)
            var diagnostics = loaded.diagnostics
            var summary = file.name
            let models = Self.count(loaded.entries.count, "stored model")
            if let registry {
                diagnostics += arguments.policy.apply(to: DataDocument.resolve(loaded.entries, with: registry, context: tool.context))
                summary += " (\(models))"
            } else {
                // Mappings that do not load resolve nothing, and no other
                // mappings stand in: one warning says so, as everywhere.
                let mappingsName = (try? mappings.get())?.name ?? mappingsPath() ?? tool.mappingsFileName
                diagnostics += arguments.policy.apply(to: [.uncheckedItems(in: file.name, mappings: mappingsName)])
                summary += " (\(models), not resolved)"
            }
            inputs.append(CheckedInput(file: file.name, diagnostics: diagnostics))
            checked.append(summary)
        case .success(nil):
            break
        case .failure(let error):
            inputs.append(CheckedInput(file: nil, diagnostics: error.diagnostics))
        }
        return (inputs, checked.isEmpty ? nil : checked.joined(separator: " and "))
    }

    /// Prints everything found; exit 2 when a file could not be read, 1 on errors.
    private mutating func finish(_ checked: [CheckedInput], summaries: [String]) -> ExitCode {
        let inputs = promoted(checked)
        guard write(inputs, summaries: summaries) else { return .failure }
        return Self.exitCode(inputs)
    }

    /// Exit 2 when a file could not be read, 1 on errors, else 0.
    static func exitCode(_ inputs: [CheckedInput]) -> ExitCode {
        if inputs.contains(where: { $0.file == nil }) { return .usage }
        return inputs.contains { $0.diagnostics.contains { $0.severity == .error } } ? .failure : .success
    }

    /// The inputs with their warnings made errors under `--warnings-as-errors`.
    func promoted(_ checked: [CheckedInput]) -> [CheckedInput] {
        guard arguments.warningsAsErrors else { return checked }
        var inputs = checked
        for index in inputs.indices {
            inputs[index].diagnostics = inputs[index].diagnostics.map { diagnostic in
                var promoted = diagnostic
                if promoted.severity == .warning { promoted.severity = .error }
                return promoted
            }
        }
        return inputs
    }

    /// Writes diagnostics in the chosen format, grouped by input; the
    /// summary line (text and `github`) when anything was read. `false`
    /// when they cannot be encoded.
    private mutating func write(_ inputs: [CheckedInput], summaries: [String]) -> Bool {
        let ordered = inputs.flatMap { DiagnosticFormatter.ordered($0.diagnostics) }
        let trailer = "checked " + summaries.joined(separator: ", ")
        switch arguments.format {
        case .text:
            errors += inputs.map { formatter.format($0.diagnostics) }.joined()
            if !summaries.isEmpty { errors += summaryLine(ordered, trailer: trailer) }
        case .json:
            return writeJSON(ordered)
        case .sarif:
            output += SARIFReport(toolName: tool.name, diagnostics: ordered, subjects: Self.subjects(inputs)).rendered()
        case .github:
            output += GitHubAnnotations.lines(for: ordered)
            if !summaries.isEmpty { errors += summaryLine(ordered, trailer: trailer) }
        }
        return true
    }

    /// For each diagnostic without a location, the file it is about.
    static func subjects(_ inputs: [CheckedInput]) -> [Diagnostic: String] {
        var subjects: [Diagnostic: String] = [:]
        for input in inputs {
            guard let file = input.file else { continue }
            for diagnostic in input.diagnostics where diagnostic.location == nil {
                subjects[diagnostic] = file
            }
        }
        return subjects
    }

    /// Reads a catalog file: its plugins and the app's Swift mappings it
    /// carries; on failure prints why and returns `nil`.
    mutating func readCatalog(_ path: String) -> (plugins: PluginCatalog, mappings: [MappingDeclaration])? {
        guard let (description, file) = readCatalogFile(path) else { return nil }
        do {
            return (PluginCatalog(described: description), try CatalogDescription.swiftMappings(in: file.contents, source: file.name))
        } catch {
            errors += formatter.format(error.diagnostics)
            errors += "\(tool.name): error: cannot use the catalog '\(DiagnosticFormatter.escapingNonPrintingCharacters(path))'\n"
            return nil
        }
    }

    /// Reads a catalog file as written; on failure prints why and returns `nil`.
    mutating func readCatalogDescription(_ path: String) -> CatalogDescription? {
        readCatalogFile(path)?.description
    }

    /// Reads a catalog file and its bytes; on failure prints why and returns `nil`.
    ///
    /// A missing or empty file is one error that says how to write it, and
    /// a file that cannot be read one error that says why; a file that
    /// reads but is no catalog is its diagnostics, then a line saying the
    /// catalog cannot be used.
    mutating func readCatalogFile(_ path: String) -> (description: CatalogDescription, file: InputFile)? {
        let file: InputFile
        do {
            file = InputFile(name: path, contents: try CatalogDescription.contents(ofFileAt: path, app: tool.isStandalone ? nil : tool.name))
        } catch {
            errors += formatter.format(error.diagnostics)
            return nil
        }
        do {
            formatter.addSource(file.contents, named: file.name)
            return (try CatalogDescription(data: file.contents, source: file.name), file)
        } catch {
            errors += formatter.format(error.diagnostics)
            errors += "\(tool.name): error: cannot use the catalog '\(DiagnosticFormatter.escapingNonPrintingCharacters(path))'\n"
            return nil
        }
    }

    /// A usage error found after parsing: the message, the usage, exit 2.
    mutating func usageError(_ message: String) -> ExitCode {
        errors += tool.usageError(message, subcommand: arguments.subcommand)
        return .usage
    }
}
