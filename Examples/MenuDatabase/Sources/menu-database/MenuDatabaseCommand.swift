import Foundation
import GRDB
import MappingRegistry
import MenuDatabase
import ModelStorage

/// `menu-database`: seeds a menu database file, renders the menu, applies
/// one edit and prints the incremental re-render (`demo`), or times that
/// round trip on a large menu (`bench`).
enum MenuDatabaseCommand {
    /// Runs the command.
    ///
    /// - Parameter arguments: The arguments, without the program name.
    /// - Returns: The exit code: 0, 1 when something failed, 2 for a usage error.
    static func run(_ arguments: [String]) -> Int32 {
        let options: Options
        switch Options.parse(arguments) {
        case .success(let parsed):
            options = parsed
        case .failure(let error):
            if let message = error.message {
                printError("menu-database: \(message)\n\(Options.usage)")
                return 2
            }
            print(Options.usage)
            return 0
        }
        do {
            if options.mode == "bench" {
                try MenuBenchmark(options: options).run()
            } else {
                try demo(options)
            }
            return 0
        } catch {
            printError("menu-database: \(error)")
            return 1
        }
    }

    /// Seeds, renders, edits, and renders again from the update.
    static func demo(_ options: Options) throws {
        let path = options.database ?? defaultPath()
        let database = try DatabaseQueue(path: path)
        try MenuSchema.create(in: database)
        let dishes = options.dishes ?? 12
        try MenuSeeder.seed(database, dishes: dishes, courses: options.courses)
        guard let change = MenuChange.named(options.change, dishID: options.dish) else {
            throw CommandFailure("unknown change '\(options.change)'")
        }

        let storage = try MenuQuery.storage(in: database)
        let renderer = TextRenderer(registry: try MenuCatalog.registry())
        let before = renderer.render(storage)
        print("Seeded \(path) with \(count(dishes, "dish", "dishes")) in \(count(options.courses, "course", "courses")).\n")
        print(before.text)

        let received = Locked<[StorageUpdate]>([])
        let token = storage.observe { update in received.withLock { $0.append(update) } }
        defer { token.cancel() }
        try change.apply(in: database)
        let updates = received.withLock { $0 }
        guard updates.count == 1, let update = updates.first else {
            throw CommandFailure("expected one update for the edit, got \(updates.count)")
        }
        let after = renderer.render(storage, update: update, previous: before)
        let entries = MenuCatalog.entryCount(of: storage)
        print("-- edit: \(change)")
        print("-- update: \(describe(update))")
        print("-- incremental render: \(after.reusedCount) of \(entries) entries reused, "
            + "\(entries - after.reusedCount) rendered again\n")
        print(after.text)
    }

    /// A short account of an update: each non-empty kind of change, counted.
    static func describe(_ update: StorageUpdate) -> String {
        if update.needsFullReload { return "full reload" }
        let counts: [(noun: String, count: Int)] = [
            ("inserted section", update.insertedSections.count),
            ("deleted section", update.deletedSections.count),
            ("moved section", update.movedSections.count),
            ("updated section", update.updatedSections.count),
            ("inserted item", update.insertedItems.count),
            ("deleted item", update.deletedItems.count),
            ("moved item", update.movedItems.count),
            ("updated item", update.updatedItems.count),
        ]
        var parts: [String] = []
        for (noun, count) in counts where count > 0 {
            parts.append("\(count) \(noun)\(count == 1 ? "" : "s")")
        }
        return parts.isEmpty ? "no change" : parts.joined(separator: ", ")
    }

    /// `1 dish`, `2 dishes`.
    static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(number) \(number == 1 ? singular : plural)"
    }

    /// The file the demo seeds when `--database` is not given.
    static func defaultPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("menu-database.sqlite").path
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
