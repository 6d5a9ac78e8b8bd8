import Foundation
@testable import MappingRegistry
import ModelStorage
import RegistryFixtures
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mappings file in a fresh temporary directory, written the ways
/// editors write: in place, through a new file renamed over the old one,
/// truncated, deleted and created again.
///
/// Every valid version is a *generation* `g`: a registry whose mappings all
/// carry `g` in their reuse identifiers and whose mapping count is
/// `2 + g % 4`, so a reader can check that a registry is one whole version.
///
/// The directory and everything in it go when the last copy of the value
/// does (at the end of the test that made it).
struct MappingsFile {
    let url: URL
    let directory: URL
    /// Owns `directory`.
    private let temporary: TemporaryDirectory

    init(name: String = "mappings.json") throws {
        temporary = TemporaryDirectory(prefix: "reloading")
        directory = temporary.url
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        url = directory.appendingPathComponent(name)
    }

    /// The configuration of generation `g`.
    static func generation(_ g: Int) -> String {
        var mappings = [
            #"{ "view": "NumberRow", "model": "Int", "reuseIdentifier": "number-\#(g)" }"#,
            #"{ "view": "TitleView", "model": "String", "kind": "header", "reuseIdentifier": "title-\#(g)" }"#,
        ]
        for note in 0..<(g % 4) {
            mappings.append(#"{ "view": "Footnote", "model": "String", "kind": "note\#(note)", "reuseIdentifier": "note\#(note)-\#(g)" }"#)
        }
        return configuration(mappings.joined(separator: ",\n    "))
    }

    /// A configuration that parses but does not check: two errors.
    static let broken = configuration(
        #"{ "view": "NumberRo", "model": "Int" }"#,
        #"{ "view": "TitleView", "model": "Strin", "kind": "header" }"#
    )

    /// The generation a registry is, or a description of what is wrong with it.
    static func generation(of registry: MappingRegistry) -> Result<Int, WholeVersionError> {
        let tags = registry.mappings.map { mapping in
            mapping.reuseIdentifier.split(separator: "-").last.flatMap { Int($0) }
        }
        guard let first = tags.first, let g = first else {
            return .failure(WholeVersionError("no generation tag in \(registry.mappings.map(\.reuseIdentifier))"))
        }
        guard tags.allSatisfy({ $0 == g }), registry.mappings.count == 2 + g % 4 else {
            return .failure(WholeVersionError("mixed or partial registry: \(registry.mappings.map(\.reuseIdentifier))"))
        }
        switch registry.resolve(7, at: ItemPosition(item: 0, section: 0)) {
        case .resolved(let mapping) where mapping.reuseIdentifier == "number-\(g)":
            return .success(g)
        case let other:
            return .failure(WholeVersionError("generation \(g) resolved 7 to \(other)"))
        }
    }

    struct WholeVersionError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: - Writing

    /// Writes in place: the file is truncated, then written.
    func write(_ text: String) throws {
        try Data(text.utf8).write(to: url)
    }

    /// Writes a new file beside it and renames it over the old one.
    func writeRenamingOver(_ text: String) throws {
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        try Data(text.utf8).write(to: temporary)
        guard rename(temporary.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// Writes only the first half of the text, as a crashed or slow writer would leave it.
    func writeTruncated(_ text: String) throws {
        try Data(text.utf8.prefix(text.utf8.count / 2)).write(to: url)
    }

    func delete() throws {
        try FileManager.default.removeItem(at: url)
    }
}

/// Outcomes a watch delivered, in order, with a bounded wait for the next ones.
final class Deliveries: @unchecked Sendable {
    private let condition = NSCondition()
    private var outcomes: [Result<MappingRegistry, ConfigurationError>] = []

    func append(_ outcome: Result<MappingRegistry, ConfigurationError>) {
        condition.lock()
        outcomes.append(outcome)
        condition.broadcast()
        condition.unlock()
    }

    /// Every outcome so far.
    var all: [Result<MappingRegistry, ConfigurationError>] {
        condition.lock()
        defer { condition.unlock() }
        return outcomes
    }

    /// Waits until `predicate` holds for the outcomes, at most `timeout` seconds.
    @discardableResult
    func wait(timeout: TimeInterval = 30, until predicate: ([Result<MappingRegistry, ConfigurationError>]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(outcomes) {
            guard condition.wait(until: deadline) else { return predicate(outcomes) }
        }
        return true
    }

    /// Waits for an outcome that is generation `g`.
    func waitForGeneration(_ g: Int, timeout: TimeInterval = 30) -> Bool {
        wait(timeout: timeout) { outcomes in
            outcomes.contains { outcome in
                guard case .success(let registry) = outcome else { return false }
                return (try? MappingsFile.generation(of: registry).get()) == g
            }
        }
    }
}

extension Result where Success == MappingRegistry, Failure == ConfigurationError {
    /// `g7` for generation 7, or the failure's codes, such as `unknown-view,unknown-model`.
    var summary: String {
        switch self {
        case .success(let registry):
            switch MappingsFile.generation(of: registry) {
            case .success(let g): "g\(g)"
            case .failure(let error): "bad: \(error)"
            }
        case .failure(let error):
            error.errorCodes.map(\.rawValue).joined(separator: ",")
        }
    }
}

extension ConfigurationError {
    /// The codes of the errors, without the warnings (such as `unused-view`).
    var errorCodes: [Diagnostic.Code] {
        diagnostics.filter { $0.severity == .error }.map(\.code)
    }
}
