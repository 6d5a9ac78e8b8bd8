import MappingRegistry
import MappingRegistryCommandLine

/// The `menu` command: the library's command front end, given the menu's
/// plugins, a built-in copy of the root `mappings.json` (used when the
/// current directory has none) and the built-in default data.
enum MenuCommand {
    static let tool = CommandLineTool(
        name: "menu",
        summary: "Render the sample restaurant menu through mappings.json, or check the mappings and data.",
        plugins: MenuPlugins.catalog,
        bundledMappings: InputFile(name: "mappings.json", text: BundledFiles.mappings),
        bundledData: InputFile(name: "Examples/Menu/Data/menu-data.json", text: BundledFiles.data)
    )
}
