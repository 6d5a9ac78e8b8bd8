import Foundation
import MappingRegistry
import ModelStorage

/// One run of a parsed command line: reads the inputs, renders or
/// validates, and collects what goes to standard output and standard error.
///
/// `render` streams its text to standard output as it is produced; the
/// rest is collected in ``output`` and ``errors`` and written at the end
/// (and, with `--watch`, after each render).
struct CommandSession {
    let tool: CommandLineTool
    let arguments: CommandLineArguments
    /// What goes to standard output, not written yet.
    var output = ""
    /// What goes to standard error, not written yet.
    var errors = ""
    var formatter = DiagnosticFormatter()
    /// Whether standard output is a terminal (`render --watch` then clears the screen before each render).
    var outputIsTerminal = false
    /// The mappings every mappings file is checked with, before it: the
    /// tool's own, or a catalog file's Swift mappings with `--catalog`.
    var fixedSources: [MappingSource]

    init(tool: CommandLineTool, arguments: CommandLineArguments) {
        self.tool = tool
        self.arguments = arguments
        fixedSources = tool.sources
    }

    /// Runs the command, writing into the given streams.
    mutating func run(standardOutput: inout some TextOutputStream, standardError: inout some TextOutputStream) -> ExitCode {
        let code = run(streamingTo: &standardOutput, standardError: &standardError)
        flush(standardOutput: &standardOutput, standardError: &standardError)
        return code
    }

    /// Writes what was collected so far and forgets it.
    mutating func flush(standardOutput: inout some TextOutputStream, standardError: inout some TextOutputStream) {
        standardOutput.write(output)
        standardError.write(errors)
        output = ""
        errors = ""
    }

    private mutating func run(
        streamingTo standardOutput: inout some TextOutputStream,
        standardError: inout some TextOutputStream
    ) -> ExitCode {
        switch arguments.subcommand {
        case .validate: return validate()
        case .diff: return diff()
        case .schema: return schema()
        case .catalog: return catalog()
        case .lsp: return languageServer()
        case .render: break
        case .browse:
            if case .terminal = tool.browseDriver, !(outputIsTerminal && TerminalDevice.isAvailable) {
                errors += "\(tool.name): error: 'browse' needs a terminal: run it in one, or use '\(tool.name) render' for text\n"
                return .usage
            }
        }
        let mappings = Result { () throws(ConfigurationError) in try mappingsFile() }
        let data = Result { () throws(ConfigurationError) in try dataFile() }
        if case .success(let mappings) = mappings { formatter.addSource(mappings.contents, named: mappings.name) }
        if case .success(let data?) = data { formatter.addSource(data.contents, named: data.name) }
        switch (mappings, data) {
        case (.success(let mappings), .success(let data?)):
            if arguments.subcommand == .browse {
                return browse(mappings: mappings, data: data)
            }
            if arguments.watch {
                return watch(data: data, standardOutput: &standardOutput, standardError: &standardError)
            }
            return render(mappings: mappings, data: data, into: &standardOutput)
        case (.success, .success(nil)):
            errors += "\(tool.name): error: no data to \(arguments.subcommand.rawValue); pass --data FILE\n" + tool.usage(arguments.subcommand)
            return .usage
        default:
            // Nothing can be rendered without both files, but every problem
            // of the one that could be read is reported with the other's.
            if case .success(nil) = data {
                errors += "\(tool.name): error: no data to render; pass --data FILE\n"
            }
            report([diagnostics(of: mappings), diagnostics(of: data)], trailer: "nothing rendered")
            return .usage
        }
    }

    // MARK: - Subcommands

    private mutating func render(mappings: InputFile, data: InputFile, into standardOutput: inout some TextOutputStream) -> ExitCode {
        let loadedMappings = loadRegistry(mappings, plugins: tool.plugins)
        let loadedData = loadDocument(data, plugins: tool.plugins)
        guard let registry = loadedMappings.registry, let document = loadedData.document else {
            report([loadedMappings.diagnostics, loadedData.diagnostics], trailer: "nothing rendered")
            return .failure
        }
        let result = render(document, with: registry, into: &standardOutput)
        reportRender(result, mappingsDiagnostics: loadedMappings.diagnostics, dataDiagnostics: loadedData.diagnostics)
        return arguments.strict && !result.isComplete ? .failure : .success
    }

    // MARK: - Loading

