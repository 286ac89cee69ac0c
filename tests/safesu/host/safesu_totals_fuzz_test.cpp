// SPDX-License-Identifier: Apache-2.0
// Random call sequences (fixed seeds, under ASan and UBSan) against the
// SafeSU driver's 64-bit totals, with the model's own count of each
// counter's increments (Model::increments) as the oracle: the SafeSU
// counterpart of tests/riscv/host/riscv_api_fuzz.hpp. The calls that touch
// counters and totals are made with arguments around the edges: read64,
// sync64, read, read_all, write (preloads near and on 0xFFFFFFFF), reset,
// start/stop, self-test modes, routes, the overflow mask and its bits,
// enable/disable/clear of the overflow unit, the hook (when the line is high
// and spuriously), callbacks (recording, preloading their counter, detaching
// the table), totals and callback tables attached and detached, and events
// at varying rates between them (counters parked on 0xFFFFFFFF, counters
// passing it many times), at bus gaps 0, 1 and 4 and on several layouts.
// One scenario step makes a counter pass 0xFFFFFFFF with its mask bit off
// (a preload just below, the pass sometimes read, or a preload of all
// ones), then turns the bit on (set_overflow_irq or set_overflow_mask, its
// bit alone at times) with the unit enabled, and in the irq runs now and
// then leaves the next period to the interrupt alone: no flag stands for
// that pass, so the next flag must add a period (docs/safesu.md §4).
// What is checked:
//  - a counter's 64-bit total equals the value its last write or reset gave
//    it plus the increments the model made since (docs/safesu.md §4: the
//    total restarts at a write's value, at 0 on reset), whenever the docs
//    say the total is exact. The test keeps to the documented limits: a
//    counter the overflow interrupt does not serve is observed at least
//    once per 2^32 increments; one it serves (its mask bit on, the unit
//    enabled, the hook called once the line is high, in the "irq" runs)
//    may go a period and more unobserved, unless its flag was lost (cleared
//    with the others before the hook saw it) or its mask bit went on while
//    the driver could not read the flags (the unit disabled) or with a
//    flag latched, and no flag clear since (the limits of docs/safesu.md
//    §4): then it is read within the period, as the docs ask. One whose
//    bit went on with the flags readable and its own not latched is left
//    to the interrupt, whatever pass it had with the bit off (the driver
//    forgets it), and one last seen on 0xFFFFFFFF like any other (the
//    driver reads it again after a flag clear). A counter that cannot be
//    kept so (its flag went too late to read it in time) leaves the check
//    until its next write or reset; the test counts those and requires
//    them rare. The test also checks its own preconditions: many totals
//    checked, many passes, flags served, and in the irq runs periods kept
//    by the interrupt alone, some of them by counters whose bit went on
//    with such a pass to forget and no flag clear since (each checked as
//    the hook serves it);
//  - a call whose arguments the documented checks refuse answers kBadArg
//    (kUnavailable: totals or callbacks not attached) and touched no
//    register, and no valid call answers kBadArg;
//  - the hook serves the latched flags (the vector as the model holds it)
//    and calls exactly the registered callbacks of those counters, lowest
//    first, none after one that detaches the table;
//  - the queries (usable, base, layout, all_counters, callbacks, totals)
//    make no access.
// A failure prints the run, the step and the last calls; the seed replays
// the whole sequence.
#include <gtest/gtest.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include <algorithm>
#include <ostream>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "pmu/safesu/safesu.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/safesu_soc.hpp"
#include "host/backend.hpp"
#include "host/random_args.hpp"
#include "host/call_contract.hpp"
#include "host/status_of.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
using Model = pmu::models::SafesuModel;

constexpr uintptr_t kBase = 0x80100000;
constexpr uint64_t kPeriod = uint64_t{1} << 32;
constexpr uint32_t kAllOnes = 0xFFFFFFFFu;
// Increments a call, a hook or a check may add after the test decided a
// counter could wait: the margin kept below a period.
constexpr uint64_t kMargin = uint64_t{1} << 16;
// The longest stretch the irq runs advance before they look at the line.
constexpr uint64_t kChunk = uint64_t{1} << 24;
constexpr uint32_t kPins = 6;  // SoC event pins 1..kPins carry the events

struct FuzzRun {
  const char* name;
  const Layout* layout;
  uint32_t gap;   // idle bus cycles after each access
  uint64_t seed;
  bool irq;       // the overflow interrupt serves the counters whose mask bit is on
  bool fixed;     // a FixedSafeSU (k4c128 only) rather than a SafeSU
  int steps;
};
void PrintTo(const FuzzRun& r, std::ostream* os) { *os << r.name; }

