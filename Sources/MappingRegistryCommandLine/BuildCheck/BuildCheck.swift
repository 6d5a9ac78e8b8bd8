import Foundation
import MappingRegistry
import MappingRegistryLanguageServer

/// `mapping-registry build-check`: the check the `MappingRegistryPlugin`
/// build-tool plugin runs on a target's `mappings.json` files and the data
/// documents beside them, on every build that changed one of them.
///
/// Not a command for people: the plugin writes its command line, so it is
/// not in `--help` and keeps its own small grammar (``Flag``) apart from the
/// user-facing table. Diagnostics are printed compiler-style on standard
/// error with the paths as given (the plugin gives absolute ones), so
/// SwiftPM and Xcode show each at its line:
///
/// ```text
/// /work/App/Sources/App/mappings.json:7:15: error: unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]
/// ```
///
/// - With `--catalog`: every check a catalog file decides, as
///   `mapping-registry validate --catalog` runs it, each mappings file on
///   its own with the catalog's Swift mappings; plugins no file uses are
///   reported once, about the catalog. Each data document: its JSON, keys,
///   sections and entries, and every model name known and `Decodable`.
/// - Without: JSON syntax, keys and value types only, said once as a remark.
/// - With `--policy` (the target's `mapping-registry-policy.json`): its
///   codes ignored, made warnings or errors, as `validate`'s `--ignore`,
///   `--warning` and `--error` do; a problem with the file itself is an
///   error at its line and column, and the mappings are still checked
///   with the codes that could be read.
///
/// Values in data documents are not decoded and items are not resolved:
/// both need the app's own types.
///
/// The exit code is 0 with no errors (the output file is then written, or
/// left as it is when its text would not change, so nothing compiles
/// again), 1 when errors were found (the output file is removed, so the
/// next build checks again), 2 for a wrong command line or a file that
/// cannot be read.
package struct BuildCheck {
    /// The subcommand's name, as the plugin passes it first.
    package static let subcommand = "build-check"

    /// The options the plugin passes.
    enum Flag: String, CaseIterable {
        /// The Swift file written when the check passes: the build command's output.
        case output = "--output"
        /// The target's catalog file; absent when it has none.
        case catalog = "--catalog"
        /// A JSON file beside a mappings file; checked when it is a data document. Repeatable.
        case data = "--data"
        /// The target's policy file; absent when it has none.
        case policy = "--policy"
    }

    /// What the command line asks for.
    struct Request: Equatable {
        var output: String
        var catalog: String?
        var policy: String?
        var data: [String] = []
        var mappings: [String] = []
    }

    /// What the run prints on standard error.
    package private(set) var errors = ""
    private var formatter = DiagnosticFormatter()

    /// Creates a run that has printed nothing yet.
    package init() {}

    /// Runs the check.
    ///
    /// - Parameter arguments: The command line after `build-check`.
    /// - Returns: The exit code.
    package mutating func run(_ arguments: [String]) -> ExitCode {
        let request: Request
        switch Self.parse(arguments) {
        case .success(let parsed): request = parsed
        case .failure(let problem):
            errors += "mapping-registry build-check: error: \(problem.message)\n"
                + "usage: mapping-registry build-check --output FILE.swift [--catalog FILE] [--policy FILE] [--data FILE]… MAPPINGS…\n"
            return .usage
        }
        return check(request)
    }

    /// Checks every file of a request and writes or removes the output file.
    mutating func check(_ request: Request) -> ExitCode {
        var diagnostics: [Diagnostic] = []
        var unreadable = false
        var plugins: PluginCatalog?
        var swiftMappings: [MappingDeclaration] = []
        var unused: [Diagnostic] = []
        var policy = DiagnosticPolicy()
        if let path = request.policy {
            guard let file = read(path) else { return failed(request, .usage) }
            formatter.addSource(file, named: path)
            let read = DiagnosticPolicy.read(file, source: path)
            policy = read.policy
            diagnostics += read.diagnostics
        }
        if let catalog = request.catalog {
            // A missing or empty catalog (as `APP catalog > catalog.json` leaves
            // it while the build runs) is one error that says how to write it.
            let file: Data
            do {
                file = try CatalogDescription.contents(ofFileAt: catalog, app: nil)
            } catch {
                errors += formatter.format(error.diagnostics)
                return failed(request, .usage)
            }
            formatter.addSource(file, named: catalog)
            do {
                let description = try CatalogDescription(data: file, source: catalog)
                plugins = PluginCatalog(described: description)
                swiftMappings = try CatalogDescription.swiftMappings(in: file, source: catalog)
            } catch {
                errors += formatter.format(error.diagnostics)
                errors += "mapping-registry: error: cannot use the catalog '\(catalog)': fix it, or write it again with the target's drift test\n"
                return failed(request, .failure)
            }
        }
        var read: [(name: String, contents: Data)] = []
        for path in request.mappings {
            guard let contents = self.read(path) else {
                unreadable = true
                continue
            }
            read.append((path, contents))
            diagnostics += checkMappings(contents, name: path, plugins: plugins, swiftMappings: swiftMappings, policy: policy)
        }
        if let plugins, !unreadable {
            let sources = [MappingSource.declarations(swiftMappings)] + read.map { MappingSource.json($0.contents, name: $0.name) }
            unused = MappingRegistry.unusedPluginWarnings(plugins: plugins, sources: sources, policy: policy)
        }
        for path in request.data {
            guard let contents = self.read(path) else {
                unreadable = true
                continue
            }
            // Decided as editors decide it (root keys, `$schema`, then the file name).
            guard DocumentKind.detect([UInt8](contents), path: path) == .data else { continue }
            diagnostics += checkData(contents, name: path, plugins: plugins, policy: policy)
        }
        // About the catalog as a whole: printed after every located problem.
        let aboutCatalog = request.catalog.map { catalog in unused.map { "\(catalog): " + formatter.format($0) }.joined() } ?? ""
        errors += formatter.format(diagnostics) + aboutCatalog
        if request.catalog == nil, let first = request.mappings.first {
            errors += "\(first): remark: checked JSON syntax, keys and value types only: there is no catalog.json beside it or in a folder above it in the target; "
                + "commit the app's catalog there to check names and types too (DocC: Check mappings when you build)\n"
        }
        if unreadable { return failed(request, .usage) }
        if (diagnostics + unused).contains(where: { $0.severity == .error }) { return failed(request, .failure) }
        return written(request)
    }

    /// A mappings file's problems: against the catalog's plugins, after its
    /// Swift mappings, when there is one; else only what reading finds.
    private mutating func checkMappings(
        _ contents: Data, name: String, plugins: PluginCatalog?, swiftMappings: [MappingDeclaration], policy: DiagnosticPolicy
    ) -> [Diagnostic] {
        formatter.addSource(contents, named: name)
        guard let plugins else {
            return MappingRegistry.readingDiagnostics(of: contents, source: name, policy: policy)
        }
        // Plugins no mapping uses are reported once, for every file together.
        var policy = policy
        for code in MappingRegistry.unusedPluginCodes {
            // Not a fixed code, so this cannot fail.
            try? policy.ignore(code)
        }
        do {
            let registry = try MappingRegistry(plugins: plugins, sources: [.declarations(swiftMappings), .json(contents, name: name)], policy: policy)
            return registry.warnings
        } catch {
            return error.diagnostics
        }
    }

    /// A data document's problems that need no value made: a catalog file's
    /// models cannot create one, so what is left unsaid about values is not
    /// the document's fault; without a catalog, no model name is known.
    private mutating func checkData(_ contents: Data, name: String, plugins: PluginCatalog?, policy: DiagnosticPolicy) -> [Diagnostic] {
        formatter.addSource(contents, named: name)
        let unsaid: Set<Diagnostic.Code> = plugins == nil
            ? [.unknownModel, .undecodableModel, .undecodableValue]
            : [.undecodableValue]
        return DataDocument.check(contents, plugins: plugins ?? PluginCatalog(), source: name, policy: policy).diagnostics
            .filter { !unsaid.contains($0.code) }
    }

    /// A file's bytes; `nil` after saying why it cannot be read.
    private mutating func read(_ path: String) -> Data? {
        do {
            return try FileReader.read(URL(fileURLWithPath: path), limit: FileReader.configurationLimit)
        } catch {
            errors += formatter.format(error.diagnostics)
            return nil
        }
    }

    /// Ends a run that found errors: the output file goes, so the next build runs the check again.
    private func failed(_ request: Request, _ code: ExitCode) -> ExitCode {
        try? FileManager.default.removeItem(atPath: request.output)
        return code
    }

    /// Ends a clean run: the output file says what was checked. It is left
    /// untouched when its text would not change, so the target does not
    /// compile again for a check that passed again.
    private mutating func written(_ request: Request) -> ExitCode {
        let text = Self.outputText(request)
        if let existing = try? String(contentsOfFile: request.output, encoding: .utf8), existing == text {
            return .success
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: request.output))
            return .success
        } catch {
            errors += "mapping-registry: error: cannot write '\(request.output)': \(error.localizedDescription)\n"
            return .usage
        }
    }

    /// The output file's text: Swift comments naming the files checked, by their last path component.
    static func outputText(_ request: Request) -> String {
        let names = (request.catalog.map { [$0] } ?? []) + (request.policy.map { [$0] } ?? []) + request.mappings + request.data
        return "// Written by MappingRegistryPlugin when `mapping-registry build-check` passed; no code.\n"
            + names.map { "// checked: \(URL(fileURLWithPath: $0).lastPathComponent)\n" }.joined()
    }

    /// Why a command line was refused.
    struct UsageProblem: Error, Equatable {
        var message: String
    }

    /// Reads the command line: the flags of ``Flag`` with a value each, then the mappings files.
    static func parse(_ arguments: [String]) -> Result<Request, UsageProblem> {
        var output: String?
        var request = Request(output: "")
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                request.mappings.append(argument)
                continue
            }
            guard let flag = Flag(rawValue: argument) else {
                return .failure(UsageProblem(message: "unknown option '\(argument)'"))
            }
            guard index < arguments.endIndex else {
                return .failure(UsageProblem(message: "'\(argument)' needs a file"))
            }
            let value = arguments[index]
            index += 1
            switch flag {
            case .output: output = value
            case .catalog: request.catalog = value
            case .policy: request.policy = value
            case .data: request.data.append(value)
            }
        }
        guard let output else { return .failure(UsageProblem(message: "'--output FILE.swift' is required")) }
        guard !request.mappings.isEmpty else { return .failure(UsageProblem(message: "name at least one mappings file")) }
        request.output = output
        return .success(request)
    }
}
