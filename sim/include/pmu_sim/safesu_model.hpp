// SPDX-License-Identifier: Apache-2.0
// Behavioural model of the BSC SafeSU (pmu_ahb + PMU_raw), following
// docs/hw/safesu.md. Shared by the host tests and the QEMU stub device. It
// is the project's test oracle, so it follows the RTL cycle for cycle,
// quirks included (docs/hw/safesu.md §3, §4, §8).
//
// The model computes its own register map from the RTL parameters with the
// formulas of §1.1, independently of the driver's layout header: it is the
// second source of truth that catches layout bugs.
//
// ---- Clock and bus: how one call maps to unit cycles --------------------------
// The bus is AHB-Lite with zero wait states, pipelined (§4.1): transfer i has
// an address phase in cycle a_i and its data phase in cycle a_i + 1; the next
// address phase may overlap that data phase. With g idle cycles between
// transfers, a_(i+1) = a_i + 1 + g.
//   - One call to read() or write() runs ONE cycle: the transfer's DATA phase.
//     Its address phase is the cycle run just before the call: the previous
//     call's cycle when accesses are back to back (g = 0), else the last idle
//     cycle. advance(n) runs n cycles with no transfer in their data phase.
//   - read() returns the registered copy captured at the end of the address
//     phase, i.e. the wrapper register file as it stands when the call starts,
//     then runs its data-phase cycle as a normal cycle (reads lose no count).
//   - write() runs the write-handshake cycle (§3.2): every counter reloads from
//     the wrapper copy (the written one from the write data), so nothing counts
//     in that cycle; the logic sees the written value combinationally.
//   So a bus with g idle cycles between accesses is: call, advance(g), call,
//   advance(g), ... - one transfer every 1 + g cycles, exactly as the RTL's
//   master. test::ModelBus(g) does this; the host tests run g = 0, 1 and 4.
//   QEMU's stub harness advances by guest time between calls.
//
// ---- What a cycle does (the RTL's pipeline) --------------------------------------
//   - Event pins are sampled by a crossbar register: pin -> counter value is
//     2 cycles (§3.1), pin -> MCCU remaining 3 cycles (crossbar, cost sum,
//     remaining; §3.5), pin -> RDC run length 2 cycles and the RDC line one
//     cycle after the run length reaches the weight (§3.6: 5 cycles for weight
//     4), the RDC vector bit one cycle after the line.
//   - The self-test modes (CFG0 bits 31:30) override the crossbar outputs for
//     every consumer with no crossbar latency (§2.1).
//   - A crossbar re-route reaches the counters' crossbar register in the write
//     cycle itself (hidden by the write freeze) but the MCCU/RDC inputs one
//     cycle later (§8 "Crossbar latency differs per consumer").
//   - Each counter drives a "next value" to the wrapper copy: the adder output
//     (counter + event), or in a write cycle the wrapper data it reloads (the
//     write data for the written counter). The overflow detector and the quota
//     sequencer both look at this next value (§3.3, §3.4, §8).
//   - Overflow (§3.3, §8): flag k sets in the cycle counter k's next value is
//     all ones and mask bit k is set - also from a write of 0xFFFFFFFF (event
//     active or not, counting on or off, and while the counter soft reset is
//     held) and every cycle a counter stays parked at 0xFFFFFFFF (so it sets
//     again right after a clear pulse). The flag, the line and the readable
//     vector are combinational: they show in that same cycle.
//   - Quota (deprecated, §3.4, §8): state 0 clears the sum, states 1..N add
//     the masked counters' next values; a mask change puts the sequencer in
//     state 0 for that cycle and one extra cycle. Line = (sum > limit) | latch.
//   - MCCU and RDC enables are registered (act one cycle after the write's
//     data phase); CFG0/CFG1 enable, mode, update and soft-reset bits act in
//     the data phase itself (§3.2 item 4).
//   - The wrapper copy of the registered read-only values (remaining quota,
//     RDC vector, watermarks) holds their value during the cycle, i.e. one
//     cycle behind the register (§2.6). The RDC watermark takes the run length
//     one cycle later still, so a watermark read back to back after the run
//     ends (or after an RDC disable that ends it) shows one less than the
//     final value; one idle cycle later it reads final (§8). (§8 words it
//     "observed 10 where the final value is 9"; a watermark is a running
//     maximum, and the RTL's self-test run, expecting 9 and reading 10 later,
//     puts the early read at 9 and the final value at 10.)
//   - A written read-only register keeps the write data in the wrapper copy
//     for that cycle: a read back to back after it returns the written value
//     once (§2.3, §4.1, Appendix A T15). With an idle cycle between, it does not.
//
// Inferred where docs/hw/safesu.md is silent (consistent with every fact it
// states, not measured as such):
//   - the T15 shadow needs the read's address phase to be the write's data
//     phase, so with an idle cycle between, the read shows the hardware value;
//   - with the counter soft reset held, the overflow detector and the quota
//     see the copy's "0 + event" as the next value;
//   - in the extra state-0 cycle after a mask change the sum is cleared too;
//     the quota line compares the registered sum with the current limit.
//
// irq_outputs(): the output levels in the cycle about to run, with no write
// in its data phase (bit 0 overflow, 1 quota, 2 RDC, 3 FT1, 4 FT2, 8+c MCCU
// core c). All are levels.
//
// Other choices:
//   - HSIZE and address bits [1:0] are ignored (§4.1): a write of any size
//     overwrites the whole register with the value given.
//   - Only NONSEQ behaviour: an invalid index reads 0xCAFE01A1 (§4.2).
//   - weight0_triggers = true (RTL before 596d96e) makes a weight-0 input's
//     comparator true whenever the RDC is enabled (run >= 0).
//   - FT: SEC corrections are silent (FT1 stays 0, as simulated); a double
//     error is only injected through inject_double_error().
//   - CFG1 bit 31 (hardware quota) has no effect inside the unit (§2.5);
//     hwquota() reports the en_hwquota_o level.
//   - Faults (inject_fault) are not RTL behaviour: they let the self-test's
//     tests see a broken unit. Off by default.
//
// Cost: advance() steps a few cycles exactly, then uses closed forms for
// long quiet stretches (counters, overflow, quota, MCCU, RDC), so the QEMU
// stub can advance millions of guest cycles cheaply. The closed forms are
// exactly equal to stepping (tested over random configurations).
#pragma once

