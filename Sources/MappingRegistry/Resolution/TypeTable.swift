/// An immutable open-addressing hash table from (dynamic type, kind slot)
/// to a cache entry, built for the resolution hot path: the key is the
/// type's metadata address, the hash a multiply and a shift, and every
/// field a plain integer, so a lookup never hashes with SipHash, never
/// allocates and never touches a reference count.
struct TypeTable: Sendable {
    struct Slot: Sendable {
        /// The metadata address of the type; 0 marks an empty slot.
        var type: UInt
        var kind: Int32
        /// The mapping every value of the type resolves to, or -1.
        var winner: Int32
        /// The plan's index in the snapshot's plans.
        var plan: Int32
        /// The type is an `Optional`: unwrap, then look up the wrapped type.
        var unwrapsOptional: Bool
    }

    private(set) var slots: [Slot]
    private(set) var count = 0
    private var shift: Int

    /// A table with room for `capacity` entries at a load factor of at most one half.
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: Slot(type: 0, kind: 0, winner: -1, plan: -1, unwrapsOptional: false), count: size)
        shift = UInt.bitWidth - size.trailingZeroBitCount
    }

    @inline(__always)
    private func start(_ type: UInt, _ kind: Int32) -> Int {
        let mixed = (type ^ UInt(truncatingIfNeeded: kind)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt(shift))
    }

    /// The entry for a type and kind slot, if present.
    @inline(__always)
    func lookUp(_ type: UInt, kind: Int32) -> Slot? {
        slots.withUnsafeBufferPointer { buffer in
            let mask = buffer.count - 1
            var index = start(type, kind)
            while true {
                let slot = buffer[index]
                if slot.type == type && slot.kind == kind { return slot }
                if slot.type == 0 { return nil }
                index = (index + 1) & mask
            }
        }
    }

    /// A copy with one more entry, grown when it would pass half full.
    func inserting(_ entry: Slot) -> TypeTable {
        var table = self
        if (count + 1) * 2 > slots.count {
            table = TypeTable(capacity: count + 1)
            for slot in slots where slot.type != 0 { table.place(slot) }
        }
        table.place(entry)
        return table
    }

    private mutating func place(_ entry: Slot) {
        let mask = slots.count - 1
        var index = start(entry.type, entry.kind)
        while slots[index].type != 0 && !(slots[index].type == entry.type && slots[index].kind == entry.kind) {
            index = (index + 1) & mask
        }
        if slots[index].type == 0 { count += 1 }
        slots[index] = entry
    }
}
