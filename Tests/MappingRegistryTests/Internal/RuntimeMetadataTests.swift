@testable import MappingRegistry
import Testing

private protocol MetaEdible {}
private protocol MetaNamed: AnyObject {}
private class MetaMeal {}
private final class MetaBreakfast: MetaMeal, MetaEdible {}
private struct MetaToast: MetaEdible {}
private struct MetaStone {}
private enum MetaCourse { case starter, main }

/// Every read of Swift runtime metadata, with the answer it must give, and
/// what happens when a read meets a layout it does not expect: the answer
/// is "undecidable", and the checker then neither proves nor disproves.
@Suite struct RuntimeMetadataTests {
    @Test func theSelfCheckPassesOnThisPlatform() {
        #expect(RuntimeMetadata.isTrusted)
    }

    @Test func aReaderThatGivesAWrongAnswerFailsTheSelfCheck() {
        let trusted = RuntimeMetadata.selfCheck(kind: RuntimeMetadata.kind(of:), existential: RuntimeMetadata.existential(of:), conforms: RuntimeMetadata.conforms)
        #expect(trusted)
        // Every type read as a struct: the enum, Optional and existential answers are wrong.
        #expect(!RuntimeMetadata.selfCheck(kind: { _ in .structure }, existential: RuntimeMetadata.existential(of:), conforms: RuntimeMetadata.conforms))
        // No existential layout readable.
        #expect(!RuntimeMetadata.selfCheck(kind: RuntimeMetadata.kind(of:), existential: { _ in nil }, conforms: RuntimeMetadata.conforms))
        // A conformance lookup that says yes to everything.
        #expect(!RuntimeMetadata.selfCheck(kind: RuntimeMetadata.kind(of:), existential: RuntimeMetadata.existential(of:), conforms: { _, _ in true }))
        // One that cannot be asked.
        #expect(!RuntimeMetadata.selfCheck(kind: RuntimeMetadata.kind(of:), existential: RuntimeMetadata.existential(of:), conforms: { _, _ in nil }))
    }

    @Test func theKindOfEachSortOfType() {
        #expect(RuntimeMetadata.kind(of: MetaToast.self) == .structure)
        #expect(RuntimeMetadata.kind(of: MetaCourse.self) == .enumeration)
        #expect(RuntimeMetadata.kind(of: MetaToast?.self) == .optional)
        #expect(RuntimeMetadata.kind(of: (any MetaEdible).self) == .existential)
        #expect(RuntimeMetadata.kind(of: (Int, String).self) == .other)
        #expect(RuntimeMetadata.kind(of: ((Int) -> Int).self) == .other)
        #expect(RuntimeMetadata.kind(of: Int.Type.self) == .other)
    }

    @Test(arguments: [UInt(0), 0x1FF, 0x205, 0x309, 0x400, 0x7FF, 0x7F12_3456_7890])
    func aKindWordTheABIDoesNotDocumentIsUndecidable(word: UInt) {
        #expect(RuntimeMetadata.kind(word: word) == nil)
    }

    @Test func aShapeWhoseKindCannotBeReadIsUndecidable() {
        #expect(TypeShape(MetaToast.self) == .value)
        #expect(TypeShape(MetaToast.self, kind: { _ in nil }) == .undecidable)
        #expect(TypeShape((any MetaEdible).self, kind: { _ in nil }) == .undecidable)
        // Public API answers these without a read.
        #expect(TypeShape(MetaMeal.self, kind: { _ in nil }) == .reference)
        #expect(TypeShape(MetaToast?.self, kind: { _ in .structure }) == .undecidable)
        #expect(TypeShape(Any.self, kind: { _ in nil }) == .anything)
    }

    @Test func existentialLayoutsAreRead() throws {
        let edible = try #require(RuntimeMetadata.existential(of: (any MetaEdible).self))
        #expect(edible.protocols.count == 1)
        #expect(!edible.isClassBound)
        #expect(edible.superclass == nil)
        let named = try #require(RuntimeMetadata.existential(of: (any MetaNamed).self))
        #expect(named.isClassBound)
        let both = try #require(RuntimeMetadata.existential(of: (any MetaEdible & MetaNamed).self))
        #expect(both.protocols.count == 2)
        let meal = try #require(RuntimeMetadata.existential(of: (any MetaMeal & MetaEdible).self))
        #expect(meal.superclass.map(ObjectIdentifier.init) == ObjectIdentifier(MetaMeal.self))
        #expect(RuntimeMetadata.existential(of: MetaToast.self) == nil)
    }

