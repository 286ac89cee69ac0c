// SPDX-License-Identifier: Apache-2.0
// Pins the SafeSU behavioural model to docs/hw/safesu.md: the register map of
// every shipped build (§1) and the simulated observations T1-T15 (Appendix A,
// §2-§4). The model is driven directly with raw byte offsets, one call per
// back-to-back bus access; the driver is not involved. The bus timing at
// other gaps (§8) is in safesu_model_bus_test.cpp.
#include <gtest/gtest.h>

#include "pmu_sim/safesu_model.hpp"

namespace {
using pmu::models::SafesuModel;
using Config = SafesuModel::Config;

constexpr Config k4c128{24, 128, 4, false, true, false, false};
constexpr Config k6c128{24, 128, 6, false, true, false, false};
constexpr Config k6c256{24, 256, 6, false, true, false, false};
constexpr Config k4c32{24, 32, 4, false, true, false, false};

// ---- register map (docs/hw/safesu.md §1.2), literal numbers, not the model's formulas ----
constexpr SafesuModel::Map m4 = SafesuModel::compute_map(k4c128);
static_assert(m4.counters == 1 && m4.ovf_mask == 25 && m4.ovf_vect == 26);
static_assert(m4.quota_mask == 27 && m4.quota_limit == 28 && m4.mccu_cfg == 29);
static_assert(m4.mccu_limits == 30 && m4.mccu_quota == 34 && m4.weights == 38 && m4.n_weights == 2);
static_assert(m4.rdc_vect == 40 && m4.watermarks == 41 && m4.n_watermarks == 2);
static_assert(m4.crossbar == 43 && m4.n_crossbar == 6 && m4.cfg_bits == 7 && m4.total == 49);
static_assert(m4.index_bits == 6 && m4.rdc_enable_bit == 6 && m4.rdc_reset_bit == 7);
constexpr SafesuModel::Map m6 = SafesuModel::compute_map(k6c128);
static_assert(m6.mccu_cfg == 29 && m6.mccu_limits == 30 && m6.mccu_quota == 36);
static_assert(m6.weights == 42 && m6.n_weights == 3 && m6.rdc_vect == 45 && m6.watermarks == 46);
static_assert(m6.n_watermarks == 3 && m6.crossbar == 49 && m6.n_crossbar == 6 && m6.total == 55);
static_assert(m6.index_bits == 6 && m6.rdc_enable_bit == 8 && m6.rdc_reset_bit == 9);
constexpr SafesuModel::Map m6b = SafesuModel::compute_map(k6c256);
static_assert(m6b.cfg_bits == 8 && m6b.crossbar == 49 && m6b.n_crossbar == 6 && m6b.total == 55);
constexpr SafesuModel::Map m4s = SafesuModel::compute_map(k4c32);
static_assert(m4s.cfg_bits == 5 && m4s.crossbar == 43 && m4s.n_crossbar == 4 && m4s.total == 47);
// RDC bits of the older RTL (§2.5).
static_assert(SafesuModel::compute_map({24, 128, 4, false, false}).rdc_enable_bit == 7);
static_assert(SafesuModel::compute_map({24, 128, 4, false, false}).rdc_reset_bit == 7);
static_assert(SafesuModel::compute_map({24, 128, 6, false, false}).rdc_enable_bit == 9);
static_assert(SafesuModel::compute_map({24, 128, 6, false, false}).rdc_reset_bit == 7);
static_assert(SafesuModel::compute_map({24, 128, 6, true, false}).rdc_enable_bit == 6);
static_assert(SafesuModel::compute_map({24, 128, 6, true, false}).rdc_reset_bit == 7);
// The largest build still fits the model's arrays (65 registers: 7 index bits).
static_assert(SafesuModel::compute_map({32, 256, 6}).total == 65);
static_assert(SafesuModel::compute_map({32, 256, 6}).index_bits == 7);

// CFG0 bits (§2.1).
constexpr uint32_t kEn = 1u << 0, kRst = 1u << 1, kOvfEn = 1u << 2, kOvfRst = 1u << 3,
                   kQuotaRst = 1u << 4;
constexpr uint32_t kMode01 = 1u << 30, kMode10 = 2u << 30, kMode11 = 3u << 30;

// A model and raw index-based bus helpers (byte offset = 4 * idx).
struct Unit {
  explicit Unit(const Config& c = k4c128) : m(c) {}
  uint32_t rd(uint32_t idx) { return m.read(4 * idx, 4); }
  void wr(uint32_t idx, uint32_t v) { m.write(4 * idx, 4, v); }
  uint32_t ctr(uint32_t k) const { return m.map().counters + k; }
  SafesuModel m;
};

// ---- T1: reset values and address decoding --------------------------------------
TEST(SafesuModel, T1ValidRegistersResetToZeroAndInvalidIndicesReadCafe) {
  Unit u;
  for (uint32_t i = 0; i < 49; ++i) EXPECT_EQ(u.rd(i), 0u) << "idx " << i;
  for (uint32_t i = 49; i < 64; ++i) EXPECT_EQ(u.rd(i), 0xCAFE01A1u) << "idx " << i;
  EXPECT_EQ(u.m.read(0x0C4, 4), 0xCAFE01A1u);  // first invalid offset on 4c/128e
  Unit u6(k6c256);
  EXPECT_EQ(u6.m.read(0x0D8, 4), 0u);  // last crossbar register
  EXPECT_EQ(u6.m.read(0x0DC, 4), 0xCAFE01A1u);
}

TEST(SafesuModel, T1MapAliasesEvery0x100Bytes) {
  Unit u;
  u.wr(30, 0x1234);  // MCCU limit core 0
  EXPECT_EQ(u.rd(94), 0x1234u);
  EXPECT_EQ(u.m.read(0x1F000078u & 0xFFFFF, 4), 0x1234u);  // any higher address bits
  u.m.write(0x278, 4, 0x55);  // alias write
  EXPECT_EQ(u.rd(30), 0x55u);
}

TEST(SafesuModel, T1WritesToInvalidIndicesAreDroppedButStillFreezeCounters) {
  Unit u;
  u.wr(0, kMode01 | kEn);
  u.wr(50, 0xDEAD);
  EXPECT_EQ(u.rd(50), 0xCAFE01A1u);
  const uint32_t before = u.m.counter(0);
  for (int i = 0; i < 5; ++i) u.wr(55, 1);
  EXPECT_EQ(u.m.counter(0), before);  // five write cycles, no count
}

TEST(SafesuModel, T11SubWordAccessesActOnTheWholeRegister) {
  Unit u;
  u.m.write(4 * 28 + 1, 1, 0xAABBCCDD);  // byte write at offset +1
  EXPECT_EQ(u.m.read(4 * 28 + 2, 2), 0xAABBCCDDu);
  EXPECT_EQ(u.rd(28), 0xAABBCCDDu);
}

// ---- T2/T3/T4: counting, enable, self-test ----------------------------------------
TEST(SafesuModel, T2CountingIsLevelBasedPerCycle) {
  Unit u;
  u.wr(43, 5);  // output 0 <- event 5
  u.wr(0, kEn);
  u.m.set_event(5, true);
  u.m.advance(10);
  u.m.set_event(5, false);
  u.m.advance(3);
  EXPECT_EQ(u.m.counter(0), 10u);
  for (int i = 0; i < 20; ++i) {
    u.m.set_event(5, (i & 1) != 0);
    u.m.advance(1);
  }
  u.m.set_event(5, false);
  EXPECT_EQ(u.m.counter(0), 19u);  // pin to counter is 2 cycles (§3.1): the last high is not in yet
  u.m.advance(1);
  EXPECT_EQ(u.m.counter(0), 20u);
  EXPECT_EQ(u.m.counter(1), 0u);  // output 1 <- event 0, low
}

// A pin that does not exist changes nothing, now or scheduled: not the pin
// its number would alias in 16 or 8 bits (65541 and 261 both end in 5).
TEST(SafesuModel, AnOutOfRangePinIsRefusedNowAndScheduled) {
  Unit u;
  u.wr(43, 5);  // output 0 <- event 5
  u.wr(0, kEn);
  const uint64_t t = u.m.now();
  for (const uint32_t pin : {SafesuModel::kMaxEvents, 261u, 65541u}) {
    u.m.set_event(pin, true);
    EXPECT_FALSE(u.m.set_event_at(t, pin, true)) << pin;       // a time already reached
    EXPECT_FALSE(u.m.set_event_at(t + 3, pin, true)) << pin;   // a time to come
  }
  u.m.advance(10);
  EXPECT_EQ(u.m.counter(0), 0u);
  EXPECT_TRUE(u.m.set_event_at(u.m.now() + 1, 5, true));  // the queue took none of them
  u.m.advance(10);
  EXPECT_GT(u.m.counter(0), 0u);
}

TEST(SafesuModel, T3DisabledCountersHold) {
  Unit u;
  u.wr(0, kMode01 | kEn);
  u.m.advance(10);
  u.wr(0, kMode01);
  const uint32_t held = u.m.counter(3);
  u.m.advance(100);
  EXPECT_EQ(u.m.counter(3), held);
  EXPECT_EQ(u.rd(u.ctr(3)), held);
}

TEST(SafesuModel, T4SelfTestModesOverrideTheCrossbar) {
  struct Case {
    uint32_t mode;
    uint32_t c0, c5;
  } cases[] = {{kMode01, 8, 8}, {kMode10, 0, 0}, {kMode11, 8, 0}};
  for (const Case& c : cases) {
    Unit u;
    u.m.set_all_events(true);  // normal routing would count everywhere
    u.wr(0, c.mode | kEn);
    u.m.advance(8);
    EXPECT_EQ(u.m.counter(0), c.c0) << c.mode;
    EXPECT_EQ(u.m.counter(5), c.c5) << c.mode;
    EXPECT_EQ(u.m.counter(23), c.c5) << c.mode;
  }
}

// ---- T5: writes while counting ---------------------------------------------------
TEST(SafesuModel, T5EachWriteCycleLosesOneCount) {
  Unit u;
  u.wr(0, kMode01 | kEn);
  u.m.advance(3);
  // Reads lose nothing: back-to-back reads step by one.
  const uint32_t a = u.rd(u.ctr(0));
  EXPECT_EQ(u.rd(u.ctr(0)), a + 1);
  // A single write between two reads: 2 cycles, +1 instead of +2.
  const uint32_t b = u.rd(u.ctr(0));
  u.wr(28, 1);
  EXPECT_EQ(u.rd(u.ctr(0)), b + 1);
  // 10 back-to-back writes: 11 cycles, +1 instead of +11.
  const uint32_t c = u.rd(u.ctr(0));
  for (int i = 0; i < 10; ++i) u.wr(28, i);
  EXPECT_EQ(u.rd(u.ctr(0)), c + 1);
}

TEST(SafesuModel, T5LiveCounterWritesTakeEffectImmediately) {
  Unit u;
  u.wr(0, kMode01 | kEn);
  u.wr(u.ctr(2), 1000);
  EXPECT_EQ(u.m.counter(2), 1000u);
  u.wr(u.ctr(2), 5000);
  EXPECT_EQ(u.rd(u.ctr(2)), 5000u);
  EXPECT_EQ(u.rd(u.ctr(2)), 5001u);
  EXPECT_EQ(u.rd(u.ctr(2)), 5002u);
}

TEST(SafesuModel, CountersWrapAt32Bits) {
  Unit u;
  u.wr(0, kMode01 | kEn);
  u.wr(u.ctr(0), 0xFFFFFFFE);
  EXPECT_EQ(u.rd(u.ctr(0)), 0xFFFFFFFEu);
  EXPECT_EQ(u.rd(u.ctr(0)), 0xFFFFFFFFu);
  EXPECT_EQ(u.rd(u.ctr(0)), 0u);
  EXPECT_EQ(u.rd(u.ctr(0)), 1u);
}

// ---- T12: counter soft reset -----------------------------------------------------
TEST(SafesuModel, T12BackToBackResetAndReleaseDoesNotReset) {
  Unit u;
  u.wr(0, kMode01 | kEn);
  u.wr(u.ctr(0), 10);
  u.wr(0, kMode01 | kEn | kRst);
  u.wr(0, kMode01 | kEn);  // the clear reloads the shadow, which kept 10
  EXPECT_EQ(u.m.counter(0), 10u);
  u.m.advance(1);  // the simulated master's idle cycle
  EXPECT_EQ(u.rd(u.ctr(0)), 11u);
  EXPECT_EQ(u.rd(u.ctr(0)), 12u);
}

TEST(SafesuModel, T12ResetHeldWhileCountingReadsOneAndRestartsFromOne) {
  Unit u;
  u.wr(0, kMode01 | kEn);
  u.wr(u.ctr(0), 10);
  u.wr(0, kMode01 | kEn | kRst);
  u.rd(u.ctr(0));  // the read gap
  EXPECT_EQ(u.m.counter(0), 0u);  // the internal counter is 0 ...
  EXPECT_EQ(u.rd(u.ctr(0)), 1u);  // ... the wrapper copy shows 0 + event
  EXPECT_EQ(u.rd(u.ctr(0)), 1u);
  u.wr(0, kMode01 | kEn);
  EXPECT_EQ(u.m.counter(0), 1u);  // restarts from 1, not 0
  EXPECT_EQ(u.rd(u.ctr(0)), 1u);
  EXPECT_EQ(u.rd(u.ctr(0)), 2u);
}

TEST(SafesuModel, T12ResetWithAReadGapWhileDisabledLeavesZero) {
  Unit u;
  u.wr(0, kMode01 | kEn);
  u.m.advance(50);
  u.wr(0, kMode01);
  ASSERT_NE(u.m.counter(7), 0u);
  u.wr(0, kMode01 | kRst);
  u.rd(0);
  u.wr(0, kMode01);
  for (uint32_t k = 0; k < 24; ++k) EXPECT_EQ(u.m.counter(k), 0u);
  for (uint32_t k = 0; k < 24; ++k) EXPECT_EQ(u.rd(u.ctr(k)), 0u);
}

TEST(SafesuModel, T3SoftResetHasPriorityOverCounterWrites) {
  Unit u;
  u.wr(0, kRst);
  u.wr(u.ctr(4), 77);
  EXPECT_EQ(u.m.counter(4), 0u);
  u.m.advance(1);
  EXPECT_EQ(u.rd(u.ctr(4)), 0u);
  u.wr(0, 0);
  EXPECT_EQ(u.m.counter(4), 0u);
}

// ---- T10: crossbar straddles -----------------------------------------------------
// Route: only output 'out' sees event 'ev' (all other fields stay 0 = event 0,
// which is low); count 5 cycles with the event high.
uint32_t count_routed(const Config& cfg, std::initializer_list<std::pair<uint32_t, uint32_t>> regs,
                      uint32_t ev, uint32_t out) {
  Unit u(cfg);
  for (const auto& r : regs) u.wr(u.m.map().crossbar + r.first, r.second);
  u.m.set_event(ev, true);
  u.wr(0, kEn);
  u.m.advance(5);
  uint32_t others = 0;
  for (uint32_t k = 0; k < 24; ++k)
    if (k != out) others += u.m.counter(k);
  EXPECT_EQ(others, 0u) << "out " << out;
  return u.m.counter(out);
}

TEST(SafesuModel, T10SevenBitFieldsStraddleLowBitsFirst) {
  EXPECT_EQ(count_routed(k4c128, {{0, 0xF0000000u}, {1, 0x7}}, 127, 4), 5u);
  EXPECT_EQ(count_routed(k4c128, {{0, 0xF0000000u}}, 0x0F, 4), 5u);  // low 4 bits in R0
  EXPECT_EQ(count_routed(k4c128, {{1, 0x7}}, 0x70, 4), 5u);           // high 3 bits in R1
  EXPECT_EQ(count_routed(k4c128, {{1, 0x80000000u}, {2, 0x3F}}, 127, 9), 5u);
  EXPECT_EQ(count_routed(k4c128, {{1, 0x80000000u}}, 1, 9), 5u);
  EXPECT_EQ(count_routed(k4c128, {{2, 0xF8000000u}, {3, 0x3}}, 127, 13), 5u);
  EXPECT_EQ(count_routed(k4c128, {{3, 0xC0000000u}, {4, 0x1F}}, 127, 18), 5u);
  EXPECT_EQ(count_routed(k4c128, {{4, 0xFC000000u}, {5, 0x1}}, 127, 22), 5u);
  EXPECT_EQ(count_routed(k4c128, {{5, 0xFE}}, 127, 23), 5u);  // output 23 to the top event
  EXPECT_EQ(count_routed(k4c128, {{0, 5u << 7}}, 5, 1), 5u);
}

TEST(SafesuModel, T10FiveBitAndEightBitFields) {
  EXPECT_EQ(count_routed(k4c32, {{0, 0xC0000000u}, {1, 0x7}}, 31, 6), 5u);
  EXPECT_EQ(count_routed(k4c32, {{1, 0xF0000000u}, {2, 0x1}}, 31, 12), 5u);
  EXPECT_EQ(count_routed(k4c32, {{2, 0x80000000u}, {3, 0xF}}, 31, 19), 5u);
  EXPECT_EQ(count_routed(k6c256, {{1, 0x00C80000u}}, 200, 6), 5u);  // byte 2 of R1
  EXPECT_EQ(count_routed(k6c256, {{5, 0xFF000000u}}, 255, 23), 5u);
}

TEST(SafesuModel, Event0CanBeTiedHighLikeSelene) {
  Config c = k6c256;
  c.event0_high = true;
  Unit u(c);
  u.m.set_all_events(false);
  u.wr(0, kEn);  // every output routes to event 0 after reset
  u.m.advance(4);
  EXPECT_EQ(u.m.counter(0), 4u);
  EXPECT_EQ(u.m.counter(23), 4u);
}

// ---- T6: overflow -------------------------------------------------------------------
TEST(SafesuModel, T6FlagSetsWhenTheNextValueIsAllOnes) {
  Unit u;
  u.wr(25, 0x1);  // mask counter 0
  u.wr(0, kOvfEn);
  u.wr(u.ctr(0), 0xFFFFFFFE);
  u.m.advance(5);
  EXPECT_EQ(u.m.overflow_flags(), 0u);  // parked at 0xFFFFFFFE: no flag
  EXPECT_EQ(u.m.irq_outputs() & SafesuModel::kIrqOverflow, 0u);
  u.wr(0, kOvfEn | kMode01 | kEn);
  u.m.advance(1);  // counter becomes 0xFFFFFFFF in this cycle
  EXPECT_EQ(u.m.counter(0), 0xFFFFFFFFu);
  EXPECT_EQ(u.m.overflow_flags(), 1u);
  EXPECT_NE(u.m.irq_outputs() & SafesuModel::kIrqOverflow, 0u);
  u.m.advance(1);
  EXPECT_EQ(u.rd(26), 1u);
  EXPECT_EQ(u.m.counter(0), 1u);  // wrapped and kept counting
}

TEST(SafesuModel, T6WritingAllOnesFlagsImmediatelyWithCountingDisabled) {
  Unit u;
  u.wr(25, 0x2);
  u.wr(0, kOvfEn);
  u.wr(u.ctr(1), 0xFFFFFFFF);
  EXPECT_EQ(u.m.overflow_flags(), 0x2u);
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqOverflow);
  u.wr(u.ctr(2), 0xFFFFFFFF);  // not in the mask
  EXPECT_EQ(u.m.overflow_flags(), 0x2u);
}

