import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT (Ctrl-C) into a call of a closure instead of the end of the
/// process, for as long as it lives; ``restore()`` puts back what was there.
final class InterruptSignal {
    private let source: any DispatchSourceSignal
    private let previous: (@convention(c) (Int32) -> Void)?

    /// Starts catching SIGINT.
    ///
    /// - Parameter handler: Called on a Dispatch queue for each SIGINT.
    init(_ handler: @escaping @Sendable () -> Void) {
        // Dispatch sees the signal only when its default action (ending the
        // process) is switched off.
        previous = signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
    }

    /// Stops catching SIGINT and restores its previous handling.
    func restore() {
        source.cancel()
        signal(SIGINT, previous)
    }
}