class Args : public test::RandomArgs {
 public:
  using RandomArgs::RandomArgs;
  // A counter index: mostly valid, sometimes just past the end or anything.
  unsigned index(unsigned n) {
    switch (pick(10)) {
      case 0: return n + pick(3);
      case 1: return static_cast<unsigned>(raw());
      case 2: return n - 1;
      default: return pick(n);
    }
  }
  // A counter value around the edges: 0, small, just below and on all ones.
  uint32_t value() {
    switch (pick(8)) {
      case 0: return 0;
      case 1: return pick(1000);
      case 2:
      case 3: return kAllOnes;
      case 4:
      case 5: return kAllOnes - pick(64);
      case 6: return kAllOnes - pick(1u << 20);
      default: return static_cast<uint32_t>(raw());
    }
  }
  uint32_t mask(uint32_t all) {
    switch (pick(8)) {
      case 0: return all;
      case 1: return 0;
      case 2: return static_cast<uint32_t>(raw());          // bits past the counters, often
      case 3: return all | (1u << pick(32));
      default: return all & static_cast<uint32_t>(raw());  // a subset
    }
  }
};

using test::status_of;

template <typename Driver>
class Fuzz {
  static constexpr unsigned kTrace = 32;
  enum Registered : uint8_t { kNoCallback, kRecord, kDetach, kPreload };

 public:
  explicit Fuzz(const FuzzRun& run)
      : run_(run), a_(run.seed), l_(*run.layout), model_(pmu_sim::safesu_config(l_)), bus_(run.gap), su_(make()) {
    bus_.map(kBase, Model::kWindowSize, &model_);
    n_ = l_.n_counters;
  }

  void go() {
    test::ScopedBackend use(bus_);
    setup();
    for (step_ = 0; step_ < run_.steps; ++step_) {
      one_step();
      after_step();
      if (step_ % 32 == 31) check_all();
      if (::testing::Test::HasFailure()) return fail_trace();
    }
    note("final check");
    if (!totals_on_) attach_totals();
    check_all();
    // The test's own preconditions: it checked many totals, saw counters
    // pass 0xFFFFFFFF often, served flags, kept periods by the interrupt
    // alone (some right after a mask bit went on with a pass to forget),
    // and rarely had to give a total up.
    EXPECT_GE(checks_, 200u) << run_.name << ": few totals checked";
    EXPECT_GE(passes_seen_, 20u) << run_.name << ": the counters barely passed 0xFFFFFFFF";
    EXPECT_GE(flags_served_, 10u) << run_.name << ": the hook barely served a flag";
    if (run_.irq) {
      EXPECT_GE(irq_only_periods_, 5u) << run_.name << ": the interrupt alone barely kept a total over a period";
      EXPECT_GE(settled_irq_periods_, 1u)
          << run_.name << ": the interrupt alone never kept a period after a mask bit went on with a pass to forget";
    }
    EXPECT_LE(given_up_ * 20, checks_) << run_.name << ": the test gave up too many totals";
    if (::testing::Test::HasFailure()) fail_trace();
  }

  uint64_t checks_ = 0, passes_seen_ = 0, flags_served_ = 0, irq_only_periods_ = 0, settled_irq_periods_ = 0,
           given_up_ = 0;

 private:
  Driver make() {
    if constexpr (std::is_same_v<Driver, SafeSU>)
      return Driver(kBase, l_);
    else
      return Driver();
  }
  // ---- setup ------------------------------------------------------------------------
  void setup() {
    for (uint32_t p = 1; p <= kPins; ++p) model_.set_event(p, a_.coin());
    // Every counter on an event pin (routes are checked in their own tests).
    Route table[kMaxCounters];
    for (unsigned k = 0; k < n_; ++k) table[k] = Route{static_cast<uint8_t>(k), static_cast<uint16_t>(1 + a_.pick(kPins))};
    EXPECT_EQ(su_.route_table(table, n_), Status::kOk);
    EXPECT_EQ(su_.attach_callbacks(&cbs_[0]), Status::kOk);
    attached_ = 0;
    attach_totals();
    if (run_.irq) {
      mask_ = l_.counter_mask & static_cast<uint32_t>(a_.raw());
      EXPECT_EQ(su_.set_overflow_mask(mask_), Status::kOk);
      EXPECT_EQ(su_.enable_overflow(), Status::kOk);
      ovf_en_ = true;
    }
    restart_all("reset() (setup)");
    EXPECT_EQ(su_.start(su_.all_counters()), Status::kOk);
  }

