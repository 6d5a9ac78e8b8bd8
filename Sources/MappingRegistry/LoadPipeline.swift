import Foundation

/// How a registry is loaded, stage by stage; each stage hands the next one type.
///
/// ```text
/// [MappingSource]                       Swift declarations, JSON documents
///   1. read     ConfigurationParser     JSON → [Declaration] with the site of every part
///   2. check    MappingChecker          each declaration → CompiledMapping (names, types,
///                                       conditions, arguments, decorators)
///   3. across   MappingChecker          reuse identifiers, duplicates, overlaps over every source
///   4. unused   MappingChecker          plugins no declaration of any source names
/// LoadedMappings                        → MappingRegistry, which indexes them for resolution
/// ```
///
/// Every stage reports to one ``DiagnosticLog``, which applies the policy
/// as each problem is found. The load fails when an error remains; it is
/// never cut short by the first one, so a user sees every problem at once.
enum LoadPipeline {
    /// What a successful load hands the registry.
    struct LoadedMappings {
        /// Every mapping, in order: sources in the order given, each as declared.
        var mappings: [CompiledMapping]
        /// Every warning, including problems the policy downgraded, sorted.
        var warnings: [Diagnostic]
        /// The plugins the mappings were checked against: the catalog given,
        /// plus the view types of Swift `Map(V.self)` declarations under their type names.
        var plugins: PluginCatalog
    }

    /// Loads and checks every source.
    ///
    /// - Throws: ``ConfigurationError`` with every error and warning found,
    ///   when at least one error remains under the policy.
    static func load(_ sources: [MappingSource], plugins: PluginCatalog, policy: DiagnosticPolicy) throws(ConfigurationError) -> LoadedMappings {
        // 0. View types that Swift declarations name, so JSON can name them too.
        let (plugins, clashes) = registeringDeclaredViews(sources, in: plugins)
        var checker = MappingChecker(plugins: plugins, log: DiagnosticLog(policy: policy))
        checker.reportDuplicatePlugins()
        clashes.forEach { checker.report($0) }
        // 1. Read every source into declarations.
        let read = read(sources, into: &checker)
        // 2. Check and compile each declaration.
        for declaration in read.declarations {
            checker.check(declaration)
        }
        // 3. Check across every mapping of every source.
        checker.checkAcrossMappings()
        // 4. Unused plugins; without a readable list of mappings in every
        //    source, "unused" would be noise.
        if read.listedEveryMapping {
            checker.reportUnusedPlugins(sourceNames: read.sourceNames)
        }
        let diagnostics = checker.log.diagnostics
        if checker.log.hasErrors {
            throw ConfigurationError(diagnostics: diagnostics)
        }
        // Without errors, everything reported is a warning (or a problem the policy downgraded).
        return LoadedMappings(mappings: checker.mappings, warnings: Diagnostic.sorted(diagnostics), plugins: plugins)
    }

    /// Parses one JSON document for stage 1.
    private static func parse(_ data: Data, name: String, into checker: inout MappingChecker, _ read: inout ReadSources) -> [Declaration] {
        let parsed = ConfigurationParser.parse(data, source: name, log: &checker.log)
        read.listedEveryMapping = read.listedEveryMapping && parsed.readMappings
        checker.noteMentioned(predicates: parsed.predicateNames)
        read.sourceNames.append(name)
        return parsed.declarations
    }

    /// Stage 0: each view type a Swift `Map(V.self)` names and the catalog
    /// does not have, registered under its type's name.
    private static func registeringDeclaredViews(_ sources: [MappingSource], in plugins: PluginCatalog) -> (PluginCatalog, [Diagnostic]) {
        var plugins = plugins
        var clashes: [Diagnostic] = []
        var clashing: Set<String> = []
        for source in sources {
            for declaration in source.swiftDeclarations.map(\.declaration) {
                guard case .type(let view)? = declaration.view, !clashing.contains(view.name),
                      let clash = plugins.registerDeclaredView(view, at: declaration.sites.object) else { continue }
                clashing.insert(view.name)
                clashes.append(clash)
            }
        }
        return (plugins, clashes)
    }

    /// The codes of the warnings about plugins no mapping uses.
    static let unusedCodes: Set<Diagnostic.Code> = [.unusedView, .unusedPredicate, .unusedDecorator, .unusedHandler]

    /// Only the `unused-*` warnings of the sources taken together: what a
    /// validator that checks several files each on its own reports once for
    /// the whole run.
    static func unusedPluginWarnings(_ sources: [MappingSource], plugins: PluginCatalog, policy: DiagnosticPolicy) -> [Diagnostic] {
        let (plugins, _) = registeringDeclaredViews(sources, in: plugins)
        var checker = MappingChecker(plugins: plugins, log: DiagnosticLog(policy: policy))
        let read = read(sources, into: &checker)
        for declaration in read.declarations {
            checker.check(declaration)
        }
        guard read.listedEveryMapping else { return [] }
        checker.reportUnusedPlugins(sourceNames: read.sourceNames)
        return Diagnostic.sorted(checker.log.diagnostics.filter { unusedCodes.contains($0.code) })
    }

    /// What the read stage hands the checker.
    private struct ReadSources {
        var declarations: [Declaration] = []
        /// Whether every JSON source had a list of mappings to read.
        var listedEveryMapping = true
        /// The sources' names, for messages.
        var sourceNames: [String] = []
    }

    /// Stage 1: Swift declarations as they are, JSON documents parsed,
    /// each declaration marked with its source's position.
    private static func read(_ sources: [MappingSource], into checker: inout MappingChecker) -> ReadSources {
        var read = ReadSources()
        for (sourceIndex, source) in sources.enumerated() {
            var declarations: [Declaration]
            switch source.content {
            case .declarations(let list):
                declarations = list.map(\.declaration)
                // An empty list (an app without Swift mappings) is no place to name.
                if !list.isEmpty { read.sourceNames.append("the Swift declarations") }
            case .json(let data, let name):
                declarations = parse(data, name: name, into: &checker, &read)
            case .jsonFile(let url):
                do throws(ConfigurationError) {
                    let data = try FileReader.read(url, limit: FileReader.configurationLimit)
                    declarations = parse(data, name: url.path, into: &checker, &read)
                } catch {
                    error.diagnostics.forEach { checker.report($0) }
                    read.listedEveryMapping = false
                    read.sourceNames.append(url.path)
                    declarations = []
                }
            }
            for index in declarations.indices { declarations[index].sourceIndex = sourceIndex }
            read.declarations += declarations
        }
        return read
    }
}
