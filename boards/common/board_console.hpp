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
