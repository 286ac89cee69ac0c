// SPDX-License-Identifier: Apache-2.0
// The SafeSU driver: one object per unit instance, made from a base address
// and a Layout (layout.hpp). Making one touches no hardware. Every call
// validates its arguments before any register access and returns a Status
// (kBadArg: nothing touched) or a Result<T>.
//
// Access costs (R = 32-bit read, W = 32-bit write) are listed per call and
// verified by tests/host/safesu_driver_test.cpp. Remember that every bus
// write to the SafeSU steals one count from every counter (facts 3.2): batch
// configuration (route_table, set_weights) and configure while disabled.
//
// Not thread/IRQ safe: configuration calls are read-modify-writes of shared
// registers (CFG0, CFG1, weights, crossbar). If an interrupt hook and
// thread code both configure the unit, mask the SafeSU lines around the
// thread's calls.
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "pmu/irq.hpp"
#include "pmu/reg/mmio_reg.hpp"
#include "pmu/safesu/layout.hpp"
#include "pmu/status.hpp"
#include "pmu/util/wide_counter.hpp"

namespace pmu::safesu {

// One crossbar assignment: counter/output 'output' counts event 'event'.
struct Route {
  uint8_t output;
  uint16_t event;
};

// What handle_mccu_irq() does after the callbacks (facts 3.5: the IRQ is
// sticky and only an MCCU disable/enable toggle clears it).
enum class MccuIrqPolicy : uint8_t {
  kRefill,     // reload the core's limit and clear the IRQ (default)
  kClearOnly,  // clear only: fires again at the core's next weighted event if still exhausted
};

class SafeSU {
 public:
  constexpr SafeSU(uintptr_t base, const Layout& layout) : base_(base), l_(&layout) {}
  SafeSU(const SafeSU&) = delete;
  SafeSU& operator=(const SafeSU&) = delete;

  constexpr uintptr_t base() const { return base_; }
  constexpr const Layout& layout() const { return *l_; }

  // ---- Counters (counters.cpp) -------------------------------------------------
  Status enable_counters();   // 1R 1W (CFG0)
  Status disable_counters();  // 1R 1W
  // All counters to 0, really: 1R + W(set reset, counting off) + 1R (the
  // write-free cycle the RTL needs) + W(release), + 1W (re-enable) if counting
  // was on. Counting is off while the reset is held, so the shadow copy is 0
  // and counting restarts from exactly 0 (facts 3.2). Also zeroes the 64-bit totals.
  Status reset_counters();
  Result<uint32_t> read_counter(unsigned k);          // 1R; updates the 64-bit total
  Status read_counters(uint32_t* out, unsigned n);    // counters 0..n-1: n R
  Status write_counter(unsigned k, uint32_t value);   // 1W; the 64-bit total restarts at value
  Result<uint64_t> read_counter64(unsigned k);        // 1R; software-extended total
  Status sync_counters64();                           // N R: observe every counter once
  Status set_selftest_mode(SelftestMode mode);        // 1R 1W, straight to the new mode

  // ---- Crossbar (crossbar.cpp) ------------------------------------------------
  // Route output (= counter, and MCCU/RDC input for output < 2N) to event.
  // Bounds: output < n_counters, event < n_soc_ev. Non-straddling field: 1R 1W.
  // Straddling field: 2R 2W, written in the order whose one-cycle
  // intermediate value is not event 0 (constant HIGH on SELENE).
  Status route(unsigned output, unsigned event);
  // Many routes at once: each touched register is read once and written once
  // with its final value (ascending register order). All entries are checked
  // before any access.
  Status route_table(const Route* routes, size_t n);
  Result<uint32_t> routed_event(unsigned output);  // 1R or 2R

  // ---- Overflow (overflow.cpp) --------------------------------------------------
  Status set_overflow_mask(uint32_t mask);               // 1W; bits >= n_counters: kBadArg
  Status set_overflow_irq(unsigned counter, bool on);    // 1R 1W (mask register)
  // Enable the overflow unit. Flags latched while it was disabled would
  // appear at once (facts 3.3), so by default they are discarded first:
  // 1R + W(pulse bit 3) + W(enable, release). discard_stale=false: 1R 1W.
  Status enable_overflow(bool discard_stale = true);
  Status disable_overflow();                             // 1R 1W
  Status clear_overflow();                               // 1R 2W: CFG0 bit-3 pulse
  Result<uint32_t> overflow_vector();                    // 1R (reads 0 while disabled)

  // ---- Quota (quota.cpp): deprecated in the hardware, still present ------------
  [[deprecated("SafeSU quota unit is deprecated in hardware; use the MCCU")]]
  Status set_quota_mask(uint32_t mask);    // 1W
  [[deprecated("SafeSU quota unit is deprecated in hardware; use the MCCU")]]
  Status set_quota_limit(uint32_t limit);  // 1W
  [[deprecated("SafeSU quota unit is deprecated in hardware; use the MCCU")]]
  Status clear_quota();                    // 1R 2W: CFG0 bit-4 pulse

