import ModelStorage
import Testing

@Suite struct SectionModelTests {
    @Test func kindsKeepTheOrderTheyWereFirstSet() {
        var section = SectionModel(items: [1, 2])
        section.setSupplementaryModel("B", ofKind: "badge")
        section.headerModel = "H"
        section.setSupplementaryModel("B2", ofKind: "badge")
        section.footerModel = "F"
        #expect(section.supplementaryKinds == ["badge", "header", "footer"])
        #expect(section.supplementaryModel(ofKind: "badge") as? String == "B2")
        #expect(section.numberOfItems == 2)
    }

    @Test func settingNilRemovesTheKindAndSettingAgainAppendsIt() {
        var section = SectionModel()
        section.headerModel = "H"
        section.footerModel = "F"
        section.headerModel = nil
        #expect(section.headerModel == nil)
        #expect(section.supplementaryKinds == ["footer"])
        section.headerModel = "H2"
        #expect(section.supplementaryKinds == ["footer", "header"])
        section.setSupplementaryModel(nil, ofKind: "never set")
        #expect(section.supplementaryKinds == ["footer", "header"])
    }

    @Test func aSectionIsAValue() {
        var original = SectionModel(items: ["a"])
        var copy = original
        copy.items.append("b")
        copy.headerModel = "H"
        #expect(original.items.count == 1)
        #expect(original.headerModel == nil)
        original.items.removeAll()
        #expect(copy.items.count == 2)
    }

    @Test(arguments: [(0, "a"), (2, "c"), (3, nil), (-1, nil)] as [(Int, String?)])
    func itemAtAnIndexIsNilOutOfRange(index: Int, expected: String?) {
        let section = SectionModel(items: ["a", "b", "c"])
        #expect(section.item(at: index) as? String == expected)
    }

    @Test func itemsOfTypeKeepsMatchingItemsInOrderThroughDynamicCasts() {
        let section = SectionModel(items: ["Soup", 4, "Salad", Dessert(name: "Tart"), 2.5])
        #expect(section.items(ofType: String.self) == ["Soup", "Salad"])
        #expect(section.items(ofType: Int.self) == [4])
        #expect(section.items(ofType: (any Named).self).map(\.name) == ["Tart"])
        #expect(section.items(ofType: Bool.self).isEmpty)
    }

    @Test func isEmptyLooksAtItemsOnly() {
        var section = SectionModel()
        #expect(section.isEmpty)
        section.headerModel = "H"
        #expect(section.isEmpty)
        section.items = [1]
        #expect(!section.isEmpty)
    }
}

private protocol Named {
    var name: String { get }
}

private struct Dessert: Named {
    let name: String
}