  // ---- one call and its contract ----------------------------------------------------
  template <typename Fn>
  auto call(Status predicted, Fn fn) {
    const size_t before = bus_.log.size();
    auto r = fn();
    const Status s = status_of(r);
    if (predicted != Status::kOk) {
      test::expect_refused_untouched(predicted, s, bus_.log, before, where());
    } else {
      EXPECT_STREQ(to_string(s), "ok") << where();
    }
    return r;
  }
  Status need_totals(Status s) const { return test::needs(totals_on_, s); }
  Status idx(unsigned k) const { return test::bad_unless(k < n_); }

  // ---- the trace --------------------------------------------------------------------
  // The last kTrace notes (calls, and what the test did around them), each
  // with its step.
  __attribute__((format(printf, 2, 3))) void note(const char* fmt, ...) {
    char* const line = trace_[notes_++ % kTrace];
    const int n = snprintf(line, sizeof trace_[0], "%d: ", step_);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line + n, sizeof trace_[0] - static_cast<size_t>(n), fmt, ap);
    va_end(ap);
  }
  std::string where() const {
    return std::string(run_.name) + " step " + trace_[(notes_ + kTrace - 1) % kTrace];
  }
  void fail_trace() {
    std::string t;
    for (unsigned k = notes_ > kTrace ? notes_ - kTrace : 0; k < notes_; ++k) t += std::string("    ") + trace_[k % kTrace] + "\n";
    ADD_FAILURE() << run_.name << " (seed " << run_.seed << ") failed at step " << step_ << "; the last calls:\n" << t;
    step_ = run_.steps;
  }

  // ---- the oracle -------------------------------------------------------------------
  // Per counter: its baseline (the value its last write or reset gave it and
  // the model's increments then) and its last observation (the value the
  // driver saw and the increments then); no baseline: not checked.
  struct Track {
    bool based = false;
    uint64_t base_total = 0, base_incs = 0;
    uint32_t obs_raw = 0;
    uint64_t obs_incs = 0;
    bool suspect = false;  // accounted with no flag (the mask-bit limit): read within the period
    // Since the last flag clear, a pass an observation saw or a write put
    // there with no flag latched (the bit off, or the unit disabled): a
    // driver that kept it when the bit went on would take the next flag
    // for it.
    bool unflagged_pass = false;
    uint64_t passes_before_clear = 0;  // of passes(): those before the last flag clear
    // Such a pass (or one unobserved, with the bit off) the driver had to
    // forget as the bit went on, and no flag clear since: the losing case
    // of docs/safesu.md §4 if the interrupt alone keeps the next period.
    bool settled_by_bit = false;
  };
  uint64_t incs(unsigned k) const { return model_.increments(k); }
  // The increments at the moment counter k held 'raw', given no write since.
  uint64_t incs_when(unsigned k, uint32_t raw) const { return incs(k) - static_cast<uint32_t>(model_.counter(k) - raw); }
  void observed(unsigned k, uint32_t raw) {
    Track& t = t_[k];
    const uint64_t then = incs_when(k, raw);
    if (raw == kAllOnes || passes_in(t.obs_raw, then - t.obs_incs) > t.passes_before_clear) t.unflagged_pass = true;
    t.obs_raw = raw;
    t.obs_incs = then;
    t.passes_before_clear = 0;
    if (!((mask_ >> k) & 1u)) t.suspect = true;  // a pass it sees is accounted, flag or not
  }
  void restarted(unsigned k, uint32_t value) {
    Track& t = t_[k];
    t.based = totals_on_;
    t.base_total = value;
    observed(k, value);
    t.base_incs = t.obs_incs;
    t.settled_by_bit = false;
    // A flag taken as latched with none behind it: the mask-bit limit.
    if ((value == kAllOnes && !((mask_ >> k) & 1u)) || !ovf_en_) t.suspect = true;
    t.unflagged_pass = (value == kAllOnes || !ovf_en_) && !((model_.overflow_flags() >> k) & 1u);
  }
  // Increments since the last observation, and the passes through all ones
  // among them (becoming 0xFFFFFFFF).
  uint64_t since(unsigned k) const { return incs(k) - t_[k].obs_incs; }
  uint64_t passes(unsigned k) const { return passes_in(t_[k].obs_raw, since(k)); }
  static uint64_t passes_in(uint64_t from, uint64_t n) { return (from + n + 1) / kPeriod - (from == kAllOnes ? 1 : 0); }
  bool irq_serves(unsigned k) const {
    return run_.irq && ovf_en_ && ((mask_ >> k) & 1u) && !t_[k].suspect;
  }
  void flags_cleared() {
    for (unsigned k = 0; k < n_; ++k) {
      t_[k].suspect = t_[k].unflagged_pass = t_[k].settled_by_bit = false;
      t_[k].passes_before_clear = passes(k);
    }
  }
  // Counter k's last observations from the bus log since 'from': a read of
  // its register (the driver's fold), or a write of 0 (the hook moving it
  // off all ones).
  void observed_in_log(size_t from, uint32_t which) {
    for (size_t i = from; i < bus_.log.size(); ++i) {
      const test::Access& x = bus_.log[i];
      if (x.addr < kBase + l_.counters.offset || x.addr >= kBase + l_.counters.offset + 4 * n_) continue;
      const unsigned k = static_cast<unsigned>((x.addr - kBase - l_.counters.offset) / 4);
      if ((which >> k) & 1u) observed(k, static_cast<uint32_t>(x.value));
    }
  }
  void give_up(unsigned k, const char* why) {
    if (!t_[k].based) return;
    t_[k].based = false;
    ++given_up_;
    note("(gave up counter %u's total: %s)", k, why);
  }
  // read64(k) as a check: its total against the increments when the read
  // captured the counter (the start of the call). Exact if the counter was
  // observed less than a period ago (raw - last is then every increment);
  // later, only the hook can tell the period (irq runs), so a read would
  // leave the total a period short until then: the test gives it up.
  void check(unsigned k) {
    Track& t = t_[k];
    if (t.based && since(k) >= kPeriod) give_up(k, "read more than a period after its last observation");
    const uint64_t truth = t.base_total + (incs(k) - t.base_incs);
    const bool exact = t.based;
    const size_t before = bus_.log.size();
    const Result<uint64_t> r = su_.read64(k);
    ASSERT_TRUE(r.ok()) << where();
    observed_in_log(before, 1u << k);
    if (!exact) return;
    ++checks_;
    EXPECT_EQ(r.value(), truth) << where() << ": counter " << k << "'s total is not its increments (off by "
                                << static_cast<int64_t>(r.value() - truth) << ")";
  }
  void check_all() {
    if (!totals_on_) return;
    note("read64() of every counter (the periodic check)");
    for (unsigned k = 0; k < n_ && !::testing::Test::HasFailure(); ++k) {
      if (t_[k].based && since(k) >= kPeriod) continue;  // the hook's to fold (irq runs)
      check(k);
    }
  }
  // After a step: a counter the interrupt serves that passed all ones with
  // no flag latched (cleared before the hook saw it) is read now, as the
  // docs ask; one the interrupt does not serve is kept by budget(). Two
  // passes unobserved, or a period gone before the test could read, and the
  // total is beyond the documented promise: given up.
  void keep_observed() {
    if (!totals_on_) return;
    for (unsigned k = 0; k < n_; ++k) {
      if (!t_[k].based) continue;
      const uint64_t p = passes(k);
      if (p == 0) continue;
      if (p > 1) {
        give_up(k, "two passes unobserved");
        continue;
      }
      if (since(k) >= kPeriod - kMargin) {
        if (!(irq_serves(k) && ((model_.overflow_flags() >> k) & 1u)))
          give_up(k, "its flag went too late to read within the period");
        continue;
      }
      if (irq_serves(k) && !((model_.overflow_flags() >> k) & 1u)) {
        note("read64(%u) (a pass whose flag was cleared unseen)", k);
        check(k);
      }
    }
  }
  // Before letting n cycles pass: read every counter the interrupt does
  // not serve that could not wait that long; returns the cycles the others
  // can wait (a counter adds at most 1 a cycle), leaving a margin for the
  // calls of the next step.
  uint64_t budget(uint64_t n) {
    if (!totals_on_) return n;
    constexpr uint64_t kLimit = kPeriod - 2 * kMargin;
    for (unsigned k = 0; k < n_; ++k) {
      if (!t_[k].based || irq_serves(k) || since(k) + n < kLimit) continue;
      if (since(k) >= kLimit / 2) {
        note("read64(%u) (kept observed)", k);
        check(k);
      }
      if (t_[k].based) n = since(k) < kLimit ? std::min(n, kLimit - since(k)) : 0;
    }
    return n;
  }
  void advance(uint64_t n) {
    note("advance(%llu)", static_cast<unsigned long long>(n));
    while (n > 0 && !::testing::Test::HasFailure()) {
      uint64_t m = budget(run_.irq && n > kChunk ? kChunk : n);
      if (m == 0) m = 1;
      for (unsigned k = 0; k < n_; ++k)
        if (t_[k].based) passes_before_[k] = passes(k);
      bus_.advance(m);
      n -= m;
      for (unsigned k = 0; k < n_; ++k)
        if (t_[k].based) passes_seen_ += passes(k) - passes_before_[k];
      if (run_.irq && line()) hook("the line is high");
      keep_observed();
    }
  }

  // ---- the hook ---------------------------------------------------------------------
  bool line() const { return (model_.irq_outputs() & Model::kIrqOverflow) != 0; }
  static void on_cb(void* ctx, unsigned k) { static_cast<Fuzz*>(ctx)->callback(k); }
  void callback(unsigned k) {
    seen_.push_back(k);
    // Now and then a callback takes its time: other counters pass all ones
    // between the hook's snapshot and its clear, which takes their flags.
    if (a_.one_in(3)) bus_.advance(a_.pick(1u << 12));
    const Registered what = attached_ >= 0 ? registered_[attached_][k & 31] : kNoCallback;
    if (what == kDetach) {
      EXPECT_EQ(su_.attach_callbacks(nullptr), Status::kOk);
      attached_ = -1;
    } else if (what == kPreload) {
      // An overflow callback preloads its counter (docs/safesu.md §4).
      const uint32_t v = a_.value();
      EXPECT_EQ(su_.write(k, v), Status::kOk);
      restarted(k, v);
    }
  }
  void hook(const char* why) {
    note("handle_overflow_irq() (%s)", why);
    const uint32_t expect_served = ovf_en_ ? model_.overflow_flags() & l_.counter_mask : 0u;
    const int attached = attached_;
    seen_.clear();
    const size_t before = bus_.log.size();
    const Result<uint32_t> r = su_.handle_overflow_irq();
    ASSERT_TRUE(r.ok()) << where();
    const uint32_t served = r.value();
    EXPECT_EQ(served, expect_served) << where() << ": the hook did not serve the latched flags";
    std::vector<unsigned> want;
    if (attached >= 0)
      for (uint32_t m = served; m != 0; m &= m - 1) {
        const unsigned k = static_cast<unsigned>(__builtin_ctz(m));
        if (registered_[attached][k] == kNoCallback) continue;
        want.push_back(k);
        if (registered_[attached][k] == kDetach) break;
      }
    EXPECT_EQ(seen_, want) << where() << ": the callbacks called (served 0x" << std::hex << served << ")";
    seen_.clear();
    if (served != 0) {
      uint32_t kept_after_settling = 0;
      if (totals_on_) {
        for (uint32_t m = served; m != 0; m &= m - 1) {
          const unsigned k = static_cast<unsigned>(__builtin_ctz(m));
          if (!t_[k].based || since(k) < kPeriod) continue;
          ++irq_only_periods_;
          if (t_[k].settled_by_bit) kept_after_settling |= 1u << k;
        }
        observed_in_log(before, served);
      }
      flags_served_ += static_cast<unsigned>(__builtin_popcount(served));
      flags_cleared();
      // The period a forgotten pass leaves to the next flag: checked now,
      // before a write or reset can hide a total it lost.
      for (uint32_t m = kept_after_settling; m != 0; m &= m - 1) {
        const unsigned k = static_cast<unsigned>(__builtin_ctz(m));
        ++settled_irq_periods_;
        note("read64(%u) (a period kept by the interrupt after its bit went on)", k);
        check(k);
      }
    }
  }

  // ---- the queries --------------------------------------------------------------------
  void queries() {
    note("queries");
    const size_t before = bus_.log.size();
    EXPECT_TRUE(su_.usable());
    EXPECT_EQ(su_.base(), kBase);
    EXPECT_EQ(su_.layout().n_counters, n_);
    EXPECT_EQ(su_.all_counters(), l_.counter_mask);
    EXPECT_EQ(su_.totals(), totals_on_ ? &totals_ : nullptr);
    EXPECT_EQ(su_.callbacks(), attached_ >= 0 ? &cbs_[attached_] : nullptr);
    EXPECT_EQ(bus_.log.size(), before) << where() << ": a query touched a register";
  }

  // ---- storage ------------------------------------------------------------------------
  void attach_totals() {
    note("track_totals(fresh)");
    totals_ = Totals{};
    EXPECT_EQ(su_.track_totals(&totals_), Status::kOk);
    totals_on_ = true;
    // No baseline until a write or reset; fresh totals account no pass.
    for (unsigned k = 0; k < n_; ++k) t_[k].based = t_[k].unflagged_pass = t_[k].settled_by_bit = false;
  }
  void restart_all(const char* what) {
    note("%s", what);
    (void)call(Status::kOk, [&] { return su_.reset(); });
    for (unsigned k = 0; k < n_; ++k) restarted(k, 0);
  }

  // ---- the calls --------------------------------------------------------------------
  void one_step() {
    switch (a_.pick(36)) {
      case 0:
      case 1: {
        const unsigned k = a_.index(n_);
        note("read64(%u)", k);
        if (k < n_ && totals_on_) {
          check(k);
        } else {
          (void)call(need_totals(idx(k)), [&] { return su_.read64(k); });
        }
        break;
      }
      case 2: {
        note("sync64()");
        const size_t before = bus_.log.size();
        (void)call(need_totals(Status::kOk), [&] { return su_.sync64(); });
        if (totals_on_) observed_in_log(before, l_.counter_mask);
        break;
      }
      case 3: {
        const unsigned k = a_.index(n_);
        note("read(%u)", k);
        const uint32_t now = model_.counter(k);
        const Result<uint32_t> r = call(idx(k), [&] { return su_.read(k); });
        if (r.ok()) {
          EXPECT_EQ(r.value(), now) << where();
        }
        break;
      }
      case 4: {
        uint32_t out[kMaxCounters + 2];
        const unsigned n = a_.coin() ? n_ : a_.pick(n_ + 3);
        const bool null = a_.one_in(6);
        note("read_all(%s, %u)", null ? "nullptr" : "out", n);
        // A null out is refused only with a length (docs/safesu.md section 2).
        (void)call((null && n != 0) || n > n_ ? Status::kBadArg : Status::kOk,
                   [&] { return su_.read_all(null ? nullptr : out, n); });
        break;
      }
      case 5:
      case 6:
      case 7: {
        const unsigned k = a_.index(n_);
        const uint32_t v = a_.value();
        note("write(%u, 0x%x)", k, v);
        (void)call(idx(k), [&] { return su_.write(k, v); });
        if (k < n_) restarted(k, v);
        break;
      }
      case 8:
        restart_all("reset()");
        break;
      case 9: {
        const uint32_t m = a_.coin() ? l_.counter_mask : a_.mask(l_.counter_mask);
        const bool on = a_.coin();
        note("%s(0x%x)", on ? "start" : "stop", m);
        (void)call(m == l_.counter_mask ? Status::kOk : Status::kBadArg,
                   [&] { return on ? su_.start(m) : su_.stop(m); });
        break;
      }
      case 10: {
        const unsigned m = a_.one_in(4) ? 1 : a_.pick(6);
        note("set_selftest_mode(%u)", m);
        (void)call(m <= 3 ? Status::kOk : Status::kBadArg,
                   [&] { return su_.set_selftest_mode(static_cast<SelftestMode>(m)); });
        break;
      }
      case 11: {
        const uint32_t m = a_.mask(l_.counter_mask);
        note("set_overflow_mask(0x%x)", m);
        const uint32_t flags = model_.overflow_flags();
        const Status s = call((m & ~l_.counter_mask) == 0 ? Status::kOk : Status::kBadArg,
                              [&] { return su_.set_overflow_mask(m); });
        if (s == Status::kOk) set_mask(m, m, flags);
        break;
      }
      case 12: {
        const unsigned k = a_.index(n_);
        const bool on = a_.coin();
        note("set_overflow_irq(%u, %d)", k, on);
        const uint32_t flags = model_.overflow_flags();
        const Status s = call(idx(k), [&] { return su_.set_overflow_irq(k, on); });
        if (s == Status::kOk) {
          const uint32_t m = on ? mask_ | (1u << k) : mask_ & ~(1u << k);
          set_mask(m, m & ~mask_, flags);
        }
        break;
      }
      case 13: {
        const int what = static_cast<int>(a_.pick(run_.irq ? 6 : 3));
        note("%s", what == 0 ? "disable_overflow()" : what == 1 ? "enable_overflow(false)" : "enable_overflow()");
        (void)call(Status::kOk, [&] { return what == 0 ? su_.disable_overflow() : su_.enable_overflow(what != 1); });
        ovf_en_ = what != 0;
        if (what >= 2) flags_cleared();
        break;
      }
      case 14:
        note("clear_overflow()");
        (void)call(Status::kOk, [&] { return su_.clear_overflow(); });
        flags_cleared();
        break;
      case 15:
      case 16:
        hook(line() ? "the line is high" : "spurious");
        break;
      case 17: {
        const unsigned k = a_.index(n_);
        const uint32_t ev = a_.one_in(8) ? a_.index(l_.n_soc_ev) : 1 + a_.pick(kPins);
        note("route(%u, %u)", k, ev);
        (void)call(k < n_ && ev < l_.n_soc_ev ? Status::kOk : Status::kBadArg, [&] { return su_.route(k, ev); });
        break;
      }
      case 18: {
        const unsigned k = a_.index(n_);
        const uint32_t r = a_.pick(8);
        const Registered what = r < 3 ? kRecord : r < 5 ? kPreload : r < 6 ? kDetach : kNoCallback;
        note("on_overflow(%u, %d)", k, static_cast<int>(what));
        const IrqCallback cb = what == kNoCallback ? IrqCallback{} : IrqCallback{on_cb, this};
        const Status s = call(k >= n_ ? Status::kBadArg : attached_ < 0 ? Status::kUnavailable : Status::kOk,
                              [&] { return su_.on_overflow(k, cb); });
        if (s == Status::kOk) registered_[attached_][k] = what;
        break;
      }
      case 19: {
        const int t = static_cast<int>(a_.pick(3)) - 1;
        note("attach_callbacks(%d)", t);
        EXPECT_EQ(su_.attach_callbacks(t < 0 ? nullptr : &cbs_[t]), Status::kOk);
        attached_ = t;
        break;
      }
      case 20:
        if (totals_on_ && a_.one_in(3)) {
          note("track_totals(nullptr)");
          EXPECT_EQ(su_.track_totals(nullptr), Status::kOk);
          totals_on_ = false;
          for (unsigned k = 0; k < n_; ++k) t_[k].based = false;
        } else if (!totals_on_) {
          attach_totals();
          if (a_.coin()) restart_all("reset() (after attaching)");
        }
        break;
      case 21:
      case 22: {
        const uint32_t p = 1 + a_.pick(kPins);
        const bool level = a_.coin();
        note("event pin %u %s", p, level ? "high" : "low");
        model_.set_event(p, level);
        break;
      }
      case 23:
        queries();
        break;
      case 24:
      case 25: {
        // A preload just below all ones, then soon a write or a reset of
        // the same counter: if it counts, it reaches 0xFFFFFFFF around the
        // second call's accesses.
        const unsigned k = a_.pick(n_);
        const uint32_t v = kAllOnes - 1 - a_.pick(12);
        note("write(%u, 0x%x)", k, v);
        (void)call(Status::kOk, [&] { return su_.write(k, v); });
        restarted(k, v);
        bus_.advance(a_.pick(12));
        if (a_.one_in(4)) {
          restart_all("reset() (soon after)");
        } else {
          const uint32_t w = a_.value();
          note("write(%u, 0x%x) (soon after)", k, w);
          (void)call(Status::kOk, [&] { return su_.write(k, w); });
          restarted(k, w);
        }
        break;
      }
      case 26:
      case 27:
        unflagged_pass_then_bit_on();
        break;
      default:
        advance(advance_size());
        break;
    }
  }
  // Counter k passes 0xFFFFFFFF with its mask bit off (a preload just
  // below, if it counts, or on all ones), a read sometimes seeing the pass,
  // then the bit goes on: the pass latched no flag, so the driver must
  // forget it, or the next flag, a period later, adds no period and a total
  // the interrupt alone keeps loses 2^32 (docs/safesu.md §4).
  void unflagged_pass_then_bit_on() {
    const unsigned k = a_.pick(n_);
    const uint32_t bit = 1u << k;
    note("set_overflow_irq(%u, 0) (a pass with the bit off)", k);
    uint32_t flags = model_.overflow_flags();
    (void)call(Status::kOk, [&] { return su_.set_overflow_irq(k, false); });
    set_mask(mask_ & ~bit, 0, flags);
    const uint32_t v = a_.one_in(4) ? kAllOnes : kAllOnes - 1 - a_.pick(12);
    note("write(%u, 0x%x)", k, v);
    (void)call(Status::kOk, [&] { return su_.write(k, v); });
    restarted(k, v);
    const uint64_t incs_before = incs(k);
    const uint32_t cycles = 14 + a_.pick(64);
    note("%u cycles (past all ones, if it counts)", cycles);
    bus_.advance(cycles);
    const bool counts = incs(k) != incs_before;
    if (totals_on_ && a_.coin()) {
      note("read64(%u) (past all ones)", k);
      check(k);
    }
    flags = model_.overflow_flags();
    if (a_.coin()) {
      note("set_overflow_irq(%u, 1)", k);
      (void)call(Status::kOk, [&] { return su_.set_overflow_irq(k, true); });
      set_mask(mask_ | bit, bit, flags);
    } else {
      // The others as they were, any, or none: with its bit alone, no
      // other counter's flag clears the flags before its next one.
      const uint32_t which = a_.pick(4);
      const uint32_t others = which == 0 ? mask_ : which == 1 ? a_.mask(l_.counter_mask) & l_.counter_mask : 0u;
      const uint32_t m = others | bit;
      note("set_overflow_mask(0x%x)", m);
      (void)call(Status::kOk, [&] { return su_.set_overflow_mask(m); });
      set_mask(m, m, flags);
    }
    // Now and then its next period is left to the interrupt, in this step
    // so that no periodic check reads it before its flag (keep_observed
    // first: a pass no read saw is read now, as after any step).
    if (run_.irq && counts && t_[k].settled_by_bit && a_.coin()) {
      keep_observed();
      advance(kPeriod + a_.pick64(kPeriod / 4));
    }
  }
  // The mask became m. The driver, with totals and the unit enabled, read
  // the flags and made each counter of 'taken' (the bits the call took as
  // turned on) with no flag latched forget a pass accounted with no flag:
  // exact again. A bit turned on otherwise (the flags hidden, or one
  // latched that may stand for an older pass) keeps the mask-bit limit.
  void set_mask(uint32_t m, uint32_t taken, uint32_t flags_before) {
    for (unsigned k = 0; k < n_; ++k) {
      const bool settled = totals_on_ && ovf_en_ && !((flags_before >> k) & 1u);
      if (((taken & ~flags_before) >> k) & 1u && settled) {
        if (t_[k].unflagged_pass || passes(k) > t_[k].passes_before_clear) t_[k].settled_by_bit = true;
        t_[k].suspect = t_[k].unflagged_pass = false;
      } else if (((m & ~mask_) >> k) & 1u) {
        t_[k].suspect = true;
      }
    }
    mask_ = m;
  }
  uint64_t advance_size() {
    switch (a_.pick(10)) {
      case 0:
      case 1:
      case 2: return a_.pick(64);
      case 3:
      case 4: return a_.pick(1u << 12);
      case 5:
      case 6: return a_.pick(1u << 24);
      case 7:
      case 8: return a_.pick64(uint64_t{1} << 31);
      default: return a_.pick64(run_.irq ? uint64_t{1} << 34 : uint64_t{1} << 32);
    }
  }
  void after_step() {
    if (line() && (run_.irq || a_.coin())) hook("the line is high");
    keep_observed();
  }

  const FuzzRun& run_;
  Args a_;
  const Layout& l_;
  Model model_;
  test::ModelBus bus_;
  Driver su_;
  unsigned n_ = 0;
  int step_ = -1;
  char trace_[kTrace][128] = {};
  unsigned notes_ = 0;
  Callbacks cbs_[2] = {};
  Registered registered_[2][kMaxCounters] = {};
  int attached_ = -1;
  Totals totals_;
  bool totals_on_ = false;
  uint32_t mask_ = 0;
  bool ovf_en_ = false;
  Track t_[kMaxCounters];
  uint64_t passes_before_[kMaxCounters] = {};
  std::vector<unsigned> seen_;
};

