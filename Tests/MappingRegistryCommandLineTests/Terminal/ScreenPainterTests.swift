@testable import MappingRegistryCommandLine
import Testing

/// Frames as escape sequences: everything the first time, then only the
/// lines that changed.
@Suite struct ScreenPainterTests {
    static let escape = "\u{1B}"

    @Test func theFirstFrameClearsTheScreenAndDrawsEveryLine() {
        var painter = ScreenPainter()
        let frame = ScreenFrame(lines: [.init("one"), .init("two", reversed: true), .init("")], width: 6)
        #expect(painter.paint(frame) == "\(Self.escape)[0m\(Self.escape)[2J"
            + "\(Self.escape)[1;1Hone\(Self.escape)[K"
            + "\(Self.escape)[2;1H\(Self.escape)[7mtwo   \(Self.escape)[0m"
            + "\(Self.escape)[3;1H\(Self.escape)[K")
    }

    @Test func laterFramesDrawOnlyTheLinesThatChanged() {
        var painter = ScreenPainter()
        _ = painter.paint(ScreenFrame(lines: [.init("one"), .init("two")], width: 6))
        #expect(painter.paint(ScreenFrame(lines: [.init("one"), .init("two")], width: 6)) == "")
        #expect(painter.paint(ScreenFrame(lines: [.init("one"), .init("2")], width: 6)) == "\(Self.escape)[2;1H2\(Self.escape)[K")
        #expect(painter.paint(ScreenFrame(lines: [.init("one", reversed: true), .init("2")], width: 6))
            == "\(Self.escape)[1;1H\(Self.escape)[7mone   \(Self.escape)[0m")
    }

    @Test func afterInvalidatingOrResizingEverythingIsDrawnAgain() {
        var painter = ScreenPainter()
        let frame = ScreenFrame(lines: [.init("one")], width: 6)
        _ = painter.paint(frame)
        painter.invalidate()
        #expect(painter.paint(frame).hasPrefix("\(Self.escape)[0m\(Self.escape)[2J"))
        #expect(painter.paint(ScreenFrame(lines: [.init("one"), .init("two")], width: 6)).hasPrefix("\(Self.escape)[0m\(Self.escape)[2J"))
    }

    @Test func enteringAndLeavingUseTheAlternateScreenAndShowTheCursorAgain() {
        #expect(ScreenPainter.enter.hasPrefix("\(Self.escape)[?1049h\(Self.escape)[?25l"))
        #expect(ScreenPainter.leave.hasSuffix("\(Self.escape)[?25h\(Self.escape)[?1049l"))
    }
}

/// Styles as colour, and no colour where the user or the terminal says so.
@Suite struct ScreenPainterColourTests {
    static let escape = "\u{1B}"

    @Test func stylesAreDrawnInColour() {
        var painter = ScreenPainter(colours: true)
        let frame = ScreenFrame(lines: [
            .init("bad", style: .error), .init("iffy", style: .warning), .init("gone", style: .dimmed), .init("sel", reversed: true, style: .error),
        ], width: 5)
        let e = Self.escape
        #expect(painter.paint(frame) == "\(e)[0m\(e)[2J"
            + "\(e)[1;1H\(e)[31mbad\(e)[0m\(e)[K"
            + "\(e)[2;1H\(e)[33miffy\(e)[0m\(e)[K"
            + "\(e)[3;1H\(e)[2mgone\(e)[0m\(e)[K"
            + "\(e)[4;1H\(e)[7;31msel  \(e)[0m")
    }

    @Test func withoutColourOnlyReverseVideoIsDrawn() {
        var painter = ScreenPainter(colours: false)
        let frame = ScreenFrame(lines: [.init("bad", style: .error), .init("sel", reversed: true, style: .dimmed)], width: 5)
        let e = Self.escape
        #expect(painter.paint(frame) == "\(e)[0m\(e)[2J\(e)[1;1Hbad\(e)[K\(e)[2;1H\(e)[7msel  \(e)[0m")
    }

    @Test func aWideLineIsPaddedByItsColumns() {
        var painter = ScreenPainter(colours: false)
        let e = Self.escape
        #expect(painter.paint(ScreenFrame(lines: [.init("拉麺", reversed: true)], width: 6)) == "\(e)[0m\(e)[2J\(e)[1;1H\(e)[7m拉麺  \(e)[0m")
    }

    @Test(arguments: [
        (["TERM": "xterm-256color"], true),
        ([:], true),
        (["TERM": "xterm", "NO_COLOR": "1"], false),
        (["TERM": "xterm", "NO_COLOR": "anything"], false),
        // no-color.org: set to the empty string, it does not count.
        (["TERM": "xterm", "NO_COLOR": ""], true),
        (["TERM": "dumb"], false),
    ])
    func colourIsOffUnderNoColorOrADumbTerminal(environment: [String: String], colours: Bool) {
        #expect(ScreenPainter.usesColour(environment: environment) == colours)
    }
}
