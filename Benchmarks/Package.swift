// swift-tools-version:6.0
import PackageDescription

// Benchmarks are plain executables that print numbers; run one with
//   swift run -c release --package-path Benchmarks <Name>
// To add a benchmark, add one entry here and a folder Sources/<Name>/.
let benchmarks: [(name: String, products: [String])] = [
    (name: "StorageBenchmarks", products: ["ModelStorage"]),
]

let package = Package(
    name: "MappingRegistryBenchmarks",
    dependencies: [
        .package(name: "MappingRegistry", path: ".."),
    ],
    targets: benchmarks.map { benchmark in
        .executableTarget(
            name: benchmark.name,
            dependencies: benchmark.products.map { .product(name: $0, package: "MappingRegistry") },
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        )
    }
)
