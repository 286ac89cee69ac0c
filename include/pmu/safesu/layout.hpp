// SPDX-License-Identifier: Apache-2.0
// SafeSU register layout, computed from the RTL's parameters with the RTL's
// own formulas (hdl/PMU_raw.sv; facts safesu.md 1.1). Any synthesised
// configuration gets a correct map; the shipped ones are pinned below by
// static_asserts to the offsets in facts tables 1.2 and 1.4.
#pragma once

#include <stdint.h>

#include "pmu/safesu/regs.hpp"
#include "pmu/util/bits.hpp"

namespace pmu::safesu {

// Which RTL the bitstream was built from (facts 2.5).
enum class RdcVintage : uint8_t {
  kMay2025,  // commit 2046f53 and later: RDC enable = bit N+2, soft reset = bit N+3
  kPre2025,  // older: FT=0 enable N+3, reset bit 7; FT=1 enable 6, reset 7
};

// The RTL's parameters (names as in PMU_raw.sv / pmu_ahb.sv).
struct Params {
  uint32_t reg_width = 32;      // REG_WIDTH
  uint32_t n_counters = 24;     // N_COUNTERS
  uint32_t n_soc_ev = 128;      // N_SOC_EV
  uint32_t mccu_n_cores = 4;    // MCCU_N_CORES
  uint32_t mccu_n_events = 2;   // MCCU_N_EVENTS
  uint32_t weights_width = 8;   // MCCU_WEIGHTS_WIDTH
  uint32_t n_conf_regs = 1;     // N_CONF_REGS
  bool ft = false;              // FT
  RdcVintage vintage = RdcVintage::kMay2025;
  // RTL since 596d96e (2025-05-22): an RDC threshold (weight) of 0 never
  // fires. Older RTL fires on weight 0 (facts 3.6).
  bool weight0_never_fires = true;
};

// Largest configuration the driver's fixed-size storage holds.
constexpr unsigned kMaxCounters = 32;  // only overflow mask/vector register 0 is wired
constexpr unsigned kMaxCores = 6;      // the RTL $errors outside 2..6
constexpr unsigned kMaxInputs = 2 * kMaxCores;
constexpr unsigned kMaxCrossbarRegs = 16;  // 32 outputs x 16-bit fields

// Every index is a 32-bit register index (byte offset = 4 x index).
struct Layout {
  Params params;
  bool valid;

  // Sizes.
  uint8_t n_counters;
  uint8_t n_cores;
  uint8_t n_inputs;      // MCCU/RDC inputs = crossbar outputs 0..2N-1
  uint8_t cfg_bits;      // CROSSBAR_CFG_BITS = $clog2(N_SOC_EV)
  uint32_t n_soc_ev;     // crossbar inputs (events)

  // Register indices (first register of each block) and block sizes.
  uint8_t cfg0;                 // BASE_CFG
  uint8_t counters;             // BASE_COUNTERS
  uint8_t overflow_mask;        // BASE_OVERFLOW_MASK (= BASE_OVERFLOW_INTR)
  uint8_t n_overflow_mask_regs; // N_OVERFLOW_MASK_REGS (= N_OVERFLOW_VECT_REGS)
  uint8_t overflow_vect;        // BASE_OVERFLOW_VECT
  uint8_t n_overflow_regs;      // N_OVERFLOW_REGS
  uint8_t quota_mask;           // BASE_QUOTA_MASK
  uint8_t n_quota_mask_regs;
  uint8_t quota_limit;          // BASE_QUOTA_LIMIT
  uint8_t n_quota_regs;
  uint8_t cfg1;                 // BASE_MCCU_CFG
  uint8_t mccu_limits;          // BASE_MCCU_LIMITS (+core)
  uint8_t mccu_quota;           // BASE_MCCU_QUOTA (+core), read-only remaining budget
  uint8_t weights;              // BASE_MCCU_WEIGHTS (= BASE_RDC_WEIGHTS)
  uint8_t n_weights;            // N_MCCU_WEIGHTS
  uint8_t n_mccu_regs;
  uint8_t rdc_vect;             // BASE_RDC_VECT
  uint8_t n_rdc_vect_regs;
  uint8_t watermarks;           // BASE_RDC_WATERMARK
  uint8_t n_watermarks;
  uint8_t n_rdc_regs;
  uint8_t crossbar;             // BASE_CROSSBAR
  uint8_t n_crossbar_regs;      // N_CROSSBAR_CFG
  uint8_t total_nregs;          // TOTAL_NREGS (first invalid index)

