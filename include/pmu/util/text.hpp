// SPDX-License-Identifier: Apache-2.0
// Text helpers without <cstring>: libpmu calls no C library function but
// memset and memcpy (docs/install.md).
#pragma once

#include <stddef.h>

namespace pmu::util {

/// Bytes of the NUL-terminated string s before its NUL (s must not be null).
constexpr size_t length(const char* s) {
  size_t n = 0;
  while (s[n] != '\0') ++n;
  return n;
}

}  // namespace pmu::util