TEST(SafesuModel, T6VectorIsStickyHiddenAndClearedOnlyBySoftReset) {
  Unit u;
  u.wr(25, 0x1);
  u.wr(u.ctr(0), 0xFFFFFFFF);  // latched while the overflow unit is disabled
  EXPECT_EQ(u.m.overflow_flags(), 1u);
  u.m.advance(2);
  EXPECT_EQ(u.rd(26), 0u);  // hidden by CFG0 bit 2 = 0
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  u.wr(0, kOvfEn);  // appears on enable
  u.m.advance(1);
  EXPECT_EQ(u.rd(26), 1u);
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqOverflow);
  // Not write-clearable (W0 nor W1), mask clear does not clear it.
  u.wr(26, 0);
  EXPECT_EQ(u.rd(26), 0u);  // T15: the back-to-back read shows the written value once
  EXPECT_EQ(u.rd(26), 1u);
  u.wr(26, 1);
  u.wr(25, 0);
  u.m.advance(2);
  EXPECT_EQ(u.rd(26), 1u);
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqOverflow);
  u.wr(0, 0);  // disable hides it only
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  u.wr(0, kOvfEn);
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqOverflow);
  u.wr(0, kOvfEn | kOvfRst);  // a 1-cycle pulse is enough
  u.wr(0, kOvfEn);
  EXPECT_EQ(u.m.overflow_flags(), 0u);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  u.m.advance(1);
  EXPECT_EQ(u.rd(26), 0u);
}