  // ---- MCCU (mccu.cpp) ------------------------------------------------------------
  // Weight of input i (0..2N-1; inputs 2c, 2c+1 belong to core c), 0..255.
  // Shared with the RDC, where it is the threshold. 1R 1W, no transient 0.
  Status set_weight(unsigned input, unsigned weight);
  // Weights of inputs 0..n-1 at once: 1W per whole register, 1R 1W for a
  // partial last one.
  Status set_weights(const uint8_t* weights, unsigned n);
  Result<uint8_t> weight(unsigned input);  // 1R
  // Budget: write limit c, then pulse update bit c only (RDC bits and the
  // other cores' bits are written back as read): 1W + 1R 2W.
  Status set_budget(unsigned core, uint32_t limit);
  Result<uint32_t> remaining_budget(unsigned core);  // 1R (read-only register)
  Status enable_mccu();   // 1R 1W
  Status disable_mccu();  // 1R 1W (also clears every core's sticky IRQ)
  Status set_hw_quota(bool on);  // 1R 1W, CFG1 bit 31
  Status reset_mccu();    // 1R 2W: CFG1 bit-1 pulse (remaining budgets -> 0)
  // Reload the limits of the cores in core_mask AND clear the sticky IRQ:
  // 1R + W(MCCU off, update bits on) + W(restore). The toggle is global, so
  // another core's latched IRQ is cleared too; an exhausted core raises it
  // again at its next weighted event (remaining 0 < cost).
  Status refill(unsigned core);  // = refill_cores(1 << core)
  Status refill_cores(uint32_t core_mask);

  // ---- RDC (rdc.cpp) ------------------------------------------------------------
  // kUnavailable on old 4-core RTL, whose enable bit is also its reset bit.
  Status enable_rdc();   // 1R 1W
  Status disable_rdc();  // 1R 1W: clears IRQ and vector, keeps watermarks
  Status reset_rdc();    // 1R 2W: clears watermarks, vector and IRQ
  Status clear_rdc_irq();  // 1R 2W: disable/enable toggle (watermarks kept)
  // Threshold of input i = its (shared) weight; 0 never fires on RTL
  // since May 2025 (Params::weight0_never_fires).
  Status set_rdc_threshold(unsigned input, unsigned threshold) { return set_weight(input, threshold); }
  Result<uint8_t> watermark(unsigned input);           // 1R
  Status read_watermarks(uint8_t* out, unsigned n);    // inputs 0..n-1: ceil(n/4) R
  // One bit per INPUT (bits 2c, 2c+1 = core c), not per core: 1R.
  Result<uint32_t> rdc_vector();
  Result<bool> rdc_fired(unsigned input);  // 1R

  // ---- Interrupt hooks (irq.cpp) ------------------------------------------------
  // Registration touches no hardware.
  Status on_overflow(unsigned counter, IrqCallback cb);
  Status on_mccu(unsigned core, IrqCallback cb);
  Status on_rdc(unsigned input, IrqCallback cb);
  Status on_ft(IrqCallback cb);  // kUnavailable without FT
  Status set_mccu_irq_policy(MccuIrqPolicy p);

  // Call from the board's/RTOS's handler of the SafeSU line. Each returns the
  // snapshot it acted on.
  // Overflow: R vector; if non-zero: callback(counter) per flagged counter,
  // then clear (1R 2W), then per flagged counter R counter (64-bit total,
  // which the overflow interrupt alone keeps exact: the flag stands for the
  // pass through 0xFFFFFFFF). A counter still holding 0xFFFFFFFF would
  // re-set its flag every cycle (an interrupt storm until its next event):
  // the hook writes it to 0, keeping its 64-bit total, and clears again
  // (1W + 1R 2W more, only then).
  Result<uint32_t> handle_overflow_irq();
  // MCCU line of core c: R remaining budget, callback(core), then per policy
  // refill_cores(1 << c) or a disable/enable toggle (1R 2W). Returns the
  // remaining budget seen.
  Result<uint32_t> handle_mccu_irq(unsigned core);
  // RDC line: R vector; if non-zero: callback(input) per set bit, then
  // toggle RDC enable (1R 2W; clears IRQ and vector, keeps watermarks).
  Result<uint32_t> handle_rdc_irq();
  // FT line: which = 1 (FT1, corrected) or 2 (FT2, uncorrectable; a 1-cycle
  // pulse the board must latch). No register holds FT state; the hook only
  // calls the callback with 'which'. kUnavailable without FT.
  Status handle_ft_irq(unsigned which);

 private:
  uint32_t rd(unsigned idx) const { return hal::mmio_read32(base_ + 4u * idx); }
  void wr(unsigned idx, uint32_t v) const { hal::mmio_write32(base_ + 4u * idx, v); }
  // The helpers take a field's mask (f.mask(), folded at compile time for
  // the fixed fields) so the flag updates are plain and/or.
  Status modify_cfg(unsigned idx, uint32_t mask, bool on);  // 1R 1W
  void pulse_cfg(unsigned idx, uint32_t mask);              // 1R 2W: set, release
  void toggle_cfg_off(unsigned idx, uint32_t mask);         // 1R 2W: clear, restore

  uintptr_t base_;
  const Layout* l_;
  MccuIrqPolicy mccu_policy_ = MccuIrqPolicy::kRefill;
  // 32-bit counters whose overflow flag sets when they become 0xFFFFFFFF.
  struct Wide : util::WideCounter32 {
    constexpr Wide() : util::WideCounter32(32, util::FlagAt::kAllOnes) {}
  };
  Wide wide_[kMaxCounters];
  IrqCallback overflow_cb_[kMaxCounters]{};
  IrqCallback mccu_cb_[kMaxCores]{};
  IrqCallback rdc_cb_[kMaxInputs]{};
  IrqCallback ft_cb_{};
};

}  // namespace pmu::safesu
