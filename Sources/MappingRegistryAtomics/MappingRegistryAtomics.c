// Every operation is a static inline function in include/MappingRegistryAtomics.h,
// compiled into the Swift code that calls it. This file only gives the target
// a source file, which a C target must have, and compiles the header once on
// its own so that its static assertions are checked by the C compiler too.
#include "MappingRegistryAtomics.h"