// ---- T7: quota (deprecated) --------------------------------------------------------
TEST(SafesuModel, T7QuotaIsStrictStickyAndClearedByBit4) {
  Unit u;
  u.wr(u.ctr(0), 40);
  u.wr(u.ctr(1), 50);
  u.wr(28, 100);
  u.wr(27, 0x3);
  u.m.advance(60);  // sum 90
  EXPECT_EQ(u.m.irq_outputs() & SafesuModel::kIrqQuota, 0u);
  u.wr(u.ctr(1), 60);  // sum 100: not greater
  u.m.advance(60);
  EXPECT_EQ(u.m.irq_outputs() & SafesuModel::kIrqQuota, 0u);
  u.wr(u.ctr(1), 61);  // sum 101
  u.m.advance(26);  // at most one sequencer round
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqQuota);
  u.wr(u.ctr(1), 0);  // sticky after the sum drops
  u.m.advance(60);
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqQuota);
  u.wr(0, kQuotaRst);
  u.wr(0, 0);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  u.m.advance(60);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
}

// ---- T8: MCCU -------------------------------------------------------------------------
// 4c/128e: CFG1 = 29, limits 30.., remaining 34.., weights 38..39.
struct Mccu : Unit {
  Mccu() : Unit(k4c128) {
    wr(43, 10 | (11u << 7) | (12u << 14));  // outputs 0,1,2 <- events 10,11,12
    wr(38, 7 | (7u << 16));                 // input 0 weight 7, input 2 (core 1) weight 7
  }
  void load(uint32_t core, uint32_t limit, uint32_t cfg1_rest) {
    wr(30 + core, limit);
    wr(29, cfg1_rest | (1u << (2 + core)));
    wr(29, cfg1_rest);
  }
  void pulse(uint32_t ev, uint32_t cycles) {
    m.set_event(ev, true);
    m.advance(cycles);
    m.set_event(ev, false);
    m.advance(4);
  }
};