    /// An existential record written by hand: kind, flags, count, then words.
    private func existential(flags: UInt32, count: UInt32, words: [UInt]) -> RuntimeMetadata.Existential? {
        var memory: [UInt] = [0x303, UInt(flags) | UInt(count) << 32] + words
        return memory.withUnsafeMutableBytes { RuntimeMetadata.existential(reading: UnsafeRawPointer($0.baseAddress!)) }
    }

    @Test func anExistentialLayoutOutOfRangeIsUndecidable() throws {
        let descriptor = try #require(RuntimeMetadata.existential(of: (any MetaEdible).self)?.protocols.first)
        // Well formed: one protocol, not class-bound.
        #expect(existential(flags: 0x8000_0000, count: 1, words: [descriptor])?.protocols == [descriptor])
        // More protocols than anyone declares.
        #expect(existential(flags: 0x8000_0000, count: UInt32(RuntimeMetadata.protocolLimit + 1), words: []) == nil)
        // More witness tables than protocols.
        #expect(existential(flags: 0x8000_0002, count: 1, words: [descriptor]) == nil)
        // A special protocol the ABI does not define.
        #expect(existential(flags: 0x8000_0000 | 0x0500_0000, count: 1, words: [descriptor]) == nil)
        // A null protocol, an Objective-C one.
        #expect(existential(flags: 0x8000_0000, count: 1, words: [0]) == nil)
        #expect(existential(flags: 0x8000_0000, count: 1, words: [descriptor | 1]) == nil)
        // A superclass constraint with no superclass.
        #expect(existential(flags: 0x4000_0000, count: 0, words: [0]) == nil)
    }

    @Test func conformanceIsAskedOfTheRuntime() throws {
        let edible = try #require(RuntimeMetadata.existential(of: (any MetaEdible).self)?.protocols.first)
        #expect(RuntimeMetadata.conforms(MetaToast.self, to: edible) == true)
        #expect(RuntimeMetadata.conforms(MetaBreakfast.self, to: edible) == true)
        #expect(RuntimeMetadata.conforms(MetaStone.self, to: edible) == false)
        #expect(RuntimeMetadata.conforms(MetaStone.self, to: 0) == nil)
    }

    @Test func subclassesAreFoundByCastingMetatypes() {
        #expect(ModelType.isSubclass(MetaBreakfast.self, of: MetaMeal.self))
        #expect(ModelType.isSubclass(MetaMeal.self, of: MetaMeal.self))
        #expect(!ModelType.isSubclass(MetaMeal.self, of: MetaBreakfast.self))
        #expect(!ModelType.isSubclass(MetaToast.self, of: MetaMeal.self))
    }

    @Test func theCheckerTreatsUndecidableConservatively() {
        let toast = ModelType(MetaToast.self), stone = ModelType(MetaStone.self), edible = ModelType((any MetaEdible).self)
        // Read: two structs never share a value; a struct that lacks the protocol cannot be one.
        #expect(!toast.canShareValue(with: stone))
        #expect(!stone.canShareValue(with: edible))
        #expect(edible.contains(toast))
        // Unread: no incompatible-model error (they might share values) and
        // no overlap proof (no type provably belongs to both).
        let unreadToast = ModelType(MetaToast.self, shape: .undecidable)
        let unreadEdible = ModelType((any MetaEdible).self, shape: .undecidable)
        #expect(unreadToast.canShareValue(with: stone))
        #expect(stone.canShareValue(with: unreadEdible))
        #expect(!unreadEdible.contains(toast))
        #expect(!edible.contains(unreadToast))
        // The same type is still the same type.
        #expect(unreadToast.contains(ModelType(MetaToast.self, shape: .undecidable)))
    }
}
