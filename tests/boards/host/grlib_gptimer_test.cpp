// SPDX-License-Identifier: Apache-2.0
// The GRLIB GPTIMER driver (boards/common/grlib/gptimer.*): exact register
// sequences, timer n at 0x10 * n, and bad timer numbers touch nothing.
#include <gtest/gtest.h>

// Board code is not part of libpmu: the test compiles the driver directly.
#include "../../../boards/common/grlib/gptimer.cpp"
#include "host/backend.hpp"

namespace {
using board::grlib::Gptimer;
using namespace pmu::test;  // ExpectBackend, NoAccessBackend, R, W, ScopedBackend

constexpr uintptr_t kBase = 0x80000300;  // docs/hw/grlib-leon3-qemu.md §6.3
constexpr Gptimer kTimer(kBase);

TEST(GrlibGptimer, PrescalerWritesReloadThenValue) {
  ExpectBackend b;
  b.expect({W(kBase + 0x04, 0), W(kBase + 0x00, 0)});
  ScopedBackend use(b);
  kTimer.set_prescaler(0);
}

TEST(GrlibGptimer, FreeRunningTimerLoadsAllOnesAndRestartsWithoutInterrupt) {
  // Control = EN | RS | LD (0x7): IE (bit 3) stays off.
  ExpectBackend b;
  b.expect({W(kBase + 0x14, 0xFFFFFFFF), W(kBase + 0x18, 0x7),    // timer 1
            W(kBase + 0x24, 0xFFFFFFFF), W(kBase + 0x28, 0x7),    // timer 2
            W(kBase + 0x74, 0xFFFFFFFF), W(kBase + 0x78, 0x7)});  // timer 7, the last
  ScopedBackend use(b);
  EXPECT_EQ(kTimer.start_free_running(1), pmu::Status::kOk);
  EXPECT_EQ(kTimer.start_free_running(2), pmu::Status::kOk);
  EXPECT_EQ(kTimer.start_free_running(7), pmu::Status::kOk);
}

TEST(GrlibGptimer, ReadIsOneLoadOfTheTimersCounter) {
  ExpectBackend b;
  b.expect({R(kBase + 0x20, 0xFFFFFF00)});
  ScopedBackend use(b);
  const auto v = kTimer.read(2);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v.value(), 0xFFFFFF00u);
}

TEST(GrlibGptimer, BadTimerNumbersTouchNothing) {
  // Timers are numbered 1..7; 0x00..0x0C is the prescaler block.
  NoAccessBackend none;
  ScopedBackend use(none);
  for (unsigned n : {0u, 8u, 100u}) {
    EXPECT_EQ(kTimer.start_free_running(n), pmu::Status::kBadArg);
    EXPECT_EQ(kTimer.read(n).status(), pmu::Status::kBadArg);
  }
}

}  // namespace