TEST(SafesuModel, T8BudgetDrainsSaturatesAndFiresStrictlyAbove) {
  Mccu u;
  u.load(0, 100, 0);
  u.m.advance(1);
  EXPECT_EQ(u.rd(34), 100u);
  u.wr(29, 1);  // enable
  u.pulse(10, 14);
  EXPECT_EQ(u.m.mccu_remaining(0), 2u);  // 100 - 14*7
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  u.pulse(10, 1);
  EXPECT_EQ(u.m.mccu_remaining(0), 0u);  // saturates
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::irq_mccu(0));
}

TEST(SafesuModel, T8ReachingExactlyZeroDoesNotFire) {
  Mccu u;
  u.load(0, 14, 0);
  u.wr(29, 1);
  u.pulse(10, 2);
  EXPECT_EQ(u.m.mccu_remaining(0), 0u);
  EXPECT_EQ(u.rd(34), 0u);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  u.pulse(10, 1);
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::irq_mccu(0));
}

TEST(SafesuModel, T8RefillDoesNotClearTheIrqDisableDoes) {
  Mccu u;
  u.load(0, 14, 0);
  u.wr(29, 1);
  u.pulse(10, 3);
  ASSERT_EQ(u.m.irq_outputs(), SafesuModel::irq_mccu(0));
  u.load(0, 100, 1);  // refill while enabled
  EXPECT_EQ(u.m.mccu_remaining(0), 100u);
  u.m.advance(10);
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::irq_mccu(0));  // still sticky
  u.wr(29, 0);
  u.m.advance(1);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  u.wr(29, 1);
  u.m.advance(5);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  EXPECT_EQ(u.m.mccu_remaining(0), 100u);
  // Soft reset also clears it, and the remaining quota.
  u.pulse(10, 20);
  ASSERT_EQ(u.m.irq_outputs(), SafesuModel::irq_mccu(0));
  u.wr(29, 1 | 2);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  u.wr(29, 1);
  EXPECT_EQ(u.m.mccu_remaining(0), 0u);
}

