import Foundation
import MappingRegistry

extension CommandSession {
    /// `render --watch`: renders, then renders again whenever the mappings
    /// file (or a data file given with `--data`) changes, until SIGINT.
    ///
    /// A version of a file that does not load is reported on standard error
    /// and the last good render stays: nothing new is written to standard
    /// output until a version loads again. After each render, standard
    /// error gets the render's diagnostics, then
    /// `NAME: render N; watching FILE … (Ctrl-C to stop)`. On a terminal,
    /// the screen is cleared before each render.
    ///
    /// The tool's ``CommandLineTool/watchDriver`` decides what looks at the
    /// files and what ends the watch: polling threads and SIGINT, or a
    /// test's ``WatchScript``, which polls on this thread between events.
    ///
    /// - Returns: ``ExitCode/success`` after SIGINT, or ``ExitCode/usage``
    ///   when there is no mappings file to watch (only the bundled copy).
    mutating func watch(
        data: InputFile,
        standardOutput: inout some TextOutputStream,
        standardError: inout some TextOutputStream
    ) -> ExitCode {
        guard let mappingsPath = mappingsPath() else {
            errors += "\(tool.name): error: --watch needs a mappings file to watch; pass --mappings FILE\n"
            return .usage
        }
        let events = WatchEvents()
        let interrupt: InterruptSignal?
        let pacing: FileWatcher.Pacing
        switch tool.watchDriver {
        case .polling:
            interrupt = InterruptSignal { events.post(.interrupted) }
            pacing = InputWatch.polling
        case .script:
            interrupt = nil
            pacing = .manual
        }
        defer { interrupt?.restore() }
        // Each watch loads its file as it starts and posts the outcome.
        let mappingsWatch = InputWatch.mappings(path: mappingsPath, plugins: tool.plugins, including: fixedSources, events: events, pacing: pacing)
        defer { mappingsWatch.cancel() }
        var watched = [mappingsPath]
        var document: DataDocument?
        var dataWatch: InputWatch?
        defer { dataWatch?.cancel() }
        if let dataPath = arguments.data {
            dataWatch = InputWatch.data(path: dataPath, plugins: tool.plugins, events: events, pacing: pacing)
            watched.append(dataPath)
        } else {
            // The bundled data never changes: load it once.
            let loaded = Result { () throws(ConfigurationError) in
                try DataDocument(data: data.contents, plugins: tool.plugins, source: data.name)
            }
            switch loaded {
            case .success(let loaded): document = loaded
            case .failure(let error): report(error.diagnostics, trailer: "nothing rendered")
            }
        }
        if case .script(let script) = tool.watchDriver {
            let watches = [mappingsWatch] + (dataWatch.map { [$0] } ?? [])
            events.whenIdle = { events in script.advance(watches: watches, events: events) }
        }
        defer { events.whenIdle = nil }
        var state = WatchState(watching: watched.joined(separator: " and "))
        state.document = document
        while true {
            var changed = false
            for event in events.next() {
                switch event {
                case .interrupted:
                    flush(standardOutput: &standardOutput, standardError: &standardError)
                    return .success
                case .mappings(let outcome, let contents):
                    if let contents { formatter.addSource(contents, named: mappingsPath) }
                    switch outcome {
                    case .success(let registry):
                        state.registry = registry
                        changed = true
                    case .failure(let error):
                        reportKept(error.diagnostics, file: mappingsPath, state: state)
                    }
                case .data(let outcome, let contents):
                    if let contents, let dataPath = arguments.data { formatter.addSource(contents, named: dataPath) }
                    switch outcome {
                    case .success(let transfer):
                        state.document = transfer.document
                        changed = true
                    case .failure(let error):
                        reportKept(error.diagnostics, file: arguments.data ?? data.name, state: state)
                    }
                }
            }
            if changed, let registry = state.registry, let document = state.document {
                flush(standardOutput: &standardOutput, standardError: &standardError)
                if outputIsTerminal { standardOutput.write("\u{1B}[H\u{1B}[2J") }
                let result = render(document, with: registry, into: &standardOutput)
                state.renders += 1
                reportRender(result, mappingsDiagnostics: registry.warnings)
                let watching = DiagnosticFormatter.escapingNonPrintingCharacters(state.watching)
                errors += "\(tool.name): render \(state.renders); watching \(watching) for changes (Ctrl-C to stop)\n"
            }
            flush(standardOutput: &standardOutput, standardError: &standardError)
        }
    }

    /// Reports a version of a file that did not load, and what is shown instead.
    private mutating func reportKept(_ diagnostics: [Diagnostic], file: String, state: WatchState) {
        let kept = state.renders > 0
            ? "\(file) not loaded; still showing render \(state.renders)"
            : "\(file) not loaded; waiting for a change"
        report(diagnostics, trailer: kept)
    }
}
