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
        .testTarget(name: "ModelStorageTests", dependencies: ["ModelStorage"]),
        .testTarget(name: "MappingRegistryTests", dependencies: ["MappingRegistry", "ModelStorage"]),
        .testTarget(
            name: "MenuTests",
            dependencies: ["menu", "MappingRegistry", "ModelStorage"],
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
