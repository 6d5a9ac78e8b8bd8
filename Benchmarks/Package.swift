// swift-tools-version:6.2
// Benchmarks for MappingRegistry: plain executables that print tables.
// Run from the repository root, in release mode:
//   swift run -c release --package-path Benchmarks ResolutionBenchmarks
import PackageDescription

let package = Package(
    name: "MappingRegistryBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "MappingRegistry", path: "..")],
    targets: [
        .executableTarget(
            name: "ResolutionBenchmarks",
            dependencies: [
                .product(name: "MappingRegistry", package: "MappingRegistry"),
            ]
        ),
    ]
)
