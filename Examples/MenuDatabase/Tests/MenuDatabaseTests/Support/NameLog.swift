import Synchronization

/// Collects optional strings from any thread, in order.
final class NameLog: Sendable {
    private let names = Mutex<[String?]>([])

    func record(_ name: String?) {
        names.withLock { $0.append(name) }
    }

    var all: [String?] {
        names.withLock { $0 }
    }
}
