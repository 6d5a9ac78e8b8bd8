/// Telling custom supplementary kinds from the built-in kinds.
extension ViewKind {
    /// The built-in kinds: `cell`, `header` and `footer`.
    package static let builtIns: [ViewKind] = [.cell, .header, .footer]

    /// The built-in kind this kind spells, ignoring letter case (`Header`
    /// gives ``header``); `nil` for a custom kind such as `banner`.
    var builtInIgnoringCase: ViewKind? {
        let lowered = rawValue.lowercased()
        return Self.builtIns.first { $0.rawValue == lowered }
    }
}
