// SPDX-License-Identifier: Apache-2.0
// SafeSU register layout, computed from the RTL's parameters with the RTL's
// own formulas (hdl/PMU_raw.sv; docs/hw/safesu.md §1.1). Any synthesised
// configuration gets a correct map; the shipped ones are pinned below by
// static_asserts to the offsets of §1.2 and §1.4. The Layout holds typed
// registers (reg::Reg / reg::RegArray of the families in regs.hpp): every
// offset the driver uses comes from here.
#pragma once

#include <stdint.h>

#include "pmu/reg/field.hpp"
#include "pmu/safesu/regs.hpp"
#include "pmu/util/bits.hpp"

namespace pmu::safesu {

/// Which RTL the bitstream was built from (§2.5).
enum class RdcVintage : uint8_t {
  kMay2025,  ///< commit 2046f53 and later: RDC enable = bit N+2, soft reset = bit N+3
  kPre2025,  ///< older: FT=0 enable N+3, reset bit 7; FT=1 enable 6, reset 7
};

/// The RTL's parameters (names as in PMU_raw.sv / pmu_ahb.sv).
struct Params {
  uint32_t reg_width = 32;     ///< REG_WIDTH (only 32 is workable, §1.4)
  uint32_t n_counters = 24;    ///< N_COUNTERS
  uint32_t n_soc_ev = 128;     ///< N_SOC_EV
  uint32_t mccu_n_cores = 4;   ///< MCCU_N_CORES
  uint32_t mccu_n_events = 2;  ///< MCCU_N_EVENTS (hard-wired to 2 in the RTL)
  uint32_t weights_width = 8;  ///< MCCU_WEIGHTS_WIDTH
  uint32_t n_conf_regs = 1;    ///< N_CONF_REGS
  bool ft = false;             ///< FT
  RdcVintage vintage = RdcVintage::kMay2025;  ///< RTL vintage of the RDC bits
  /// RTL since 596d96e (2025-05-22): an RDC threshold (weight) of 0 never
  /// fires. Older RTL fires on weight 0 (§3.6).
  bool weight0_never_fires = true;
};

/// Largest number of counters the driver supports (only overflow
/// mask/vector register 0 is wired, §1.1).
constexpr unsigned kMaxCounters = 32;
/// Largest core count (the RTL $errors outside 2..6).
constexpr unsigned kMaxCores = 6;
/// Largest number of MCCU/RDC inputs (two per core).
constexpr unsigned kMaxInputs = 2 * kMaxCores;
/// Largest crossbar block: 32 outputs x 16-bit fields.
constexpr unsigned kMaxCrossbarRegs = 16;

/// The register map of one build. Offsets are bytes from the unit's base.
/// An invalid Layout (valid == false) has every size and offset 0.
struct Layout {
  Params params;  ///< the parameters it was made from
  bool valid;     ///< the parameters are within the RTL's and the driver's limits

  uint8_t n_counters;   ///< N_COUNTERS
  uint8_t n_cores;      ///< MCCU_N_CORES
  uint8_t n_inputs;     ///< MCCU/RDC inputs = crossbar outputs 0..2N-1
  uint8_t cfg_bits;     ///< CROSSBAR_CFG_BITS = $clog2(N_SOC_EV)
  uint8_t total_nregs;  ///< TOTAL_NREGS (first invalid register index)
  uint32_t n_soc_ev;    ///< crossbar inputs (events)
  /// Bytes of the decode window: slv_index = haddr[$clog2(N_REGS)+1:2]
  /// (§4.2), so the register file repeats every 'window' bytes and the
  /// unit's base must be a non-zero multiple of it (256 for every shipped
  /// build).
  uint32_t window;
  uint32_t counter_mask;  ///< bits 0..n_counters-1 (what start/stop take)
  /// The RDC vector's bits the driver reports: inputs 0..n_inputs-1 where
  /// the RDC is usable (rdc_usable), 0 where it is not, so the RDC hook's
  /// one load both masks the vector and tells whether it may read it.
  uint32_t rdc_input_mask;