    /// Loads a mappings file: the registry, or `nil` when it has errors, and
    /// its diagnostics (errors, or the registry's warnings).
    func loadRegistry(_ file: InputFile, plugins: PluginCatalog, policy: DiagnosticPolicy? = nil) -> (registry: MappingRegistry?, diagnostics: [Diagnostic]) {
        do {
            let registry = try MappingRegistry(
                plugins: plugins,
                sources: fixedSources + [.json(file.contents, name: file.name)],
                policy: policy ?? arguments.policy
            )
            return (registry, registry.warnings)
        } catch {
            return (nil, error.diagnostics)
        }
    }

    /// Loads a data document: the document, or `nil` when it has errors, and
    /// its diagnostics (errors, or the document's warnings).
    func loadDocument(_ file: InputFile, plugins: PluginCatalog) -> (document: DataDocument?, diagnostics: [Diagnostic]) {
        do {
            let document = try DataDocument(data: file.contents, plugins: plugins, source: file.name, policy: arguments.policy)
            return (document, document.warnings)
        } catch {
            return (nil, error.diagnostics)
        }
    }

    /// Every diagnostic of a mappings file that may not have been read: why
    /// it could not be read, or its load errors and warnings.
    private func diagnostics(of mappings: Result<InputFile, ConfigurationError>) -> [Diagnostic] {
        switch mappings {
        case .success(let file): loadRegistry(file, plugins: tool.plugins).diagnostics
        case .failure(let error): error.diagnostics
        }
    }

    /// Every diagnostic of a data file that may not have been read (or
    /// given): why it could not be read, or its load errors and warnings.
    private func diagnostics(of data: Result<InputFile?, ConfigurationError>) -> [Diagnostic] {
        switch data {
        case .success(let file?): loadDocument(file, plugins: tool.plugins).diagnostics
        case .success(nil): []
        case .failure(let error): error.diagnostics
        }
    }

    /// The mappings named on the command line, else in the current directory, else the bundled copy.
    func mappingsFile() throws(ConfigurationError) -> InputFile {
        if let path = mappingsPath() {
            return try read(path)
        }
        if let bundled = tool.bundledMappings { return bundled }
        return try read(tool.mappingsFileName)
    }

    /// The path of the mappings file to read, or `nil` when the bundled copy is used.
    func mappingsPath() -> String? {
        if let path = arguments.mappings {
            return path
        }
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent(tool.mappingsFileName)
        if FileManager.default.fileExists(atPath: local.path) || tool.bundledMappings == nil {
            return tool.mappingsFileName
        }
        return nil
    }

    func dataFile() throws(ConfigurationError) -> InputFile? {
        if let path = arguments.data { return try read(path) }
        return tool.bundledData
    }

    /// Reads a file; diagnostics name it as the user wrote it.
    func read(_ path: String) throws(ConfigurationError) -> InputFile {
        let contents = try FileReader.read(URL(fileURLWithPath: path), limit: FileReader.configurationLimit)
        return InputFile(name: path, contents: contents)
    }

    // MARK: - Output

    /// Prints diagnostics on standard error, then one summary line.
    mutating func report(_ diagnostics: [Diagnostic], trailer: String) {
        report([diagnostics], trailer: trailer)
    }

    /// Prints diagnostics grouped by the input they are about (each group
    /// in printing order, the groups in the order given), then one summary
    /// line: `NAME: 2 errors, 1 warning; TRAILER`.
    mutating func report(_ groups: [[Diagnostic]], trailer: String) {
        errors += groups.map { formatter.format($0) }.joined()
        errors += summaryLine(groups.flatMap { $0 }, trailer: trailer)
    }

    /// `NAME: 2 errors, 1 warning; TRAILER`, with the trailer's file names
    /// made safe to print.
    func summaryLine(_ diagnostics: [Diagnostic], trailer: String) -> String {
        let errorCount = diagnostics.count { $0.severity == .error }
        let warningCount = diagnostics.count { $0.severity == .warning }
        let trailer = DiagnosticFormatter.escapingNonPrintingCharacters(trailer)
        return "\(tool.name): \(Self.summary(errors: errorCount, warnings: warningCount)); \(trailer)\n"
    }

    /// Writes `{"diagnostics": […], "summary": {"errors": N, "warnings": M}}`
    /// to standard output, the diagnostics in the order given.
    mutating func writeJSON(_ diagnostics: [Diagnostic]) -> Bool {
        do {
            output += try ValidationReport(diagnostics: diagnostics).rendered()
            return true
        } catch {
            errors += "\(tool.name): error: cannot encode the diagnostics as JSON: \(error)\n"
            return false
        }
    }

    /// `2 errors, 1 warning`.
    static func summary(errors: Int, warnings: Int) -> String {
        "\(count(errors, "error")), \(count(warnings, "warning"))"
    }

    /// `1 item`, `2 items`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
