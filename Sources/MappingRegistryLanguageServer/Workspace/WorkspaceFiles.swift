import Foundation
import MappingRegistry

/// One mappings file or data document of the workspace as references,
/// rename, code lenses and workspace symbols read it: an open document's
/// current text, or the file on disk.
struct WorkspaceFile {
    let uri: String
    let path: String
    let kind: DocumentKind
    let syntax: JSONSyntaxTree
    let lines: LineIndex
}

/// The mappings files and data documents under the workspace's roots that
/// are not open: found by one walk of the roots (the first request that
/// needs them; a file created later is seen once it is opened), each read
/// and parsed when first needed and again when its size or modification
/// date changes.
final class WorkspaceFiles {
    /// How many JSON files a walk looks at, and how large one may be: a
    /// workspace is a project, not a disk.
    static let fileLimit = 5000
    static let sizeLimit = 8 << 20
    /// Directories a walk does not enter: build products, dependencies, VCS.
    static let skipped: Set<String> = [".build", ".git", ".swiftpm", "node_modules", "DerivedData", "Pods", "Carthage"]

    private var paths: [String]?
    private var parsed: [String: (stamp: Stamp, file: WorkspaceFile?)] = [:]

    private struct Stamp: Equatable {
        var size: Int
        var modified: Date?
    }

    /// The JSON files under `roots` (walked once), as absolute paths, sorted.
    func paths(under roots: [String]) -> [String] {
        if let paths { return paths }
        var found: [String] = []
        let manager = FileManager.default
        for root in Set(roots).sorted() {
            guard let walker = manager.enumerator(
                at: URL(fileURLWithPath: root),
                includingPropertiesForKeys: [.isDirectoryKey, .fileSizeKey],
                options: [.skipsHiddenFiles, .skipsPackageDescendants]
            ) else { continue }
            for case let url as URL in walker {
                if Self.skipped.contains(url.lastPathComponent) {
                    walker.skipDescendants()
                    continue
                }
                guard url.pathExtension == "json" else { continue }
                found.append(url.standardizedFileURL.path)
                if found.count >= Self.fileLimit { break }
            }
        }
        let sorted = Array(Set(found)).sorted()
        paths = sorted
        return sorted
    }

    /// The file at `path` when it is a mappings file or a data document
    /// (its root has `"mappings"` or `"sections"`); `nil` for any other
    /// JSON, and for a file that cannot be read or is too large.
    func file(at path: String, encoding: PositionEncoding) -> WorkspaceFile? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let stamp = Stamp(size: (attributes?[.size] as? Int) ?? -1, modified: attributes?[.modificationDate] as? Date)
        if let cached = parsed[path], cached.stamp == stamp { return cached.file }
        var file: WorkspaceFile?
        if stamp.size >= 0, stamp.size <= Self.sizeLimit, let data = FileManager.default.contents(atPath: path) {
            let bytes = [UInt8](data)
            if let kind = Self.declaredKind(bytes) {
                file = WorkspaceFile(
                    uri: DocumentURI.uri(ofPath: path), path: path, kind: kind,
                    syntax: JSONParser.syntaxTree(bytes, mode: .tolerant, limits: TextDocument.syntaxLimits),
                    lines: LineIndex(bytes, encoding: encoding)
                )
            }
        }
        parsed[path] = (stamp, file)
        return file
    }

    /// `.mappings` or `.data` when the root says so by its keys; else `nil`.
    static func declaredKind(_ bytes: [UInt8]) -> DocumentKind? {
        var kind: DocumentKind?
        JSONToken.visitRootKeys(in: bytes) { key, _, _ in
            switch key {
            case MappingsKey.mappings.rawValue: kind = .mappings
            case DataDocumentKey.sections.rawValue: kind = .data
            default: break
            }
            return kind != nil
        }
        return kind
    }
}
