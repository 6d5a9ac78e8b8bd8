@testable import MappingRegistryCommandLine
import Testing

/// Columns a text takes, and cutting it with `…`.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("ascii", "Green curry", 11),
        ("accented, precomposed", "Crème brûlée", 12),
        ("accented, combining", "Cre\u{300}me", 5),
        ("wide", "拉麺", 4),
        ("emoji", "🍜 soup", 7),
    ])
    func widthCountsColumns(name: String, text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns, "\(name)")
    }

    @Test(arguments: [
        ("fits", "Green curry", 11, "Green curry"),
        ("one over", "Green curry", 10, "Green cur…"),
        ("one column", "Green curry", 1, "…"),
        ("no column", "Green curry", 0, ""),
        ("accented", "Crème brûlée · 7.00", 10, "Crème brû…"),
        ("wide, not split", "拉麺拉麺", 6, "拉麺…"),
        ("wide at the edge", "a拉麺", 4, "a拉…"),
    ])
    func aCutLineEndsInAnEllipsis(name: String, text: String, width: Int, cut: String) {
        let result = DisplayWidth.cut(text, to: width)
        #expect(result == cut, "\(name)")
        #expect(DisplayWidth.of(result) <= width, "\(name)")
    }
}
