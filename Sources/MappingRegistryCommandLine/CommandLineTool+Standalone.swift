import MappingRegistry

/// The `mapping-registry` tool: the same front end without an app, for
/// repositories that hold only configurations.
extension CommandLineTool {
    /// `mapping-registry validate --catalog FILE [--format …] [policy flags] MAPPINGS…`,
    /// `mapping-registry diff --catalog FILE --data FILE… OLD NEW` and
    /// `mapping-registry schema --catalog FILE mappings|data`: every
    /// check decidable from a catalog file written by an app's `catalog`
    /// subcommand, each mappings file on its own, and what a change
    /// renders differently as far as the catalog decides it.
    package static let standalone: CommandLineTool = {
        var tool = CommandLineTool(
            name: "mapping-registry",
            summary: "Check mappings files against an app's catalog file, and see what a change renders differently, without the app.",
            plugins: PluginCatalog()
        )
        tool.grammar = .standalone
        return tool
    }()

    /// Whether this is the `mapping-registry` tool rather than an app's command.
    var isStandalone: Bool { grammar.defaultSubcommand == nil }
}