TEST(SafesuModel, T8UpdateHeldRefillsEveryCycle) {
  Mccu u;
  u.wr(30, 100);
  u.wr(29, 1 | (1u << 2));
  u.m.set_event(10, true);
  u.m.advance(10);
  EXPECT_EQ(u.m.mccu_remaining(0), 93u);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
}

TEST(SafesuModel, T8LimitsLoadOnlyOnUpdateAndRemainingIsReadOnly) {
  Mccu u;
  u.load(0, 100, 0);
  u.wr(30, 50);  // no update pulse: no effect
  u.m.advance(2);
  EXPECT_EQ(u.rd(34), 100u);
  u.wr(34, 12345);
  EXPECT_EQ(u.rd(34), 12345u);  // T15 one-read shadow
  EXPECT_EQ(u.rd(34), 100u);
  EXPECT_EQ(u.m.mccu_remaining(0), 100u);
}

TEST(SafesuModel, T8PerCoreIrqBitsAndHwQuotaHasNoInternalEffect) {
  Mccu u;
  u.load(1, 7, 0);
  u.wr(29, 1u | (1u << 31));
  EXPECT_TRUE(u.m.hwquota());
  u.pulse(12, 2);  // event 12 -> output 2 = input 2 = core 1
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::irq_mccu(1));
  EXPECT_EQ(u.m.irq_outputs(), 1u << 9);
}

