import Foundation
import MappingRegistry
import ModelStorage

/// The sample's mappings, loaded once, to render every document that loads.
nonisolated(unsafe) private var menuRegistry: MappingRegistry?

/// libFuzzer calls this once before the first input.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    do {
        menuRegistry = try MappingRegistry(configuration: Data(BundledFiles.mappings.utf8), plugins: FuzzSupport.plugins)
    } catch {
        // Without the sample's mappings nothing would be resolved: a silent, weaker fuzz run.
        FuzzSupport.stop("the sample's mappings do not load: \(error)")
    }
    // Freed before LeakSanitizer's check at exit, which cannot follow the
    // tagged pointers Swift keeps in enum payloads and would report it.
    atexit { menuRegistry = nil }
    return 0
}

/// One input: loads it as a data document with the sample's plugins,
/// formats the diagnostics of a failed load, and resolves and renders
/// every stored model of a document that loads.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDataDocument(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        let document = try DataDocument(data: data, plugins: FuzzSupport.plugins, source: "data.json")
        guard let menuRegistry else { return 0 }
        for entry in document.entries {
            _ = menuRegistry.resolve(entry.value as Any, at: entry.position, kind: entry.kind)
        }
        renderEverything(document.storage, with: menuRegistry)
    } catch {
        var formatter = DiagnosticFormatter()
        formatter.addSource(data, named: "data.json")
        _ = formatter.format(error.diagnostics)
    }
    return 0
}
