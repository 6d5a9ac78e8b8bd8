@testable import MappingRegistry
import RegistryFixtures
import Testing

@Suite struct TypeTableTests {
    private func slot(_ type: UInt, _ kind: Int32, winner: Int32) -> TypeTable.Slot {
        TypeTable.Slot(type: type, kind: kind, winner: winner, plan: winner, unwrapsOptional: false)
    }

    @Test func findsEveryInsertedEntryAcrossGrowthAndNothingElse() {
        var table = TypeTable(capacity: 1)
        // Addresses 8 apart, like metadata, and two kinds per address.
        for index in 0..<500 {
            table = table.inserting(slot(UInt(0x1000 + index * 8), Int32(index % 2), winner: Int32(index)))
        }
        #expect(table.count == 500)
        for index in 0..<500 {
            #expect(table.lookUp(UInt(0x1000 + index * 8), kind: Int32(index % 2))?.winner == Int32(index))
            #expect(table.lookUp(UInt(0x1000 + index * 8), kind: 7) == nil)
        }
        #expect(table.lookUp(0x10, kind: 0) == nil)
    }

    @Test func insertingAnExistingKeyReplacesIt() {
        let table = TypeTable(capacity: 4).inserting(slot(0x40, 0, winner: 1)).inserting(slot(0x40, 0, winner: 2))
        #expect(table.count == 1)
        #expect(table.lookUp(0x40, kind: 0)?.winner == 2)
    }
}
