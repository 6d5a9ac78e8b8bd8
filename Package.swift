// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "MappingRegistry",
    // Linux has no minimum; on Apple platforms the lock-free resolution
    // cache needs the Synchronization module.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "MappingRegistry", targets: ["MappingRegistry", "ModelStorage"]),
        .library(name: "ModelStorage", targets: ["ModelStorage"]),
        .executable(name: "menu", targets: ["menu"]),
    ],
    dependencies: [],
    targets: [
        // Library
        .target(name: "ModelStorage"),
        .target(name: "MappingRegistry", dependencies: ["ModelStorage"]),

        // Examples
        .executableTarget(
            name: "menu",
            dependencies: ["MappingRegistry", "ModelStorage"],
            path: "Examples/Menu",
            // The default data, also compiled in as BundledFiles.data.
            exclude: ["Data"]
        ),

        // Tests
        // Helpers every test target shares (marker-located text, a seeded
        // generator); in no product, so users never see it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ModelStorageTests", dependencies: ["ModelStorage", "TestSupport"]),
        .testTarget(name: "MappingRegistryTests", dependencies: ["MappingRegistry", "ModelStorage", "TestSupport"]),
        .testTarget(
            name: "MenuTests",
            dependencies: ["menu", "MappingRegistry", "ModelStorage", "TestSupport"],
            // Expected outputs, read from the source tree by path.
            exclude: ["Snapshots"]
        ),
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