#include <stdint.h>

#include "mmio_model.hpp"

namespace pmu::models {

/// Behavioural model of the BSC SafeSU, cycle-accurate to the RTL (docs/hw/safesu.md; timing and choices in this header).
class SafesuModel final : public MmioModel {
 public:
  static constexpr uint32_t kMaxCounters = 32;           ///< N_COUNTERS maximum.
  static constexpr uint32_t kMaxCores = 6;               ///< MCCU_N_CORES maximum.
  static constexpr uint32_t kMaxInputs = 2 * kMaxCores;  ///< MCCU/RDC inputs: MCCU_N_EVENTS = 2 per core.
  static constexpr uint32_t kMaxEvents = 256;            ///< N_SOC_EV maximum.
  static constexpr uint32_t kMaxRegs = 128;              ///< Decode window of the largest build, in registers.
  static constexpr uint32_t kInvalidRead = 0xCAFE01A1u;  ///< What an invalid index reads (docs/hw/safesu.md §4.2).
  /// The AHB window of one instance (haddr=0x801, hmask=0xFFF: 1 MiB).
  static constexpr uint32_t kWindowSize = 0x100000;

  static constexpr uint32_t kIrqOverflow = 1u << 0;  ///< irq_outputs() bit: overflow line.
  static constexpr uint32_t kIrqQuota = 1u << 1;     ///< irq_outputs() bit: quota line.
  static constexpr uint32_t kIrqRdc = 1u << 2;       ///< irq_outputs() bit: RDC line.
  static constexpr uint32_t kIrqFt1 = 1u << 3;       ///< irq_outputs() bit: FT1 (single error, never set: SEC is silent).
  static constexpr uint32_t kIrqFt2 = 1u << 4;       ///< irq_outputs() bit: FT2 (double error).
  static constexpr uint32_t kIrqMccuShift = 8;       ///< Bit position of MCCU core 0's line in irq_outputs(); core c at this + c.
  /// irq_outputs() bit of MCCU core 'core'.
  static constexpr uint32_t irq_mccu(uint32_t core) { return 1u << (kIrqMccuShift + core); }

