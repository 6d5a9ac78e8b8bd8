import Foundation
import MappingRegistry
import MappingRegistryLanguageServer

/// A language server for the sample's plugins, initialized, with the
/// sample's mappings open; a fresh one per input.
private func makeServer() -> LanguageServer {
    let catalog = CatalogDescription(FuzzSupport.plugins)
    var server = LanguageServer(configuration: LanguageServerConfiguration(
        name: "menu",
        plugins: FuzzSupport.plugins,
        catalog: catalog,
        catalogDocument: Array(catalog.rendered().utf8),
        defaultMappings: ("mappings.json", Data(BundledFiles.mappings.utf8)),
        createsValues: true
    ))
    _ = server.receive(body: Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#.utf8))
    return server
}

/// One input: a byte stream from a client, fed to the message reader in
/// pieces whose sizes the input's first byte chooses, each event handled
/// by the server and pending diagnostics published after every piece, as
/// the connection does. Everything must end in responses, never in a
/// crash, a sanitizer report, a hang or unbounded memory.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessages(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    guard let first = input.first else { return 0 }
    let piece = Int(first % 64) + 1
    var server = makeServer()
    var reader = MessageReader()
    var index = 1
    var sent = 0
    while index < input.count {
        let end = min(input.count, index + piece)
        reader.append(input[index..<end])
        index = end
        while let event = reader.next() {
            sent &+= server.receive(event).count
        }
        sent &+= server.checkPendingNow().count
    }
    return sent < 0 ? 1 : 0
}
