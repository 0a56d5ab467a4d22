#include "CMallocInfo.h"
#include <stdlib.h> /* defines __GLIBC__ on glibc */
#if defined(__GLIBC__)
#include <malloc.h>
#endif

size_t courier_heap_in_use(void) {
#if defined(__GLIBC__)
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
#else
    return 0;
#endif
}

size_t courier_heap_from_system(void) {
#if defined(__GLIBC__)
    struct mallinfo2 info = mallinfo2();
    return info.arena + info.hblkhd;
#else
    return 0;
#endif
}