class SafesuTotalsFuzz : public ::testing::TestWithParam<FuzzRun> {};

TEST_P(SafesuTotalsFuzz, TotalsEqualTheModelsIncrements) {
  const FuzzRun& r = GetParam();
  uint64_t checks = 0;
  if (r.fixed) {
    Fuzz<FixedSafeSU<kBase, k4c128>> f(r);
    f.go();
    checks = f.checks_;
  } else {
    Fuzz<SafeSU> f(r);
    f.go();
    checks = f.checks_;
  }
  RecordProperty("totals_checked", static_cast<int>(checks));
}

constexpr int kSteps = 2500;
const FuzzRun kRuns[] = {
    {"reads_4c128_gap0", &k4c128, 0, 0x5AFE0001, false, false, kSteps},
    {"reads_4c128_gap1", &k4c128, 1, 0x5AFE0002, false, false, kSteps},
    {"reads_4c128_gap4", &k4c128, 4, 0x5AFE0003, false, false, kSteps},
    {"reads_6c256_gap0", &k6c256, 0, 0x5AFE0004, false, false, kSteps},
    {"reads_6c256_gap1", &k6c256, 1, 0x5AFE0005, false, false, kSteps},
    {"reads_6c256_gap4", &k6c256, 4, 0x5AFE0006, false, false, kSteps},
    {"irq_4c128_gap0", &k4c128, 0, 0x5AFE0011, true, false, kSteps},
    {"irq_4c128_gap1", &k4c128, 1, 0x5AFE0012, true, false, kSteps},
    {"irq_4c128_gap4", &k4c128, 4, 0x5AFE0013, true, false, kSteps},
    {"irq_6c256_gap0", &k6c256, 0, 0x5AFE0014, true, false, kSteps},
    {"irq_6c256_gap1", &k6c256, 1, 0x5AFE0015, true, false, kSteps},
    {"irq_6c256_gap4", &k6c256, 4, 0x5AFE0016, true, false, kSteps},
    {"irq_6c128_gap1", &k6c128, 1, 0x5AFE0017, true, false, kSteps},
    {"irq_fixed_4c128_gap0", &k4c128, 0, 0x5AFE0021, true, true, kSteps},
    {"reads_fixed_4c128_gap4", &k4c128, 4, 0x5AFE0022, false, true, kSteps},
};
INSTANTIATE_TEST_SUITE_P(Runs, SafesuTotalsFuzz, ::testing::ValuesIn(kRuns),
                         [](const ::testing::TestParamInfo<FuzzRun>& p) { return std::string(p.param.name); });

}  // namespace
