// Every atomic operation is a static inline function in
// include/MappingRegistryAtomics.h, compiled into the Swift code that calls
// it; including the header here checks its static assertions with the C
// compiler too. This file defines the one function that needs storage of
// its own: the thread ordinal, whose word is thread-local.
#include "MappingRegistryAtomics.h"

// MARK: - Thread ordinals

/// The next ordinal to hand out. Relaxed: an ordinal only has to be unique,
/// and nothing else is published with it.
static _Atomic(uintptr_t) next_thread_ordinal = 0;

/// This thread's ordinal plus one; 0 until the thread first asks.
static _Thread_local uintptr_t thread_ordinal_plus_one = 0;

uintptr_t mapping_registry_thread_ordinal(void) {
    uintptr_t value = thread_ordinal_plus_one;
    if (__builtin_expect(value == 0, 0)) {
        value = atomic_fetch_add_explicit(&next_thread_ordinal, 1, memory_order_relaxed) + 1;
        thread_ordinal_plus_one = value;
    }
    return value - 1;
}
