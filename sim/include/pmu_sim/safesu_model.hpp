// SPDX-License-Identifier: Apache-2.0
// Behavioural model of the BSC SafeSU (pmu_ahb + PMU_raw), following
// facts/safesu.md. Shared by the host tests and the QEMU stub device.
//
// The model computes its own register map from the RTL parameters with the
// formulas of facts 1.1, independently of the driver's layout header: it is
// the second source of truth that catches layout bugs.
//
// Timing (the model's choice; the facts fix only relations between cycles):
//   - One call to read() or write() is ONE bus cycle: the data phase of the
//     transfer. The address phase overlaps the previous cycle (back-to-back
//     pipelining), so N back-to-back accesses take N cycles.
//   - read() returns the wrapper's register copy as it stands at the start of
//     that cycle (the copy captured at the end of the address phase), then the
//     cycle runs as a normal (non-write) cycle.
//   - write() runs a write-handshake cycle (facts 3.2): every counter loads
//     from the wrapper copy, so nothing counts in that cycle; the written
//     register takes the value; the logic sees the new value in that cycle.
//   - advance(n) runs n cycles with no bus access.
//   - Event pin to counter latency is 0 cycles (the RTL has 2: crossbar
//     register + counter register); the MCCU's decrement latency is therefore
//     2 (registered cost sum, then remaining) instead of 3; RDC vector bits are
//     registered one cycle after the comparator, as in the RTL. Tests must not
//     rely on the absolute latencies.
//   - Read-only registers reach the wrapper copy one cycle late (facts 2.6:
//     the remaining quota "lags by one cycle through the wrapper copy").
//   - The ModelBus / harness may add their own idle cycles between accesses.
//
// Other choices:
//   - HSIZE and address bits [1:0] are ignored (facts 4.1): a write of any size
//     overwrites the whole register with the value given.
//   - Only NONSEQ behaviour: an invalid index reads 0xCAFE01A1.
//   - weight0_triggers = true (RTL before 596d96e) makes a weight-0 input's
//     comparator true whenever the RDC is enabled (run >= 0).
//   - FT: SEC corrections are silent (FT1 stays 0, as simulated); a double
//     error is only injected through inject_double_error().
//   - CFG1 bit 31 (hardware quota) has no effect inside the unit (facts 2.5);
//     hwquota() reports the en_hwquota_o level.
//
// Interrupt outputs (irq_outputs()): bit 0 overflow, 1 quota, 2 RDC, 3 FT1,
// 4 FT2, 8+c MCCU core c. All are levels, evaluated after the last cycle.
#pragma once

#include <stdint.h>

#include "mmio_model.hpp"

namespace pmu::models {

class SafesuModel final : public MmioModel {
 public:
  static constexpr uint32_t kMaxCounters = 32;
  static constexpr uint32_t kMaxCores = 6;
  static constexpr uint32_t kMaxInputs = 2 * kMaxCores;  // MCCU_N_EVENTS = 2 per core
  static constexpr uint32_t kMaxEvents = 256;
  static constexpr uint32_t kMaxRegs = 128;  // decode window of the largest build
  static constexpr uint32_t kInvalidRead = 0xCAFE01A1u;
  // The AHB window of one instance (haddr=0x801, hmask=0xFFF: 1 MiB).
  static constexpr uint32_t kWindowSize = 0x100000;

  static constexpr uint32_t kIrqOverflow = 1u << 0;
  static constexpr uint32_t kIrqQuota = 1u << 1;
  static constexpr uint32_t kIrqRdc = 1u << 2;
  static constexpr uint32_t kIrqFt1 = 1u << 3;
  static constexpr uint32_t kIrqFt2 = 1u << 4;
  static constexpr uint32_t kIrqMccuShift = 8;
  static constexpr uint32_t irq_mccu(uint32_t core) { return 1u << (kIrqMccuShift + core); }

  struct Config {
    uint32_t n_counters = 24;   // N_COUNTERS, 1..32
    uint32_t n_soc_ev = 128;    // N_SOC_EV, 2..256
    uint32_t n_cores = 4;       // MCCU_N_CORES, 2..6
    bool ft = false;            // FT parameter
    bool rdc_new_vintage = true;  // RDC bits at N+2/N+3 (RTL since 2025-05-09)
    bool weight0_triggers = false;  // RDC weight 0 fires (RTL before 2025-05-22)
    bool event0_high = false;   // SoC event 0 tied HIGH (SELENE)
  };

