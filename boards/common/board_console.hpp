// SPDX-License-Identifier: Apache-2.0
// Tiny console helpers over board::putc, for start-up and trap reports in
// board code (the library never prints; examples and tests have their own).
#pragma once

#include <stdint.h>

namespace board {

void put_str(const char* s);
void put_dec(int v);
// 'digits' hex digits, most significant first, no prefix.
void put_hex(uint64_t v, unsigned digits);

}  // namespace board

namespace board {

// "EXIT <code>" on the console for a non-zero code: boards whose exit path
// cannot carry a status (or loses it, as QEMU's LEON3 abort does) say it.
void report_exit(int code);

}  // namespace board
