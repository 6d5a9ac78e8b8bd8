import Foundation
import GRDB

/// A database file in a folder of its own, removed with the object.
///
/// Connections open it without syncing to disk, so that tests that commit
/// thousands of transactions stay fast.
final class TemporaryDatabaseFile {
    let path: String
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("MenuDatabaseTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.appendingPathComponent("menu.sqlite").path
    }

    /// A new connection to the file.
    func connect() throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = OFF")
        }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
}