  // CFG1 bit positions that depend on N and on the RTL vintage (facts 2.5).
  uint8_t cfg1_rdc_enable;
  uint8_t cfg1_rdc_reset;
  // Old 4-core FT=0 RTL: enable and reset are the same bit, so an enabled
  // RDC is held in reset: the RDC cannot be used.
  bool rdc_usable;
  // Old RTL: the RDC bit is also some core's "update quota" bit.
  bool rdc_enable_is_update;
  bool rdc_reset_is_update;

  // Masks of the valid bits of the overflow and RDC vectors, precomputed so
  // an interrupt hook does not derive them on every entry.
  uint32_t counter_mask;  // bits 0..n_counters-1
  uint32_t input_mask;    // bits 0..n_inputs-1

  constexpr uint32_t offset(unsigned idx) const { return 4u * idx; }
};

namespace detail {
constexpr uint32_t cdiv(uint32_t a, uint32_t b) { return util::ceil_div(a, b); }
constexpr uint8_t u8(uint32_t v) { return static_cast<uint8_t>(v); }
}  // namespace detail

// The structural limits of the RTL and of this driver (facts 1.1).
constexpr bool params_valid(const Params& p) {
  return p.reg_width == 32 && p.n_conf_regs >= 1 && p.n_conf_regs <= 8 &&  //
         p.n_counters >= 1 && p.n_counters <= kMaxCounters &&              // overflow reg 0 only
         p.n_soc_ev >= 2 && p.n_soc_ev <= 65536 &&                         // field <= 16 bits
         p.mccu_n_cores >= 2 && p.mccu_n_cores <= kMaxCores &&             // RTL $error otherwise
         p.mccu_n_events == 2 &&                                           // hard-wired in the RTL
         p.weights_width == 8;                                             // byte packing
}

constexpr Layout make_layout(const Params& p) {
  using detail::cdiv;
  using detail::u8;
  const uint32_t rw = p.reg_width == 0 ? 32 : p.reg_width;
  const uint32_t nc = p.n_counters;
  const uint32_t n = p.mccu_n_cores;

  const uint32_t base_cfg = 0;
  const uint32_t end_cfg = p.n_conf_regs - 1;
  const uint32_t base_counters = end_cfg + 1;
  const uint32_t end_counters = base_counters + nc - 1;
  const uint32_t n_ovf_mask = cdiv(nc, rw);
  const uint32_t base_ovf_mask = end_counters + 1;
  const uint32_t end_ovf_mask = base_ovf_mask + n_ovf_mask - 1;
  const uint32_t base_ovf_vect = end_ovf_mask + 1;
  const uint32_t n_ovf_regs = 2 * n_ovf_mask;  // the RTL adds the VECT count twice
  const uint32_t end_ovf_intr = base_ovf_mask + n_ovf_regs - 1;
  const uint32_t base_quota_mask = end_ovf_intr + 1;
  const uint32_t n_quota_mask = cdiv(nc, rw);
  const uint32_t base_quota_limit = base_quota_mask + n_quota_mask;
  const uint32_t n_quota_regs = n_quota_mask + 1;
  const uint32_t end_quota_intr = base_quota_mask + n_quota_regs - 1;
  const uint32_t base_mccu_cfg = end_quota_intr + 1;
  const uint32_t base_limits = base_mccu_cfg + 1;
  const uint32_t base_quota = base_limits + n;
  const uint32_t base_weights = base_quota + n;
  const uint32_t n_weights = cdiv(n * p.mccu_n_events * p.weights_width, rw);
  const uint32_t n_mccu_regs = 1 + 2 * n + n_weights;
  const uint32_t base_rdc_vect = base_weights + n_weights;
  const uint32_t n_rdc_vect = cdiv(n * p.mccu_n_events, rw);
  const uint32_t base_watermark = base_rdc_vect + n_rdc_vect;
  const uint32_t n_watermark = n_weights;
  const uint32_t n_rdc_regs = n_rdc_vect + n_watermark;
  const uint32_t cfg_bits = util::clog2(p.n_soc_ev);
  const uint32_t base_crossbar = base_watermark + n_watermark;
  const uint32_t n_crossbar = cdiv(nc * cfg_bits, rw);
  const uint32_t total = nc + p.n_conf_regs + n_ovf_regs + n_quota_regs + n_mccu_regs + n_rdc_regs + n_crossbar;

  uint32_t rdc_en = n + 2;
  uint32_t rdc_rst = n + 3;
  if (p.vintage == RdcVintage::kPre2025) {
    rdc_en = p.ft ? 6 : n + 3;
    rdc_rst = 7;
  }
  const bool valid = params_valid(p) && total <= 255 && n_crossbar <= kMaxCrossbarRegs;

  Layout l{};
  l.params = p;
  l.valid = valid;
  l.n_counters = u8(nc);
  l.n_cores = u8(n);
  l.n_inputs = u8(n * p.mccu_n_events);
  l.counter_mask = util::low_mask32(nc);
  l.input_mask = util::low_mask32(n * p.mccu_n_events);
  l.cfg_bits = u8(cfg_bits);
  l.n_soc_ev = p.n_soc_ev;
  l.cfg0 = u8(base_cfg);
  l.counters = u8(base_counters);
  l.overflow_mask = u8(base_ovf_mask);
  l.n_overflow_mask_regs = u8(n_ovf_mask);
  l.overflow_vect = u8(base_ovf_vect);
  l.n_overflow_regs = u8(n_ovf_regs);
  l.quota_mask = u8(base_quota_mask);
  l.n_quota_mask_regs = u8(n_quota_mask);
  l.quota_limit = u8(base_quota_limit);
  l.n_quota_regs = u8(n_quota_regs);
  l.cfg1 = u8(base_mccu_cfg);
  l.mccu_limits = u8(base_limits);
  l.mccu_quota = u8(base_quota);
  l.weights = u8(base_weights);
  l.n_weights = u8(n_weights);
  l.n_mccu_regs = u8(n_mccu_regs);
  l.rdc_vect = u8(base_rdc_vect);
  l.n_rdc_vect_regs = u8(n_rdc_vect);
  l.watermarks = u8(base_watermark);
  l.n_watermarks = u8(n_watermark);
  l.n_rdc_regs = u8(n_rdc_regs);
  l.crossbar = u8(base_crossbar);
  l.n_crossbar_regs = u8(n_crossbar);
  l.total_nregs = u8(total);
  l.cfg1_rdc_enable = u8(rdc_en);
  l.cfg1_rdc_reset = u8(rdc_rst);
  l.rdc_usable = rdc_en != rdc_rst;
  l.rdc_enable_is_update = rdc_en >= cfg1::kUpdateBase && rdc_en < cfg1::kUpdateBase + n;
  l.rdc_reset_is_update = rdc_rst >= cfg1::kUpdateBase && rdc_rst < cfg1::kUpdateBase + n;
  return l;
}

constexpr bool layout_valid(const Layout& l) { return l.valid; }

// Parameters of the shipped family: 24 counters, 2 events/core, 8-bit weights.
constexpr Params shipped_params(uint32_t cores, uint32_t events, uint32_t counters = 24,
                                RdcVintage vintage = RdcVintage::kMay2025) {
  Params p{};
  p.n_counters = counters;
  p.n_soc_ev = events;
  p.mccu_n_cores = cores;
  p.vintage = vintage;
  return p;
}

// ---- Fields whose position depends on the layout --------------------------

// CFG1 "update quota" bit of core c.
constexpr Field<Cfg1Tag> cfg1_update(unsigned core) { return reg::flag<Cfg1Tag>(cfg1::kUpdateBase + core); }
constexpr Field<Cfg1Tag> cfg1_rdc_enable(const Layout& l) { return reg::flag<Cfg1Tag>(l.cfg1_rdc_enable); }
constexpr Field<Cfg1Tag> cfg1_rdc_reset(const Layout& l) { return reg::flag<Cfg1Tag>(l.cfg1_rdc_reset); }

// A byte slot in a packed 4 x 8-bit register block (weights, watermarks).
template <typename Tag>
struct ByteSlot {
  uint8_t reg;      // register index
  Field<Tag> field;
};
// Weight (MCCU weight = RDC threshold) of input i: register weights + i/4, byte i%4.
constexpr ByteSlot<WeightsTag> weight_slot(const Layout& l, unsigned input) {
  return {detail::u8(l.weights + input / 4), Field<WeightsTag>(8 * (input % 4), 8)};
}
constexpr ByteSlot<WatermarkTag> watermark_slot(const Layout& l, unsigned input) {
  return {detail::u8(l.watermarks + input / 4), Field<WatermarkTag>(8 * (input % 4), 8)};
}

// Where crossbar output k's field lives (facts 2.10): the registers form a
// little-endian bit stream; a field that crosses a register boundary has its
// LOW bits at the top of register 'reg' and its HIGH bits at the bottom of
// register reg+1.
struct CrossbarSlot {
  uint8_t reg;       // register index holding the field's low part
  uint8_t pos;       // bit position of the low part in 'reg'
  uint8_t lo_width;  // bits in 'reg'
  uint8_t hi_width;  // bits in reg+1 (0: the field does not straddle)

