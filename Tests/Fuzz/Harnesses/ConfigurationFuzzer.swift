import Foundation
import MappingRegistry
import ModelStorage

/// The sample's data, loaded once, for every configuration that loads to render.
nonisolated(unsafe) private var menuData: DataDocument?

/// libFuzzer calls this once before the first input.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    do {
        menuData = try DataDocument(data: Data(BundledFiles.data.utf8), plugins: FuzzSupport.plugins, source: "menu-data.json")
    } catch {
        // Without the sample's data nothing would be rendered: a silent, weaker fuzz run.
        FuzzSupport.stop("the sample's data does not load: \(error)")
    }
    // Freed before LeakSanitizer's check at exit, which cannot follow the
    // tagged pointers Swift keeps in enum payloads and would report it.
    atexit { menuData = nil }
    return 0
}

/// One input: loads it as `mappings.json` with the sample's plugins,
/// formats the diagnostics of a failed load, and renders the sample's data
/// through a registry that loads. A crash, a sanitizer report or a timeout
/// is a bug; a load error is the expected answer to most inputs.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfiguration(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    do {
        let registry = try MappingRegistry(configuration: data, plugins: FuzzSupport.plugins)
        if let menuData {
            renderEverything(menuData.storage, with: registry)
        }
    } catch {
        var formatter = DiagnosticFormatter()
        formatter.addSource(data, named: "mappings.json")
        _ = formatter.format(error.diagnostics)
    }
    return 0
}
