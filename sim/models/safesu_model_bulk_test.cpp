// SPDX-License-Identifier: Apache-2.0
// The SafeSU model's closed forms for long advances (what keeps it cheap in
// guest time under QEMU) are exactly equal to stepping cycle by cycle: every
// piece of hardware state (SafesuModel::same_state), every output line and
// every readable register, over fixed scenarios and random configurations
// with random traffic.
#include <gtest/gtest.h>

#include "pmu_sim/safesu_model.hpp"

namespace {
using pmu::models::SafesuModel;
using Config = SafesuModel::Config;
using Fault = SafesuModel::Fault;

constexpr Config k4c128{24, 128, 4, false, true, false, false};
constexpr Config k6c256{24, 256, 6, false, true, false, false};
constexpr uint32_t kEn = 1u << 0, kOvfEn = 1u << 2;

// Two models: 'bulk' advanced in strides (closed forms allowed), 'step' one
// cycle per call (advance(1) never takes a closed form).
struct Twins {
  explicit Twins(const Config& c) : bulk(c), step(c) {}
  void wr(uint32_t idx, uint32_t v) {
    bulk.write(4 * idx, 4, v);
    step.write(4 * idx, 4, v);
  }
  void rd(uint32_t idx) { EXPECT_EQ(bulk.read(4 * idx, 4), step.read(4 * idx, 4)) << "idx " << idx; }
  void event(uint32_t e, bool level) {
    bulk.set_event(e, level);
    step.set_event(e, level);
  }
  void fault(uint32_t k, Fault f, uint32_t v) {
    bulk.inject_fault(k, f, v);
    step.inject_fault(k, f, v);
  }
  void advance(uint64_t cycles) {
    bulk.advance(cycles);
    for (uint64_t i = 0; i < cycles; ++i) step.advance(1);
  }
  bool same() const { return bulk.same_state(step) && bulk.irq_outputs() == step.irq_outputs(); }
  SafesuModel bulk, step;
};

struct Lcg {
  uint32_t s;
  uint32_t operator()(uint32_t n) {
    s = s * 1664525u + 1013904223u;
    return static_cast<uint32_t>((uint64_t{s >> 4} * n) >> 28);
  }
};

TEST(SafesuModelBulk, LongAdvanceMatchesCycleByCycleStepping) {
  Twins t(k4c128);
  t.wr(43, 10);
  t.wr(38, 3);  // input 0 weight 3
  t.wr(30, 200000);
  t.wr(29, 1u << 2);
  t.wr(29, 1);
  t.wr(25, 0x3);
  t.wr(1 + 0, 0xFFFFFFFFu - 40000);
  t.wr(1 + 1, 0xFFFFFFFFu);
  t.wr(0, kEn | kOvfEn);
  t.event(10, true);
  t.advance(100000);
  EXPECT_TRUE(t.same());
  EXPECT_GT(t.bulk.bulk_cycles(), 99000u);
  EXPECT_EQ(t.step.bulk_cycles(), 0u);
  // The first cycle fills the crossbar register (docs/hw/safesu.md §3.1).
  EXPECT_EQ(t.bulk.counter(0), 0xFFFFFFFFu - 40000 + 100000 - 1);
  EXPECT_EQ(t.bulk.overflow_flags(), 0x3u);  // counter 0 crossed all-ones; counter 1 was written to it
  EXPECT_EQ(t.bulk.irq_outputs(), SafesuModel::kIrqOverflow | SafesuModel::irq_mccu(0));
  for (uint32_t i = 0; i < 64; ++i) t.rd(i);
}

// A counter counting with a wrong step (a fault) has an all-ones next value
// at the cycle modular arithmetic says, or never: the closed form agrees with
// stepping for odd, even and huge steps, starting points that hit and that
// miss, with the counter soft reset held or not, at every stride length.
TEST(SafesuModelBulk, WrongStepOverflowMatchesStepping) {
  constexpr uint32_t kRst = 1u << 1;
  for (uint32_t step : {2u, 3u, 6u, 0x80000000u, 0xFFFFFFFFu, 0x10001u}) {
    for (uint32_t start : {0xFFFFFFFFu, 0xFFFFFFFDu, 0xFFFFFF01u, 0xFFFFFFF0u, 0u, 0x7FFFFFFFu}) {
      for (uint32_t reset : {0u, kRst}) {
        for (uint32_t len = 2; len <= 10; ++len) {
          Twins t(k4c128);
          t.wr(25, 0x4);
          t.fault(2, Fault::kWrongStep, step);
          t.wr(1 + 2, start);
          t.wr(0, (1u << 30) | kEn | kOvfEn | reset);
          t.advance(6);
          t.advance(len);
          EXPECT_TRUE(t.same()) << step << " " << start << " " << reset << " " << len;
        }
      }
    }
  }
}

// Every threshold at every offset of a stride, the ends included: a counter
// reaching all ones, an MCCU budget running out and an RDC run reaching its
// weight in the first, a middle or the last cycle of the closed form.
TEST(SafesuModelBulk, ThresholdsAtEveryOffsetOfAStrideMatchStepping) {
  for (uint32_t d = 0; d <= 40; ++d) {
    for (uint32_t len = 2; len <= 45; ++len) {
      Twins t(k4c128);
      const SafesuModel::Map& mp = t.bulk.map();
      for (uint32_t r = 0; r < mp.n_crossbar; ++r) t.wr(mp.crossbar + r, 0);  // every output <- event 0
      t.wr(mp.weights + 1, 0x01010101u);  // cores 2, 3: cost 2 per cycle
      for (uint32_t c = 0; c < 4; ++c) t.wr(mp.mccu_limits + c, 3 * d + c);
      t.wr(mp.mccu_cfg, 0x3Cu);  // update every core (MCCU disabled: loads the limits)
      t.wr(mp.mccu_cfg, 1u | (1u << mp.rdc_enable_bit));
      t.wr(mp.ovf_mask, 0xFF);
      for (uint32_t k = 0; k < 8; ++k) t.wr(mp.counters + k, 0xFFFFFFFFu - d - 3 * k);
      t.wr(mp.weights, 0x01010101u * (1 + d));  // RDC thresholds d + 1 on inputs 0..3 (cores 0, 1)
      t.wr(0, kEn | kOvfEn);
      t.event(0, true);
      t.advance(6);  // settles (stepped on both)
      t.advance(len);
      ASSERT_TRUE(t.same()) << "d " << d << " len " << len;
    }
  }
}

// Random traffic on the shipped builds: a register-level comparison after
// every step.
TEST(SafesuModelBulk, ClosedFormsMatchSteppingUnderRandomTraffic) {
  for (const Config& cfg : {k4c128, k6c256}) {
    Twins t(cfg);
    const SafesuModel::Map& mp = t.bulk.map();
    Lcg rnd{12345};
    t.wr(mp.crossbar, 1 | (2u << mp.cfg_bits) | (3u << (2 * mp.cfg_bits)));
    t.wr(mp.weights, 0x00050302u);
    t.wr(mp.weights + 1, 0x00000001u);
    t.wr(mp.ovf_mask, 0xFFFFFFu);
    t.wr(mp.quota_limit, 5000);
    for (int step = 0; step < 300; ++step) {
      switch (rnd(8)) {
        case 0: t.event(rnd(4), rnd(2) != 0); break;
        case 1: t.wr(0, (rnd(4) << 30) | rnd(32)); break;
        case 2: t.wr(mp.mccu_cfg, rnd(1u << (mp.rdc_reset_bit + 1))); break;
        case 3: t.wr(mp.mccu_limits + rnd(cfg.n_cores), rnd(20000)); break;
        case 4: t.wr(mp.counters + rnd(24), 0xFFFFFFFFu - rnd(5000)); break;
        case 5: t.wr(mp.quota_mask, rnd(2) ? 0 : rnd(16)); break;
        default: t.advance(1 + rnd(rnd(2) ? 40 : 3000)); break;
      }
      ASSERT_TRUE(t.same()) << "step " << step;
    }
    for (uint32_t i = 0; i < mp.total; ++i) t.rd(i);
    EXPECT_GT(t.bulk.bulk_cycles(), 0u);
  }
}

// The branch-free common cycle (no fault, no write, no counter soft reset)
// equals the general one: a unit whose every counter carries a harmless
// fault (step 1) takes the general path every cycle and must behave alike.
TEST(SafesuModelBulk, CommonCycleShortcutEqualsTheGeneralPath) {
  SafesuModel plain(k4c128), general(k4c128);
  for (uint32_t k = 0; k < 24; ++k) general.inject_fault(k, Fault::kWrongStep, 1);
  Lcg rnd{777};
  auto both_wr = [&](uint32_t idx, uint32_t v) {
    plain.write(4 * idx, 4, v);
    general.write(4 * idx, 4, v);
  };
  both_wr(25, 0xFFFFFF);
  both_wr(43, 1 | (2u << 7) | (3u << 14));
  for (int step = 0; step < 2000; ++step) {
    switch (rnd(6)) {
      case 0: {
        const uint32_t e = rnd(4);
        const bool lv = rnd(2) != 0;
        plain.set_event(e, lv);
        general.set_event(e, lv);
        break;
      }
      case 1: both_wr(0, (rnd(4) << 30) | rnd(16)); break;
      case 2: both_wr(1 + rnd(24), 0xFFFFFFFFu - rnd(20)); break;
      case 3: {
        const uint32_t idx = rnd(49);
        ASSERT_EQ(plain.read(4 * idx, 4), general.read(4 * idx, 4)) << "step " << step;
        break;
      }
      default:
        plain.advance(1);
        general.advance(1);
        break;
    }
    for (uint32_t k = 0; k < 24; ++k) {
      ASSERT_EQ(plain.counter(k), general.counter(k)) << "step " << step;
      ASSERT_EQ(plain.increments(k), general.increments(k)) << "step " << step;
    }
    ASSERT_EQ(plain.overflow_flags(), general.overflow_flags()) << "step " << step;
    ASSERT_EQ(plain.irq_outputs(), general.irq_outputs()) << "step " << step;
  }
}

// Random configurations (counters, events, cores, FT, RTL vintage, weight-0
// behaviour, SELENE's event 0), random routes, weights, limits, self-test
// modes, soft resets, counters near all ones, quota masks, faults, FT2
// pulses, pin changes scheduled at a cycle, reads and idle stretches.
TEST(SafesuModelBulk, ClosedFormsMatchSteppingOverRandomConfigurations) {
  Lcg rnd{0xC0FFEEu};
  uint64_t bulk_total = 0;
  for (int trial = 0; trial < 40; ++trial) {
    Config c;
    c.n_counters = 1 + rnd(32);
    c.n_soc_ev = 2 + rnd(255);
    c.n_cores = 2 + rnd(5);
    c.ft = rnd(2) != 0;
    c.rdc_new_vintage = rnd(4) != 0;
    c.weight0_triggers = rnd(4) == 0;
    c.event0_high = rnd(3) == 0;
    Twins t(c);
    const SafesuModel::Map& mp = t.bulk.map();
    const uint32_t n = t.bulk.config().n_counters;
    const uint32_t ev_span = c.n_soc_ev < 8 ? c.n_soc_ev : 8;  // a few events, so routes often hit them
    for (int step = 0; step < 200; ++step) {
      switch (rnd(17)) {
        case 0:
        case 1: t.event(rnd(ev_span), rnd(2) != 0); break;
        case 2: t.wr(0, (rnd(4) << 30) | (rnd(3) == 0 ? rnd(32) : (rnd(2) ? kEn : kEn | kOvfEn))); break;
        case 3: t.wr(mp.mccu_cfg, rnd(1u << (mp.rdc_reset_bit + 1)) | (rnd(2) << 31)); break;
        case 4: t.wr(mp.mccu_limits + rnd(c.n_cores), rnd(3000)); break;
        case 5: t.wr(mp.counters + rnd(n), rnd(2) ? 0xFFFFFFFFu - rnd(3000) : rnd(100)); break;
        case 6: t.wr(mp.quota_mask, rnd(2) ? 0 : rnd(1u << (n < 8 ? n : 8))); break;
        case 7: t.wr(mp.quota_limit, rnd(2) ? rnd(1000) : 0xFFFFFF00u + rnd(256)); break;
        case 8: t.wr(mp.crossbar + rnd(mp.n_crossbar), rnd(2) ? 0 : (rnd(ev_span) * 0x01010101u) ^ rnd(4)); break;
        case 9: t.wr(mp.weights + rnd(mp.n_weights), rnd(2) ? rnd(0x08080808u) : 0x01000203u * rnd(4)); break;
        case 10: t.wr(mp.ovf_mask, rnd(2) ? 0xFFFFFFFFu : rnd(0xFFFF)); break;
        case 11: {
          const Fault f = static_cast<Fault>(rnd(4));
          const uint32_t v = f == Fault::kWrongStep ? 1 + rnd(7) : (rnd(2) ? 0xFFFFFFFFu : rnd(50));
          t.fault(rnd(n), f, v);
          break;
        }
        case 12:
          t.bulk.inject_double_error();
          t.step.inject_double_error();
          break;
        case 13: t.rd(rnd(mp.total + 4)); break;
        case 14: {
          const uint64_t at = t.bulk.now() + rnd(rnd(2) ? 50 : 1500);
          const uint32_t e = rnd(ev_span);
          const bool lv = rnd(2) != 0;
          EXPECT_EQ(t.bulk.set_event_at(at, e, lv), t.step.set_event_at(at, e, lv));
          break;
        }
        default: t.advance(1 + rnd(rnd(3) == 0 ? 2000 : 60)); break;
      }
      ASSERT_TRUE(t.same()) << "trial " << trial << " step " << step;
    }
    for (uint32_t i = 0; i < mp.total; ++i) t.rd(i);
    bulk_total += t.bulk.bulk_cycles();
    EXPECT_EQ(t.step.bulk_cycles(), 0u);
  }
  EXPECT_GT(bulk_total, 100000u);  // the closed forms really ran
}

}  // namespace