  constexpr bool straddles() const { return hi_width != 0; }
  constexpr Field<CrossbarTag> low() const { return Field<CrossbarTag>(pos, lo_width); }
  constexpr Field<CrossbarTag> high() const { return Field<CrossbarTag>(0, hi_width ? hi_width : 1); }
};

constexpr CrossbarSlot crossbar_slot(const Layout& l, unsigned output) {
  const uint32_t bit = output * l.cfg_bits;
  const uint32_t pos = bit % 32;
  const uint32_t lo = util::min<uint32_t>(l.cfg_bits, 32 - pos);
  return {detail::u8(l.crossbar + bit / 32), detail::u8(pos), detail::u8(lo), detail::u8(l.cfg_bits - lo)};
}

// ---- Named configurations ---------------------------------------------------

inline constexpr Layout k4c128 = make_layout(shipped_params(4, 128));   // 4 cores, 128 events
inline constexpr Layout k6c128 = make_layout(shipped_params(6, 128));   // 6 cores, 128 events
inline constexpr Layout k6c256 = make_layout(shipped_params(6, 256));   // SELENE
inline constexpr Layout k4c32 = make_layout(shipped_params(4, 32));     // pmu_ahb default; the manual's figures

// Facts table 1.2 (and 1.4 for 4c/32e).
static_assert(k4c128.valid && k6c128.valid && k6c256.valid && k4c32.valid);
static_assert(k4c128.offset(k4c128.counters) == 0x004 && k4c128.offset(k4c128.counters + 23) == 0x060);
static_assert(k4c128.offset(k4c128.overflow_mask) == 0x064 && k4c128.offset(k4c128.overflow_vect) == 0x068);
static_assert(k4c128.offset(k4c128.quota_mask) == 0x06C && k4c128.offset(k4c128.quota_limit) == 0x070);
static_assert(k4c128.offset(k4c128.cfg1) == 0x074 && k4c128.offset(k4c128.mccu_limits) == 0x078);
static_assert(k4c128.offset(k4c128.mccu_quota) == 0x088 && k4c128.offset(k4c128.weights) == 0x098);
static_assert(k4c128.n_weights == 2 && k4c128.offset(k4c128.rdc_vect) == 0x0A0);
static_assert(k4c128.offset(k4c128.watermarks) == 0x0A4 && k4c128.n_watermarks == 2);
static_assert(k4c128.offset(k4c128.crossbar) == 0x0AC && k4c128.n_crossbar_regs == 6 && k4c128.cfg_bits == 7);
static_assert(k4c128.total_nregs == 49 && k4c128.cfg1_rdc_enable == 6 && k4c128.cfg1_rdc_reset == 7);

static_assert(k6c128.offset(k6c128.cfg1) == 0x074 && k6c128.offset(k6c128.mccu_limits) == 0x078);
static_assert(k6c128.offset(k6c128.mccu_quota) == 0x090 && k6c128.offset(k6c128.weights) == 0x0A8);
static_assert(k6c128.n_weights == 3 && k6c128.offset(k6c128.rdc_vect) == 0x0B4);
static_assert(k6c128.offset(k6c128.watermarks) == 0x0B8 && k6c128.n_watermarks == 3);
static_assert(k6c128.offset(k6c128.crossbar) == 0x0C4 && k6c128.n_crossbar_regs == 6 && k6c128.cfg_bits == 7);
static_assert(k6c128.total_nregs == 55 && k6c128.cfg1_rdc_enable == 8 && k6c128.cfg1_rdc_reset == 9);

static_assert(k6c256.offset(k6c256.mccu_quota) == 0x090 && k6c256.offset(k6c256.weights) == 0x0A8);
static_assert(k6c256.offset(k6c256.rdc_vect) == 0x0B4 && k6c256.offset(k6c256.watermarks) == 0x0B8);
static_assert(k6c256.offset(k6c256.crossbar) == 0x0C4 && k6c256.n_crossbar_regs == 6 && k6c256.cfg_bits == 8);
static_assert(k6c256.offset(k6c256.crossbar + 5) == 0x0D8 && k6c256.total_nregs == 55);

static_assert(k4c32.cfg_bits == 5 && k4c32.crossbar == 43 && k4c32.n_crossbar_regs == 4);
static_assert(k4c32.offset(k4c32.crossbar) == 0x0AC && k4c32.total_nregs == 47);

// Straddles (facts 2.10).
static_assert(crossbar_slot(k4c128, 4).straddles() && crossbar_slot(k4c128, 4).pos == 28 &&
              crossbar_slot(k4c128, 4).lo_width == 4 && crossbar_slot(k4c128, 4).hi_width == 3);
static_assert(crossbar_slot(k4c128, 23).reg == k4c128.crossbar + 5 && crossbar_slot(k4c128, 23).pos == 1 &&
              !crossbar_slot(k4c128, 23).straddles());
static_assert(crossbar_slot(k4c32, 6).pos == 30 && crossbar_slot(k4c32, 6).hi_width == 3);
static_assert(!crossbar_slot(k6c256, 5).straddles() && crossbar_slot(k6c256, 5).pos == 8);

// Old RTL (facts 2.5): 4-core FT=0 holds the RDC in reset when enabled.
static_assert(!make_layout(shipped_params(4, 128, 24, RdcVintage::kPre2025)).rdc_usable);
static_assert(make_layout(shipped_params(6, 256, 24, RdcVintage::kPre2025)).cfg1_rdc_enable == 9 &&
              make_layout(shipped_params(6, 256, 24, RdcVintage::kPre2025)).rdc_reset_is_update);

}  // namespace pmu::safesu