// ---- T9: RDC ----------------------------------------------------------------------------
// 4c/128e new vintage: RDC enable = CFG1 bit 6, soft reset = bit 7; vector 40,
// watermarks 41..42.
struct Rdc : Unit {
  explicit Rdc(const Config& c = k4c128) : Unit(c) {
    // Output i <- event 30 + i for i < 8 (7-bit fields written as a stream).
    uint64_t stream[2] = {0, 0};
    for (uint32_t i = 0; i < 12; ++i) {
      const uint32_t bit = i * m.map().cfg_bits;
      for (uint32_t b = 0; b < m.map().cfg_bits; ++b)
        if (((30 + i) >> b) & 1u) stream[(bit + b) / 64] |= uint64_t{1} << ((bit + b) % 64);
    }
    for (uint32_t r = 0; r < 4; ++r)
      wr(m.map().crossbar + r, static_cast<uint32_t>(stream[r / 2] >> (32 * (r % 2))));
  }
  uint32_t en() const { return 1u << m.map().rdc_enable_bit; }
  uint32_t rst() const { return 1u << m.map().rdc_reset_bit; }
  void pulse(uint32_t input, uint32_t cycles) {
    m.set_event(30 + input, true);
    m.advance(cycles);
    m.set_event(30 + input, false);
    m.advance(3);
  }
};