  /// The RTL parameters of a build (clamped by sanitize()).
  struct Config {
    uint32_t n_counters = 24;       ///< N_COUNTERS, 1..32.
    uint32_t n_soc_ev = 128;        ///< N_SOC_EV, 2..256.
    uint32_t n_cores = 4;           ///< MCCU_N_CORES, 2..6.
    bool ft = false;                ///< FT parameter (fault-tolerant register file).
    bool rdc_new_vintage = true;    ///< RDC bits at N+2/N+3 (RTL since 2025-05-09).
    bool weight0_triggers = false;  ///< RDC weight 0 fires (RTL before 2025-05-22).
    bool event0_high = false;       ///< SoC event 0 tied high (SELENE).
  };

  /// Register indices, from the RTL formulas (docs/hw/safesu.md §1.1), REG_WIDTH = 32,
  /// N_CONF_REGS = 1, MCCU_N_EVENTS = 2, 8-bit weights.
  struct Map {
    uint32_t counters;        ///< BASE_COUNTERS.
    uint32_t ovf_mask;        ///< BASE_OVERFLOW_MASK.
    uint32_t ovf_vect;        ///< BASE_OVERFLOW_VECT.
    uint32_t quota_mask;      ///< BASE_QUOTA_MASK.
    uint32_t quota_limit;     ///< BASE_QUOTA_LIMIT.
    uint32_t mccu_cfg;        ///< BASE_MCCU_CFG (CFG1).
    uint32_t mccu_limits;     ///< BASE_MCCU_LIMITS.
    uint32_t mccu_quota;      ///< BASE_MCCU_QUOTA (remaining, RO).
    uint32_t weights;         ///< BASE_MCCU_WEIGHTS.
    uint32_t n_weights;       ///< Number of weight registers.
    uint32_t rdc_vect;        ///< BASE_RDC_VECT (RO).
    uint32_t n_rdc_vect;      ///< Number of RDC vector registers.
    uint32_t watermarks;      ///< BASE_RDC_WATERMARK (RO).
    uint32_t n_watermarks;    ///< Number of watermark registers.
    uint32_t crossbar;        ///< BASE_CROSSBAR.
    uint32_t n_crossbar;      ///< Number of crossbar registers.
    uint32_t cfg_bits;        ///< CROSSBAR_CFG_BITS: bits per crossbar field.
    uint32_t total;           ///< TOTAL_NREGS.
    uint32_t index_bits;      ///< slv_index = haddr[index_bits+1:2].
    uint32_t rdc_enable_bit;  ///< CFG1 bit of the RDC enable.
    uint32_t rdc_reset_bit;   ///< CFG1 bit of the RDC soft reset.
  };

  /// c with every parameter clamped to its range.
  static constexpr Config sanitize(Config c) {
    if (c.n_counters < 1) c.n_counters = 1;
    if (c.n_counters > kMaxCounters) c.n_counters = kMaxCounters;
    if (c.n_soc_ev < 2) c.n_soc_ev = 2;
    if (c.n_soc_ev > kMaxEvents) c.n_soc_ev = kMaxEvents;
    if (c.n_cores < 2) c.n_cores = 2;
    if (c.n_cores > kMaxCores) c.n_cores = kMaxCores;
    return c;
  }
  /// ceil(a / b) as the RTL writes it (0 for a = 0).
  static constexpr uint32_t cdiv(uint32_t a, uint32_t b) { return a == 0 ? 0 : (a - 1) / b + 1; }
  /// $clog2(v).
  static constexpr uint32_t log2up(uint32_t v) {
    uint32_t r = 0;
    while ((1u << r) < v) ++r;
    return r;
  }
  /// The register map of a build, from the RTL formulas (docs/hw/safesu.md §1.1).
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

