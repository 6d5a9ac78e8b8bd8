import ModelStorage

/// What resolving one model found, by index into the registry's mappings:
/// the internal result every resolver returns. Diagnostics are built only
/// by the callers that need them (``MappingRegistry/resolve(_:at:kind:)``
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
    static func applyingEvery(_ candidates: [CompiledMapping], to value: Any, at position: ItemPosition) -> Outcome {
        func applies(_ mapping: CompiledMapping) -> Bool {
            mapping.accepts(value) && mapping.condition.holds(value, at: position)
        }
        var top = Int.min, first = -1, count = 0
        for mapping in candidates where applies(mapping) {
            if count == 0 || mapping.priority > top {
                (top, first, count) = (mapping.priority, mapping.index, 1)
            } else if mapping.priority == top {
                count += 1
            }
        }
        switch count {
        case 0: return .missing(value)
        case 1: return .resolved(first)
        default:
            // Ambiguous: the rare path may allocate.
            return .ambiguous(candidates.filter { $0.priority == top && applies($0) }.map(\.index), value)
        }
    }
}
