// SPDX-License-Identifier: Apache-2.0
// The self-test routine: only the public driver API, so it also exercises
// the driver. The self-test modes override the crossbar for counters, MCCU
// and RDC alike (facts 2.1), so no SoC event is needed: mode 01 drives every
// output (and every MCCU/RDC input) high, 10 drives them low, 11 only output 0.
#include "pmu/safesu/selftest.hpp"

namespace pmu::safesu {

namespace {

constexpr unsigned kSpin = 8;  // bus reads used as "let some cycles pass"

class Checker {
 public:
  explicit Checker(SelftestReport* r) : r_(r) {
    r_->count = 0;
    r_->failed = 0;
  }
  void check(const char* name, Relation rel, uint32_t expected, uint32_t observed) {
    const bool pass = rel == Relation::kEq ? observed == expected
                      : rel == Relation::kNe ? observed != expected
                                             : observed < expected;
    if (!pass) ++r_->failed;
    if (r_->count < kMaxSelftestChecks) r_->checks[r_->count++] = Check{name, rel, expected, observed, pass};
  }

 private:
  SelftestReport* r_;
};

uint32_t value(Result<uint32_t> r) { return r.value_or(0xDEADDEADu); }
uint32_t value(Result<uint8_t> r) { return r.ok() ? r.value() : 0xDEADDEADu; }

void spin(SafeSU& su) {
  for (unsigned i = 0; i < kSpin; ++i) (void)su.overflow_vector();
}

// Counters 0 and 'last' after a reset and a run in the given mode.
void run_mode(SafeSU& su, SelftestMode mode) {
  (void)su.set_selftest_mode(mode);
  (void)su.reset_counters();
  (void)su.enable_counters();
  spin(su);
  (void)su.disable_counters();
}

}  // namespace

Status run_selftest(SafeSU& su, SelftestReport* report) {
  if (report == nullptr) return Status::kBadArg;
  Checker c(report);
  const Layout& l = su.layout();
  const unsigned last = l.n_counters - 1u;
  const uintptr_t base = su.base();

  // Saved state, read straight through the seam (the driver has no
  // "raw register" API on purpose).
  const uint32_t cfg0 = hal::mmio_read32(base + l.offset(l.cfg0));
  const uint32_t cfg1 = hal::mmio_read32(base + l.offset(l.cfg1));
  const uint32_t omask = hal::mmio_read32(base + l.offset(l.overflow_mask));
  const uint32_t w0 = hal::mmio_read32(base + l.offset(l.weights));
  const uint32_t lim0 = hal::mmio_read32(base + l.offset(l.mccu_limits));

  // ---- counters -------------------------------------------------------------
  (void)su.disable_mccu();
  (void)su.disable_counters();
  (void)su.set_selftest_mode(SelftestMode::kAllOnes);
  (void)su.reset_counters();
  c.check("counter soft reset leaves 0", Relation::kEq, 0, value(su.read_counter(0)));
  run_mode(su, SelftestMode::kAllOnes);
  const uint32_t c0 = value(su.read_counter(0));
  c.check("mode 01: counter 0 counts", Relation::kNe, 0, c0);
  uint32_t odd = c0;
  for (unsigned k = 1; k <= last; ++k) {
    const uint32_t v = value(su.read_counter(k));
    if (v != c0) odd = v;
  }
  c.check("mode 01: all counters equal", Relation::kEq, c0, odd);
  run_mode(su, SelftestMode::kAllZeros);
  c.check("mode 10: nothing counts", Relation::kEq, 0, value(su.read_counter(0)));
  run_mode(su, SelftestMode::kOnlyOutput0);
  c.check("mode 11: counter 0 counts", Relation::kNe, 0, value(su.read_counter(0)));
  if (last > 0) c.check("mode 11: others idle", Relation::kEq, 0, value(su.read_counter(last)));

  // ---- overflow: the flag sets when a counter becomes 0xFFFFFFFF ---------------
  (void)su.set_selftest_mode(SelftestMode::kAllZeros);
  (void)su.set_overflow_mask(1);
  (void)su.enable_overflow(true);
  c.check("overflow vector clear after enable", Relation::kEq, 0, value(su.overflow_vector()));
  (void)su.write_counter(0, 0xFFFFFFFFu);
  c.check("overflow flag at 0xFFFFFFFF", Relation::kEq, 1, value(su.overflow_vector()) & 1u);
  // A counter parked at 0xFFFFFFFF re-sets its flag every cycle (the
  // detector looks at the adder output): move it away before clearing.
  (void)su.write_counter(0, 0);
  (void)su.clear_overflow();
  c.check("overflow clear pulse", Relation::kEq, 0, value(su.overflow_vector()));
  (void)su.disable_overflow();

  // ---- MCCU: core 0, input 0 weight 1 -------------------------------------------
  // How many unit cycles the spin takes depends on the CPU and the bus (the
  // unit runs on the AHB clock): a budget far above any spin keeps "not
  // exhausted" true on every system, while "decrements" still shows counting.
  constexpr uint32_t kBudget = 0x80000000u;
  (void)su.set_weight(0, 1);
  (void)su.set_weight(1, 0);
  (void)su.set_budget(0, kBudget);
  c.check("MCCU budget loads the limit", Relation::kEq, kBudget, value(su.remaining_budget(0)));
  (void)su.enable_mccu();
  (void)su.set_selftest_mode(SelftestMode::kAllOnes);
  spin(su);
  (void)su.set_selftest_mode(SelftestMode::kAllZeros);
  const uint32_t rem = value(su.remaining_budget(0));
  c.check("MCCU budget decrements", Relation::kLt, kBudget, rem);
  c.check("MCCU budget not exhausted", Relation::kNe, 0, rem);
  (void)su.set_budget(0, 2);
  (void)su.set_selftest_mode(SelftestMode::kAllOnes);
  spin(su);
  (void)su.set_selftest_mode(SelftestMode::kAllZeros);
  c.check("MCCU budget saturates at 0", Relation::kEq, 0, value(su.remaining_budget(0)));
  (void)su.refill(0);
  c.check("MCCU refill reloads the limit", Relation::kEq, 2, value(su.remaining_budget(0)));
  (void)su.disable_mccu();

  // ---- RDC: input 0 threshold 3 -------------------------------------------------
  if (l.rdc_usable) {
    (void)su.set_rdc_threshold(0, 3);
    (void)su.reset_rdc();
    (void)su.enable_rdc();
    (void)su.set_selftest_mode(SelftestMode::kAllOnes);
    spin(su);
    (void)su.set_selftest_mode(SelftestMode::kAllZeros);
    const uint32_t wm = value(su.watermark(0));
    c.check("RDC watermark records the run", Relation::kNe, 0, wm);
    c.check("RDC threshold fires input 0", Relation::kEq, 1, value(su.rdc_vector()) & 1u);
    (void)su.disable_rdc();
    spin(su);  // the RDC enable is registered and the vector reaches the bus copy a cycle late
    c.check("RDC disable clears the vector", Relation::kEq, 0, value(su.rdc_vector()));
    c.check("RDC disable keeps the watermark", Relation::kEq, wm, value(su.watermark(0)));
    (void)su.reset_rdc();
    c.check("RDC reset clears the watermark", Relation::kEq, 0, value(su.watermark(0)));
  }

  // ---- restore ----------------------------------------------------------------
  (void)su.set_selftest_mode(SelftestMode::kNormal);
  (void)su.reset_counters();
  (void)su.clear_overflow();
  (void)su.set_overflow_mask(omask & util::low_mask32(l.n_counters));
  hal::mmio_write32(base + l.offset(l.weights), w0);
  hal::mmio_write32(base + l.offset(l.mccu_limits), lim0);
  constexpr uint32_t kCfg0Pulses =
      cfg0::kCounterSoftReset.mask() | cfg0::kOverflowSoftReset.mask() | cfg0::kQuotaSoftReset.mask();
  hal::mmio_write32(base + l.offset(l.cfg0), cfg0 & ~kCfg0Pulses);
  const uint32_t cfg1_pulses = cfg1::kMccuSoftReset.mask() | (util::low_mask32(l.n_cores) << cfg1::kUpdateBase) |
                               (l.rdc_usable ? util::bit32(l.cfg1_rdc_reset) : 0u);
  hal::mmio_write32(base + l.offset(l.cfg1), cfg1 & ~cfg1_pulses);
  return report->failed == 0 ? Status::kOk : Status::kFailed;
}

}  // namespace pmu::safesu
