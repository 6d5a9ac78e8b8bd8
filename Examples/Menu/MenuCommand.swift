import MappingRegistry
import MappingRegistryCommandLine

/// The `menu` command: the library's command front end, given the menu's
/// plugins, a built-in copy of the root `mappings.json` (used when the
/// current directory has none) and the built-in default data.
enum MenuCommand {
    /// Runs the command line of this process and returns its exit status.
    ///
    /// The tool, with the `Data` of its bundled files, lives only for the
    /// run: it is freed before the process exits, so LeakSanitizer (which
    /// cannot follow every pointer inside a global `Data`) has no allocation
    /// left to report at exit.
    static func run() -> Int32 {
        makeTool().run().rawValue
    }

    /// A new `menu` tool: its render context is an empty ``MenuState``
    /// (no dish marked sold out), which `browse`'s `s` key changes.
    static func makeTool() -> CommandLineTool {
        var tool = CommandLineTool(
            name: "menu",
            summary: "Render the sample restaurant menu through mappings.json, or check the mappings and data.",
            plugins: MenuPlugins.catalog,
            bundledMappings: InputFile(name: "mappings.json", text: BundledFiles.mappings),
            bundledData: InputFile(name: "Examples/Menu/Data/menu-data.json", text: BundledFiles.data)
        )
        tool.context = MenuState()
        tool.browseActions = [
            BrowseAction(key: "s", summary: "sold out", context: MenuState.self) { state, model, _ in
                guard let dish = model as? Dish else { return "only a dish can be marked sold out" }
                return state.toggleSoldOut(dish)
            },
        ]
        // Sold out, in the data or with `s`: dimmed in `browse`.
        tool.browseDimmed = { model, context in
            guard let dish = model as? Dish else { return false }
            return dish.soldOut || (context as? MenuState)?.soldOut.contains(dish.name) == true
        }
        return tool
    }
}
