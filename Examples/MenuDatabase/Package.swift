// swift-tools-version:6.2
import PackageDescription

// A storage that follows a SQLite database, and the menu sample rendered
// from it. Nested so the root package keeps no dependencies; run it from the
// repository root:
//   swift run --package-path Examples/MenuDatabase menu-database
//   swift run -c release --package-path Examples/MenuDatabase menu-database bench
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
        .target(
            name: "MenuDatabase",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "MappingRegistry", package: "MappingRegistry"),
                .product(name: "ModelStorage", package: "MappingRegistry"),
            ]
        ),

        // Examples
        .executableTarget(
            name: "menu-database",
            dependencies: [
                "MenuDatabase",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "MappingRegistry", package: "MappingRegistry"),
                .product(name: "ModelStorage", package: "MappingRegistry"),
            ]
        ),

        // Tests
        .testTarget(
            name: "MenuDatabaseTests",
            dependencies: [
                "MenuDatabase",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "MappingRegistry", package: "MappingRegistry"),
                .product(name: "ModelStorage", package: "MappingRegistry"),
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