TEST(SafesuModel, T9ThresholdIsReachedNotExceeded) {
  Rdc u;
  u.wr(38, 4u << 8);  // input 1 weight 4
  u.wr(29, u.en());
  u.pulse(1, 3);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  EXPECT_EQ(u.rd(40), 0u);
  u.pulse(1, 4);
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqRdc);
  EXPECT_EQ(u.rd(40), 0x2u);  // one bit per input, not per core
  u.pulse(1, 1);               // sticky while enabled
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqRdc);
}

TEST(SafesuModel, T9IrqRisesWithTheRunLengthVectorOneCycleLater) {
  Rdc u;
  u.wr(38, 4u << 8);
  u.wr(29, u.en());
  u.m.advance(1);
  u.m.set_event(31, true);
  u.m.advance(4);  // crossbar register, then run lengths 1, 2, 3
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  u.m.advance(1);  // run length 4: the line is up in the next cycle, 5 after the pin (§3.6)
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqRdc);
  EXPECT_EQ(u.m.rdc_vector(), 0u);
  u.m.advance(1);
  EXPECT_EQ(u.m.rdc_vector(), 0x2u);
}

TEST(SafesuModel, T9WeightZeroNeverFiresOnNewRtl) {
  Rdc u;
  u.wr(29, u.en());
  u.pulse(0, 20);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  Config old = k4c128;
  old.weight0_triggers = true;
  Rdc v(old);
  v.wr(29, v.en());
  v.pulse(0, 20);
  EXPECT_EQ(v.m.irq_outputs(), SafesuModel::kIrqRdc);
}

TEST(SafesuModel, T9VectorBitIsTheInput) {
  Rdc u;
  u.wr(39, 1u << 8);  // input 5 (byte 1 of the second weight register) weight 1
  u.wr(29, u.en());
  u.pulse(5, 2);
  EXPECT_EQ(u.rd(40), 0x20u);
}

TEST(SafesuModel, T9WatermarksPackLikeTheWeightsAndSaturate) {
  Rdc u;
  u.wr(29, u.en());
  for (uint32_t i = 0; i < 8; ++i) u.pulse(i, i + 1);
  EXPECT_EQ(u.rd(41), 0x04030201u);
  EXPECT_EQ(u.rd(42), 0x08070605u);
  u.pulse(3, 300);
  EXPECT_EQ(u.m.rdc_watermark(3), 0xFF);
  EXPECT_EQ(u.rd(41), 0xFF030201u);
  Rdc s(k6c128);
  s.wr(29, s.en());
  for (uint32_t i = 0; i < 12; ++i) s.pulse(i, i + 1);
  EXPECT_EQ(s.rd(46), 0x04030201u);
  EXPECT_EQ(s.rd(47), 0x08070605u);
  EXPECT_EQ(s.rd(48), 0x0C0B0A09u);
}

