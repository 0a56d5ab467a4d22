#ifndef C_MALLOC_INFO_H
#define C_MALLOC_INFO_H
#include <stddef.h>

/// The bytes malloc has handed out and not had back (glibc's mallinfo2().uordblks), 0 elsewhere.
size_t courier_heap_in_use(void);

/// The bytes the allocator holds from the system, in its arenas and in mmapped blocks.
size_t courier_heap_from_system(void);

#endif
