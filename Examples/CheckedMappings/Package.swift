// swift-tools-version:6.2
import PackageDescription

// A library whose mappings are checked on every build that changed them, by
// the MappingRegistryPlugin build-tool plugin, against its committed
// catalog.json; its tests load the same files. Nested so the root package
// keeps no dependencies; from the repository root:
//   swift build --package-path Examples/CheckedMappings
//   (cd Examples/CheckedMappings && swift test)

let package = Package(
    name: "CheckedMappings",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "Shelf", targets: ["Shelf"]),
    ],
    dependencies: [
        .package(name: "MappingRegistry", path: "../.."),
    ],
    targets: [
        // Library
        // doc-listing: build-plugin-manifest
        .target(
            name: "Shelf",
            dependencies: [
                .product(name: "MappingRegistry", package: "MappingRegistry"),
            ],
            // mappings.json, catalog.json and the data document: read by
            // path here; an app would ship them as resources instead.
            exclude: ["Configuration"],
            plugins: [.plugin(name: "MappingRegistryPlugin", package: "MappingRegistry")]
        ),
        // doc-listing-end: build-plugin-manifest

        // Tests
        .testTarget(
            name: "ShelfTests",
            dependencies: [
                "Shelf",
                .product(name: "MappingRegistry", package: "MappingRegistry"),
                .product(name: "MappingRegistryTesting", package: "MappingRegistry"),
            ]
        ),
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
