import Foundation

/// Reads what the registry needs from Swift's runtime type metadata, whose
/// layout is part of the stable ABI: a type's kind, an existential's
/// protocols, and whether a type conforms to a protocol.
///
/// Every answer that cannot be given with certainty is `nil`, and callers
/// then treat the relation as undecidable, so a configuration is never
/// rejected on a guess.
enum RuntimeMetadata {
    /// The metadata kind: the first word of a type's metadata.
    static func kind(of type: any Any.Type) -> UInt {
        unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    }

    /// The protocols (descriptor addresses), class bound and superclass of
    /// an existential type (metadata kind 0x303); `nil` for any other type,
    /// or when a protocol is an Objective-C one.
    static func existentialLayout(of type: any Any.Type) -> (protocols: [UInt], isClassBound: Bool, superclass: (any Any.Type)?)? {
        guard kind(of: type) == 0x303 else { return nil }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let word = MemoryLayout<UInt>.size
        // Kind, then 32-bit flags, then a 32-bit protocol count.
        let flags = metadata.load(fromByteOffset: word, as: UInt32.self)
        let count = Int(metadata.load(fromByteOffset: word + 4, as: UInt32.self))
        let hasSuperclass = flags & 0x4000_0000 != 0
        // The class-constraint bit is 0 for class-bound existentials.
        let isClassBound = flags & 0x8000_0000 == 0
        var offset = word + 8
        var superclass: (any Any.Type)?
        if hasSuperclass {
            superclass = unsafeBitCast(metadata.load(fromByteOffset: offset, as: UnsafeRawPointer.self), to: Any.Type.self)
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
        return (protocols, isClassBound, superclass)
    }

    /// Whether `type` conforms to the protocol with descriptor address
    /// `descriptor`; `nil` when the runtime cannot be asked.
    static func conforms(_ type: any Any.Type, to descriptor: UInt) -> Bool? {
        guard let conformsToProtocol = conformsToProtocolFunction,
              let protocolPointer = UnsafeRawPointer(bitPattern: descriptor) else { return nil }
        return conformsToProtocol(unsafeBitCast(type, to: UnsafeRawPointer.self), protocolPointer) != nil
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
