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

    init(tool: CommandLineTool, arguments: CommandLineArguments) {
        self.tool = tool
        self.arguments = arguments
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
        case .schema: return schema()
        case .catalog: return catalog()
        case .render: break
        }
        let mappings: InputFile
        let data: InputFile?
        do {
            mappings = try mappingsFile()
            data = try dataFile()
        } catch {
            errors += formatter.format(error.diagnostics)
            return .usage
        }
        formatter.addSource(mappings.contents, named: mappings.name)
        if let data { formatter.addSource(data.contents, named: data.name) }
        guard let data else {
            errors += "\(tool.name): error: no data to render; pass --data FILE\n" + tool.usage(.render)
            return .usage
        }
        if arguments.watch {
            return watch(mappings: mappings, data: data, standardOutput: &standardOutput, standardError: &standardError)
        }
        return render(mappings: mappings, data: data, into: &standardOutput)
    }

    // MARK: - Subcommands

    private mutating func render(mappings: InputFile, data: InputFile, into standardOutput: inout some TextOutputStream) -> ExitCode {
        let loaded = load(mappings: mappings, data: data)
        guard let registry = loaded.registry, let document = loaded.document else {
            report(loaded.diagnostics, trailer: "nothing rendered")
            return .failure
        }
        let result = render(document, with: registry, into: &standardOutput)
        reportRender(result, loadDiagnostics: loaded.diagnostics)
        return arguments.strict && !result.isComplete ? .failure : .success
    }

    // MARK: - Loading

    struct Loaded {
        var registry: MappingRegistry?
        var document: DataDocument?
        /// Load errors and warnings of both files.
        var diagnostics: [Diagnostic] = []
    }

    func load(mappings: InputFile, data: InputFile?, plugins: PluginCatalog? = nil) -> Loaded {
        let plugins = plugins ?? tool.plugins
        var loaded = Loaded()
        do {
            let registry = try MappingRegistry(configuration: mappings.contents, plugins: plugins, source: mappings.name, policy: arguments.policy)
            loaded.registry = registry
            loaded.diagnostics += registry.warnings
        } catch {
            loaded.diagnostics += error.diagnostics
        }
        if let data {
            do {
                let document = try DataDocument(data: data.contents, plugins: plugins, source: data.name, policy: arguments.policy)
                loaded.document = document
                loaded.diagnostics += document.warnings
            } catch {
                loaded.diagnostics += error.diagnostics
            }
        }
        return loaded
    }

    /// Resolves every stored model; each failure points at the model's entry in the data document.
    static func resolve(_ document: DataDocument, with registry: MappingRegistry) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for entry in document.entries {
            // A `null` header, footer or supplementary model means "none".
            guard entry.kind == .cell || entry.value != nil else { continue }
            if var diagnostic = registry.resolve(entry.value as Any, at: entry.position, kind: entry.kind).diagnostic {
                diagnostic.location = entry.location
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
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
        errors += formatter.format(diagnostics)
        let errorCount = diagnostics.count { $0.severity == .error }
        let warningCount = diagnostics.count { $0.severity == .warning }
        errors += "\(tool.name): \(Self.summary(errors: errorCount, warnings: warningCount)); \(trailer)\n"
    }

    /// Writes `{"diagnostics": […], "summary": {"errors": N, "warnings": M}}` to standard output.
    mutating func writeJSON(_ diagnostics: [Diagnostic]) -> Bool {
        let report = ValidationReport(diagnostics: DiagnosticFormatter.ordered(diagnostics))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            output += String(decoding: try encoder.encode(report), as: UTF8.self) + "\n"
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
