import MenuDatabase

/// Collects optional strings from any thread, in order: what an observer
/// saw or would have printed.
final class TextLog: Sendable {
    private let texts = Locked<[String?]>([])

    func record(_ text: String?) {
        texts.withLock { $0.append(text) }
    }

    var all: [String?] {
        texts.withLock { $0 }
    }
}
