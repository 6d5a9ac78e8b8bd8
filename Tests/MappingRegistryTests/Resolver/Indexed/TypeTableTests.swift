@testable import MappingRegistry
import Testing

@Suite struct TypeTableTests {
    @Test func findsEveryInsertedEntryAcrossGrowthAndNothingElse() {
        var table = TypeTable(minimumCapacity: 1)
        // Addresses 8 apart, like metadata.
        for index in 0..<500 {
            if !table.hasRoom { table = table.grown() }
            table.insert(UInt(0x1000 + index * 8), value: UInt(index + 1))
        }
        #expect(table.count == 500)
        #expect(table.capacity >= 1_000)
        for index in 0..<500 {
            #expect(table.lookUp(UInt(0x1000 + index * 8)) == UInt(index + 1))
        }
        #expect(table.lookUp(0x10) == 0)
        #expect(table.lookUp(UInt(0x1000 + 500 * 8)) == 0)
    }

    @Test func aGrownTableKeepsTheOldOneIntact() {
        let small = TypeTable(minimumCapacity: 8)
        for index in 0..<4 { small.insert(UInt(0x2000 + index * 16), value: UInt(7 + index)) }
        #expect(!small.hasRoom)
        let large = small.grown()
        #expect(large.capacity == small.capacity * 2)
        for index in 0..<4 {
            #expect(small.lookUp(UInt(0x2000 + index * 16)) == UInt(7 + index))
            #expect(large.lookUp(UInt(0x2000 + index * 16)) == UInt(7 + index))
        }
    }
}
