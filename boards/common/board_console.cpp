// SPDX-License-Identifier: Apache-2.0
#include "board_console.hpp"

#include "board.hpp"

namespace board {

void put_str(const char* s) {
  while (*s != '\0') putc(*s++);
}

void put_dec(int v) {
  char buf[12];
  int n = 0;
  uint32_t u = v < 0 ? 0u - static_cast<uint32_t>(v) : static_cast<uint32_t>(v);
  do {
    buf[n++] = static_cast<char>('0' + u % 10);
    u /= 10;
  } while (u != 0);
  if (v < 0) putc('-');
  while (n > 0) putc(buf[--n]);
}

void put_hex(uint64_t v, unsigned digits) {
  static const char kDigits[] = "0123456789abcdef";
  if (digits > 16) digits = 16;
  // Shifts of a 32-bit half: no 64-bit shift helper needed on LEON3.
  for (unsigned i = digits; i > 0; --i) {
    const unsigned shift = 4 * (i - 1);
    const uint32_t half = shift >= 32 ? static_cast<uint32_t>(v >> 32) : static_cast<uint32_t>(v);
    putc(kDigits[(half >> (shift & 31)) & 0xF]);
  }
}

}  // namespace board

namespace board {

void report_exit(int code) {
  if (code == 0) return;
  put_str("EXIT ");
  put_dec(code);
  put_str("\n");
}

}  // namespace board
