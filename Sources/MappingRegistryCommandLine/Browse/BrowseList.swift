/// The state of a scrolling list with a selection, as a value with no I/O:
/// which row is selected, which row is at the top of the window, and which
/// rows are on screen. The terminal loop of `browse` drives it; tests drive
/// it directly.
///
/// Rows may be of different heights, so where the window can be depends on
/// the rows' heights, which only rendering tells: ``layout(lines:height:)``
/// asks for the heights of the rows it places (the rows that end up on
/// screen, and when the window moves, at most one row beside them, to learn
/// that it does not fit) and reports which rows came on screen and which
/// left it since the last layout, for `willDisplay` and `didEndDisplaying`.
///
/// The window follows the selection as little as it can: it does not move
/// while the selected row is wholly on screen, and otherwise moves just far
/// enough to show it (at the top when it was above, at the bottom when it
/// was below). It never leaves empty lines below the last row while rows
/// above the top could fill them.
struct BrowseList: Hashable, Sendable {
    /// How many rows the list has.
    private(set) var count: Int
    /// The selected row; 0 in an empty list.
    private(set) var selection = 0
    /// The row at the top of the window.
    private(set) var top = 0
    /// The rows on screen after the last layout.
    private(set) var displayed: Range<Int> = 0..<0
    /// How many rows were wholly on screen after the last layout: what
    /// Page Up and Page Down move by (at least 1).
    private(set) var pageSize = 1

    /// One row on screen: the window line it starts on, and how many of its
    /// lines fit (the last row on screen may be cut).
    struct Placement: Hashable, Sendable {
        var row: Int
        var line: Int
        var lines: Int
    }

    /// Where the rows go after a layout, and which came and went.
    struct Layout: Hashable, Sendable {
        /// The rows on screen, top to bottom.
        var rows: [Placement]
        /// Rows that were on screen and are not any more, in order.
        var ended: [Int]
        /// Rows on screen that were not before, in order.
        var began: [Int]
    }

    /// A list of `count` rows, the first selected, none on screen yet.
    init(count: Int) {
        self.count = max(0, count)
    }

    // MARK: - Moving the selection

    /// Selects a row; one past either end selects the first or last row.
    mutating func select(_ row: Int) {
        selection = count == 0 ? 0 : min(max(row, 0), count - 1)
    }

    /// Moves the selection by `rows` (down when positive), stopping at the ends.
    mutating func move(by rows: Int) {
        select(selection + rows)
    }

    /// Moves the selection down by a page: the rows wholly on screen.
    mutating func pageDown() {
        move(by: pageSize)
    }

    /// Moves the selection up by a page.
    mutating func pageUp() {
        move(by: -pageSize)
    }

    /// Selects the first row.
    mutating func home() {
        select(0)
    }

    /// Selects the last row.
    mutating func end() {
        select(count - 1)
    }

    // MARK: - The rows changing

    /// The list now has `count` rows (its data was loaded again): the
    /// selection stays at its index when it can, else goes to the last row.
    ///
    /// - Returns: The rows that were on screen, which are not any more:
    ///   send them `didEndDisplaying` before the old rows go; the next
    ///   layout reports every row on screen as new.
    mutating func replaceRows(count: Int) -> Range<Int> {
        let ended = displayed
        self.count = max(0, count)
        displayed = 0..<0
        select(selection)
        top = min(top, selection)
        return ended
    }

    // MARK: - Layout

    /// Places the rows in a window of `lines` lines, moving the window as
    /// little as needed to show the selected row, and records which rows
    /// are on screen.
    ///
    /// - Parameters:
    ///   - lines: The window's height, in lines.
    ///   - height: The height of a row, in lines; values below 1 count as 1.
    ///     Asked only for rows the layout places (see the type's discussion).
    /// - Returns: The rows on screen, and those that came and went.
    mutating func layout(lines: Int, height: (Int) -> Int) -> Layout {
        guard count > 0, lines > 0 else {
            let ended = Array(displayed)
            displayed = 0..<0
            pageSize = 1
            return Layout(rows: [], ended: ended, began: [])
        }
        var heights: [Int: Int] = [:]
        func measure(_ row: Int) -> Int {
            if let known = heights[row] { return known }
            let measured = max(1, height(row))
            heights[row] = measured
            return measured
        }
        top = min(max(top, 0), count - 1)
        if selection < top {
            top = selection
        } else {
            // From the selection up towards the top, while the rows fit.
            var first = selection
            var used = measure(selection)
            while first > top, used + measure(first - 1) <= lines {
                used += measure(first - 1)
                first -= 1
            }
            if first > top { top = first }
        }
        // Down from the top until the window is full.
        var used = 0
        var last = top
        while last < count, used < lines {
            used += measure(last)
            last += 1
        }
        // At the end of the list: rows above the top fill what is left.
        while last == count, top > 0, used + measure(top - 1) <= lines {
            top -= 1
            used += measure(top)
        }
        var placed: [Placement] = []
        var line = 0
        for row in top..<last {
            let rowHeight = measure(row)
            placed.append(Placement(row: row, line: line, lines: min(rowHeight, lines - line)))
            line += rowHeight
        }
        let whole = placed.filter { heights[$0.row] == $0.lines }.count
        pageSize = max(1, whole)
        let now = top..<last
        let ended = displayed.filter { !now.contains($0) }
        let began = now.filter { !displayed.contains($0) }
        displayed = now
        return Layout(rows: placed, ended: ended, began: began)
    }
}