  reg::Reg<Cfg0> cfg0;                          ///< BASE_CFG
  reg::RegArray<Counter> counters;              ///< BASE_COUNTERS, N_COUNTERS
  reg::RegArray<OverflowMask> overflow_mask;    ///< BASE_OVERFLOW_MASK (only [0] is wired)
  reg::RegArray<OverflowVector> overflow_vector;  ///< BASE_OVERFLOW_VECT (only [0] is wired)
  reg::RegArray<QuotaMask> quota_mask;          ///< BASE_QUOTA_MASK
  reg::Reg<QuotaLimit> quota_limit;             ///< BASE_QUOTA_LIMIT
  /// BASE_MCCU_CFG; its keep_out adds the update strobes and the RDC reset.
  reg::Reg<Cfg1> cfg1;
  reg::RegArray<MccuLimit> mccu_limits;         ///< BASE_MCCU_LIMITS, one per core
  reg::RegArray<MccuRemaining> mccu_remaining;  ///< BASE_MCCU_QUOTA, one per core
  reg::RegArray<Weights> weights;               ///< BASE_MCCU_WEIGHTS (= BASE_RDC_WEIGHTS)
  reg::RegArray<RdcVector> rdc_vector;          ///< BASE_RDC_VECT
  reg::RegArray<Watermarks> watermarks;         ///< BASE_RDC_WATERMARK
  reg::RegArray<Crossbar> crossbar;             ///< BASE_CROSSBAR, N_CROSSBAR_CFG