  // Register indices, from the RTL formulas (facts 1.1), REG_WIDTH = 32,
  // N_CONF_REGS = 1, MCCU_N_EVENTS = 2, 8-bit weights.
  struct Map {
    uint32_t counters;     // BASE_COUNTERS
    uint32_t ovf_mask;     // BASE_OVERFLOW_MASK
    uint32_t ovf_vect;     // BASE_OVERFLOW_VECT
    uint32_t quota_mask;   // BASE_QUOTA_MASK
    uint32_t quota_limit;  // BASE_QUOTA_LIMIT
    uint32_t mccu_cfg;     // BASE_MCCU_CFG (CFG1)
    uint32_t mccu_limits;  // BASE_MCCU_LIMITS
    uint32_t mccu_quota;   // BASE_MCCU_QUOTA (remaining, RO)
    uint32_t weights;      // BASE_MCCU_WEIGHTS
    uint32_t n_weights;
    uint32_t rdc_vect;     // BASE_RDC_VECT (RO)
    uint32_t n_rdc_vect;
    uint32_t watermarks;   // BASE_RDC_WATERMARK (RO)
    uint32_t n_watermarks;
    uint32_t crossbar;     // BASE_CROSSBAR
    uint32_t n_crossbar;
    uint32_t cfg_bits;     // CROSSBAR_CFG_BITS
    uint32_t total;        // TOTAL_NREGS
    uint32_t index_bits;   // slv_index = haddr[index_bits+1:2]
    uint32_t rdc_enable_bit;
    uint32_t rdc_reset_bit;
  };

  static constexpr Config sanitize(Config c) {
    if (c.n_counters < 1) c.n_counters = 1;
    if (c.n_counters > kMaxCounters) c.n_counters = kMaxCounters;
    if (c.n_soc_ev < 2) c.n_soc_ev = 2;
    if (c.n_soc_ev > kMaxEvents) c.n_soc_ev = kMaxEvents;
    if (c.n_cores < 2) c.n_cores = 2;
    if (c.n_cores > kMaxCores) c.n_cores = kMaxCores;
    return c;
  }
  static constexpr uint32_t cdiv(uint32_t a, uint32_t b) { return a == 0 ? 0 : (a - 1) / b + 1; }
  static constexpr uint32_t log2up(uint32_t v) {
    uint32_t r = 0;
    while ((1u << r) < v) ++r;
    return r;
  }
  static constexpr Map compute_map(const Config& in) {
    const Config c = sanitize(in);
    Map m{};
    const uint32_t end_cfg = 0;  // N_CONF_REGS = 1
    m.counters = end_cfg + 1;
    const uint32_t end_counters = m.counters + c.n_counters - 1;
    const uint32_t n_ovf_vect = cdiv(c.n_counters, 32);
    m.ovf_mask = end_counters + 1;
    m.ovf_vect = m.ovf_mask + n_ovf_vect;  // END_OVERFLOW_MASK + 1
    const uint32_t end_ovf_intr = m.ovf_mask + 2 * n_ovf_vect - 1;
    m.quota_mask = end_ovf_intr + 1;
    const uint32_t n_quota_mask = cdiv(c.n_counters, 32);
    m.quota_limit = m.quota_mask + n_quota_mask;
    const uint32_t end_quota_intr = m.quota_mask + (n_quota_mask + 1) - 1;
    m.mccu_cfg = end_quota_intr + 1;
    m.mccu_limits = m.mccu_cfg + 1;
    m.mccu_quota = m.mccu_limits + c.n_cores;
    m.weights = m.mccu_quota + c.n_cores;
    m.n_weights = cdiv(c.n_cores * 2 * 8, 32);
    m.rdc_vect = m.weights + m.n_weights;
    m.n_rdc_vect = cdiv(c.n_cores * 2, 32);
    m.watermarks = m.rdc_vect + m.n_rdc_vect;
    m.n_watermarks = m.n_weights;
    m.crossbar = m.watermarks + m.n_watermarks;
    m.cfg_bits = log2up(c.n_soc_ev);
    m.n_crossbar = cdiv(c.n_counters * m.cfg_bits, 32);
    m.total = m.crossbar + m.n_crossbar;
    m.index_bits = log2up(m.total);
    if (c.rdc_new_vintage) {
      m.rdc_enable_bit = c.n_cores + 2;
      m.rdc_reset_bit = c.n_cores + 3;
    } else if (c.ft) {
      m.rdc_enable_bit = 6;
      m.rdc_reset_bit = 7;
    } else {
      m.rdc_enable_bit = c.n_cores + 3;
      m.rdc_reset_bit = 7;
    }
    return m;
  }

