import MappingRegistry

/// The names a report gives the mappings of one registry: a stable identity
/// per mapping that does not depend on where the package is checked out or
/// on the Swift line a mapping is declared at, so a snapshot of a report
/// changes only when a resolution does.
///
/// - A JSON mapping is its file as loaded, its line and its column:
///   `mappings.json:6:5`. A file loaded by an absolute path (as
///   `.json(contentsOf:)` names it) is cut to the shortest tail of its path
///   that no other file of the registry ends with: `mappings.json`, or
///   `Feed/mappings.json` and `Profile/mappings.json` beside each other.
///   A name given as relative (`source: "mappings.json"`) is kept as given.
/// - A Swift mapping is its file as `#fileID` writes it, without a line:
///   `FeedTests/FeedMappings.swift`. Only when another Swift mapping of that
///   file shows the same view, with the same reuse identifier and kind (so
///   its line would read the same), is `#2` added: the mapping's place,
///   1-based, among those mappings in declaration order.
///
/// A mapping is shown as its view, then its reuse identifier in quotes when
/// that is not the view's name (`PostCell "hero"`), then the identity in
/// parentheses; the reuse identifier stays when locations are left out, so
/// a report still tells the hero `PostCell` from the plain one.
struct MappingNames {
    /// Each mapping's identity, by ``Mapping/index``.
    private let identities: [Int: String]

    /// What makes two Swift mappings of one file read the same in a report.
    private struct SwiftLine: Hashable {
        let file: String
        let view: String
        let reuseIdentifier: String
        let kind: ViewKind
    }

    /// Names every mapping of a registry.
    ///
    /// - Parameter mappings: The registry's mappings, in declaration order.
    init(_ mappings: [Mapping]) {
        let files = Set(mappings.map(\.location.file))
        var shortened: [String: String] = [:]
        for file in files { shortened[file] = Self.checkoutIndependentName(of: file, among: files) }
        var lines: [SwiftLine: [Int]] = [:]
        for mapping in mappings where Self.isSwift(mapping) {
            lines[Self.swiftLine(of: mapping), default: []].append(mapping.index)
        }
        var identities: [Int: String] = [:]
        for mapping in mappings {
            let location = mapping.location
            let file = shortened[location.file] ?? location.file
            if !Self.isSwift(mapping) {
                identities[mapping.index] = "\(file):\(location.line):\(location.column)"
            } else if let group = lines[Self.swiftLine(of: mapping)], group.count > 1, let place = group.firstIndex(of: mapping.index) {
                identities[mapping.index] = "\(file) #\(place + 1)"
            } else {
                identities[mapping.index] = file
            }
        }
        self.identities = identities
    }

    /// `mappings.json:6:5`, `FeedTests/FeedMappings.swift`: where a mapping is
    /// declared, stable across checkouts and unrelated edits.
    func identity(of mapping: Mapping) -> String {
        identities[mapping.index] ?? mapping.location.description
    }

    /// A mapping as a report line shows it: `PostCell "hero" (FeedTests/FeedMappings.swift)`,
    /// with the view in single quotes (`'PostCell' "hero" (…)`) when
    /// `quoted`, as the lines saying why a mapping lost write it.
    func describe(_ mapping: Mapping, quoted: Bool = false, includeLocation: Bool) -> String {
        let view = quoted ? "'\(mapping.view)'" + Self.reuseSuffix(of: mapping) : Self.view(of: mapping)
        return includeLocation ? "\(view) (\(identity(of: mapping)))" : view
    }

    /// Whether `text` names where a mapping is declared: its identity as a
    /// report writes it, or its location as loaded (`file:line:column`, as
    /// a Swift `MappingDeclaration`'s `location` describes itself).
    func matches(_ mapping: Mapping, declaredAt text: String) -> Bool {
        text == identity(of: mapping) || text == mapping.location.description
    }

    /// `PostCell`, or `PostCell "hero"` when the reuse identifier is not the view's name.
    static func view(of mapping: Mapping) -> String {
        mapping.view + reuseSuffix(of: mapping)
    }

    /// ` "hero"`, or nothing for a reuse identifier that is the view's name.
    private static func reuseSuffix(of mapping: Mapping) -> String {
        mapping.reuseIdentifier == mapping.view ? "" : " \"\(mapping.reuseIdentifier)\""
    }

    /// A Swift declaration's location has no JSON pointer; a JSON mapping's
    /// is its object's (`/mappings/3`), never the whole document's.
    private static func isSwift(_ mapping: Mapping) -> Bool {
        mapping.location.pointer.isEmpty
    }

    private static func swiftLine(of mapping: Mapping) -> SwiftLine {
        SwiftLine(file: mapping.location.file, view: mapping.view, reuseIdentifier: mapping.reuseIdentifier, kind: mapping.kind)
    }

    /// A relative name as given; an absolute path cut to its shortest tail
    /// (whole components) that no other file of `files` ends with, so the
    /// part that names the checkout never shows, and two files of one name
    /// keep the folders that tell them apart.
    static func checkoutIndependentName(of file: String, among files: Set<String>) -> String {
        guard isAbsolute(file) else { return file }
        let parts = components(of: file)
        let others = files.filter { $0 != file }.map(components)
        for count in 1..<max(parts.count, 1) {
            let tail = parts.suffix(count)
            if others.allSatisfy({ !$0.suffix(count).elementsEqual(tail) }) { return tail.joined(separator: "/") }
        }
        return parts.joined(separator: "/")
    }

    /// `/…`, or a Windows drive (`C:\…`, `C:/…`).
    private static func isAbsolute(_ path: String) -> Bool {
        if path.hasPrefix("/") || path.hasPrefix("\\") { return true }
        let characters = Array(path.prefix(3))
        return characters.count == 3 && characters[0].isLetter && characters[1] == ":" && (characters[2] == "/" || characters[2] == "\\")
    }

    private static func components(of path: String) -> [Substring] {
        path.split(whereSeparator: { $0 == "/" || $0 == "\\" })
    }
}
