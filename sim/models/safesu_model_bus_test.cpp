// SPDX-License-Identifier: Apache-2.0
// The SafeSU model on the host test bus (test::ModelBus) with 0, 1 and 4
// idle cycles between accesses, as the RTL was measured (docs/hw/safesu.md
// §8): every expectation is the RTL's cycle-exact result, written as a
// function of the gap g. One transfer every 1 + g cycles; a call is the
// transfer's data phase and a read returns what was captured at the end of
// its address phase (the cycle just before). The driver is not involved.
#include <gtest/gtest.h>

#include "pmu_sim/safesu_model.hpp"
#include "host/backend.hpp"

namespace {
using pmu::models::SafesuModel;
using Config = SafesuModel::Config;

constexpr Config k4c128{24, 128, 4, false, true, false, false};
constexpr uintptr_t kBase = 0x80100000;

// 4c/128e register indices (docs/hw/safesu.md §1.2).
constexpr uint32_t kCfg0 = 0, kOvfMask = 25, kOvfVect = 26, kQuotaMask = 27, kQuotaLimit = 28,
                   kCfg1 = 29, kLimit0 = 30, kRemaining0 = 34, kWeights0 = 38, kRdcVect = 40,
                   kWatermarks0 = 41, kCrossbar0 = 43;
constexpr uint32_t counter_idx(uint32_t k) { return 1 + k; }
// CFG0 (§2.1) and CFG1 (§2.5, 4 cores, May-2025 RTL) bits.
constexpr uint32_t kEn = 1u << 0, kRst = 1u << 1, kOvfEn = 1u << 2, kOvfRst = 1u << 3;
constexpr uint32_t kMode01 = 1u << 30, kMode10 = 2u << 30;
constexpr uint32_t kMccuEn = 1u << 0, kUpdate0 = 1u << 2, kRdcEn = 1u << 6;

// A model on a bus with g idle cycles after every access.
struct Rig {
  explicit Rig(uint32_t gap, const Config& c = k4c128) : model(c), bus(gap), g(gap) {
    bus.map(kBase, SafesuModel::kWindowSize, &model);
  }
  uint32_t R(uint32_t idx) { return bus.mmio_read32(kBase + 4 * idx); }
  void W(uint32_t idx, uint32_t v) { bus.mmio_write32(kBase + 4 * idx, v); }
  void idle(uint64_t cycles) { bus.advance(cycles); }
  bool line(uint32_t irq) const { return (model.irq_outputs() & irq) != 0; }
  SafesuModel model;
  pmu::test::ModelBus bus;
  uint32_t g;
};

class SafesuModelBus : public ::testing::TestWithParam<uint32_t> {
 protected:
  uint32_t g() const { return GetParam(); }
};

// ---- counting (§3.1, §3.2) ------------------------------------------------------

// Event pin to counter value: 2 cycles (crossbar register + counter register).
// After the pin rises, n idle cycles, then a read: its address phase is the
// n-th cycle, whose copy holds n - 1.
TEST_P(SafesuModelBus, EventPinToCounterIsTwoCycles) {
  for (uint32_t n = 1; n <= 5; ++n) {
    Rig u(g());
    u.W(kCrossbar0, 5);  // output 0 <- event 5
    u.W(kCfg0, kEn);
    u.model.set_event(5, true);
    u.idle(n);
    EXPECT_EQ(u.R(counter_idx(0)), n - 1) << "n " << n;
  }
  // A level held 10 cycles counts 10 (§3.1), once the pipeline drains.
  Rig u(g());
  u.W(kCrossbar0, 5);
  u.W(kCfg0, kEn);
  u.model.set_event(5, true);
  u.idle(10);
  u.model.set_event(5, false);
  u.idle(2);
  EXPECT_EQ(u.R(counter_idx(0)), 10u);
}

// A pin change scheduled at a cycle number lands in that very cycle, inside
// an access, between accesses or in an idle stretch: the event rises at
// t0 + d, is counted from the next cycle, and the last read (call cycle
// F = t0 + 3 (1 + g) + 10) returns what was counted before its address phase.
TEST_P(SafesuModelBus, EventScheduledAtACycleArrivesThere) {
  const uint32_t span = 3 * (1 + g()) + 10;
  for (uint32_t d = 0; d <= span + 1; ++d) {
    Rig u(g());
    u.W(kCrossbar0, 5);
    u.W(kCfg0, kEn);
    u.idle(5);
    const uint64_t t0 = u.model.now();
    ASSERT_TRUE(u.model.set_event_at(t0 + d, 5, true));
    for (int i = 0; i < 3; ++i) u.R(kCfg0);
    u.model.advance(10);
    EXPECT_EQ(u.R(counter_idx(0)), d < span ? span - 1 - d : 0u) << "d " << d;
  }
}

// Every write cycle loses one count on every counter; reads lose none (§3.2).
TEST_P(SafesuModelBus, EachWriteDataPhaseLosesOneCountReadsLoseNone) {
  Rig u(g());
  u.W(kCfg0, kMode01 | kEn);
  u.idle(3);
  const uint32_t a = u.R(counter_idx(0));
  EXPECT_EQ(u.R(counter_idx(0)) - a, 1 + g());  // R, R: 1 + g cycles apart
  const uint32_t b = u.R(counter_idx(0));
  u.W(kQuotaLimit, 1);
  EXPECT_EQ(u.R(counter_idx(0)) - b, 1 + 2 * g());  // 2 + 2g cycles, one of them frozen
  const uint32_t c = u.R(counter_idx(0));
  for (uint32_t i = 0; i < 10; ++i) u.W(kQuotaLimit, i);
  EXPECT_EQ(u.R(counter_idx(0)) - c, 1 + 11 * g());  // 11 + 11g cycles, 10 frozen
  EXPECT_EQ(u.model.counter(0), u.model.counter(23));
}

// A live write takes effect at once: at g = 0 the reads after writing 5000
// return 5000, 5001, 5002 (§3.1).
TEST_P(SafesuModelBus, LiveCounterWriteReadsBackThenCounts) {
  Rig u(g());
  u.W(kCfg0, kMode01 | kEn);
  u.W(counter_idx(2), 5000);
  EXPECT_EQ(u.R(counter_idx(2)), 5000 + g());
  EXPECT_EQ(u.R(counter_idx(2)), 5001 + 2 * g());
  EXPECT_EQ(u.R(counter_idx(2)), 5002 + 3 * g());
}

// Counter soft reset (§3.2 items 2, 3; Appendix A T12): a set/clear pair of
// back-to-back writes does not reset (the clear reloads the shadow, which
// kept the old value); with an idle cycle between, the shadow shows
// 0 + event, so counting restarts from 1.
TEST_P(SafesuModelBus, SoftResetPairOfWritesWithCountingOn) {
  Rig u(g());
  u.W(kCfg0, kMode01 | kEn);
  u.W(counter_idx(0), 10);
  u.W(kCfg0, kMode01 | kEn | kRst);
  u.W(kCfg0, kMode01 | kEn);
  const uint32_t after_release = g() == 0 ? 10 : 1;
  EXPECT_EQ(u.R(counter_idx(0)), after_release + g());
  EXPECT_EQ(u.R(counter_idx(0)), after_release + 1 + 2 * g());
}

// The driver's recipe: reset held with counting off, a read between set and
// release, then enable: exactly 0, and then exact counting (§7 rule 4, §8).
TEST_P(SafesuModelBus, SoftResetWithAReadGapLeavesExactlyZero) {
  Rig u(g());
  u.W(kCfg0, kMode01 | kEn);
  u.idle(50);
  u.W(kCfg0, kMode01 | kRst);
  u.R(kCfg0);
  u.W(kCfg0, kMode01);
  for (uint32_t k = 0; k < 24; ++k) EXPECT_EQ(u.R(counter_idx(k)), 0u) << k;
  u.W(kCfg0, kMode01 | kEn);  // counts from the cycle after this data phase
  EXPECT_EQ(u.R(counter_idx(0)), g());
  EXPECT_EQ(u.model.counter(0), 1 + 2 * g());
}

// ---- read-only registers (§2.3, §2.6, §4.1, Appendix A T15) ------------------------

// A read back to back after writing a read-only register returns the write
// data once; after an idle cycle the copy is the hardware value again.
TEST_P(SafesuModelBus, ReadOnlyRegisterShowsTheWriteDataOnlyToABackToBackRead) {
  Rig u(g());
  u.W(kLimit0, 100);
  u.W(kCfg1, kUpdate0);
  u.W(kCfg1, 0);
  u.W(kRemaining0, 12345);
  EXPECT_EQ(u.R(kRemaining0), g() == 0 ? 12345u : 100u);
  EXPECT_EQ(u.R(kRemaining0), 100u);
  u.W(kOvfVect, 0x55);
  EXPECT_EQ(u.R(kOvfVect), g() == 0 ? 0x55u : 0u);
  EXPECT_EQ(u.R(kOvfVect), 0u);
  EXPECT_EQ(u.model.overflow_flags(), 0u);
}

// ---- overflow (§3.3, §8 "Overflow is combinational") --------------------------------

// The repro: the vector is readable in the data phase of the enabling
// write, so even a back-to-back read sees it.
TEST_P(SafesuModelBus, O1VectorShowsInTheEnablingWriteCycle) {
  Rig u(g());
  u.W(counter_idx(10), 0xFFFFFFFFu);
  u.W(kOvfMask, 0x400);
  EXPECT_EQ(u.model.overflow_flags(), 0x400u);  // parked at all ones: flags once masked
  EXPECT_FALSE(u.line(SafesuModel::kIrqOverflow));
  u.W(kCfg0, kOvfEn);
  EXPECT_TRUE(u.line(SafesuModel::kIrqOverflow));
  EXPECT_EQ(u.R(kOvfVect), 0x400u);
}

// Flag, line and vector appear in the cycle the counter's next value is all
// ones, i.e. while the counter register still holds 0xFFFFFFFE. Counting
// starts the cycle after the enabling write's data phase E; from 0xFFFFFFF0
// the next value is all ones in cycle E + 15.
TEST_P(SafesuModelBus, O1FlagLineAndVectorInTheCycleTheNextValueIsAllOnes) {
  auto setup = [](Rig& u) {
    u.W(kOvfMask, 0x1);
    u.W(counter_idx(0), 0xFFFFFFF0u);
    u.W(kCfg0, kOvfEn | kMode01 | kEn);  // E; the bus then idles g cycles
  };
  {
    Rig u(g());
    setup(u);
    u.idle(13 - g());  // cycles E+1 .. E+13 have run
    EXPECT_FALSE(u.line(SafesuModel::kIrqOverflow));
    u.idle(1);  // E+14 has run: the line during E+15
    EXPECT_EQ(u.model.counter(0), 0xFFFFFFFEu);
    EXPECT_EQ(u.model.overflow_flags(), 0u);  // not latched yet ...
    EXPECT_TRUE(u.line(SafesuModel::kIrqOverflow));  // ... but the line is up
  }
  {
    Rig u(g());
    setup(u);
    u.idle(14 - g());
    EXPECT_EQ(u.R(kOvfVect), 0u);  // address phase E+14
  }
  {
    Rig u(g());
    setup(u);
    u.idle(15 - g());
    EXPECT_EQ(u.R(kOvfVect), 1u);  // address phase E+15: same cycle
  }
}

// Writing 0xFFFFFFFF sets the flag from the write itself, event active or
// not, counting on or off; the flag is sticky (§3.3, §8).
TEST_P(SafesuModelBus, O2WritingAllOnesFlagsWithTheEventActive) {
  Rig u(g());
  u.W(kOvfMask, 0x1);
  u.W(kCfg0, kOvfEn | kMode01 | kEn);
  u.W(counter_idx(0), 0xFFFFFFFFu);
  EXPECT_TRUE(u.line(SafesuModel::kIrqOverflow));
  EXPECT_EQ(u.model.counter(0), 0xFFFFFFFFu + g());  // wraps in the cycle after the write
  EXPECT_EQ(u.R(kOvfVect), 1u);
  u.W(counter_idx(0), 0);
  u.idle(10);
  EXPECT_EQ(u.R(kOvfVect), 1u);  // sticky
}

// Writing 0xFFFFFFFF while the counter soft reset is held: the counter stays
// 0 (reset has priority) but the flag latches and stays (§8, issue O2).
TEST_P(SafesuModelBus, O2WritingAllOnesUnderSoftResetLatchesTheFlag) {
  Rig u(g());
  u.W(kOvfMask, 0x8);
  u.W(kCfg0, kRst);
  u.W(counter_idx(3), 0xFFFFFFFFu);
  EXPECT_EQ(u.model.overflow_flags(), 0x8u);
  EXPECT_EQ(u.model.counter(3), 0u);
  // Back to back, the read shows the write data passed to the copy (§4.1).
  EXPECT_EQ(u.R(counter_idx(3)), g() == 0 ? 0xFFFFFFFFu : 0u);
  EXPECT_EQ(u.R(counter_idx(3)), 0u);
  u.W(kCfg0, kRst | kOvfEn);
  EXPECT_EQ(u.R(kOvfVect), 0x8u);
  u.W(kCfg0, kOvfEn);  // release
  EXPECT_EQ(u.R(counter_idx(3)), 0u);
  u.idle(20);
  EXPECT_EQ(u.R(kOvfVect), 0x8u);
  EXPECT_TRUE(u.line(SafesuModel::kIrqOverflow));
}

// A counter parked at 0xFFFFFFFF re-latches its flag every cycle: it reads 0
// while the overflow soft reset is held and is set again in the data phase of
// the releasing write (§8 "Parked counter").
TEST_P(SafesuModelBus, ParkedCounterRelatchesRightAfterTheClearPulse) {
  Rig u(g());
  u.W(kOvfMask, 0x1);
  u.W(kCfg0, kOvfEn);
  u.W(counter_idx(0), 0xFFFFFFFFu);
  EXPECT_TRUE(u.line(SafesuModel::kIrqOverflow));
  u.W(kCfg0, kOvfEn | kOvfRst);
  EXPECT_FALSE(u.line(SafesuModel::kIrqOverflow));
  EXPECT_EQ(u.model.overflow_flags(), 0u);
  EXPECT_EQ(u.R(kOvfVect), 0u);
  u.W(kCfg0, kOvfEn);
  EXPECT_EQ(u.model.overflow_flags(), 1u);
  EXPECT_TRUE(u.line(SafesuModel::kIrqOverflow));
  EXPECT_EQ(u.R(kOvfVect), 1u);
  // Moved away first, the pulse clears for good.
  u.W(counter_idx(0), 0);
  u.W(kCfg0, kOvfEn | kOvfRst);
  u.W(kCfg0, kOvfEn);
  EXPECT_FALSE(u.line(SafesuModel::kIrqOverflow));
  EXPECT_EQ(u.R(kOvfVect), 0u);
}

// ---- crossbar latency per consumer (§8, issue X) -------------------------------------

// MCCU core 0, input 0 weight 4, on SELENE's constant-HIGH event 0 (every
// output's reset route). With the update bit held the remaining quota is
// refilled every cycle (limit - cost). The route is moved to event 1 (LOW)
// in cycle X, then the update released in U = X + 1 + g. The MCCU input
// keeps the old route through X + 1 (one cycle after the counters), so the
// cost sum is 4 through X + 2 and the quota ends at
// 0x80 - 4 * max(0, 3 - g): 0x74 / 0x78 / 0x80 at g = 0 / 1 / 4.
TEST_P(SafesuModelBus, XRerouteReachesTheMccuOneCycleAfterTheCounters) {
  Config c = k4c128;
  c.event0_high = true;
  Rig u(g(), c);
  u.W(kWeights0, 4);
  u.W(kLimit0, 0x80);
  u.W(kCfg1, kMccuEn | kUpdate0);
  u.W(kCfg0, kEn);
  u.idle(10);
  EXPECT_EQ(u.model.mccu_remaining(0), 0x7Cu);
  u.W(kCrossbar0, 1);  // X
  const uint32_t counted = u.model.counter(0);
  u.W(kCfg1, kMccuEn);  // U
  u.idle(10);
  const uint32_t lost = g() < 3 ? 3 - g() : 0;
  EXPECT_EQ(u.model.mccu_remaining(0), 0x80u - 4 * lost);
  EXPECT_EQ(u.R(kRemaining0), 0x80u - 4 * lost);
  EXPECT_EQ(u.model.counter(0), counted);  // the counters stopped at X
  EXPECT_FALSE(u.line(SafesuModel::irq_mccu(0)));
}

// The same delay on the RDC: output 0 moved to a high event in cycle X, the
// RDC disabled in D = X + 1 + g. The run length grows from X + 2 (the
// counters would count from X + 1) while enabled (through D), so the
// watermark is max(0, g - 1).
TEST_P(SafesuModelBus, XRerouteReachesTheRdcOneCycleAfterTheCounters) {
  Rig u(g());
  u.W(kCfg1, kRdcEn);
  u.W(kWeights0, 2);
  u.model.set_event(7, true);
  u.idle(5);
  u.W(kCrossbar0, 7);  // X
  u.W(kCfg1, 0);       // D
  u.idle(5);
  const uint32_t wm = g() > 1 ? g() - 1 : 0;
  EXPECT_EQ(u.model.rdc_watermark(0), wm);
  EXPECT_EQ(u.R(kWatermarks0), wm);
  // Weight 2 is reached only at g = 4 (run length 3): the vector bit was set
  // while enabled, and the disable cleared it again.
  EXPECT_EQ(u.model.rdc_vector(), 0u);
}

// A field that straddles two crossbar registers, rewritten low register
// first: between the two back-to-back writes the output selects event 0
// (constant HIGH on SELENE) for 1 + g cycles, on the counters and, one cycle
// later, on the MCCU. An input of weight 10 loses 10 / 20 / 50 budget at
// g = 0 / 1 / 4, as measured on the RTL (issue 10, SafeSU driver item 4).
TEST_P(SafesuModelBus, StraddlingRouteThroughEventZeroCostsOneWeightPerCycle) {
  Config c = k4c128;
  c.event0_high = true;
  Rig u(g(), c);
  // Output 4 (MCCU input 4, core 2) straddles R0[31:28] + R1[2:0] (§2.10):
  // event 0x05 (low bits 5, high bits 0) -> event 0x10 (low 0, high 1).
  u.W(kCrossbar0, 0x5u << 28);
  u.W(kCrossbar0 + 1, 0);
  u.W(kWeights0 + 1, 10);  // input 4
  u.W(kLimit0 + 2, 1000);
  u.W(kCfg1, 1u << (2 + 2));
  u.W(kCfg1, kMccuEn);
  u.idle(10);
  EXPECT_EQ(u.R(kRemaining0 + 2), 1000u);
  u.W(kCrossbar0, 0);      // low bits first: the field reads 0x00
  u.W(kCrossbar0 + 1, 1);  // then 0x10
  u.idle(10);
  EXPECT_EQ(u.R(kRemaining0 + 2), 1000u - 10 * (1 + g()));
}

// ---- MCCU and RDC latencies (§3.5, §3.6) ---------------------------------------------

// Pin to remaining-quota decrement: 3 cycles (crossbar, cost sum, remaining);
// the readable copy is one cycle behind the register (§2.6).
TEST_P(SafesuModelBus, McuDecrementsThreeCyclesAfterThePin) {
  for (uint32_t n = 1; n <= 5; ++n) {
    Rig u(g());
    u.W(kCrossbar0, 10);
    u.W(kWeights0, 7);
    u.W(kLimit0, 100);
    u.W(kCfg1, kUpdate0);
    u.W(kCfg1, kMccuEn);
    u.idle(3);
    u.model.set_event(10, true);
    u.idle(n);
    EXPECT_EQ(u.model.mccu_remaining(0), n >= 3 ? 100u - 7 * (n - 2) : 100u) << n;
    EXPECT_EQ(u.R(kRemaining0), n >= 4 ? 100u - 7 * (n - 3) : 100u) << n;
  }
}

// Weight 4: the run length reaches 4 after 5 cycles and the RDC line is up in
// the next cycle; the vector bit is set one cycle after the line, and its
// copy is readable one cycle later still (§3.6).
TEST_P(SafesuModelBus, RdcLineFiveCyclesAfterThePinVectorOneLater) {
  for (uint32_t n = 3; n <= 7; ++n) {
    Rig u(g());
    u.W(kCrossbar0, 31u << 7);  // output 1 <- event 31
    u.W(kWeights0, 4u << 8);    // input 1 weight 4
    u.W(kCfg1, kRdcEn);
    u.idle(2);
    u.model.set_event(31, true);
    u.idle(n);
    EXPECT_EQ(u.model.rdc_run_length(1), n - 1) << n;
    EXPECT_EQ(u.line(SafesuModel::kIrqRdc), n >= 5) << n;
    EXPECT_EQ(u.model.rdc_vector(), n >= 6 ? 0x2u : 0u) << n;
    EXPECT_EQ(u.R(kRdcVect), n >= 7 ? 0x2u : 0u) << n;
  }
}

// ---- watermark readability (§8) -------------------------------------------------------

// The run ends in the data phase Z of the write that stops it (self-test mode
// 10). The watermark takes the last run length one cycle after the run
// length, and the copy is one cycle behind that: a read back to back after Z
// shows one less than the final value; one idle cycle later it reads final.
// With 9 reads between mode 01 and mode 10 (the driver's self-test), g = 0
// gives 9 where the final value is 10.
TEST_P(SafesuModelBus, WatermarkReadBackToBackAfterTheRunEndsIsOneShort) {
  Rig u(g());
  u.W(kCfg1, kRdcEn);
  u.idle(2);
  u.W(kCfg0, kMode01);  // A: input 0 high from this data phase (no crossbar latency)
  for (int i = 0; i < 9; ++i) u.R(kOvfVect);
  u.W(kCfg0, kMode10);  // Z = A + 10 (1 + g)
  const uint32_t final_wm = 10 * (1 + g());
  EXPECT_EQ(u.R(kWatermarks0) & 0xFFu, g() == 0 ? final_wm - 1 : final_wm);
  EXPECT_EQ(u.R(kWatermarks0) & 0xFFu, final_wm);
  EXPECT_EQ(u.model.rdc_watermark(0), final_wm);
}

// The same when an RDC disable ends a run that is still going: the enable is
// registered, so the RDC still runs in the disable's data phase D.
TEST_P(SafesuModelBus, WatermarkReadBackToBackAfterRdcDisableIsOneShort) {
  Rig u(g());
  u.W(kCfg1, kRdcEn);
  u.idle(2);
  u.W(kCfg0, kMode01);  // A
  u.R(kOvfVect);
  u.W(kCfg1, 0);  // D = A + 2 (1 + g): run lengths 0 .. D - A during A .. D
  const uint32_t final_wm = 2 * (1 + g());
  EXPECT_EQ(u.R(kWatermarks0) & 0xFFu, g() == 0 ? final_wm - 1 : final_wm);
  EXPECT_EQ(u.R(kWatermarks0) & 0xFFu, final_wm);
}

// ---- quota (deprecated; §3.4, §8 issue Q) ----------------------------------------------

// After a quota-mask change (data phase M) the sequencer is in state 0 in M
// and in M + 1, adds counter k in M + 2 + k, and adds its NEXT value. With
// every counter counting, counter k's next value in M + 2 + k is c + 2 + k
// (c: its value in M, frozen by the write). Limit c + 1 + k: the line rises
// in M + 3 + k, k + 2 cycles after the write's own cycle.
TEST_P(SafesuModelBus, QSequencerExtraFirstStateAndNextValueSum) {
  for (uint32_t k : {0u, 5u}) {
    Rig u(g());
    u.W(kCfg0, kMode01 | kEn);
    u.W(counter_idx(k), 1000);
    u.W(kQuotaLimit, 1000 + 2 * g() + 1 + k);  // c = 1000 + 2g in M
    // The mask write and the cycles after it, one by one.
    u.model.write(4 * kQuotaMask, 4, 1u << k);  // M
    EXPECT_EQ(u.model.counter(k), 1000 + 2 * g());
    for (uint32_t after = 1; after <= k + 3; ++after) {
      u.model.advance(1);
      EXPECT_EQ(u.line(SafesuModel::kIrqQuota), after >= k + 2) << "k " << k << " after " << after;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Gaps, SafesuModelBus, ::testing::Values(0u, 1u, 4u),
                         [](const ::testing::TestParamInfo<uint32_t>& p) {
                           return "gap" + std::to_string(p.param);
                         });

}  // namespace
