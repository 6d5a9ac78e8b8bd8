import Foundation
import MappingRegistry

extension CommandSession {
    /// `browse`: the data as a full-screen list on the terminal, rendered a
    /// visible row at a time through one ``ReusePool`` (``BrowseController``
    /// decides what is shown; the terminal, ``TerminalDevice``, shows it).
    ///
    /// Without `--watch`, the files must load before the terminal is taken:
    /// otherwise their diagnostics are printed and the exit code is 1. With
    /// `--watch`, the list follows the files; a version that does not load
    /// is named on the status line and the last good version stays.
    ///
    /// - Returns: ``ExitCode/success`` after `q`, Ctrl-C or SIGINT;
    ///   ``ExitCode/terminalGone`` (129) when the terminal went away
    ///   (SIGHUP, the end of input, a failed read or write);
    ///   ``ExitCode/terminated`` (143) after SIGTERM; ``ExitCode/usage``
    ///   without a terminal; ``ExitCode/failure`` when the files do not load.
    mutating func browse(mappings: InputFile, data: InputFile) -> ExitCode {
        var controller = BrowseController(context: tool.context, actions: tool.browseActions, dimmed: tool.browseDimmed)
        let events = WatchEvents()
        var watches: [InputWatch] = []
        defer { for watch in watches { watch.cancel() } }
        let mappingsPath = mappingsPath()
        if arguments.watch {
            guard let mappingsPath else {
                errors += "\(tool.name): error: --watch needs a mappings file to watch; pass --mappings FILE\n"
                return .usage
            }
            let pacing: FileWatcher.Pacing
            if case .script = tool.browseDriver { pacing = .manual } else { pacing = InputWatch.polling }
            watches.append(InputWatch.mappings(path: mappingsPath, plugins: tool.plugins, events: events, pacing: pacing))
            if let dataPath = arguments.data {
                watches.append(InputWatch.data(path: dataPath, plugins: tool.plugins, events: events, pacing: pacing))
            } else {
                // The bundled data never changes: load it once.
                let loaded = loadDocument(data, plugins: tool.plugins)
                guard let document = loaded.document else {
                    report(loaded.diagnostics, trailer: "nothing to browse")
                    return .failure
                }
                controller.show(document: document)
            }
        } else {
            let loadedMappings = loadRegistry(mappings, plugins: tool.plugins)
            let loadedData = loadDocument(data, plugins: tool.plugins)
            guard let registry = loadedMappings.registry, let document = loadedData.document else {
                report([loadedMappings.diagnostics, loadedData.diagnostics], trailer: "nothing to browse")
                return .failure
            }
            controller.show(registry: registry, document: document)
        }
        let end: BrowseEnd
        switch tool.browseDriver {
        case .terminal:
            guard let terminal = TerminalDevice() else {
                errors += "\(tool.name): error: cannot take over the terminal (raw mode could not be set)\n"
                return .failure
            }
            events.whenPosted = { [wake = terminal.wake] in wake.post(TerminalDevice.Wake.files) }
            var device = terminal
            end = Self.runBrowse(&controller, on: &device, events: events, mappingsName: mappingsPath ?? mappings.name, dataName: arguments.data ?? data.name)
            terminal.close()
        case .script(let script):
            script.watches = watches
            var terminal = script
            end = Self.runBrowse(&controller, on: &terminal, events: events, mappingsName: mappingsPath ?? mappings.name, dataName: arguments.data ?? data.name)
        }
        events.whenPosted = nil
        switch end {
        case .quit:
            if let registry = controller.registry, !registry.warnings.isEmpty {
                report(registry.warnings, trailer: "browsed \(Self.count(controller.rows.count, "row"))")
            }
            return .success
        case .terminated:
            errors += "\(tool.name): browse ended by SIGTERM\n"
            return .terminated
        case .terminalGone:
            errors += "\(tool.name): error: the terminal went away; browse ended\n"
            return .terminalGone
        }
    }

    /// How a run of `browse` ended.
    enum BrowseEnd {
        case quit
        case terminated
        case terminalGone
    }

    /// The loop: draw a frame, wait for an input, answer it; until `q`,
    /// Ctrl-C, a signal that ends it, or the terminal going away.
    static func runBrowse(
        _ controller: inout BrowseController,
        on terminal: inout some BrowseTerminal,
        events: WatchEvents,
        mappingsName: String,
        dataName: String
    ) -> BrowseEnd {
        while true {
            guard terminal.draw(controller.frame(size: terminal.size)) else { return .terminalGone }
            switch terminal.next() {
            case .keys(let keys):
                for key in keys {
                    switch controller.handle(key) {
                    case .none: break
                    case .quit: return .quit
                    case .suspend: terminal.suspend()
                    case .redraw: terminal.invalidate()
                    }
                }
            case .filesChanged:
                for event in events.take() {
                    switch event {
                    case .interrupted:
                        return .quit
                    case .mappings(.success(let registry), _):
                        controller.show(registry: registry, file: mappingsName)
                    case .mappings(.failure(let error), _):
                        controller.reportProblem(file: mappingsName, diagnostics: error.diagnostics)
                    case .data(.success(let transfer), _):
                        controller.show(document: transfer.document, file: dataName)
                    case .data(.failure(let error), _):
                        controller.reportProblem(file: dataName, diagnostics: error.diagnostics)
                    }
                }
            case .resized, .continued:
                terminal.invalidate()
            case .suspendRequested:
                terminal.suspend()
            case .interrupted:
                return .quit
            case .terminated:
                return .terminated
            case .hungUp:
                return .terminalGone
            }
        }
    }
}
