// swift-tools-version:6.2
import PackageDescription

// A storage that follows a SQLite database, and the menu sample rendered
// from it. Nested so the root package keeps no dependencies; run it from the
// repository root:
//   swift run --package-path Examples/MenuDatabase menu-database
//   swift run -c release --package-path Examples/MenuDatabase menu-database bench

// What every target here uses: GRDB, and both products of the root package.
let common: [Target.Dependency] = [
    .product(name: "GRDB", package: "GRDB.swift"),
    .product(name: "MappingRegistry", package: "MappingRegistry"),
    .product(name: "ModelStorage", package: "MappingRegistry"),
]

let package = Package(
    name: "MenuDatabase",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "MenuDatabase", targets: ["MenuDatabase"]),
        .executable(name: "menu-database", targets: ["menu-database"]),
    ],
    dependencies: [
        .package(name: "MappingRegistry", path: "../.."),
        // On Linux, GRDB links the system SQLite: Debian's libsqlite3-dev.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // Library
        .target(name: "MenuDatabase", dependencies: common),

        // Examples
        .executableTarget(name: "menu-database", dependencies: ["MenuDatabase"] + common),

        // Tests
        .testTarget(name: "MenuDatabaseTests", dependencies: ["MenuDatabase", "menu-database"] + common),
    ]
)

for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    target.swiftSettings = settings
}
