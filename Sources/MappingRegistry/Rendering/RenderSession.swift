import ModelStorage

/// The state of one render: where the text goes, diagnostics, counts and
/// the reuse pools.
struct RenderSession<Output: TextOutputStream> {
    let registry: MappingRegistry
    var output: Output
    var diagnostics: [Diagnostic] = []
    var rendered = 0
    var missing = 0
    var ambiguous = 0
    /// One view per reuse identifier, reused from item to item.
    var pool: [String: any TextView] = [:]

    init(registry: MappingRegistry, output: Output) {
        self.registry = registry
        self.output = output
    }

    /// The counts and diagnostics, with `text` as given.
    func result(text: String) -> RenderResult {
        RenderResult(
            text: text,
            diagnostics: diagnostics,
            renderedCount: rendered,
            missingCount: missing,
            ambiguousCount: ambiguous,
            viewsCreated: pool.count
        )
    }

    /// Walks every section: header, items, footer, custom kinds.
    mutating func renderSections(of storage: some Storage) {
        let customKinds = registry.customKinds
        for section in 0..<storage.numberOfSections {
            if section > 0 { output.write("\n") }
            let position = ItemPosition(item: 0, section: section)
            if let header = storage.supplementaryModel(ofKind: SupplementaryKind.header, inSection: section) {
                render(header, at: position, kind: .header)
            }
            for item in 0..<storage.numberOfItems(inSection: section) {
                let itemPosition = ItemPosition(item: item, section: section)
                render(storage.item(at: itemPosition) as Any, at: itemPosition, kind: .cell)
            }
            if let footer = storage.supplementaryModel(ofKind: SupplementaryKind.footer, inSection: section) {
                render(footer, at: position, kind: .footer)
            }
            var kinds = customKinds
            for name in storage.supplementaryKinds(inSection: section) {
                let kind = ViewKind(rawValue: name)
                if kind.isSupplementary, kind != .header, kind != .footer, !kinds.contains(kind) {
                    kinds.append(kind)
                }
            }
            for kind in kinds {
                if let model = storage.supplementaryModel(ofKind: kind.rawValue, inSection: section) {
                    render(model, at: position, kind: kind)
                }
            }
        }
    }

    /// Resolves and renders one model, or writes a placeholder line.
    mutating func render(_ model: Any, at position: ItemPosition, kind: ViewKind) {
        switch registry.outcome(model, at: position, kind: kind) {
        case .resolved(let index):
            let value = unwrapOptionals(model) ?? model
            let mapping = registry.compiled[index]
            if let text = text(for: value, with: mapping, at: position) {
                rendered += 1
                output.write(text)
                output.write("\n")
            } else {
                // Resolution only picks views that take the value, so this
                // means a view plugin broke that promise: report, never trap.
                missing += 1
                report(Diagnostic(
                    severity: .error,
                    code: "missing-mapping",
                    message: "view '\(mapping.mapping.view)' refused '\(String(describing: type(of: value)))' \(MappingRegistry.describe(position, kind: kind))",
                    position: position
                ), value: value, kind: kind)
            }
        case .nilModel:
            missing += 1
            report(.nilModel(at: position, kind: kind), value: nil, kind: kind)
        case .missing(let value):
            missing += 1
            report(registry.missingDiagnostic(value, at: position, kind: kind), value: value, kind: kind)
        case .ambiguous(let indexes, let value):
            ambiguous += 1
            report(registry.ambiguousDiagnostic(value, indexes, at: position, kind: kind), value: value, kind: kind)
        }
    }

    private mutating func text(for value: Any, with mapping: CompiledMapping, at position: ItemPosition) -> String? {
        switch mapping.view.body {
        case .handler(let render):
            return render(value, position)
        case .reusable(let make, let update):
            let identifier = mapping.mapping.reuseIdentifier
            let view: any TextView
            if let pooled = pool[identifier] {
                view = pooled
            } else {
                view = make()
                pool[identifier] = view
            }
            return update(view, value) ? view.render() : nil
        }
    }

    /// Records a diagnostic and writes the placeholder line
    /// `[code: Type at section S, item I]` (`[code: kind Type in section S]`
    /// for supplementary models).
    private mutating func report(_ diagnostic: Diagnostic, value: Any?, kind: ViewKind) {
        diagnostics.append(diagnostic)
        let typeName = value.map { String(describing: type(of: $0)) } ?? "nil"
        let place = MappingRegistry.describe(diagnostic.position ?? ItemPosition(item: 0, section: 0), kind: kind)
        output.write("[\(diagnostic.code): \(kind == .cell ? "" : "\(kind) ")\(typeName) \(place)]\n")
    }
}
