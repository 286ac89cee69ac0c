// SPDX-License-Identifier: Apache-2.0
// The qemu-virt exit: every non-zero code leaves QEMU with a non-zero
// status. The host keeps the status's low 8 bits, so 256 must not be
// written as 256 (it read as success).
#include <gtest/gtest.h>

#include "../../../boards/qemu-virt/virt_devices.hpp"

namespace {
using board::virt::finisher_word;

// What the host sees: the code field's low 8 bits (0 for a pass word).
unsigned host_status(uint32_t word) { return word == 0x5555u ? 0u : (word >> 16) & 0xFFu; }

TEST(VirtExit, EveryNonZeroCodeIsANonZeroStatus) {
  EXPECT_EQ(finisher_word(0), 0x5555u);
  EXPECT_EQ(host_status(finisher_word(0)), 0u);
  EXPECT_EQ(finisher_word(3), 0x00033333u);
  EXPECT_EQ(host_status(finisher_word(255)), 255u);
  for (const int code : {1, 7, 255, 256, 512, 65536, -1, -256, 0x7FFFFF00})
    EXPECT_NE(host_status(finisher_word(code)), 0u) << code;
  EXPECT_EQ(host_status(finisher_word(256)), 255u);
}
}  // namespace
