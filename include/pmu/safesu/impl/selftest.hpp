// SPDX-License-Identifier: Apache-2.0
// Part of pmu/safesu/selftest.hpp (include that): the self-test routine. It
// uses the driver's own calls, so it also exercises the driver, plus typed
// register reads and writes to save and restore what it changes. The
// self-test modes override the crossbar for counters, MCCU and RDC alike
// (§2.1 of docs/hw/safesu.md), so no SoC event is needed: mode 01 drives
// every output (and every MCCU/RDC input) high, 10 drives them low, 11 only
// output 0.
#pragma once

namespace pmu::safesu {

namespace detail {

constexpr unsigned kSelftestSpin = 8;  // bus reads used as "let some cycles pass"

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

constexpr uint32_t selftest_value(Result<uint32_t> r) { return r.value_or(0xDEADDEADu); }
constexpr uint32_t selftest_value(Result<uint8_t> r) { return r.ok() ? r.value() : 0xDEADDEADu; }

template <typename Place, typename CallbackStorage, typename TotalsStorage>
void selftest_spin(BasicSafeSU<Place, CallbackStorage, TotalsStorage>& su) {
  for (unsigned i = 0; i < kSelftestSpin; ++i) (void)su.overflow_vector();
}

// Reset, then count a spin's worth of cycles in the given mode.
template <typename Place, typename CallbackStorage, typename TotalsStorage>
void selftest_run_mode(BasicSafeSU<Place, CallbackStorage, TotalsStorage>& su, SelftestMode mode) {
  (void)su.set_selftest_mode(mode);
  (void)su.reset();
  (void)su.start(su.all_counters());
  selftest_spin(su);
  (void)su.stop(su.all_counters());
}

}  // namespace detail

template <typename Place, typename CallbackStorage, typename TotalsStorage>
Status run_selftest(BasicSafeSU<Place, CallbackStorage, TotalsStorage>& su, SelftestReport* report) {
  if (report == nullptr || !su.usable()) return Status::kBadArg;
  using detail::selftest_value;
  detail::Checker c(report);
  const Layout& l = su.layout();
  const unsigned last = l.n_counters - 1u;
  const uintptr_t base = su.base();

  // Saved state (the driver has no "raw register" call on purpose).
  const reg::Value<Cfg0> cfg0 = reg::read(base, l.cfg0);
  const reg::Value<Cfg1> cfg1 = reg::read(base, l.cfg1);
  const reg::Value<OverflowMask> omask = reg::read(base, l.overflow_mask.at(0));
  const reg::Value<Weights> w0 = reg::read(base, l.weights.at(0));
  const reg::Value<MccuLimit> lim0 = reg::read(base, l.mccu_limits.at(0));

  // ---- counters -------------------------------------------------------------
  (void)su.disable_mccu();
  (void)su.stop(su.all_counters());
  (void)su.set_selftest_mode(SelftestMode::kAllOnes);
  (void)su.reset();
  c.check("counter soft reset leaves 0", Relation::kEq, 0, selftest_value(su.read(0)));
  detail::selftest_run_mode(su, SelftestMode::kAllOnes);
  const uint32_t c0 = selftest_value(su.read(0));
  c.check("mode 01: counter 0 counts", Relation::kNe, 0, c0);
  uint32_t odd = c0;
  for (unsigned k = 1; k <= last; ++k) {
    const uint32_t v = selftest_value(su.read(k));
    if (v != c0) odd = v;
  }
  c.check("mode 01: all counters equal", Relation::kEq, c0, odd);
  detail::selftest_run_mode(su, SelftestMode::kAllZeros);
  c.check("mode 10: nothing counts", Relation::kEq, 0, selftest_value(su.read(0)));
  detail::selftest_run_mode(su, SelftestMode::kOnlyOutput0);
  c.check("mode 11: counter 0 counts", Relation::kNe, 0, selftest_value(su.read(0)));
  if (last > 0) c.check("mode 11: others idle", Relation::kEq, 0, selftest_value(su.read(last)));

  // ---- overflow: the flag sets when a counter becomes 0xFFFFFFFF ---------------
  (void)su.set_selftest_mode(SelftestMode::kAllZeros);
  (void)su.set_overflow_mask(1);
  (void)su.enable_overflow(true);
  c.check("overflow vector clear after enable", Relation::kEq, 0, selftest_value(su.overflow_vector()));
  (void)su.write(0, 0xFFFFFFFFu);
  c.check("overflow flag at 0xFFFFFFFF", Relation::kEq, 1, selftest_value(su.overflow_vector()) & 1u);
  // A counter parked at 0xFFFFFFFF re-sets its flag every cycle (§8): move
  // it away before clearing.
  (void)su.write(0, 0);
  (void)su.clear_overflow();
  c.check("overflow clear pulse", Relation::kEq, 0, selftest_value(su.overflow_vector()));
  (void)su.disable_overflow();

  // ---- MCCU: core 0, input 0 weight 1 -------------------------------------------
  // How many unit cycles the spin takes depends on the CPU and the bus (the
  // unit runs on the AHB clock): a budget far above any spin keeps "not
  // exhausted" true on every system, while "decrements" still shows counting.
  constexpr uint32_t kBudget = 0x80000000u;
  (void)su.set_weight(0, 1);
  (void)su.set_weight(1, 0);
  (void)su.set_budget(0, kBudget);
  c.check("MCCU budget loads the limit", Relation::kEq, kBudget, selftest_value(su.remaining_budget(0)));
  (void)su.enable_mccu();
  (void)su.set_selftest_mode(SelftestMode::kAllOnes);
  detail::selftest_spin(su);
  (void)su.set_selftest_mode(SelftestMode::kAllZeros);
  const uint32_t rem = selftest_value(su.remaining_budget(0));
  c.check("MCCU budget decrements", Relation::kLt, kBudget, rem);
  c.check("MCCU budget not exhausted", Relation::kNe, 0, rem);
  (void)su.set_budget(0, 2);
  (void)su.set_selftest_mode(SelftestMode::kAllOnes);
  detail::selftest_spin(su);
  (void)su.set_selftest_mode(SelftestMode::kAllZeros);
  c.check("MCCU budget saturates at 0", Relation::kEq, 0, selftest_value(su.remaining_budget(0)));
  (void)su.refill(0);
  c.check("MCCU refill reloads the limit", Relation::kEq, 2, selftest_value(su.remaining_budget(0)));
  (void)su.disable_mccu();

  // ---- RDC: input 0 threshold 3 -------------------------------------------------
  if (l.rdc_usable) {
    (void)su.set_rdc_threshold(0, 3);
    (void)su.reset_rdc();
    (void)su.enable_rdc();
    (void)su.set_selftest_mode(SelftestMode::kAllOnes);
    detail::selftest_spin(su);
    (void)su.set_selftest_mode(SelftestMode::kAllZeros);
    // The watermark takes the run length one cycle after the run ends (§8):
    // read right after the write that ends it, it would be one short. The
    // vector read between gives it that cycle on a zero-wait-state bus.
    const uint32_t vector = selftest_value(su.rdc_vector());
    const uint32_t wm = selftest_value(su.watermark(0));
    c.check("RDC watermark records the run", Relation::kNe, 0, wm);
    c.check("RDC threshold fires input 0", Relation::kEq, 1, vector & 1u);
    (void)su.disable_rdc();
    detail::selftest_spin(su);  // the RDC enable is registered and the vector reaches the bus copy a cycle late
    c.check("RDC disable clears the vector", Relation::kEq, 0, selftest_value(su.rdc_vector()));
    c.check("RDC disable keeps the watermark", Relation::kEq, wm, selftest_value(su.watermark(0)));
    (void)su.reset_rdc();
    c.check("RDC reset clears the watermark", Relation::kEq, 0, selftest_value(su.watermark(0)));
  }

  // ---- restore ----------------------------------------------------------------
  (void)su.set_selftest_mode(SelftestMode::kNormal);
  (void)su.reset();
  (void)su.clear_overflow();
  (void)su.set_overflow_mask(omask.raw & l.counter_mask);
  reg::write(base, l.weights.at(0), w0);
  reg::write(base, l.mccu_limits.at(0), lim0);
  reg::write(base, l.cfg0, reg::Value<Cfg0>{cfg0.raw & ~l.cfg0.keep_out});
  reg::write(base, l.cfg1, reg::Value<Cfg1>{cfg1.raw & ~l.cfg1.keep_out});
  return report->failed == 0 ? Status::kOk : Status::kFailed;
}

}  // namespace pmu::safesu
