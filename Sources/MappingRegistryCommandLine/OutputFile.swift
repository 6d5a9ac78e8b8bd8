import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file a subcommand writes in place of standard output (`catalog
/// --output FILE`), replaced whole or not at all: the bytes go to a
/// temporary file in the same directory, which is then renamed over the
/// file. A reader at any moment (a build plugin, an editor) sees the old
/// file or the new one, never an empty or half-written one, which is what
/// `APP catalog > catalog.json` shows it while the command runs.
struct OutputFile {
    /// Why a file could not be written; the file is as it was.
    struct Failure: Error {
        var reason: String
    }

    /// The path as given; messages name it so.
    var path: String

    /// Writes the bytes, unless the file holds them already (so its
    /// modification date, and whatever a build decides from it, stays).
    ///
    /// - Returns: Whether the file changed.
    /// - Throws: ``Failure`` when the directory is missing, the path is a
    ///   directory, or the file cannot be created or replaced; the file
    ///   is then untouched, and no temporary file is left behind.
    @discardableResult
    func write(_ bytes: Data) throws(Failure) -> Bool {
        // Through a symbolic link, the file it points to is replaced.
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        let directory = target.deletingLastPathComponent()
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw Failure(reason: "no such directory '\(directory.path)'")
        }
        guard isDirectory.boolValue else { throw Failure(reason: "'\(directory.path)' is not a directory") }
        if manager.fileExists(atPath: target.path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw Failure(reason: "it is a directory") }
            if manager.contents(atPath: target.path) == bytes { return false }
        }
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try bytes.write(to: temporary, options: .withoutOverwriting)
        } catch {
            try? manager.removeItem(at: temporary)
            throw Failure(reason: Self.reason(error, writable: manager.isWritableFile(atPath: directory.path)))
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = Self.describe(errno)
            try? manager.removeItem(at: temporary)
            throw Failure(reason: reason)
        }
        return true
    }

    /// A failed write's reason, in the words of the system's error.
    private static func reason(_ error: any Error, writable: Bool) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return describe(Int32(underlying.code)) }
        return writable ? error.localizedDescription : describe(EACCES)
    }

    /// `strerror`'s text, starting in lower case as the tool's messages do.
    private static func describe(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