  uint8_t cfg1_rdc_enable;  ///< CFG1 bit of the RDC enable (N and vintage, §2.5)
  uint8_t cfg1_rdc_reset;   ///< CFG1 bit of the RDC soft reset
  /// False on old 4-core FT=0 RTL, whose enable and reset are the same bit
  /// (an enabled RDC is held in reset).
  bool rdc_usable;
  bool rdc_enable_is_update;  ///< old RTL: the RDC enable is also a core's update bit
  bool rdc_reset_is_update;   ///< old RTL: the RDC reset is also a core's update bit
};

/// The structural limits of the RTL and of this driver (§1.1).
constexpr bool params_valid(const Params& p) {
  return p.reg_width == 32 && p.n_conf_regs >= 1 && p.n_conf_regs <= 8 &&  //
         p.n_counters >= 1 && p.n_counters <= kMaxCounters &&              // overflow reg 0 only
         p.n_soc_ev >= 2 && p.n_soc_ev <= 65536 &&                         // field <= 16 bits
         p.mccu_n_cores >= 2 && p.mccu_n_cores <= kMaxCores &&             // RTL $error otherwise
         p.mccu_n_events == 2 &&                                           // hard-wired in the RTL
         p.weights_width == 8;                                             // byte packing
}

/// The map of a build from its parameters. Invalid parameters give an
/// invalid Layout (every size and offset 0), computed without arithmetic on
/// them (no division by a zero REG_WIDTH, no $clog2 of a huge N_SOC_EV).
constexpr Layout make_layout(const Params& p) {
  Layout l{};
  l.params = p;
  if (!params_valid(p)) return l;
  using util::ceil_div;
  const uint32_t rw = p.reg_width;
  const uint32_t nc = p.n_counters;
  const uint32_t n = p.mccu_n_cores;
  const uint32_t n_inputs = n * p.mccu_n_events;

  // The RTL's localparams (§1.1), as register indices.
  const uint32_t base_counters = p.n_conf_regs;  // END_CFG + 1
  const uint32_t n_ovf_mask = ceil_div(nc, rw);
  const uint32_t base_ovf_mask = base_counters + nc;
  const uint32_t base_ovf_vect = base_ovf_mask + n_ovf_mask;
  const uint32_t n_ovf_regs = 2 * n_ovf_mask;  // the RTL adds the VECT count twice
  const uint32_t base_quota_mask = base_ovf_mask + n_ovf_regs;
  const uint32_t n_quota_mask = ceil_div(nc, rw);
  const uint32_t base_quota_limit = base_quota_mask + n_quota_mask;
  const uint32_t n_quota_regs = n_quota_mask + 1;
  const uint32_t base_mccu_cfg = base_quota_mask + n_quota_regs;
  const uint32_t base_limits = base_mccu_cfg + 1;
  const uint32_t base_quota = base_limits + n;
  const uint32_t base_weights = base_quota + n;
  const uint32_t n_weights = ceil_div(n_inputs * p.weights_width, rw);
  const uint32_t n_mccu_regs = 1 + 2 * n + n_weights;
  const uint32_t base_rdc_vect = base_weights + n_weights;
  const uint32_t n_rdc_vect = ceil_div(n_inputs, rw);
  const uint32_t base_watermark = base_rdc_vect + n_rdc_vect;
  const uint32_t n_watermark = n_weights;
  const uint32_t n_rdc_regs = n_rdc_vect + n_watermark;
  const uint32_t cfg_bits = util::clog2(p.n_soc_ev);
  const uint32_t base_crossbar = base_watermark + n_watermark;
  const uint32_t n_crossbar = ceil_div(nc * cfg_bits, rw);
  const uint32_t total = nc + p.n_conf_regs + n_ovf_regs + n_quota_regs + n_mccu_regs + n_rdc_regs + n_crossbar;
  if (total > 255 || n_crossbar > kMaxCrossbarRegs) return l;

  // CFG1's RDC bits (§2.5).
  uint32_t rdc_en = n + 2;
  uint32_t rdc_rst = n + 3;
  if (p.vintage == RdcVintage::kPre2025) {
    rdc_en = p.ft ? 6 : n + 3;
    rdc_rst = 7;
  }
  const uint32_t updates = util::low_mask32(n) << cfg1::kUpdateBase;
  const bool rdc_usable = rdc_en != rdc_rst;
  // Never written back: the MCCU reset, every update strobe and (where it is
  // a bit of its own) the RDC reset. The RDC enable always is, even where old
  // RTL made it some core's update bit too.
  const uint32_t cfg1_keep_out =
      (Cfg1::kNoWriteBack | updates | (rdc_usable ? util::bit32(rdc_rst) : 0u)) & ~util::bit32(rdc_en);

  auto u8 = [](uint32_t v) { return static_cast<uint8_t>(v); };
  l.valid = true;
  l.n_counters = u8(nc);
  l.n_cores = u8(n);
  l.n_inputs = u8(n_inputs);
  l.cfg_bits = u8(cfg_bits);
  l.total_nregs = u8(total);
  l.n_soc_ev = p.n_soc_ev;
  l.window = 4u << util::clog2(total);
  l.counter_mask = util::low_mask32(nc);
  l.rdc_input_mask = rdc_usable ? util::low_mask32(n_inputs) : 0u;
  l.cfg0 = reg::Reg<Cfg0>{0};
  l.counters = {4 * base_counters, nc};
  l.overflow_mask = {4 * base_ovf_mask, n_ovf_mask};
  l.overflow_vector = {4 * base_ovf_vect, n_ovf_regs - n_ovf_mask};
  l.quota_mask = {4 * base_quota_mask, n_quota_mask};
  l.quota_limit = reg::Reg<QuotaLimit>{4 * base_quota_limit};
  l.cfg1 = reg::Reg<Cfg1>{4 * base_mccu_cfg, cfg1_keep_out};
  l.mccu_limits = {4 * base_limits, n};
  l.mccu_remaining = {4 * base_quota, n};
  l.weights = {4 * base_weights, n_weights};
  l.rdc_vector = {4 * base_rdc_vect, n_rdc_vect};
  l.watermarks = {4 * base_watermark, n_watermark};
  l.crossbar = {4 * base_crossbar, n_crossbar};
  l.cfg1_rdc_enable = u8(rdc_en);
  l.cfg1_rdc_reset = u8(rdc_rst);
  l.rdc_usable = rdc_usable;
  l.rdc_enable_is_update = ((updates >> rdc_en) & 1u) != 0;
  l.rdc_reset_is_update = ((updates >> rdc_rst) & 1u) != 0;
  return l;
}

/// Parameters of the shipped family: 24 counters, 2 events/core, 8-bit weights.
constexpr Params shipped_params(uint32_t cores, uint32_t events, uint32_t counters = 24,
                                RdcVintage vintage = RdcVintage::kMay2025) {
  Params p{};
  p.n_counters = counters;
  p.n_soc_ev = events;
  p.mccu_n_cores = cores;
  p.vintage = vintage;
  return p;
}

/// A base address the driver accepts for a layout: valid layout, base
/// non-zero and a multiple of the decode window (Layout::window, §4.2), so
/// base + offset reaches the register the offset names.
constexpr bool base_fits(uintptr_t base, const Layout& l) {
  return l.valid && base != 0 && (base & (l.window - 1u)) == 0;
}

// ---- Fields whose position depends on the layout --------------------------------

/// CFG1 "update quota" strobe of core c.
__attribute__((always_inline)) constexpr PulseField<Cfg1> cfg1_update(unsigned core) { return reg::pulse_flag<Cfg1>(cfg1::kUpdateBase + core); }
/// CFG1 RDC enable of a layout.
constexpr Field<Cfg1> cfg1_rdc_enable(const Layout& l) { return reg::flag<Cfg1>(l.cfg1_rdc_enable); }
/// CFG1 RDC soft reset of a layout.
constexpr PulseField<Cfg1> cfg1_rdc_reset(const Layout& l) { return reg::pulse_flag<Cfg1>(l.cfg1_rdc_reset); }

/// A byte in a packed 4 x 8-bit register block (weights, watermarks).
template <typename Tag>
struct ByteSlot {
  reg::RegAt<Tag> reg;  ///< the register holding the byte
  Field<Tag> field;   ///< the byte in it
};
/// Weight (MCCU weight = RDC threshold) of input i: register i/4, byte i%4 (§2.7).
__attribute__((always_inline)) constexpr ByteSlot<Weights> weight_slot(const Layout& l, unsigned input) {
  return {l.weights.at(input / 4), Field<Weights>(8 * (input % 4), 8)};
}
/// Watermark of input i: register i/4, byte i%4 (§2.9).
__attribute__((always_inline)) constexpr ByteSlot<Watermarks> watermark_slot(const Layout& l, unsigned input) {
  return {l.watermarks.at(input / 4), Field<Watermarks>(8 * (input % 4), 8)};
}

/// Where crossbar output k's field lives (§2.10): the registers form a
/// little-endian bit stream; a field that crosses a register boundary has
/// its LOW bits at the top of register 'reg' and its HIGH bits at the bottom
/// of register reg+1.
struct CrossbarSlot {
  unsigned reg;    ///< crossbar register (0-based in the block) holding the low part
  unsigned pos;    ///< bit position of the low part in 'reg'
  unsigned width;  ///< the field's width (Layout::cfg_bits)
  // The widths are derived where they are used, so a caller pays for them
  // only on the path that needs them (route() only when the field straddles).
  /// The field crosses into the next register. (Never when the width is a
  /// power of two, which divides 32: said for a build-time width only, where
  /// it folds the test away; a run-time width is not worth the extra test.)
  __attribute__((always_inline)) constexpr bool straddles() const {
    if (__builtin_constant_p(width) && (width & (width - 1)) == 0) return false;
    return pos + width > 32;
  }
  /// Bits in 'reg'.
  __attribute__((always_inline)) constexpr unsigned lo_width() const { return straddles() ? 32 - pos : width; }
  /// Bits in reg+1 (0: the field does not straddle).
  __attribute__((always_inline)) constexpr unsigned hi_width() const { return straddles() ? pos + width - 32 : 0; }
};

/// The slot of output k for fields of cfg_bits bits.
__attribute__((always_inline)) constexpr CrossbarSlot crossbar_slot(unsigned cfg_bits, unsigned output) {
  const unsigned bit = output * cfg_bits;
  return CrossbarSlot{bit / 32, bit % 32, cfg_bits};
}
/// The slot of output k (k < n_counters) of a layout.
__attribute__((always_inline)) constexpr CrossbarSlot crossbar_slot(const Layout& l, unsigned output) {
  return crossbar_slot(l.cfg_bits, output);
}

// ---- Named configurations -------------------------------------------------------------

/// 4 cores, 128 events, 24 counters.
inline constexpr Layout k4c128 = make_layout(shipped_params(4, 128));
/// 6 cores, 128 events, 24 counters.
inline constexpr Layout k6c128 = make_layout(shipped_params(6, 128));
/// 6 cores, 256 events, 24 counters (SELENE).
inline constexpr Layout k6c256 = make_layout(shipped_params(6, 256));
/// 4 cores, 32 events: the pmu_ahb default, the manual's figures.
inline constexpr Layout k4c32 = make_layout(shipped_params(4, 32));

// §1.2 (and §1.4 for 4c/32e).
static_assert(k4c128.valid && k6c128.valid && k6c256.valid && k4c32.valid);
static_assert(k4c128.counters.at(0).offset == 0x004 && k4c128.counters.at(23).offset == 0x060);
static_assert(k4c128.overflow_mask.at(0).offset == 0x064 && k4c128.overflow_vector.at(0).offset == 0x068);
static_assert(k4c128.quota_mask.at(0).offset == 0x06C && k4c128.quota_limit.offset == 0x070);
static_assert(k4c128.cfg1.offset == 0x074 && k4c128.mccu_limits.offset == 0x078);
static_assert(k4c128.mccu_remaining.offset == 0x088 && k4c128.weights.offset == 0x098);
static_assert(k4c128.weights.count == 2 && k4c128.rdc_vector.offset == 0x0A0);
static_assert(k4c128.watermarks.offset == 0x0A4 && k4c128.watermarks.count == 2);
static_assert(k4c128.crossbar.offset == 0x0AC && k4c128.crossbar.count == 6 && k4c128.cfg_bits == 7);
static_assert(k4c128.total_nregs == 49 && k4c128.cfg1_rdc_enable == 6 && k4c128.cfg1_rdc_reset == 7);
static_assert(k4c128.cfg1.keep_out == 0xBEu, "MCCU reset, update strobes 2..5 and RDC reset 7");

static_assert(k6c128.cfg1.offset == 0x074 && k6c128.mccu_limits.offset == 0x078);
static_assert(k6c128.mccu_remaining.offset == 0x090 && k6c128.weights.offset == 0x0A8);
static_assert(k6c128.weights.count == 3 && k6c128.rdc_vector.offset == 0x0B4);
static_assert(k6c128.watermarks.offset == 0x0B8 && k6c128.watermarks.count == 3);
static_assert(k6c128.crossbar.offset == 0x0C4 && k6c128.crossbar.count == 6 && k6c128.cfg_bits == 7);
static_assert(k6c128.total_nregs == 55 && k6c128.cfg1_rdc_enable == 8 && k6c128.cfg1_rdc_reset == 9);

static_assert(k6c256.mccu_remaining.offset == 0x090 && k6c256.weights.offset == 0x0A8);
static_assert(k6c256.rdc_vector.offset == 0x0B4 && k6c256.watermarks.offset == 0x0B8);
static_assert(k6c256.crossbar.offset == 0x0C4 && k6c256.crossbar.count == 6 && k6c256.cfg_bits == 8);
static_assert(k6c256.crossbar.at(5).offset == 0x0D8 && k6c256.total_nregs == 55);

static_assert(k4c32.cfg_bits == 5 && k4c32.crossbar.offset == 0x0AC && k4c32.crossbar.count == 4);
static_assert(k4c32.total_nregs == 47);

// The driver takes CFG0 as register 0 of every build (BASE_CFG).
static_assert(k4c128.cfg0.offset == 0 && make_layout(Params{}).cfg0.offset == 0);

// §4.2: bits [7:2] decode 49, 55 and 47 registers alike: a 256-byte window.
static_assert(k4c128.window == 0x100 && k6c256.window == 0x100 && k4c32.window == 0x100);

// Straddles (§2.10).
static_assert(crossbar_slot(k4c128, 4).straddles() && crossbar_slot(k4c128, 4).pos == 28 &&
              crossbar_slot(k4c128, 4).lo_width() == 4 && crossbar_slot(k4c128, 4).hi_width() == 3);
static_assert(crossbar_slot(k4c128, 23).reg == 5 && crossbar_slot(k4c128, 23).pos == 1 &&
              !crossbar_slot(k4c128, 23).straddles());
static_assert(crossbar_slot(k4c32, 6).pos == 30 && crossbar_slot(k4c32, 6).hi_width() == 3);
static_assert(!crossbar_slot(k6c256, 5).straddles() && crossbar_slot(k6c256, 5).pos == 8);

// Old RTL (§2.5): 4-core FT=0 holds the RDC in reset when enabled.
static_assert(!make_layout(shipped_params(4, 128, 24, RdcVintage::kPre2025)).rdc_usable);
static_assert(make_layout(shipped_params(6, 256, 24, RdcVintage::kPre2025)).cfg1_rdc_enable == 9 &&
              make_layout(shipped_params(6, 256, 24, RdcVintage::kPre2025)).rdc_reset_is_update);

}  // namespace pmu::safesu