  constexpr explicit SafesuModel(const Config& config)
      : cfg_(sanitize(config)), map_(compute_map(config)), regs_{}, cnt_{}, incs_{}, events_{},
        flags_(0), q_state_(0), q_sum_(0), q_latch_(false), q_prev_mask_(0), ccc_{}, rem_{},
        mccu_q_{}, mccu_en_q_(false), run_{}, wm_{}, rdc_vect_(0), rdc_irq_q_(false),
        rdc_en_q_(false), ft2_pulse_(false), stable_(0), reads_(0), writes_(0) {
    if (cfg_.event0_high) events_[0] = true;
  }

  uint32_t read(uint32_t offset, unsigned size) override;
  void write(uint32_t offset, unsigned size, uint32_t value) override;
  void advance(uint64_t cycles) override;
  uint32_t irq_outputs() const override;

  // ---- test inputs -------------------------------------------------------
  // SoC event levels; they persist until changed. Out-of-range indices are
  // ignored. With Config::event0_high, event 0 stays high.
  void set_event(uint32_t index, bool level);
  void set_all_events(bool level);
  // FT builds: the next cycle pulses FT2 for one cycle (a double error in the
  // register file). Ignored without ft.
  void inject_double_error();

  // ---- introspection (no bus cycle, no side effect) ------------------------
  const Config& config() const { return cfg_; }
  const Map& map() const { return map_; }
  uint32_t counter(uint32_t k) const { return k < cfg_.n_counters ? cnt_[k] : 0; }
  // Increments counter k has made since the model was built (64 bits, not
  // reset by writes or soft resets): the truth a 64-bit extension is
  // checked against.
  uint64_t increments(uint32_t k) const { return k < kMaxCounters ? incs_[k] : 0; }
  uint32_t overflow_flags() const { return flags_; }  // internal latch, unmasked by enable
  uint32_t mccu_remaining(uint32_t core) const { return core < cfg_.n_cores ? rem_[core] : 0; }
  uint8_t rdc_watermark(uint32_t input) const { return input < kMaxInputs ? wm_[input] : 0; }
  uint32_t rdc_vector() const { return rdc_vect_; }
  bool hwquota() const { return (regs_[map_.mccu_cfg] >> 31) & 1u; }
  // Bus accesses seen (reads and writes, valid or not).
  uint32_t reads() const { return reads_; }
  uint32_t writes() const { return writes_; }
  uint32_t accesses() const { return reads_ + writes_; }
  void clear_access_counts() {
    reads_ = 0;
    writes_ = 0;
  }

 private:
  uint32_t index_of(uint32_t offset) const;
  bool valid_index(uint32_t idx) const { return idx < map_.total; }
  bool read_only(uint32_t idx) const;
  uint32_t crossbar_field(uint32_t out) const;
  bool output_level(uint32_t out, uint32_t mode) const;
  void hw_view(uint32_t* ro) const;  // RO register values from internal state
  void cycle(bool we, uint32_t widx, uint32_t wval);
  bool bulk_ok() const;
  void bulk(uint64_t cycles);

  // Cycles of constant inputs after which the registered enables and cost
  // sums are stable: from then on advance() uses closed forms (counters,
  // overflow, quota sequencer, MCCU decrement, RDC run lengths). Few cycles
  // stepped exactly keep the model cheap in guest time on the QEMU stub.
  static constexpr uint32_t kSettle = 4;

  Config cfg_;
  Map map_;
  uint32_t regs_[kMaxRegs];  // the wrapper register file (what reads see)
  uint32_t cnt_[kMaxCounters];  // PMU_counters' internal registers
  uint64_t incs_[kMaxCounters];  // increments made (test truth, not hardware)
  bool events_[kMaxEvents];
  // overflow
  uint32_t flags_;
  // quota (deprecated)
  uint32_t q_state_;
  uint64_t q_sum_;
  bool q_latch_;
  uint32_t q_prev_mask_;
  // MCCU
  uint32_t ccc_[kMaxCores];
  uint32_t rem_[kMaxCores];
  bool mccu_q_[kMaxCores];
  bool mccu_en_q_;
  // RDC
  uint8_t run_[kMaxInputs];
  uint8_t wm_[kMaxInputs];
  uint32_t rdc_vect_;
  bool rdc_irq_q_;
  bool rdc_en_q_;
  // FT
  bool ft2_pulse_;
  // cycles since the last change of inputs or registers
  uint32_t stable_;
  uint32_t reads_;
  uint32_t writes_;
};

}  // namespace pmu::models
