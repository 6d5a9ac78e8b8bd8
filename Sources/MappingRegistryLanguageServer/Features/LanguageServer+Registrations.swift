import Foundation
import MappingRegistry

/// Where a plugin was registered in Swift, for definition, references,
/// workspace symbols and rename: the catalog names the file
/// (`registeredAt`), and the registration is found in it when asked (see
/// ``RegistrationSite``), so a catalog does not change when lines move.
extension LanguageServer {
    /// A plugin's registration: its Swift file as it is now, and the name
    /// in it when the file writes it.
    struct Registration {
        var site: RegistrationSite
        /// The file, as an absolute path.
        var path: String
        /// The file's text.
        var lines: LineIndex
        /// The name in the file; `nil` when the file does not write it.
        var match: RegistrationSite.Match?

        var uri: String { DocumentURI.uri(ofPath: path) }

        /// The name's range; else the older catalog's line, when the file
        /// has it; else the file's first line.
        var range: LSPRange {
            if let match { return lines.range(of: match.range) }
            let line = site.line.map { $0 - 1 }.flatMap { $0 < lines.lineStarts.count ? $0 : nil } ?? 0
            let start = LSPPosition(line: line, character: 0)
            return LSPRange(start: start, end: start)
        }
    }

    /// The Swift files registrations were read from in one request, by path.
    typealias SwiftFiles = [String: [UInt8]]

    /// The registration of a plugin, read from its file (once per request
    /// through `files`); `nil` when the catalog names no file, or no such
    /// file exists here.
    ///
    /// A server of an app's own plugins (no catalog file) falls back on
    /// the file the app was compiled from, when the catalog's file, relative
    /// to the package's root, is not under the workspace's roots or the
    /// directory the server was started in.
    func registration(_ category: CatalogIndex.Category, _ entry: CatalogIndex.Entry, files: inout SwiftFiles) -> Registration? {
        var sites = [entry.registeredAt]
        if configuration.catalogPath == nil {
            sites.append(configuration.plugins.recordedSite(of: category.rawValue, named: entry.name))
        }
        let directories = siteDirectories
        for case let site? in sites.map({ $0.flatMap(RegistrationSite.init) }) {
            guard let path = Self.existingFile(site.path, in: directories) else { continue }
            return registration(category, entry, at: site, path: path, files: &files)
        }
        return nil
    }

    /// The registration of a plugin in the file at `path`, which exists.
    private func registration(
        _ category: CatalogIndex.Category, _ entry: CatalogIndex.Entry, at site: RegistrationSite, path: String, files: inout SwiftFiles
    ) -> Registration? {
        let bytes: [UInt8]
        if let read = files[path] {
            bytes = read
        } else {
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int ?? 0
            guard size <= WorkspaceFiles.sizeLimit, let data = FileManager.default.contents(atPath: path) else { return nil }
            bytes = [UInt8](data)
            files[path] = bytes
        }
        let lines = LineIndex(bytes, encoding: encoding)
        let preferred = site.line.flatMap { line -> Range<Int>? in
            guard line - 1 < lines.lineStarts.count else { return nil }
            return lines.lineStarts[line - 1]..<lines.lineEnd(line - 1)
        }
        let match = RegistrationSite.find(
            category, named: entry.name, typeNames: RegistrationSite.typeNames(category, entry), in: bytes, preferring: preferred
        )
        return Registration(site: site, path: path, lines: lines, match: match)
    }

    /// The location of a plugin's registration; `nil` when its file is not here.
    func registrationLocation(_ category: CatalogIndex.Category, _ entry: CatalogIndex.Entry) -> JSONValue? {
        var files: SwiftFiles = [:]
        return registrationLocation(category, entry, files: &files)
    }

    /// The location of a plugin's registration, reading files once per request.
    func registrationLocation(_ category: CatalogIndex.Category, _ entry: CatalogIndex.Entry, files: inout SwiftFiles) -> JSONValue? {
        registration(category, entry, files: &files).map { Self.location(uri: $0.uri, range: $0.range) }
    }

    /// Where relative `registeredAt` paths are looked up, in order: the
    /// catalog file's directory and each directory above it (a catalog is
    /// committed inside the package its paths are relative to), then the
    /// workspace's roots, then the directory the server was started in.
    var siteDirectories: [String] {
        var directories: [String] = []
        if let catalog = configuration.catalogPath {
            var directory = Self.directory(of: catalog)
            while directory.hasPrefix("/") {
                directories.append(String(directory))
                directory = Self.directory(of: String(directory))
            }
        }
        return directories + workspaceRoots + [FileManager.default.currentDirectoryPath]
    }

    /// The first of `directories` holding `path` (or `path` itself when
    /// absolute), as an absolute path; `nil` when none does. A Swift view
    /// declared by `Map(V.self)` is recorded by its `#fileID`,
    /// `Module/File.swift`, so `Sources/` and `Tests/` are tried too.
    static func existingFile(_ path: String, in directories: [String]) -> String? {
        let relative = [path, "Sources/" + path, "Tests/" + path]
        let candidates = path.hasPrefix("/") ? [path] : relative.flatMap { path in
            directories.map { ($0.hasSuffix("/") ? $0 : $0 + "/") + path }
        }
        return candidates.first { candidate in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
}