  /// Faults for the self-test's own tests (not RTL behaviour). A fault sits on
  /// one counter's register:
  ///   kStuckAt      the counter and its readable copy hold 'value' whatever
  ///                 happens (events, writes, soft reset);
  ///   kNeverCounts  the counter never adds its event (writes and resets work);
  ///   kWrongStep    the counter adds 'value' per counted cycle instead of 1.
  enum class Fault : uint8_t {
    kNone,         ///< No fault.
    kStuckAt,      ///< Counter and readable copy hold 'value'.
    kNeverCounts,  ///< Never adds its event.
    kWrongStep     ///< Adds 'value' per counted cycle.
  };

  /// A unit in reset state, all event pins low (event 0 high with event0_high).
  constexpr explicit SafesuModel(const Config& config)
      : cfg_(sanitize(config)), map_(compute_map(config)), regs_{}, cnt_{}, incs_{}, events_{},
        xbar_cnt_(0), xbar_mr_(0), flags_(0), q_state_(0), q_sum_(0), q_latch_(false),
        q_prev_mask_(0), ccc_{}, rem_{}, mccu_q_{}, mccu_en_q_(false), run_{}, wm_{}, rdc_vect_(0),
        rdc_irq_q_(false), rdc_en_q_(false), ft2_pulse_(false), fault_{}, fault_value_{}, faulty_(0),
        route_{}, now_(0), pending_{}, n_pending_(0), stable_(0), reads_(0), writes_(0),
        bulk_cycles_(0) {
    if (cfg_.event0_high) events_[0] = 1;
  }

  uint32_t read(uint32_t offset, unsigned size) override;
  void write(uint32_t offset, unsigned size, uint32_t value) override;
  void advance(uint64_t cycles) override;
  uint32_t irq_outputs() const override;

  // ---- test inputs -------------------------------------------------------
  /// Sets SoC event pin 'index' to level, from the next cycle on; it persists until changed.
  /// Out-of-range indices are ignored. With Config::event0_high, event 0 stays
  /// high.
  void set_event(uint32_t index, bool level);
  /// Sets every SoC event pin to level, from the next cycle on.
  void set_all_events(bool level);
  static constexpr uint32_t kMaxPending = 8;  ///< Scheduled pin changes that can wait at once.
  /// Schedules a pin change: pin 'index' takes 'level' from cycle number 'at' on (cycles are numbered
  /// from 0 at construction; now() is the number of the next cycle to run),
  /// however that cycle is reached: inside a bus access, between accesses or
  /// in an idle stretch. So a test can sweep an event's arrival over every
  /// cycle of a driver call at any bus gap. A time already reached applies
  /// now. At most kMaxPending changes wait; false if full, or if 'index' is
  /// not a pin (index >= kMaxEvents): nothing changes.
  bool set_event_at(uint64_t at, uint32_t index, bool level);
  /// Injects a double error (FT builds): the next cycle pulses FT2 for one cycle (a double error in the
  /// register file). Ignored without ft.
  void inject_double_error();
  /// Puts 'fault' on counter k from now on (kNone removes it). Out-of-range k
  /// is ignored.
  void inject_fault(uint32_t k, Fault fault, uint32_t value = 0);
  /// Removes every injected fault.
  void clear_faults();

