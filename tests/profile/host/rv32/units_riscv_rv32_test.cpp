// SPDX-License-Identifier: Apache-2.0
// The Sampler's Sscofpmf adapter on RV32: the preload is the counter file's
// split write (low half 0, high, low: a running low half cannot carry into
// the new high half), OF lives in mhpmeventNh, and a read (the re-arm's,
// a group counter's) is hi/lo/hi.
#include <gtest/gtest.h>

#include "../../../riscv/host/counter_config_helper.hpp"
#include "host/backend.hpp"
#include "pmu/profile/units/riscv.hpp"

namespace {
using namespace pmu;
using namespace pmu::profile;
using namespace pmu::riscv;
using pmu::test::CC;
using pmu::test::CR;
using pmu::test::CS;
using pmu::test::CW;

static_assert(hal::kXlen == 32, "this file is built with PMU_HOST_XLEN=32");

void ignore(void*, unsigned) {}


TEST(ProfileUnitsRiscvRv32, ArmAndRearmWriteBothHalvesAndClearOfInTheHighEventHalf) {
  test::ExpectBackend bus;
  bus.expect({CS(0x320, 0x8),
              CC(0x723, 0x80000000),                                        // mhpmevent3h.OF
              CS(0x304, 0x2000), CC(0x320, 0x8),
              CW(0xB03, 0), CW(0xB83, 0xFFFFFFFF), CW(0xB03, 0xFFFFFC18),  // 2^64 - 1000
              // the re-arm: hi/lo/hi (7 counted since the overflow), then the split write
              CR(0xB83, 0), CR(0xB03, 7), CR(0xB83, 0),
              CW(0xB03, 0), CW(0xB83, 0xFFFFFFFF), CW(0xB03, 0xFFFFFC1F)});
  test::ScopedBackend use(bus);
  Counters c(test::cfg(0x5 | 0x8));
  CounterCallbacks cbs;
  c.attach_callbacks(&cbs);
  EXPECT_EQ(units::SscofpmfOps::arm(&c, 3, 1000, IrqCallback{ignore, nullptr}), Status::kOk);
  EXPECT_EQ(units::SscofpmfOps::rearm(&c, 3, 1000), Status::kOk);
}

TEST(ProfileUnitsRiscvRv32, GroupReadJoinsTheHalves) {
  test::ExpectBackend bus;
  bus.expect({CR(0xB82, 1), CR(0xB02, 5), CR(0xB82, 1)});
  test::ScopedBackend use(bus);
  Counters c(test::cfg(0x5));
  EXPECT_EQ(units::SscofpmfOps::read(&c, 2), 0x100000005ull);
}

}  // namespace
