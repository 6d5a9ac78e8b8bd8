#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// The number of heap allocations (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made by this process so far; 0 where the counter
/// is not available (it needs glibc).
uint64_t malloc_counter_allocations(void);

/// Whether allocations are being counted in this process.
int malloc_counter_is_active(void);

#endif