  // ---- introspection (no bus cycle, no side effect) ------------------------
  /// The parameters, sanitized.
  const Config& config() const { return cfg_; }
  /// The register map the model computed.
  const Map& map() const { return map_; }
  /// Counter k's register (0 out of range).
  uint32_t counter(uint32_t k) const { return k < cfg_.n_counters ? cnt_[k] : 0; }
  /// Increments counter k has made since the model was built (64 bits, not
  /// reset by writes or soft resets): the truth a 64-bit extension is
  /// checked against.
  uint64_t increments(uint32_t k) const { return k < kMaxCounters ? incs_[k] : 0; }
  uint32_t overflow_flags() const { return flags_; }  ///< Internal overflow latch, unmasked by enable.
  /// MCCU remaining quota of core 'core'.
  uint32_t mccu_remaining(uint32_t core) const { return core < cfg_.n_cores ? rem_[core] : 0; }
  /// RDC watermark of input 'input'.
  uint8_t rdc_watermark(uint32_t input) const { return input < kMaxInputs ? wm_[input] : 0; }
  /// RDC current run length of input 'input'.
  uint8_t rdc_run_length(uint32_t input) const { return input < kMaxInputs ? run_[input] : 0; }
  /// The RDC vector.
  uint32_t rdc_vector() const { return rdc_vect_; }
  /// The en_hwquota_o level (CFG1 bit 31).
  bool hwquota() const { return (regs_[map_.mccu_cfg] >> 31) & 1u; }
  /// Bus reads seen (valid or not).
  uint32_t reads() const { return reads_; }
  /// Bus writes seen.
  uint32_t writes() const { return writes_; }
  /// Reads plus writes.
  uint32_t accesses() const { return reads_ + writes_; }
  /// Zeroes the read and write counts.
  void clear_access_counts() {
    reads_ = 0;
    writes_ = 0;
  }
  /// Cycles advanced through the closed forms rather than stepped.
  uint64_t bulk_cycles() const { return bulk_cycles_; }
  /// The number of the next cycle to run (cycles run since construction).
  uint64_t now() const { return now_; }
  /// Every piece of hardware state equal (not the access or bulk counts):
  /// how the tests prove the closed forms equal to stepping.
  bool same_state(const SafesuModel& o) const;

 private:
  uint32_t index_of(uint32_t offset) const;
  bool valid_index(uint32_t idx) const { return idx < map_.total; }
  uint32_t crossbar_field(uint32_t out) const;
  void decode_routes();                         // route_ from the crossbar registers
  uint32_t routed_level(uint32_t out) const {   // event pin level routed to output 'out'
    return events_[route_[out]];
  }
  uint32_t consumer_mask(uint32_t xbar_q, uint32_t width) const;  // + self-test override
  uint32_t weight(uint32_t input) const;
  bool rdc_fires(uint32_t input, uint32_t run) const;
  uint32_t step_of(uint32_t k) const;           // what counter k adds per counted cycle
  uint32_t idle_next(uint32_t k) const;         // counter k's next value in a cycle with no write
  void apply_pending();  // the scheduled pin changes due by now_
  uint64_t next_pending() const;  // the earliest scheduled cycle (~0 if none)
  void cycle(bool we, uint32_t widx, uint32_t wval);
  bool bulk_ok() const;
  void bulk(uint64_t cycles);

  // Cycles of constant inputs after which the crossbar registers, the
  // registered enables and the cost sums equal their inputs: from then on
  // advance() may use closed forms.
  static constexpr uint32_t kSettle = 4;

  Config cfg_;
  Map map_;
  uint32_t regs_[kMaxRegs];  // the wrapper register file (what a read captures)
  uint32_t cnt_[kMaxCounters];  // PMU_counters' registers
  uint64_t incs_[kMaxCounters];  // increments made (test truth, not hardware)
  uint8_t events_[kMaxEvents + 1];  // pin levels; [kMaxEvents] stays 0 (no event routed)
  // crossbar registers, bit = output: counters' path, MCCU/RDC inputs' path
  uint32_t xbar_cnt_;
  uint32_t xbar_mr_;
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
  // injected faults, per counter
  Fault fault_[kMaxCounters];
  uint32_t fault_value_[kMaxCounters];
  uint32_t faulty_;  // bit k: counter k has a fault
  // The crossbar registers decoded (event per output; kMaxEvents for an
  // index >= N_SOC_EV, never high), redone on every crossbar write: keeps a
  // cycle cheap in guest time. All fields reset to event 0.
  uint16_t route_[kMaxCounters];
  // clock and scheduled pin changes
  uint64_t now_;
  struct Pending {
    uint64_t at;
    uint16_t index;
    bool level;
  };
  Pending pending_[kMaxPending];
  uint32_t n_pending_;
  // cycles since the last change of inputs or registers (saturating)
  uint32_t stable_;
  uint32_t reads_;
  uint32_t writes_;
  uint64_t bulk_cycles_;
};

}  // namespace pmu::models
