// SPDX-License-Identifier: Apache-2.0
// The little C runtime a freestanding C++ image needs: the compiler may emit
// calls to memset/memcpy/memmove/memcmp for aggregate copies and zeroing, and
// an abstract class's vtable names __cxa_pure_virtual. A real BSP's libc
// provides these; images built from boards/ get them here. Not part of libpmu.
#include <stddef.h>
#include <stdint.h>

#include "board.hpp"

extern "C" {

// Keep the compiler from turning these loops back into calls to themselves.
#if defined(__clang__)
#define PMU_NO_BUILTIN __attribute__((no_builtin))
#else
#define PMU_NO_BUILTIN __attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif

PMU_NO_BUILTIN void* memset(void* dst, int c, size_t n) {
  auto* d = static_cast<unsigned char*>(dst);
  while (n-- != 0) *d++ = static_cast<unsigned char>(c);
  return dst;
}

PMU_NO_BUILTIN void* memcpy(void* dst, const void* src, size_t n) {
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  while (n-- != 0) *d++ = *s++;
  return dst;
}

PMU_NO_BUILTIN void* memmove(void* dst, const void* src, size_t n) {
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  if (d < s) {
    while (n-- != 0) *d++ = *s++;
  } else {
    while (n-- != 0) d[n] = s[n];
  }
  return dst;
}

PMU_NO_BUILTIN int memcmp(const void* a, const void* b, size_t n) {
  const auto* x = static_cast<const unsigned char*>(a);
  const auto* y = static_cast<const unsigned char*>(b);
  for (; n != 0; --n, ++x, ++y)
    if (*x != *y) return *x < *y ? -1 : 1;
  return 0;
}

void __cxa_pure_virtual() {
  const char* msg = "\npure virtual call\n";
  while (*msg != '\0') board::putc(*msg++);
  board::exit(4);
}

}  // extern "C"
