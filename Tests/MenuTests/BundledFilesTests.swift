import Foundation
import Testing
@testable import menu

/// The copies compiled into `menu` must equal the files a user edits.
@Suite struct BundledFilesTests {
    @Test func bundledMappingsEqualTheRootMappingsFile() throws {
        let file = try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("mappings.json"), encoding: .utf8)
        #expect(BundledFiles.mappings == file, "update Examples/Menu/BundledFiles.swift from mappings.json")
    }

    @Test func bundledDataEqualsTheDataFile() throws {
        let url = MenuBinary.packageRoot.appendingPathComponent("Examples/Menu/Data/menu-data.json")
        let file = try String(contentsOf: url, encoding: .utf8)
        #expect(BundledFiles.data == file, "update Examples/Menu/BundledFiles.swift from Examples/Menu/Data/menu-data.json")
    }
}
