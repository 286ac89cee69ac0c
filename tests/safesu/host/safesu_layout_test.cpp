// SPDX-License-Identifier: Apache-2.0
// SafeSU layout arithmetic: the named configurations against the tables of
// docs/hw/safesu.md §1.2/§1.4, a parameter sweep for the RTL invariants,
// crossbar straddles, the never-write-back bits of CFG1, the decode window,
// invalid parameters, and agreement with the behavioural model's
// independently computed map.
#include <gtest/gtest.h>

#include <vector>

#include "pmu/safesu/layout.hpp"
#include "pmu_sim/safesu_model.hpp"

namespace {
using namespace pmu::safesu;

// Register index of a typed register or array.
template <typename R>
unsigned idx(const R& r) {
  return r.offset / 4;
}

// §1.2, byte offsets.
TEST(SafesuLayout, NamedConfigurationsMatchTheRtlMap) {
  struct Row {
    const Layout* l;
    uint32_t limits, quota, weights, n_weights, rdc_vect, wm, n_wm, xbar, n_xbar, bits, total;
  };
  const Row rows[] = {
      {&k4c128, 0x078, 0x088, 0x098, 2, 0x0A0, 0x0A4, 2, 0x0AC, 6, 7, 49},
      {&k6c128, 0x078, 0x090, 0x0A8, 3, 0x0B4, 0x0B8, 3, 0x0C4, 6, 7, 55},
      {&k6c256, 0x078, 0x090, 0x0A8, 3, 0x0B4, 0x0B8, 3, 0x0C4, 6, 8, 55},
      {&k4c32, 0x078, 0x088, 0x098, 2, 0x0A0, 0x0A4, 2, 0x0AC, 4, 5, 47},
  };
  for (const Row& r : rows) {
    const Layout& l = *r.l;
    EXPECT_EQ(l.cfg0.offset, 0x000u);
    EXPECT_EQ(l.counters.offset, 0x004u);
    EXPECT_EQ(l.counters.at(23).offset, 0x060u);
    EXPECT_EQ(l.counters.count, 24u);
    EXPECT_EQ(l.overflow_mask.offset, 0x064u);
    EXPECT_EQ(l.overflow_vector.offset, 0x068u);
    EXPECT_EQ(l.quota_mask.offset, 0x06Cu);
    EXPECT_EQ(l.quota_limit.offset, 0x070u);
    EXPECT_EQ(l.cfg1.offset, 0x074u);
    EXPECT_EQ(l.mccu_limits.offset, r.limits);
    EXPECT_EQ(l.mccu_remaining.offset, r.quota);
    EXPECT_EQ(l.weights.offset, r.weights);
    EXPECT_EQ(l.weights.count, r.n_weights);
    EXPECT_EQ(l.rdc_vector.offset, r.rdc_vect);
    EXPECT_EQ(l.watermarks.offset, r.wm);
    EXPECT_EQ(l.watermarks.count, r.n_wm);
    EXPECT_EQ(l.crossbar.offset, r.xbar);
    EXPECT_EQ(l.crossbar.count, r.n_xbar);
    EXPECT_EQ(l.cfg_bits, r.bits);
    EXPECT_EQ(l.total_nregs, r.total);
    EXPECT_EQ(l.window, 0x100u);  // §4.2: haddr[7:2]
  }
}

// Closed form of §1.1 for the shipped family (24 counters, N cores).
TEST(SafesuLayout, ClosedFormForTheShippedFamily) {
  for (uint32_t n = 2; n <= 6; ++n) {
    for (uint32_t ev : {32u, 64u, 128u, 256u}) {
      const Layout l = make_layout(shipped_params(n, ev));
      const uint32_t w = (n + 1) / 2;
      EXPECT_EQ(idx(l.cfg1), 29u);
      EXPECT_EQ(idx(l.mccu_limits), 30u);
      EXPECT_EQ(idx(l.mccu_remaining), 30 + n);
      EXPECT_EQ(idx(l.weights), 30 + 2 * n);
      EXPECT_EQ(idx(l.rdc_vector), 30 + 2 * n + w);
      EXPECT_EQ(idx(l.watermarks), 31 + 2 * n + w);
      EXPECT_EQ(idx(l.crossbar), 31 + 2 * n + 2 * w);
      EXPECT_EQ(l.total_nregs, idx(l.crossbar) + (24 * pmu::util::clog2(ev) + 31) / 32);
    }
  }
}

TEST(SafesuLayout, SweepKeepsEveryBlockContiguousAndDisjoint) {
  for (uint32_t n = 2; n <= 6; ++n) {
    for (uint32_t ev : {32u, 64u, 128u, 256u}) {
      for (uint32_t nc = 1; nc <= 32; ++nc) {
        SCOPED_TRACE(testing::Message() << n << " cores, " << ev << " events, " << nc << " counters");
        const Layout l = make_layout(shipped_params(n, ev, nc));
        ASSERT_TRUE(l.valid);
        // Every index 0..TOTAL_NREGS-1 belongs to exactly one register.
        std::vector<int> owner(l.total_nregs, 0);
        auto claim = [&](unsigned first, unsigned count) {
          for (unsigned i = first; i < first + count; ++i) {
            ASSERT_LT(i, l.total_nregs);
            ++owner[i];
          }
        };
        claim(idx(l.cfg0), 1);
        claim(idx(l.counters), l.counters.count);
        claim(idx(l.overflow_mask), l.overflow_mask.count);
        claim(idx(l.overflow_vector), l.overflow_vector.count);
        claim(idx(l.quota_mask), l.quota_mask.count);
        claim(idx(l.quota_limit), 1);
        claim(idx(l.cfg1), 1);
        claim(idx(l.mccu_limits), l.mccu_limits.count);
        claim(idx(l.mccu_remaining), l.mccu_remaining.count);
        claim(idx(l.weights), l.weights.count);
        claim(idx(l.rdc_vector), l.rdc_vector.count);
        claim(idx(l.watermarks), l.watermarks.count);
        claim(idx(l.crossbar), l.crossbar.count);
        for (unsigned i = 0; i < l.total_nregs; ++i) EXPECT_EQ(owner[i], 1) << "index " << i;
        // Contiguity, and TOTAL_NREGS as the RTL sums it.
        const unsigned n_ovf = l.overflow_mask.count + l.overflow_vector.count;
        const unsigned n_quota = l.quota_mask.count + 1;
        const unsigned n_mccu = 1 + 2 * n + l.weights.count;
        const unsigned n_rdc = l.rdc_vector.count + l.watermarks.count;
        EXPECT_EQ(idx(l.counters), 1u);
        EXPECT_EQ(l.counters.count, nc);
        EXPECT_EQ(idx(l.overflow_mask), 1 + nc);
        EXPECT_EQ(idx(l.quota_mask), idx(l.overflow_mask) + n_ovf);
        EXPECT_EQ(idx(l.cfg1), idx(l.quota_mask) + n_quota);
        EXPECT_EQ(l.total_nregs, idx(l.crossbar) + l.crossbar.count);
        EXPECT_EQ(l.total_nregs, nc + 1u + n_ovf + n_quota + n_mccu + n_rdc + l.crossbar.count);
        EXPECT_EQ(l.weights.count, (n + 1) / 2);
        EXPECT_EQ(l.n_inputs, 2 * n);
        EXPECT_EQ(l.mccu_limits.count, n);
        // The decode window covers the map and is the next power of two.
        EXPECT_GE(l.window, 4u * l.total_nregs);
        EXPECT_LT(l.window, 8u * l.total_nregs);
        EXPECT_EQ(l.window & (l.window - 1), 0u);
        // CFG1: update bits 2..N+1, RDC enable N+2, reset N+3, HWQ 31; never
        // written back: the MCCU reset, the updates and the RDC reset.
        EXPECT_EQ(l.cfg1_rdc_enable, n + 2);
        EXPECT_EQ(l.cfg1_rdc_reset, n + 3);
        EXPECT_TRUE(l.rdc_usable && !l.rdc_enable_is_update && !l.rdc_reset_is_update);
        EXPECT_EQ(l.cfg1.keep_out, 0x2u | (((1u << n) - 1) << 2) | (1u << (n + 3)));
        // Crossbar fields: disjoint, inside the block, low part at the top
        // of its register when straddling.
        std::vector<int> bits(32 * l.crossbar.count, 0);
        for (unsigned k = 0; k < nc; ++k) {
          const CrossbarSlot s = crossbar_slot(l, k);
          EXPECT_EQ(s.lo_width() + s.hi_width(), l.cfg_bits);
          if (s.straddles()) {
            EXPECT_EQ(s.pos + s.lo_width(), 32u);
          }
          const unsigned start = 32 * s.reg + s.pos;
          EXPECT_EQ(start, k * l.cfg_bits);
          for (unsigned b = start; b < start + l.cfg_bits; ++b) {
            ASSERT_LT(b, bits.size());
            ++bits[b];
          }
        }
        for (unsigned b = 0; b < nc * l.cfg_bits; ++b) EXPECT_EQ(bits[b], 1);
        // The model derives its map independently from the same formulas.
        pmu::models::SafesuModel::Config mc;
        mc.n_counters = nc;
        mc.n_soc_ev = ev;
        mc.n_cores = n;
        const auto m = pmu::models::SafesuModel::compute_map(mc);
        EXPECT_EQ(m.crossbar, idx(l.crossbar));
        EXPECT_EQ(m.total, l.total_nregs);
        EXPECT_EQ(m.rdc_vect, idx(l.rdc_vector));
        EXPECT_EQ(m.watermarks, idx(l.watermarks));
        EXPECT_EQ(m.mccu_quota, idx(l.mccu_remaining));
        EXPECT_EQ(4u << m.index_bits, l.window);
      }
    }
  }
}

// Params{} is pmu_ahb's default build (docs/hw/safesu.md §1.1): 24 counters,
// 32-bit registers, one configuration register, 4 MCCU cores of 2 inputs
// with 8-bit weights; except the events: 128 (the 4c128 build, which the C
// API's pmu_safesu_params_default() documents), where the RTL says 32.
TEST(SafesuLayout, DefaultParamsArePmuAhbsDefaults) {
  const Params p{};
  EXPECT_EQ(p.reg_width, 32u);
  EXPECT_EQ(p.n_counters, 24u);
  EXPECT_EQ(p.n_soc_ev, 128u);
  EXPECT_EQ(p.n_conf_regs, 1u);
  EXPECT_EQ(p.mccu_n_cores, 4u);
  EXPECT_EQ(p.mccu_n_events, 2u);
  EXPECT_EQ(p.weights_width, 8u);
  const Layout l = make_layout(p);
  EXPECT_EQ(l.n_counters, 24u);
  EXPECT_EQ(l.cfg_bits, k4c128.cfg_bits);
  EXPECT_EQ(l.crossbar.count, k4c128.crossbar.count);
}

TEST(SafesuLayout, InvalidParametersAreRejected) {
  EXPECT_FALSE(make_layout(shipped_params(1, 128)).valid);  // cores 2..6
  EXPECT_FALSE(make_layout(shipped_params(7, 128)).valid);
  EXPECT_FALSE(make_layout(shipped_params(4, 128, 33)).valid);  // overflow register 0 only
  EXPECT_FALSE(make_layout(shipped_params(4, 128, 0)).valid);
  EXPECT_FALSE(make_layout(shipped_params(4, 1)).valid);
  Params p = shipped_params(4, 128);
  p.mccu_n_events = 3;
  EXPECT_FALSE(make_layout(p).valid);
  p = shipped_params(4, 128);
  p.reg_width = 64;
  EXPECT_FALSE(make_layout(p).valid);
  p = shipped_params(4, 128);
  p.weights_width = 16;
  EXPECT_FALSE(make_layout(p).valid);
}

// Issue 15 (layout.hpp's reg_width guard): invalid parameters, made at run
// time (no constant evaluation to catch a division by zero), give an invalid
// layout with every size 0 - never a division by zero (UBSan would abort),
// never a $clog2 loop over a huge N_SOC_EV.
TEST(SafesuLayout, InvalidParametersAtRunTimeNeverDivideByZero) {
  struct Bad {
    const char* what;
    void (*set)(Params&);
  };
  const Bad bad[] = {
      {"reg_width 0", [](Params& p) { p.reg_width = 0; }},
      {"reg_width 16", [](Params& p) { p.reg_width = 16; }},
      {"reg_width 64", [](Params& p) { p.reg_width = 64; }},
      {"n_counters 0", [](Params& p) { p.n_counters = 0; }},
      {"n_counters 33", [](Params& p) { p.n_counters = 33; }},
      {"n_soc_ev 0", [](Params& p) { p.n_soc_ev = 0; }},
      {"n_soc_ev 1", [](Params& p) { p.n_soc_ev = 1; }},
      {"n_soc_ev 2^32-1", [](Params& p) { p.n_soc_ev = 0xFFFFFFFFu; }},
      {"cores 0", [](Params& p) { p.mccu_n_cores = 0; }},
      {"cores 7", [](Params& p) { p.mccu_n_cores = 7; }},
      {"events per core 0", [](Params& p) { p.mccu_n_events = 0; }},
      {"weights width 0", [](Params& p) { p.weights_width = 0; }},
      {"conf regs 0", [](Params& p) { p.n_conf_regs = 0; }},
      {"conf regs 9", [](Params& p) { p.n_conf_regs = 9; }},
  };
  for (const Bad& b : bad) {
    Params p = shipped_params(4, 128);
    b.set(p);
    volatile uint32_t launder = p.reg_width;  // keep the optimiser from folding
    p.reg_width = launder;
    const Layout l = make_layout(p);
    EXPECT_FALSE(l.valid) << b.what;
    EXPECT_EQ(l.n_counters, 0u) << b.what;
    EXPECT_EQ(l.crossbar.count, 0u) << b.what;
    EXPECT_EQ(l.window, 0u) << b.what;
    EXPECT_FALSE(base_fits(0x80100000, l)) << b.what;
  }
}

// §2.10, verified in simulation for outputs 6/12/19 (5-bit) and
// 4/9/13/18/22 (7-bit).
TEST(SafesuLayout, CrossbarStraddlesMatchTheRtl) {
  struct S {
    const Layout* l;
    unsigned out, reg, pos, lo, hi;
  };
  const S cases[] = {
      {&k4c32, 6, 0, 30, 2, 3},   {&k4c32, 12, 1, 28, 4, 1},  {&k4c32, 19, 2, 31, 1, 4},
      {&k4c128, 4, 0, 28, 4, 3},  {&k4c128, 9, 1, 31, 1, 6},  {&k4c128, 13, 2, 27, 5, 2},
      {&k4c128, 18, 3, 30, 2, 5}, {&k4c128, 22, 4, 26, 6, 1}, {&k4c128, 23, 5, 1, 7, 0},
      {&k6c256, 7, 1, 24, 8, 0},  {&k6c256, 23, 5, 24, 8, 0},
  };
  for (const S& c : cases) {
    const CrossbarSlot s = crossbar_slot(*c.l, c.out);
    EXPECT_EQ(s.reg, c.reg) << c.out;
    EXPECT_EQ(s.pos, c.pos) << c.out;
    EXPECT_EQ(s.lo_width(), c.lo) << c.out;
    EXPECT_EQ(s.hi_width(), c.hi) << c.out;
  }
  // Straddle counts: 5 for 7-bit, 3 for 5-bit, none for 8-bit.
  auto count = [](const Layout& l) {
    unsigned n = 0;
    for (unsigned k = 0; k < l.n_counters; ++k) n += crossbar_slot(l, k).straddles();
    return n;
  };
  EXPECT_EQ(count(k4c128), 5u);
  EXPECT_EQ(count(k4c32), 3u);
  EXPECT_EQ(count(k6c256), 0u);
}

TEST(SafesuLayout, OldVintageRdcBits) {
  const Layout l4 = make_layout(shipped_params(4, 128, 24, RdcVintage::kPre2025));
  EXPECT_EQ(l4.cfg1_rdc_enable, 7u);
  EXPECT_EQ(l4.cfg1_rdc_reset, 7u);
  EXPECT_FALSE(l4.rdc_usable);
  EXPECT_EQ(l4.cfg1.keep_out, 0x3Eu);  // bit 7 is the enable too: written back
  const Layout l6 = make_layout(shipped_params(6, 256, 24, RdcVintage::kPre2025));
  EXPECT_EQ(l6.cfg1_rdc_enable, 9u);
  EXPECT_EQ(l6.cfg1_rdc_reset, 7u);  // = update quota, core 5
  EXPECT_TRUE(l6.rdc_usable && l6.rdc_reset_is_update && !l6.rdc_enable_is_update);
  EXPECT_EQ(l6.cfg1.keep_out, 0xFEu);
  Params p = shipped_params(6, 128, 24, RdcVintage::kPre2025);
  p.ft = true;
  const Layout f6 = make_layout(p);
  EXPECT_EQ(f6.cfg1_rdc_enable, 6u);  // = update quota, core 4
  EXPECT_EQ(f6.cfg1_rdc_reset, 7u);
  EXPECT_TRUE(f6.rdc_enable_is_update);
  EXPECT_EQ(f6.cfg1.keep_out, 0xBEu);  // the RDC enable is written back although it is an update bit
}

TEST(SafesuLayout, FieldDescriptors) {
  EXPECT_EQ(cfg0::kSelftestMode.mask(), 0xC0000000u);
  EXPECT_EQ(cfg0::kOverflowSoftReset.mask(), 0x8u);
  EXPECT_EQ(Cfg0::kNoWriteBack, 0x1Au);
  EXPECT_EQ(k4c128.cfg0.keep_out, 0x1Au);
  EXPECT_EQ(cfg1_update(3).mask(), 0x20u);
  EXPECT_EQ(cfg1_rdc_enable(k6c256).mask(), 0x100u);
  EXPECT_EQ(cfg1_rdc_reset(k4c128).mask(), 0x80u);
  const auto w = weight_slot(k6c128, 5);
  EXPECT_EQ(w.reg.offset, k6c128.weights.at(1).offset);
  EXPECT_EQ(w.field.mask(), 0xFF00u);
  const auto wm = watermark_slot(k6c128, 11);
  EXPECT_EQ(wm.reg.offset, k6c128.watermarks.at(2).offset);
  EXPECT_EQ(wm.field.mask(), 0xFF000000u);
}

TEST(SafesuLayoutMasks, VectorMasksCoverExactlyTheCountersAndInputs) {
  EXPECT_EQ(k4c128.counter_mask, 0x00FFFFFFu);
  EXPECT_EQ(k4c128.rdc_input_mask, 0xFFu);
  EXPECT_EQ(k6c256.rdc_input_mask, 0xFFFu);
  // No usable RDC (old 4-core RTL holds it in reset), no bit: the RDC hook
  // tests this mask alone before it reads the vector.
  const Layout old = make_layout(shipped_params(4, 128, 24, RdcVintage::kPre2025));
  EXPECT_FALSE(old.rdc_usable);
  EXPECT_EQ(old.rdc_input_mask, 0u);
  EXPECT_EQ(Layout{}.rdc_input_mask, 0u);
  EXPECT_EQ(make_layout(shipped_params(4, 128, 32)).counter_mask, 0xFFFFFFFFu);
}

}  // namespace
