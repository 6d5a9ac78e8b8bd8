import ModelStorage

/// The state of one render: output so far, diagnostics, counts and the
/// reuse pools.
struct RenderSession {
    let registry: MappingRegistry
    var output = ""
    var diagnostics: [Diagnostic] = []
    var rendered = 0
    var missing = 0
    var ambiguous = 0
    /// One view per reuse identifier, reused from item to item.
    var pool: [String: any TextView] = [:]

    init(registry: MappingRegistry) {
        self.registry = registry
    }

    var result: RenderResult {
        RenderResult(
            text: output,
            diagnostics: diagnostics,
            renderedCount: rendered,
            missingCount: missing,
            ambiguousCount: ambiguous,
            viewsCreated: pool.count
        )
    }

    /// Resolves and renders one model, or writes a placeholder line.
    mutating func render(_ model: Any, at position: ItemPosition, kind: ViewKind) {
        switch registry.resolve(model, at: position, kind: kind) {
        case .resolved(let mapping):
            let value = unwrapOptionals(model) ?? model
            if let text = text(for: value, mapping: mapping, at: position) {
                rendered += 1
                output.append(text)
                output.append("\n")
            } else {
                // The registry only resolves to views that take the value, so
                // this means a view plugin broke that promise; report, don't trap.
                missing += 1
                report(Diagnostic(
                    severity: .error,
                    code: "missing-mapping",
                    message: "view '\(mapping.view)' refused '\(String(describing: type(of: value)))' \(MappingRegistry.describe(position, kind: kind))",
                    position: position
                ), model: value, kind: kind)
            }
        case .missing(let diagnostic):
            missing += 1
            report(diagnostic, model: model, kind: kind)
        case .ambiguous(_, let diagnostic):
            ambiguous += 1
            report(diagnostic, model: model, kind: kind)
        }
    }

    private mutating func text(for value: Any, mapping: Mapping, at position: ItemPosition) -> String? {
        guard let index = registry.mappingIndex(of: mapping) else { return nil }
        switch registry.compiled[index].view.body {
        case .handler(let render):
            return render(value, position)
        case .reusable(let make, let update):
            let view: any TextView
            if let pooled = pool[mapping.reuseIdentifier] {
                view = pooled
            } else {
                view = make()
                pool[mapping.reuseIdentifier] = view
            }
            return update(view, value) ? view.render() : nil
        }
    }

    private mutating func report(_ diagnostic: Diagnostic, model: Any, kind: ViewKind) {
        diagnostics.append(diagnostic)
        let typeName = unwrapOptionals(model).map { String(describing: type(of: $0)) } ?? "nil"
        let place = MappingRegistry.describe(diagnostic.position ?? ItemPosition(item: 0, section: 0), kind: kind)
        output.append("[\(diagnostic.code): \(kind == .cell ? "" : "\(kind) ")\(typeName) \(place)]\n")
    }
}
