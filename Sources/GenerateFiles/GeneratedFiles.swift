import Foundation

/// Every generated region of the package's committed files, and how to make it.
enum GeneratedFiles {
    static let regions: [GeneratedRegion] = [
        GeneratedRegion(
            path: "README.md", begin: "<!-- diagnostic-codes:begin -->", end: "<!-- diagnostic-codes:end -->",
            render: { _ in DiagnosticCodeTable.readme() }
        ),
        GeneratedRegion(
            path: "Sources/MappingRegistry/MappingRegistry.docc/DiagnosticsReference.md",
            begin: "<!-- diagnostic-codes:begin -->", end: "<!-- diagnostic-codes:end -->",
            render: { _ in DiagnosticCodeTable.reference() }
        ),
        GeneratedRegion(
            path: "Sources/MappingRegistry/Diagnostics/Diagnostic+Code.swift",
            begin: "// diagnostic-codes:begin", end: "// diagnostic-codes:end",
            render: { _ in DiagnosticCodeTable.constants() }
        ),
        // README shows the root mappings file as it is.
        GeneratedRegion(
            path: "README.md", begin: "<!-- root-mappings-json -->", end: "```\n",
            render: { root in
                let file = try String(contentsOf: root.appendingPathComponent("mappings.json"), encoding: .utf8)
                return "```json\n" + file
            }
        ),
    ]

    /// Files made in full here: the path relative to the package root, and the text.
    static let wholeFiles: [(path: String, render: @Sendable () -> String)] = [
        (SARIFFixture.path, SARIFFixture.render),
    ]

    /// The files the sample's command writes in full: arguments, then the
    /// file relative to the package root.
    static let menuOutputs: [(arguments: [String], path: String)] = [
        (["catalog"], "Examples/Menu/Schemas/menu.catalog.json"),
        (["schema", "mappings"], "Examples/Menu/Schemas/mappings.schema.json"),
        (["schema", "data"], "Examples/Menu/Schemas/data.schema.json"),
    ]
}
