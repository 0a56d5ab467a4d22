// The system's zlib, for Courier's disk cache (its CRC-32 of bodies and metadata).
#ifndef COURIER_ZLIB_SHIM_H
#define COURIER_ZLIB_SHIM_H

#include <zlib.h>

#endif