TEST(SafesuModel, T9DisableKeepsWatermarksSoftResetClearsThem) {
  Rdc u;
  u.wr(38, 2u << 8);
  u.wr(29, u.en());
  u.pulse(1, 6);
  ASSERT_EQ(u.m.irq_outputs(), SafesuModel::kIrqRdc);
  u.wr(29, 0);
  u.m.advance(2);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  EXPECT_EQ(u.rd(40), 0u);
  EXPECT_EQ(u.rd(41), 0x0600u);  // kept
  u.wr(40, 0x3);  // RO: dropped
  u.m.advance(1);
  EXPECT_EQ(u.rd(40), 0u);
  u.wr(29, u.en());
  u.pulse(1, 3);
  ASSERT_EQ(u.m.irq_outputs(), SafesuModel::kIrqRdc);
  u.wr(29, u.en() | u.rst());
  u.wr(29, u.en());
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  u.m.advance(1);
  EXPECT_EQ(u.rd(41), 0u);
  EXPECT_EQ(u.rd(40), 0u);
}

TEST(SafesuModel, OldVintageFourCoresHoldsTheRdcInResetWhenEnabled) {
  Config old = k4c128;
  old.rdc_new_vintage = false;
  Rdc u(old);
  u.wr(29, u.en());  // bit 7: enable and soft reset at once
  u.pulse(2, 10);
  EXPECT_EQ(u.m.rdc_watermark(2), 0);
  Rdc n;  // the new RTL, same bit 7: only a soft reset; bit 6 enables
  n.wr(29, 1u << 6);
  n.pulse(2, 10);
  EXPECT_EQ(n.m.rdc_watermark(2), 10);
}

// ---- T14: FT -----------------------------------------------------------------------------
TEST(SafesuModel, T14DoubleErrorPulsesFt2ForOneCycle) {
  Config c = k4c128;
  c.ft = true;
  Unit u(c);
  u.m.inject_double_error();
  EXPECT_EQ(u.m.irq_outputs(), SafesuModel::kIrqFt2);
  u.m.advance(1);
  EXPECT_EQ(u.m.irq_outputs(), 0u);
  Unit n;
  n.m.inject_double_error();
  EXPECT_EQ(n.m.irq_outputs(), 0u);
}

// ---- model plumbing --------------------------------------------------------------------
TEST(SafesuModel, CountsBusAccesses) {
  Unit u;
  u.rd(0);
  u.wr(0, 1);
  u.wr(99, 1);
  EXPECT_EQ(u.m.reads(), 1u);
  EXPECT_EQ(u.m.writes(), 2u);
  EXPECT_EQ(u.m.accesses(), 3u);
}

TEST(SafesuModel, ClockAndScheduledPinChanges) {
  Unit u;
  EXPECT_EQ(u.m.now(), 0u);
  u.rd(0);
  u.wr(43, 5);  // output 0 <- event 5
  u.m.advance(3);
  EXPECT_EQ(u.m.now(), 5u);
  EXPECT_TRUE(u.m.set_event_at(2, 5, true));  // already reached: now
  u.wr(0, kEn);
  u.m.advance(3);
  EXPECT_EQ(u.m.counter(0), 3u);
  // Two changes for the same pin and cycle: the later request wins; the
  // queue holds kMaxPending changes.
  const uint64_t t = u.m.now();
  EXPECT_TRUE(u.m.set_event_at(t + 2, 5, true));
  EXPECT_TRUE(u.m.set_event_at(t + 2, 5, false));
  for (uint32_t i = 2; i < SafesuModel::kMaxPending; ++i) EXPECT_TRUE(u.m.set_event_at(t + 100 + i, 9, true));
  EXPECT_FALSE(u.m.set_event_at(t + 1, 5, false));
  u.m.advance(10);  // pin low from t + 2: counted through t + 2
  EXPECT_EQ(u.m.counter(0), 6u);
  EXPECT_TRUE(u.m.set_event_at(t + 50, 5, true));  // room again
}

}  // namespace
