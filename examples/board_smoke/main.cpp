// SPDX-License-Identifier: Apache-2.0
// board_smoke: the smallest image a board can run. It proves the board's
// linker script, start-up code and console link together: it prints
// "pmukit <board> ok" and ends with status 0.
#include "board.hpp"

namespace {

void put_str(const char* s) {
  while (*s != '\0') board::putc(*s++);
}

}  // namespace

extern "C" int main() {  // C linkage: built by clang, -ffreestanding gives main a C++ name
  put_str("pmukit ");
  put_str(board::name());
  put_str(" ok\n");
  return 0;
}
