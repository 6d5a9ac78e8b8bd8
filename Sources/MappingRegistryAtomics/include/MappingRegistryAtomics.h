#ifndef MAPPING_REGISTRY_ATOMICS_H
#define MAPPING_REGISTRY_ATOMICS_H

// Atomic operations on one machine word, for the lock-free resolution index
// in Sources/MappingRegistry/Resolver/Indexed/ (TypeTable.swift,
// ResolutionCache.swift, OptionalUnwrapper.swift), the only Swift code that
// uses them; and a per-thread ordinal for the registry's per-thread copies
// of its mappings (Resolver/Indexed/MappingReplicas.swift).
//
// C11 <stdatomic.h> instead of Swift's Synchronization module, which needs
// macOS 15 / iOS 18; these need nothing newer than the C compiler. Each
// function names its memory order, and says why that order is enough where
// it is called. ThreadSanitizer models C11 atomics, so the orders below are
// what it checks the callers against.
//
// A word is a `uintptr_t` (Swift: `UInt`) in memory that the Swift side
// allocates, word-aligned, and initializes before any other thread can
// reach it (a table is initialized before it is published). After that it
// is only read or written through these functions. They view the word as
// `_Atomic(uintptr_t)`; the assertions below check that the two have the
// same size and alignment and that the operations are lock-free, so no
// hidden lock is involved and the view is sound on every supported target.
//
// Every atomic is `static inline` and always inlined, so a load or store
// compiles to the same instruction as a Swift `Atomic` would, in debug
// builds too, and ThreadSanitizer instruments it as part of its Swift caller.

#include <stdatomic.h>
#include <stdint.h>

_Static_assert(sizeof(_Atomic(uintptr_t)) == sizeof(uintptr_t), "an atomic word is a word");
_Static_assert(_Alignof(_Atomic(uintptr_t)) == _Alignof(uintptr_t), "an atomic word is aligned as a word");
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "word-sized atomics are lock-free");

#define MAPPING_REGISTRY_ATOMIC_INLINE static inline __attribute__((always_inline))

/// The word `word` points at, viewed as an atomic object.
#define MAPPING_REGISTRY_ATOMIC_WORD(word) ((_Atomic(uintptr_t) *)(word))

// MARK: - Acquire and release: publishing a value to readers

/// Loads `*word` with acquire order.
///
/// Readers of the resolution index: a type table's key (TypeTable.lookUp)
/// and a kind slot's current table (ResolutionCache.lookUp). Acquire pairs
/// with the writer's release store of the same word, so everything the
/// writer did before publishing it (the entry's value word, the table's
/// contents, the plan the entry points at) is visible once the reader sees
/// the key or table.
MAPPING_REGISTRY_ATOMIC_INLINE uintptr_t mapping_registry_atomic_load_acquire(const uintptr_t *word) {
    return atomic_load_explicit(MAPPING_REGISTRY_ATOMIC_WORD(word), memory_order_acquire);
}

/// Stores `value` into `*word` with release order.
///
/// The writer of the resolution index, under its lock: a new key after its
/// value (TypeTable.insert), and a grown table after it was filled
/// (ResolutionCache.entry). Release makes every earlier write (the value
/// word, the entries copied into the new table, the plan built for the
/// type) visible to a reader whose acquire load sees this store.
MAPPING_REGISTRY_ATOMIC_INLINE void mapping_registry_atomic_store_release(uintptr_t *word, uintptr_t value) {
    atomic_store_explicit(MAPPING_REGISTRY_ATOMIC_WORD(word), value, memory_order_release);
}

// MARK: - Relaxed: no ordering of other memory

/// Loads `*word` with relaxed order: atomic, but ordering nothing else.
///
/// A type table's value word, read right after its key was loaded with
/// acquire: the writer stored the value before it released the key, so
/// the acquire already made it visible. The writer's own reads of its
/// table (probing for a free slot, copying into a grown table) also use
/// it: the writer lock orders them after every earlier write, and readers
/// never write.
MAPPING_REGISTRY_ATOMIC_INLINE uintptr_t mapping_registry_atomic_load_relaxed(const uintptr_t *word) {
    return atomic_load_explicit(MAPPING_REGISTRY_ATOMIC_WORD(word), memory_order_relaxed);
}

/// Stores `value` into `*word` with relaxed order.
///
/// A type table's value word, stored before the key that publishes it
/// (TypeTable.insert): a reader reads the value only after an acquire
/// load saw the key, and the key's release store comes after this one, so
/// this store needs no order of its own. It is atomic only because a
/// reader probing the same slot may read it concurrently.
MAPPING_REGISTRY_ATOMIC_INLINE void mapping_registry_atomic_store_relaxed(uintptr_t *word, uintptr_t value) {
    atomic_store_explicit(MAPPING_REGISTRY_ATOMIC_WORD(word), value, memory_order_relaxed);
}

/// Adds `amount` to `*word` with relaxed order; returns the old value.
///
/// Counters that must order nothing else, such as the tests' tallies of
/// work done by many threads, read once the threads have been joined (the
/// join orders them). A stronger order would add synchronization between
/// the counting threads that the code under test does not have, and could
/// hide a race from ThreadSanitizer.
MAPPING_REGISTRY_ATOMIC_INLINE uintptr_t mapping_registry_atomic_fetch_add_relaxed(uintptr_t *word, uintptr_t amount) {
    return atomic_fetch_add_explicit(MAPPING_REGISTRY_ATOMIC_WORD(word), amount, memory_order_relaxed);
}

// MARK: - Thread ordinals

/// A small number for the calling thread: 0 for the first thread that
/// asks, 1 for the next, and so on; the same number every time one thread
/// asks. (Defined in MappingRegistryAtomics.c: a `_Thread_local` word, and
/// a relaxed counter for threads that ask for the first time.)
///
/// The registry keeps a copy of its mappings per thread ordinal (modulo a
/// few), so the `Mapping` that a resolve returns, and retains, is an object
/// that only the resolving thread writes to (Index/MappingReplicas.swift).
uintptr_t mapping_registry_thread_ordinal(void);

#undef MAPPING_REGISTRY_ATOMIC_WORD
#undef MAPPING_REGISTRY_ATOMIC_INLINE

#endif
