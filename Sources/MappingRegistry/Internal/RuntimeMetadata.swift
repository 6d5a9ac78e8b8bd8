import Foundation

/// Reads what no public API answers from Swift's runtime type metadata,
/// whose layout is part of the stable ABI: whether a type is a struct or
/// enum (rather than a tuple, function or metatype), an existential's
/// protocols, class bound and superclass, and whether a type conforms to a
/// protocol known only at run time.
///
/// Everything else is asked through public API: classes with
/// `is AnyClass`, `Optional`s with a cast to `any OptionalUnwrapping.Type`,
/// subclasses with `is Base.Type` on an opened metatype.
///
/// Every read is checked: a kind must be one the ABI documents, an
/// existential's flags and counts must be in range and its pointers
/// non-null, and before the first answer a self-check reads types whose
/// answers are known (`Int`, `Int?`, `any CustomStringConvertible`,
/// `AnyObject`…). Anything unexpected gives `nil`, which callers treat as
/// "undecidable": a relation is then neither proved nor disproved, so a
/// configuration is never rejected on a guess, and nothing traps.
enum RuntimeMetadata {
    /// A metadata kind, as far as the registry distinguishes them.
    enum Kind: Equatable {
        case structure, enumeration, optional, existential
        /// A documented kind the registry does not decide on (tuple,
        /// function, metatype, foreign class…).
        case other
    }

    /// What an existential type's metadata says.
    struct Existential {
        /// Protocol descriptor addresses.
        let protocols: [UInt]
        let isClassBound: Bool
        let superclass: (any Any.Type)?
    }

    /// The most protocols an existential is believed to list; more means
    /// the layout is not what this reader expects.
    static let protocolLimit = 256

    /// Whether the self-check passed, so the readers below may answer.
    static let isTrusted: Bool = selfCheck(kind: readKind, existential: readExistential, conforms: readConforms)

    /// The kind of a type that is not a class; `nil` when undecidable.
    static func kind(of type: any Any.Type) -> Kind? {
        isTrusted ? readKind(type) : nil
    }

    /// The layout of an existential type; `nil` for any other type, an
    /// Objective-C protocol, or a layout this reader does not expect.
    static func existential(of type: any Any.Type) -> Existential? {
        isTrusted ? readExistential(type) : nil
    }

    /// Whether `type` conforms to the protocol with descriptor address
    /// `descriptor`; `nil` when the runtime cannot be asked.
    static func conforms(_ type: any Any.Type, to descriptor: UInt) -> Bool? {
        isTrusted ? readConforms(type, descriptor) : nil
    }

    // MARK: - Checking what was read

    /// The kind a metadata's first word stands for: only the values the ABI
    /// documents (`MetadataKind.def`); `nil` for any other, such as a class's
    /// isa pointer.
    static func kind(word: UInt) -> Kind? {
        switch word {
        case 0x200: .structure
        case 0x201: .enumeration
        case 0x202: .optional
        case 0x303: .existential
        case 0x203, 0x204, 0x300, 0x301, 0x302, 0x304, 0x305, 0x306, 0x307, 0x308: .other
        default: nil
        }
    }

    /// Reads an existential metadata record at `metadata` (whose kind word
    /// was already checked): 32-bit flags and protocol count after the kind,
    /// an optional superclass, then one word per protocol. `nil` when a
    /// field is out of range.
    static func existential(reading metadata: UnsafeRawPointer) -> Existential? {
        let word = MemoryLayout<UInt>.size
        let flags = metadata.load(fromByteOffset: word, as: UInt32.self)
        let count = Int(metadata.load(fromByteOffset: word + 4, as: UInt32.self))
        let witnessTables = Int(flags & 0x00FF_FFFF)
        let specialProtocol = (flags >> 24) & 0x3F
        // At most one witness table per protocol; special protocol 0 (none) or 1 (Error).
        guard count <= protocolLimit, witnessTables <= count, specialProtocol <= 1 else { return nil }
        let hasSuperclass = flags & 0x4000_0000 != 0
        // The class-constraint bit is 0 for class-bound existentials.
        let isClassBound = flags & 0x8000_0000 == 0
        var offset = word + 8
        var superclass: (any Any.Type)?
        if hasSuperclass {
            guard let pointer = UnsafeRawPointer(bitPattern: metadata.load(fromByteOffset: offset, as: UInt.self)) else { return nil }
            let type = unsafeBitCast(pointer, to: Any.Type.self)
            guard type is AnyClass else { return nil }
            superclass = type
            offset += word
        }
        var protocols: [UInt] = []
        protocols.reserveCapacity(count)
        for index in 0..<count {
            let reference = metadata.load(fromByteOffset: offset + index * word, as: UInt.self)
            // The low bit marks an Objective-C protocol.
            guard reference & 1 == 0, reference != 0 else { return nil }
            protocols.append(reference)
        }
        return Existential(protocols: protocols, isClassBound: isClassBound, superclass: superclass)
    }

    /// Whether the readers give the known answers for known types; `false`
    /// turns every reader into "undecidable".
    static func selfCheck(
        kind: (any Any.Type) -> Kind?,
        existential: (any Any.Type) -> Existential?,
        conforms: (any Any.Type, UInt) -> Bool?
    ) -> Bool {
        guard kind(Int.self) == .structure,
              kind(FloatingPointSign.self) == .enumeration,
              kind(Int?.self) == .optional,
              kind((Int, Int).self) == .other,
              kind((any CustomStringConvertible).self) == .existential,
              let described = existential((any CustomStringConvertible).self),
              described.protocols.count == 1, !described.isClassBound, described.superclass == nil,
              let anyObject = existential(AnyObject.self),
              anyObject.protocols.isEmpty, anyObject.isClassBound,
              existential((any CustomStringConvertible & CustomDebugStringConvertible).self)?.protocols.count == 2,
              existential(Int.self) == nil
        else { return false }
        return conforms(Int.self, described.protocols[0]) == true
            && conforms(SelfCheckType.self, described.protocols[0]) == false
    }

    /// A type that conforms to nothing the self-check asks about.
    private struct SelfCheckType {}

    // MARK: - Reading

    private static func metadata(_ type: any Any.Type) -> UnsafeRawPointer {
        unsafeBitCast(type, to: UnsafeRawPointer.self)
    }

    private static func readKind(_ type: any Any.Type) -> Kind? {
        kind(word: metadata(type).load(as: UInt.self))
    }

    private static func readExistential(_ type: any Any.Type) -> Existential? {
        guard readKind(type) == .existential else { return nil }
        return existential(reading: metadata(type))
    }

    private static func readConforms(_ type: any Any.Type, _ descriptor: UInt) -> Bool? {
        guard let conformsToProtocol = conformsToProtocolFunction,
              let protocolPointer = UnsafeRawPointer(bitPattern: descriptor) else { return nil }
        return conformsToProtocol(metadata(type), protocolPointer) != nil
    }

    private typealias ConformsToProtocol = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UnsafeRawPointer?

    /// The runtime's `swift_conformsToProtocol`, looked up once; `nil` where
    /// the symbol is not visible (for example a fully static executable).
    private static let conformsToProtocolFunction: ConformsToProtocol? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "swift_conformsToProtocol") else {
            return nil
        }
        return unsafeBitCast(symbol, to: ConformsToProtocol.self)
    }()
}
