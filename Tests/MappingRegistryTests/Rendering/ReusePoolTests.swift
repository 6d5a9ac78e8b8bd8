import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// A row that counts its instances, per reuse test.
final class TallyRow: TextView, ModelTransfer {
    static let made = Tally()
    private var text = ""
    init() { Self.made.add() }
    func update(with model: Int) { text = "#\(model)" }
    func render() -> String { text }
}

@Suite(.serialized) struct ReusePoolTests {
    @Test func tenThousandRendersThroughThreeReuseIdentifiersCreateThreeViews() throws {
        let registry = try MappingRegistry(plugins: PluginCatalog()) {
            Map(TallyRow.self, when: .section(0), reuseIdentifier: "a")
            Map(TallyRow.self, when: .section(1), reuseIdentifier: "b")
            Map(TallyRow.self, when: .section(2), reuseIdentifier: "c")
        }
        let before = TallyRow.made.value
        let pool = ReusePool(registry: registry)
        var texts: [String] = []
        for index in 0..<10_000 {
            texts.append(try pool.render(index, at: ItemPosition(item: index / 3, section: index % 3)).get())
        }
        #expect(pool.viewsCreated == 3)
        #expect(TallyRow.made.value - before == 3)
        #expect(texts.first == "#0")
        #expect(texts.last == "#9999")
    }

    @Test func aFailedRenderIsTheDiagnostic() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog()) { Map(NumberRow.self) }
        let pool = ReusePool(registry: registry)
        let missing = pool.render("text", at: ItemPosition(item: 2, section: 0))
        guard case .failure(let diagnostic) = missing else {
            Issue.record("expected a failure, got \(missing)")
            return
        }
        #expect(diagnostic.code == .missingMapping)
        #expect(diagnostic.position == ItemPosition(item: 2, section: 0))
        let none = pool.render(Optional<Int>.none as Any, at: ItemPosition(item: 0, section: 0))
        guard case .failure(let nilDiagnostic) = none else {
            Issue.record("expected a failure for nil, got \(none)")
            return
        }
        #expect(nilDiagnostic.code == .nilModel)
        #expect(pool.viewsCreated == 0)
    }

    @Test func anOptionalIsUnwrappedBeforeRendering() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog()) { Map(NumberRow.self) }
        let pool = ReusePool(registry: registry)
        #expect(try pool.render(Optional(Optional(5)) as Any, at: ItemPosition(item: 0, section: 0)).get() == "number 5")
    }

    @Test func textRendererRendersThroughTheSamePools() throws {
        let registry = try MappingRegistry(plugins: PluginCatalog()) {
            Map(TallyRow.self, when: .section(0), reuseIdentifier: "a")
            Map(TallyRow.self, when: .section(1), reuseIdentifier: "b")
        }
        let storage = MemoryStorage()
        storage.setItemsForAllSections([Array(0..<500), Array(500..<1_000)])
        let result = TextRenderer(registry: registry).render(storage)
        #expect(result.viewsCreated == 2)
        let pool = ReusePool(registry: registry)
        var expected = ""
        for section in 0..<2 {
            if section > 0 { expected += "\n" }
            for item in 0..<500 {
                expected += try pool.render(section * 500 + item, at: ItemPosition(item: item, section: section)).get() + "\n"
            }
        }
        #expect(result.text == expected)
    }
}
