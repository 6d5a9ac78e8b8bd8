#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The descriptor the signal handler writes to: set before the handler is
/// installed and cleared after it is removed, so the handler only ever
/// reads it. A signal handler can capture nothing, hence a global.
nonisolated(unsafe) private var signalWakeDescriptor: Int32 = -1

/// Writes the signal's byte to ``signalWakeDescriptor``: `write` is
/// async-signal-safe, and `errno` is put back as it was.
private func wakeOnSignal(_ number: Int32) {
    let saved = errno
    var byte = SignalCatcher.byte(for: number)
    _ = write(signalWakeDescriptor, &byte, 1)
    errno = saved
}

/// Turns signals into bytes on a ``WakePipe`` for as long as it is
/// installed; ``restore()`` puts back how each was handled before.
///
/// The handlers are installed with `sigaction` before the initializer
/// returns, so no signal sent after that is lost (a Dispatch signal source
/// registers later, on its own queue, and a signal in between would be).
/// Only one catcher is installed at a time.
final class SignalCatcher {
    private var previous: [(signal: Int32, action: sigaction)] = []

    /// The byte a signal is written as: its number, which no other
    /// poster of a ``WakePipe`` uses (they use letters).
    static func byte(for number: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: number)
    }

    /// Installs a handler for each of `signals` that posts its byte to `pipe`.
    init(_ signals: [Int32], posting pipe: WakePipe) {
        signalWakeDescriptor = pipe.writeDescriptor
        for number in signals {
            var action = sigaction()
            #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = wakeOnSignal
            #else
            action.__sigaction_handler.sa_handler = wakeOnSignal
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            if sigaction(number, &action, &old) == 0 {
                previous.append((number, old))
            }
        }
    }

    /// Puts back each signal's previous handling.
    func restore() {
        for (number, action) in previous.reversed() {
            var action = action
            _ = sigaction(number, &action, nil)
        }
        previous.removeAll()
        signalWakeDescriptor = -1
    }
}
