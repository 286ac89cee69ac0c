// SPDX-License-Identifier: Apache-2.0
// CRC-32 as zlib and Ethernet compute it (reflected polynomial 0xEDB88320,
// initial value and final XOR 0xFFFFFFFF), so the host tool checks frames
// with Python's zlib.crc32. A 16-entry table: 64 bytes of rodata, two
// lookups per byte.
#pragma once

#include <stddef.h>
#include <stdint.h>

namespace pmu::profile {

/// Continue a CRC over more bytes: crc32(crc32(0, a), b) == crc32 of a then b.
uint32_t crc32(uint32_t crc, const void* data, size_t size);

}  // namespace pmu::profile
