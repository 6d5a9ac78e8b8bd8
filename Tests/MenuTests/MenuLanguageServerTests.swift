import Foundation
import Testing

/// `menu lsp` as an editor runs it: standard input stays open after `exit`,
/// so only `exit` itself can end the process.
@Suite struct MenuLanguageServerTests {
    /// A message framed as the protocol frames it.
    static func frame(_ body: String) -> Data {
        Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    /// Whether `shutdown` comes first, the `params` member of `exit` (as
    /// eglot 1.9, Zed and Atom's client send `null`, newer eglot `{}`), and
    /// the exit status.
    @Test(arguments: [
        (true, #","params":null"#, Int32(0)),
        (false, #","params":null"#, Int32(1)),
        (true, #","params":{}"#, Int32(0)),
        (false, "", Int32(1)),
    ])
    func exitEndsTheProcessWhileStandardInputIsOpen(shutdown: Bool, params: String, status: Int32) throws {
        let input = Pipe()
        var messages = Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"capabilities":{}}}"#)
        messages += Self.frame(#"{"jsonrpc":"2.0","method":"initialized","params":null}"#)
        if shutdown { messages += Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown","params":null}"#) }
        messages += Self.frame(#"{"jsonrpc":"2.0","method":"exit"\#(params)}"#)
        // Well under a pipe's capacity, so written before the process starts;
        // the writing end stays open until the process has ended.
        try input.fileHandleForWriting.write(contentsOf: messages)
        let run = try MenuBinary.run(["lsp"], standardInput: input.fileHandleForReading)
        withExtendedLifetime(input) {}
        #expect(run.status == status)
        #expect(run.output.contains(#""id":1,"result":{"capabilities""#))
        #expect(run.output.contains(#"{"jsonrpc":"2.0","id":2,"result":null}"#) == shutdown)
        #expect(!run.output.contains(#""error""#), "\(run.output)")
        #expect(run.errors.isEmpty, "\(run.errors)")
    }
}
