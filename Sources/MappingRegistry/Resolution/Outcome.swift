import ModelStorage

/// What resolving one model found, by index into the registry's mappings:
/// the internal result every resolver returns. Diagnostics are built only
/// by the callers that need them (``MappingRegistry/resolve(_:at:kind:context:)``
/// makes a ``Resolution``; a ``ReusePool`` renders or reports).
enum Outcome {
    /// The model itself (not an Optional) resolved to this mapping.
    case resolved(Int)
    /// The model was an Optional; its wrapped value resolved to this mapping.
    case resolvedUnwrapped(Int, Any)
    case nilModel
    /// No mapping applies to the (unwrapped) value.
    case missing(Any)
    /// Several mappings of the highest applying priority; the (unwrapped) value.
    case ambiguous([Int], Any)
    /// Whether this mapping applies, and so which one wins, depends on a
    /// predicate that reads a render context, and there is none of its type.
    case missingContext(Int, Any)

    /// The reference rule, applied to every candidate in turn: of the
    /// mappings that take the value and whose condition holds, those of
    /// the highest priority remain.
    ///
    /// One pass finds the highest applying priority and how many mappings
    /// share it, without allocating; only a tie lists them, in a second pass.
    ///
    /// - Parameters:
    ///   - value: A value that is not an `Optional`.
    ///   - candidates: The mappings of the kind asked for, in order.
    ///
    /// A mapping whose condition cannot be decided for want of a render
    /// context decides nothing when a mapping of a higher priority applies;
    /// otherwise the outcome is ``missingContext(_:_:)``.
    static func applyingEvery<Source: ContextSource>(
        _ candidates: [CompiledMapping], to value: Any, at position: ItemPosition, _ source: Source
    ) -> Outcome {
        func truth(_ mapping: CompiledMapping) -> Truth {
            mapping.accepts(value) ? mapping.condition.truth(for: value, at: position, source) : .no
        }
        var top = Int.min, first = -1, count = 0
        var undecided: CompiledMapping?
        for mapping in candidates {
            switch truth(mapping) {
            case .no:
                continue
            case .unknown:
                if undecided.map({ mapping.priority > $0.priority }) ?? true { undecided = mapping }
            case .yes:
                if count == 0 || mapping.priority > top {
                    (top, first, count) = (mapping.priority, mapping.index, 1)
                } else if mapping.priority == top {
                    count += 1
                }
            }
        }
        if let undecided, count == 0 || undecided.priority >= top {
            return .missingContext(undecided.index, value)
        }
        switch count {
        case 0: return .missing(value)
        case 1: return .resolved(first)
        default:
            // Ambiguous: the rare path may allocate.
            return .ambiguous(candidates.filter { $0.priority == top && truth($0) == .yes }.map(\.index), value)
        }
    }
}
