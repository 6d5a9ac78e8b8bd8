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
