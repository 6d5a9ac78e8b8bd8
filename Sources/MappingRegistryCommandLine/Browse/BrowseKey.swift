/// The keys of `browse` and what each does: the one table that the key
/// handling, the help screen (`?`) and the key hints all read, so a key
/// cannot work without being listed, nor be listed without working.
struct BrowseKey: Sendable {
    /// What a key does.
    enum Effect: Hashable, Sendable {
        case up, down, pageUp, pageDown, home, end
        case select
        case search, nextMatch, previousMatch
        case help
        case redraw, suspend, quit
    }

    /// The keys that do it.
    let keys: [Key]
    /// The keys as the help screen names them.
    let label: String
    /// What it does, for the help screen.
    let summary: String
    let effect: Effect
    /// Its entry in the key hints under the list, if it has one.
    let hint: String?

    /// Every key, in the order the help screen lists them.
    static let all: [BrowseKey] = [
        BrowseKey(keys: [.up, .character("k")], label: "↑ k", summary: "move up", effect: .up, hint: nil),
        BrowseKey(keys: [.down, .character("j")], label: "↓ j", summary: "move down", effect: .down, hint: "↑↓ jk move"),
        BrowseKey(keys: [.pageUp], label: "PgUp", summary: "a page up", effect: .pageUp, hint: nil),
        BrowseKey(keys: [.pageDown], label: "PgDn", summary: "a page down", effect: .pageDown, hint: nil),
        BrowseKey(keys: [.home], label: "Home", summary: "the first row", effect: .home, hint: nil),
        BrowseKey(keys: [.end], label: "End", summary: "the last row", effect: .end, hint: nil),
        BrowseKey(keys: [.enter], label: "Enter", summary: "select: send didSelect, show what it says", effect: .select, hint: "Enter select"),
        BrowseKey(keys: [.character("/")], label: "/", summary: "search the rows' text as you type; Enter keeps, Esc goes back", effect: .search, hint: "/ search"),
        BrowseKey(keys: [.character("n")], label: "n", summary: "next match", effect: .nextMatch, hint: nil),
        BrowseKey(keys: [.character("N")], label: "N", summary: "previous match", effect: .previousMatch, hint: nil),
        BrowseKey(keys: [.character("?")], label: "?", summary: "these keys", effect: .help, hint: "? keys"),
        BrowseKey(keys: [.redraw], label: "Ctrl-L", summary: "draw the screen again", effect: .redraw, hint: nil),
        BrowseKey(keys: [.suspend], label: "Ctrl-Z", summary: "suspend (fg comes back)", effect: .suspend, hint: nil),
        BrowseKey(keys: [.character("q"), .interrupt], label: "q Ctrl-C", summary: "quit", effect: .quit, hint: "q quit"),
    ]

    /// What a key does; `nil` for a key of no entry (an app's action, or none).
    static func effect(of key: Key) -> Effect? {
        all.first { $0.keys.contains(key) }?.effect
    }

    /// The printable keys of the table: an app's action on one of them never runs.
    static let reservedCharacters: Set<Character> = Set(all.flatMap(\.keys).compactMap { key in
        if case .character(let character) = key { character } else { nil }
    })
}
