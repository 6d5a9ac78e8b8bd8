// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "MappingRegistry",
    // Linux has no minimum. On Apple platforms the floor is set by what the
    // libraries use: `Identifiable` and `CollectionDifference` (macOS 10.15,
    // iOS 13); atomics come from the C target below, not the Synchronization
    // module (macOS 15, iOS 18). Older systems get everything, except:
    // - before macOS 13, iOS and tvOS 16 and watchOS 9 there is no
    //   `Duration`, so `ReloadingRegistry.watch(interval:debounce:_:)` is
    //   unavailable; `watch(intervalSeconds:debounceSeconds:_:)` is the
    //   same watch with its timings in seconds;
    // - before macOS 10.15.4, iOS and tvOS 13.4 and watchOS 6.2 FileHandle
    //   has no throwing calls: files are read with `Data(contentsOf:)`, and a
    //   failed write of the command-line tools raises an Objective-C
    //   exception instead of being reported.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        // The core an app imports: plugins, mappings (JSON and Swift),
        // checking, resolution, rendering. No argv, no exit, no printing.
        .library(name: "MappingRegistry", targets: ["MappingRegistry", "ModelStorage"]),
        // Sections, items and updates alone, without the mapping layer.
        .library(name: "ModelStorage", targets: ["ModelStorage"]),
        // The command front end, for apps that embed `render` / `validate`.
        .library(name: "MappingRegistryCommandLine", targets: ["MappingRegistryCommandLine"]),
        // Swift Testing helpers for an app's own tests of its mappings
        // (expectResolution, expectNoProblems, ResolutionReport).
        .library(name: "MappingRegistryTesting", targets: ["MappingRegistryTesting"]),
        // The standalone validator: mappings files against an app's catalog file.
        .executable(name: "mapping-registry", targets: ["MappingRegistryTool"]),
        // Checks a target's mappings.json files (and the data documents
        // beside them) on every build that changed them.
        .plugin(name: "MappingRegistryPlugin", targets: ["MappingRegistryPlugin"]),
    ],
    dependencies: [],
    targets: [
        // Library
        .target(name: "ModelStorage"),
        // Word-sized C11 atomics for the lock-free resolution index and the
        // reloading reference; in no product, so users never import it.
        .target(name: "MappingRegistryAtomics"),
        .target(name: "MappingRegistry", dependencies: ["ModelStorage", "MappingRegistryAtomics"]),
        // The language server `lsp` runs: a module of its own, so the core stays free of I/O.
        .target(name: "MappingRegistryLanguageServer", dependencies: ["MappingRegistry"]),
        .target(name: "MappingRegistryCommandLine", dependencies: ["MappingRegistry", "ModelStorage", "MappingRegistryLanguageServer"]),
        .executableTarget(name: "MappingRegistryTool", dependencies: ["MappingRegistryCommandLine"]),
        .target(name: "MappingRegistryTesting", dependencies: ["MappingRegistry", "ModelStorage"]),
        // The build-tool plugin: runs `mapping-registry build-check` with the
        // target's mappings, catalog and data files as declared inputs.
        .plugin(
            name: "MappingRegistryPlugin",
            capability: .buildTool(),
            dependencies: ["MappingRegistryTool"],
            path: "Sources/MappingRegistryPlugin"
        ),

        // Generated files: `swift package --allow-writing-to-package-directory generate`
        // runs GenerateFiles, which rewrites the diagnostic code tables, README's
        // copy of mappings.json and the sample's catalog and JSON Schemas;
        // GenerateFilesTests checks the committed files against it.
        .executableTarget(name: "GenerateFiles", dependencies: ["MappingRegistry", "MappingRegistryCommandLine"], path: "Sources/GenerateFiles"),
        .plugin(
            name: "GenerateFilesPlugin",
            capability: .command(
                intent: .custom(verb: "generate", description: "Rewrite the package's generated files"),
                permissions: [.writeToPackageDirectory(reason: "It rewrites the diagnostic code tables, README's mappings.json and the sample's catalog and schemas.")]
            ),
            dependencies: ["GenerateFiles", "menu"],
            path: "Sources/GenerateFilesPlugin"
        ),

        // Examples
        .executableTarget(
            name: "menu",
            dependencies: ["MappingRegistryCommandLine", "MappingRegistry", "ModelStorage"],
            path: "Examples/Menu",
            // The default data (also compiled in as BundledFiles.data), a
            // second configuration that shows a catch-all mapping, and the
            // generated catalog and JSON Schemas that the JSON files name.
            exclude: ["Data", "mappings-with-catch-all.json", "Schemas"]
        ),

        // Tests
        // Helpers every test target shares (marker-located text, a seeded
        // generator); in no product, so users never see it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Models, views and catalogs the registry and command-line tests share.
        .target(name: "RegistryFixtures", dependencies: ["MappingRegistry", "ModelStorage"], path: "Tests/RegistryFixtures"),
        .testTarget(name: "ModelStorageTests", dependencies: ["ModelStorage", "TestSupport"]),
        .testTarget(name: "MappingRegistryAtomicsTests", dependencies: ["MappingRegistryAtomics"]),
        .testTarget(
            name: "MappingRegistryTests",
            dependencies: ["MappingRegistry", "MappingRegistryAtomics", "ModelStorage", "TestSupport", "RegistryFixtures"]
        ),
        .testTarget(
            name: "MappingRegistryLanguageServerTests",
            dependencies: ["MappingRegistryLanguageServer", "MappingRegistry", "TestSupport", "RegistryFixtures"]
        ),
        .testTarget(
            name: "MappingRegistryCommandLineTests",
            dependencies: ["MappingRegistryCommandLine", "MappingRegistry", "ModelStorage", "TestSupport", "RegistryFixtures"]
        ),
        // README's quick starts and the documentation's listings, built against
        // the two core modules only, exactly as an app that depends on the
        // package would build them; ListingTests checks every document's listings.
        .testTarget(
            name: "QuickStartTests",
            dependencies: ["MappingRegistry", "ModelStorage"],
            // The committed catalog file of the "Validate in CI" listing, read by path.
            exclude: ["Listings/Catalog"]
        ),
        .testTarget(
            name: "MenuTests",
            dependencies: [
                "menu", "MappingRegistryCommandLine", "MappingRegistryLanguageServer", "MappingRegistryTesting",
                "MappingRegistry", "ModelStorage", "TestSupport",
            ],
            // Expected outputs, read from the source tree by path.
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "GenerateFilesTests", dependencies: ["GenerateFiles", "MappingRegistry"]),
        .testTarget(
            name: "MappingRegistryTestingTests",
            dependencies: ["MappingRegistryTesting", "MappingRegistry", "ModelStorage", "RegistryFixtures", "TestSupport"],
            // Expected reports, read from the source tree by path.
            exclude: ["Snapshots"]
        ),
    ]
)

// Plugin targets take no Swift settings (SwiftPM refuses them).
for target in package.targets where target.type != .plugin {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
