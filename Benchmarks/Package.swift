// swift-tools-version:6.2
import PackageDescription

// Benchmarks are plain executables that print tables of numbers; run one
// from the repository root, in release mode:
//   swift run -c release --package-path Benchmarks ResolutionBenchmarks
//   swift run -c release --package-path Benchmarks StorageBenchmarks
//   swift run -c release --package-path Benchmarks DiagnosticBenchmarks
//   swift build -c release --product mapping-registry && \
//     swift run -c release --package-path Benchmarks LanguageServerBenchmarks
//   swift run -c release --package-path Benchmarks DataDocumentBenchmarks
// Benchmarks/instructions.sh counts instructions per resolve with callgrind.
// To add a benchmark, add one entry here and a folder Sources/<Name>/.
let benchmarks: [(name: String, products: [String], counter: Bool)] = [
    (name: "ResolutionBenchmarks", products: ["MappingRegistry"], counter: true),
    (name: "StorageBenchmarks", products: ["ModelStorage"], counter: false),
    (name: "DiagnosticBenchmarks", products: ["MappingRegistry"], counter: false),
    (name: "LanguageServerBenchmarks", products: ["MappingRegistry"], counter: false),
    (name: "DataDocumentBenchmarks", products: ["MappingRegistry"], counter: false),
]

let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "MappingRegistryBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "MappingRegistry", path: ".."),
    ],
    targets: [
        // Counts heap allocations (glibc only), so a benchmark can print allocations per item.
        .target(name: "MallocCounter"),
    ] + benchmarks.map { benchmark in
        .executableTarget(
            name: benchmark.name,
            dependencies: benchmark.products.map { .product(name: $0, package: "MappingRegistry") }
                + (benchmark.counter ? ["MallocCounter"] : []),
            swiftSettings: settings
        )
    }
)
