/// Supplementary models by kind, remembering the order in which kinds were
/// first set.
///
/// Shared by ``SectionModel`` and ``SingleSectionStorage`` so both keep
/// kinds in the same order with the same rules.
struct SupplementaryModels {
    private(set) var kinds: [String] = []
    private var models: [String: Any] = [:]

    /// The model of a kind, or `nil`.
    func model(ofKind kind: String) -> Any? {
        models[kind]
    }

    /// Sets or, with `nil`, removes the model of a kind.
    ///
    /// A kind set for the first time (or again after a removal) goes to the
    /// end of ``kinds``; replacing a model keeps the kind's place.
    mutating func setModel(_ model: Any?, ofKind kind: String) {
        if let model {
            if models.updateValue(model, forKey: kind) == nil {
                kinds.append(kind)
            }
        } else if models.removeValue(forKey: kind) != nil {
            kinds.removeAll { $0 == kind }
        }
    }
}
