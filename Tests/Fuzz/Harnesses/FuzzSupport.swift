import Foundation
import MappingRegistry
import ModelStorage

/// What both fuzzers share: the sample menu's plugins, and a sink for
/// rendered text.
///
/// The harnesses are built by `.ci/fuzz` with `swiftc -sanitize=fuzzer,address`,
/// outside SwiftPM, together with the sample's plugins from `Examples/Menu`.
enum FuzzSupport {
    /// The sample's catalog: models with `Decodable` values, views with and
    /// without `ModelTransfer`, predicates with arguments, decorators.
    static let plugins = MenuPlugins.catalog

    /// Ends the fuzz run before its first input, saying why on standard error.
    static func stop(_ reason: String) -> Never {
        FileHandle.standardError.write(Data("fuzz harness: \(reason)\n".utf8))
        exit(2)
    }
}

/// A `TextOutputStream` that keeps only the number of bytes written, so the
/// fuzzers render everything without keeping it.
struct CountingStream: TextOutputStream {
    var bytes = 0

    mutating func write(_ string: String) {
        bytes &+= string.utf8.count
    }
}

/// Renders a storage both ways the library offers: the whole storage through
/// a `TextRenderer`, and every item one at a time through a `ReusePool`.
func renderEverything(_ storage: some Storage, with registry: MappingRegistry) {
    var sink = CountingStream()
    let result = TextRenderer(registry: registry).render(storage, into: &sink)
    sink.write(result.diagnostics.map(\.description).joined())
    let pool = ReusePool(registry: registry)
    for section in 0..<storage.numberOfSections {
        for item in 0..<storage.numberOfItems(inSection: section) {
            let position = ItemPosition(item: item, section: section)
            if case .success(let text) = pool.render(storage.item(at: position) as Any, at: position) {
                sink.write(text)
            }
        }
    }
}
