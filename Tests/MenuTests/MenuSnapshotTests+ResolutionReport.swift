import Foundation
import MappingRegistry
import MappingRegistryTesting
import ModelStorage
import Testing
@testable import menu

/// The sample's `ResolutionReport`: what each model of the default data
/// resolves to through the root `mappings.json`, as snapshots under
/// `Snapshots/` compared by `expectSnapshot` (which finds them beside this file).
extension MenuSnapshotTests {
    static func menuRegistry(mappings: String? = nil) throws -> MappingRegistry {
        let text = try mappings ?? String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("mappings.json"), encoding: .utf8)
        return try MappingRegistry(configuration: Data(text.utf8), plugins: MenuPlugins.catalog, source: "mappings.json")
    }

    static func menuData() throws -> DataDocument {
        let url = MenuBinary.packageRoot.appendingPathComponent("Examples/Menu/Data/menu-data.json")
        return try DataDocument(contentsOf: url, plugins: MenuPlugins.catalog)
    }

    /// The sample's predicate `isSoldOut` reads a `MenuState`, as `menu` passes one.
    @Test func theSamplesResolutionReportMatchesTheSnapshot() throws {
        let report = ResolutionReport(registry: try Self.menuRegistry(), storage: try Self.menuData().storage, context: MenuState())
        expectSnapshot(of: report, named: "menu.resolution-report.txt")
    }

    @Test func theSamplesExplainedReportMatchesTheSnapshot() throws {
        let report = ResolutionReport(registry: try Self.menuRegistry(), storage: try Self.menuData().storage, context: MenuState(), explain: true)
        expectSnapshot(of: report, named: "menu.resolution-report.explained.txt")
    }

    /// Moving the chef's specials from section 0 to section 2 changes exactly
    /// the lines of the items whose winning mapping changes, found here by
    /// resolving each item directly, and no other line.
    @Test func aOneConditionChangeAltersExactlyTheLinesOfTheItemsItMoves() throws {
        let original = try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("mappings.json"), encoding: .utf8)
        let condition = #""view": "ChefSpecialRow", "model": "Dish", "condition": { "section": 0 }"#
        #expect(original.contains(condition))
        let changed = original.replacingOccurrences(of: condition, with: #""view": "ChefSpecialRow", "model": "Dish", "condition": { "section": 2 }"#)
        let (before, after) = (try Self.menuRegistry(), try Self.menuRegistry(mappings: changed))
        let storage = try Self.menuData().storage
        let context = MenuState()

        let beforeLines = ResolutionReport(registry: before, storage: storage, context: context).description.split(separator: "\n")
        let afterLines = ResolutionReport(registry: after, storage: storage, context: context).description.split(separator: "\n")
        try #require(beforeLines.count == afterLines.count)
        let changedLines = Set(beforeLines.indices.filter { beforeLines[$0] != afterLines[$0] })

        // The cells, counted as the report lists them (header first in each section).
        var movedLines: Set<Int> = []
        var line = 1
        for section in 0..<storage.numberOfSections {
            if storage.supplementaryModel(ofKind: SupplementaryKind.header, inSection: section) != nil { line += 1 }
            for item in 0..<storage.numberOfItems(inSection: section) {
                let position = ItemPosition(item: item, section: section)
                let model = try #require(storage.item(at: position))
                let old = before.resolve(model, at: position, context: context).mapping?.view
                let new = after.resolve(model, at: position, context: context).mapping?.view
                if old != new { movedLines.insert(line) }
                line += 1
            }
            line += [SupplementaryKind.footer, "banner"].filter { storage.supplementaryModel(ofKind: $0, inSection: section) != nil }.count
        }
        #expect(line == beforeLines.count)
        #expect(movedLines.count >= 2)
        #expect(changedLines == movedLines)
    }
}
