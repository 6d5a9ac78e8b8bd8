import Foundation

/// Where a catalog file says each plugin was registered (`registeredAt`):
/// the registration's Swift file relative to its package's root, with no
/// line, so the file is byte-identical on every checkout of the package
/// and after lines are added above a registration. Editors find the line
/// when asked, by the registration's string literal or type name.
///
/// The root of a file is the nearest directory above it that holds a
/// `Package.swift`, an Xcode project or workspace (`*.xcodeproj`,
/// `*.xcworkspace`) or a `.git`; with none, the current directory when the
/// file is inside it (and it is not `/`); else the path is the file's name
/// alone. A site that is not an absolute path (a Swift `Map(V.self)`'s
/// `#fileID`, `Module/File.swift`) is written as it is, without its line.
struct CatalogSites {
    private let sites: [String: String]

    /// The sites of every plugin of a catalog, each root found once.
    init(_ plugins: PluginCatalog, currentDirectory: String = FileManager.default.currentDirectoryPath) {
        var roots = Roots(currentDirectory: currentDirectory)
        sites = plugins.registrationSites.mapValues { site in
            roots.catalogPath(of: Self.file(ofSite: site))
        }
    }

    /// The `registeredAt` of a plugin; `nil` when it has no recorded site.
    func registeredAt(of category: String, named name: String) -> String? {
        sites["\(category)\u{0}\(name)"]
    }

    /// A recorded site, `path:line`, without its line.
    static func file(ofSite site: String) -> String {
        guard let colon = site.lastIndex(of: ":"), Int(site[site.index(after: colon)...]) != nil else { return site }
        return String(site[..<colon])
    }

    /// The package roots of the directories asked about, looked up once each.
    struct Roots {
        let currentDirectory: String
        private var isRoot: [String: Bool] = [:]

        init(currentDirectory: String) {
            self.currentDirectory = currentDirectory
        }

        /// A source file's path as a catalog writes it (see ``CatalogSites``).
        mutating func catalogPath(of path: String) -> String {
            guard path.hasPrefix("/") else { return path }
            let components = URL(fileURLWithPath: path).standardizedFileURL.pathComponents.filter { $0 != "/" }
            guard let name = components.last else { return path }
            // The directories above the file, nearest first; never `/` itself.
            for depth in stride(from: components.count - 1, through: 1, by: -1) {
                let directory = "/" + components[..<depth].joined(separator: "/")
                if holdsRootMarker(directory) {
                    return components[depth...].joined(separator: "/")
                }
            }
            let current = URL(fileURLWithPath: currentDirectory).standardizedFileURL.pathComponents.filter { $0 != "/" }
            if !current.isEmpty, components.count > current.count, Array(components[..<current.count]) == current {
                return components[current.count...].joined(separator: "/")
            }
            return name
        }

        private mutating func holdsRootMarker(_ directory: String) -> Bool {
            if let known = isRoot[directory] { return known }
            let manager = FileManager.default
            let found = ["Package.swift", ".git"].contains { manager.fileExists(atPath: directory + "/" + $0) }
                || ((try? manager.contentsOfDirectory(atPath: directory)) ?? []).contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
            isRoot[directory] = found
            return found
        }
    }
}

extension PluginCatalog {
    /// Where a plugin was registered, as recorded: `#filePath:#line` for
    /// an app's own registrations (what an editor serving the app itself
    /// falls back on when the catalog's relative file is not found), a
    /// catalog file's `registeredAt` for a catalog read from one.
    package func recordedSite(of category: String, named name: String) -> String? {
        registrationSites["\(category)\u{0}\(name)"]
    }
}
