@testable import menu_database
import ModelStorage
import Testing

/// The command line of `menu-database`.
@Suite struct OptionsTests {
    @Test func noArgumentsRunTheDemoOnTwelveDishes() throws {
        let options = try Options.parse([]).get()
        #expect(options.mode == "demo")
        #expect(options.dishes == nil)
        #expect(options.change == "price")
        #expect(options.dish == 6)
    }

    @Test func benchDealsToFiveCoursesUnlessToldOtherwise() throws {
        let options = try Options.parse(["bench", "--dishes", "500", "--runs", "3"]).get()
        #expect(options.mode == "bench")
        #expect(options.courses == 5)
        #expect(options.dishes == 500)
        #expect(options.runs == 3)
        #expect(try Options.parse(["bench", "--courses", "2"]).get().courses == 2)
    }

    @Test(arguments: [
        (["serve"], "unknown mode 'serve'"),
        (["--bogus", "1"], "unknown option '--bogus'"),
        (["--dishes"], "--dishes needs a value"),
        (["--dishes", "-3"], "--dishes needs a whole number, got '-3'"),
        (["--courses", "0"], "--courses needs a whole number, got '0'"),
        (["--change", "drop"], "unknown change 'drop'"),
    ])
    func badArgumentsAreNamedAndExitWithStatusTwo(arguments: [String], message: String) {
        guard case .failure(let error) = Options.parse(arguments) else {
            Issue.record("\(arguments) was accepted")
            return
        }
        #expect(error.message == message)
        #expect(MenuDatabaseCommand.run(arguments) == 2)
    }

    @Test func helpIsNotAnError() {
        guard case .failure(let error) = Options.parse(["--help"]) else {
            Issue.record("--help was taken for options")
            return
        }
        #expect(error.message == nil)
        #expect(MenuDatabaseCommand.run(["-h"]) == 0)
    }

    @Test(arguments: [
        (StorageUpdate(), "no change"),
        (.fullReload, "full reload"),
        (StorageUpdate(updatedSections: [0], insertedItems: [ItemPosition(item: 0, section: 0), ItemPosition(item: 1, section: 0)]),
         "1 updated section, 2 inserted items"),
    ])
    func updatesAreSummedUpByKind(update: StorageUpdate, summary: String) {
        #expect(MenuDatabaseCommand.describe(update) == summary)
    }
}
