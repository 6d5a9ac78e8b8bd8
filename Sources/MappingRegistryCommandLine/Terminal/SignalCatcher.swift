import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns signals into calls of a closure, on a Dispatch queue, for as long
/// as it lives; ``restore()`` puts back how each was handled before.
///
/// Dispatch sees a signal only when its default action is switched off, so
/// each one is set to be ignored while caught. (``InterruptSignal`` is the
/// same for SIGINT alone.)
final class SignalCatcher {
    private var sources: [any DispatchSourceSignal] = []
    private var previous: [(signal: Int32, handler: (@convention(c) (Int32) -> Void)?)] = []

    /// Starts catching `signals`.
    ///
    /// - Parameters:
    ///   - signals: The signals, such as `SIGTERM` and `SIGWINCH`.
    ///   - handler: Called with the signal's number, once per delivery
    ///     Dispatch sees (two deliveries close together may be seen as one).
    init(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) {
        for number in signals {
            previous.append((number, signal(number, SIG_IGN)))
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            sources.append(source)
        }
    }

    /// Stops catching the signals and restores their previous handling.
    func restore() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for (number, handler) in previous.reversed() { signal(number, handler) }
        previous.removeAll()
    }
}
