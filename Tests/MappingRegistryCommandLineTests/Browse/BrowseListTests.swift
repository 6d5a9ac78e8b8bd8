@testable import MappingRegistryCommandLine
import Testing

/// The list model of `browse`, without a terminal: the selection, where the
/// window goes, and which rows come on screen (`willDisplay`) and leave it
/// (`didEndDisplaying`) as it moves.
@Suite struct BrowseListTests {
    /// Every row one line tall.
    static func one(_ row: Int) -> Int { 1 }

    @Test func theSelectionStartsAtTheFirstRowAndStopsAtTheEnds() {
        var list = BrowseList(count: 3)
        #expect(list.selection == 0)
        list.move(by: -1)
        #expect(list.selection == 0)
        list.move(by: 5)
        #expect(list.selection == 2)
        list.home()
        #expect(list.selection == 0)
        list.end()
        #expect(list.selection == 2)
    }

    @Test func anEmptyListHasNothingToShowOrSelect() {
        var list = BrowseList(count: 0)
        list.end()
        list.move(by: 1)
        #expect(list.selection == 0)
        let layout = list.layout(lines: 5, height: Self.one)
        #expect(layout.rows.isEmpty && layout.began.isEmpty && layout.ended.isEmpty)
    }

    @Test func theFirstLayoutShowsTheTopRowsAndEachIsNew() {
        var list = BrowseList(count: 20)
        let layout = list.layout(lines: 5, height: Self.one)
        #expect(layout.rows.map(\.row) == [0, 1, 2, 3, 4])
        #expect(layout.rows.map(\.line) == [0, 1, 2, 3, 4])
        #expect(layout.began == [0, 1, 2, 3, 4])
        #expect(layout.ended == [])
        #expect(list.displayed == 0..<5)
        // Nothing moved: nothing comes or goes.
        let again = list.layout(lines: 5, height: Self.one)
        #expect(again.began == [] && again.ended == [])
    }

    @Test func theWindowMovesOnlyWhenTheSelectionLeavesIt() {
        var list = BrowseList(count: 20)
        _ = list.layout(lines: 5, height: Self.one)
        list.move(by: 4)
        let inside = list.layout(lines: 5, height: Self.one)
        #expect(list.top == 0 && inside.began == [] && inside.ended == [])
        list.move(by: 1)
        let below = list.layout(lines: 5, height: Self.one)
        #expect(list.top == 1)
        #expect(below.ended == [0])
        #expect(below.began == [5])
        list.move(by: -3)
        let stillInside = list.layout(lines: 5, height: Self.one)
        #expect(list.top == 1 && stillInside.began == [])
        list.move(by: -2)
        let above = list.layout(lines: 5, height: Self.one)
        #expect(list.top == 0)
        #expect(above.ended == [5])
        #expect(above.began == [0])
    }

    @Test func endAndHomeReplaceEveryRowOnScreen() {
        var list = BrowseList(count: 20)
        _ = list.layout(lines: 5, height: Self.one)
        list.end()
        let end = list.layout(lines: 5, height: Self.one)
        #expect(end.rows.map(\.row) == [15, 16, 17, 18, 19])
        #expect(end.ended == [0, 1, 2, 3, 4])
        #expect(end.began == [15, 16, 17, 18, 19])
        list.home()
        let home = list.layout(lines: 5, height: Self.one)
        #expect(home.began == [0, 1, 2, 3, 4])
        #expect(home.ended == [15, 16, 17, 18, 19])
    }

    @Test func pageDownAndPageUpMoveByTheRowsWhollyOnScreen() {
        var list = BrowseList(count: 20)
        _ = list.layout(lines: 5, height: Self.one)
        #expect(list.pageSize == 5)
        list.pageDown()
        #expect(list.selection == 5)
        _ = list.layout(lines: 5, height: Self.one)
        #expect(list.top == 1)
        list.pageDown()
        list.pageDown()
        list.pageDown()
        #expect(list.selection == 19)
        list.pageUp()
        #expect(list.selection == 14)
    }

    @Test func tallRowsAreCutAtTheBottomAndShownWholeWhenSelected() {
        // Rows of 1, 3, 1, 3, … lines in a window of 6.
        let height = { (row: Int) in row.isMultiple(of: 2) ? 1 : 3 }
        var list = BrowseList(count: 10)
        let first = list.layout(lines: 6, height: height)
        #expect(first.rows.map(\.row) == [0, 1, 2, 3])
        #expect(first.rows.map(\.line) == [0, 1, 4, 5])
        #expect(first.rows.map(\.lines) == [1, 3, 1, 1])
        #expect(list.pageSize == 3)
        list.select(3)
        let cut = list.layout(lines: 6, height: height)
        // Row 3 whole: the window starts at row 2, since row 1 (3 more lines) would not fit
        // with it, and rows 4 and 5 fill the rest.
        #expect(cut.rows.map(\.row) == [2, 3, 4, 5])
        #expect(cut.rows.map(\.lines) == [1, 3, 1, 1])
        #expect(cut.ended == [0, 1])
        #expect(cut.began == [4, 5])
    }

    @Test func aRowTallerThanTheWindowIsShownFromItsTop() {
        var list = BrowseList(count: 3)
        list.select(1)
        let layout = list.layout(lines: 4) { $0 == 1 ? 10 : 1 }
        #expect(layout.rows.map(\.row) == [1])
        #expect(layout.rows.map(\.lines) == [4])
        #expect(list.pageSize == 1)
    }

    @Test func aTallerWindowAtTheEndFillsFromAbove() {
        var list = BrowseList(count: 20)
        list.end()
        _ = list.layout(lines: 5, height: Self.one)
        let taller = list.layout(lines: 8, height: Self.one)
        #expect(taller.rows.map(\.row) == Array(12..<20))
        #expect(taller.began == [12, 13, 14])
        let shorter = list.layout(lines: 3, height: Self.one)
        #expect(shorter.rows.map(\.row) == [17, 18, 19])
        #expect(shorter.ended == Array(12..<17))
        #expect(shorter.began == [])
    }

    @Test func heightsAreAskedOnlyOfRowsPlacedAndOneBeside() {
        var asked: Set<Int> = []
        var list = BrowseList(count: 1000)
        _ = list.layout(lines: 5) { asked.insert($0); return 1 }
        #expect(asked == [0, 1, 2, 3, 4])
        asked = []
        list.select(500)
        _ = list.layout(lines: 5) { asked.insert($0); return 1 }
        #expect(asked == [495, 496, 497, 498, 499, 500])
        asked = []
        list.end()
        _ = list.layout(lines: 5) { asked.insert($0); return 1 }
        #expect(asked == [994, 995, 996, 997, 998, 999])
    }

    @Test func newRowsKeepTheSelectionAndShowEveryRowAsNew() {
        var list = BrowseList(count: 20)
        list.select(7)
        _ = list.layout(lines: 5, height: Self.one)
        #expect(list.displayed == 3..<8)
        let ended = list.replaceRows(count: 5)
        #expect(ended == 3..<8)
        #expect(list.selection == 4)
        let layout = list.layout(lines: 5, height: Self.one)
        #expect(layout.ended == [])
        #expect(layout.began == [0, 1, 2, 3, 4])
    }

    @Test func aWindowOfNoLinesShowsNothingAndEndsWhatWasShown() {
        var list = BrowseList(count: 4)
        _ = list.layout(lines: 2, height: Self.one)
        let none = list.layout(lines: 0, height: Self.one)
        #expect(none.rows.isEmpty)
        #expect(none.ended == [0, 1])
    }
}
