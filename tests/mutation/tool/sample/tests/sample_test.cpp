// SPDX-License-Identifier: Apache-2.0
// The sample's test, in the host tests' line format. SAMPLE_TEST_SLEEP=<s>
// makes it slow (the interrupt test stops the tool while it runs).
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

#include "sample.hpp"

static int failures = 0;

static void check(bool ok, const char* name) {
  std::printf("%s host %s\n", ok ? "PASS" : "FAIL", name);
  if (!ok) ++failures;
}

int main() {
  if (const char* s = std::getenv("SAMPLE_TEST_SLEEP")) sleep(static_cast<unsigned>(std::atoi(s)));
  check(clamp(3) == 3 && clamp(20) == kLimit, "Sample.ClampKeepsSmallAndCapsLarge");
  check(scale(0) == 0, "Sample.ScaleOfZero");
  return failures == 0 ? 0 : 1;
}
