import MappingRegistry
import Testing

/// The did-you-mean distance limit, pinned at its boundary: a third of the
/// name's length, at most 3 edits, so a long name is suggested 3 edits
/// away and not 4.
@Suite struct SuggestionTests {
    /// 15 characters: a third is 5, so the limit is its cap, 3.
    static let longName = "priceAboveLimit"

    @Test func aLongNameThreeEditsAwayIsSuggested() {
        // Three substitutions: i→x, o→x, i→x.
        #expect(Suggestion.closest(to: "prxceAbxveLxmit", in: [Self.longName, "section"]) == Self.longName)
        #expect(Suggestion.hint(for: "prxceAbxveLxmit", in: [Self.longName]) == "; did you mean 'priceAboveLimit'?")
    }

    @Test func aLongNameFourEditsAwayIsNotSuggested() {
        // One more substitution than the limit allows: i→x at the end too.
        #expect(Suggestion.closest(to: "prxceAbxveLxmxt", in: [Self.longName, "section"]) == nil)
        #expect(Suggestion.hint(for: "prxceAbxveLxmxt", in: [Self.longName]) == "")
    }
}
