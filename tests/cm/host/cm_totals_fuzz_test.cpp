// SPDX-License-Identifier: Apache-2.0
// The CM perf driver under random call sequences with random arguments
// (fixed seeds), on both paths (both_paths.hpp), at bus gaps of 0, 1 and 4
// idle cycles, under both documented readings of the overflow point (the
// model's flag on the wrap to 0, or on reaching all ones: docs/hw/
// cm-gcr-perf.md §5.1). Every public call is made: program, start, stop,
// reset, reset_and_start, control, preload, read, read64, read_overflow,
// clear_overflow, probe, Perf_Int_En and Perf_Ovf_Stop on and off,
// on_overflow, the hook in its three forms (with an overflow pending, as
// the interrupt, and spuriously), attaching and detaching the callback
// tables and the totals, the queries. What is checked:
//  - the totals: every tracked counter's read64() equals the model's own
//    count of its events (counted(i)) at the access that read it, whenever
//    docs/cm.md says the total is exact: a counter is tracked from a reset
//    made with the totals attached (a fresh Totals stands for counters at
//    zero; a re-attached one for nothing), and the events a running
//    counter counts between a preload's read and its write are in no total.
//    The model's time runs between calls at rates of 0 to 3 events a cycle,
//    counters wrap between observations (read64(), preload(), the hook's
//    fold), and now and then one counts a whole period past its last
//    observation, so that only its flag shows the wrap; the hook then comes
//    before the next wrap, as the interrupt would. The test keeps to the
//    limits docs/cm.md states ("64-bit totals") and checks that it did (a
//    "the test let/hid" failure is the test's fault, not the driver's): a
//    flag stands for one pass, so a period is hidden only when no
//    observation has shown a pass (a wrap or all ones) and no flag has risen
//    during a preload since the hook, or a clear_overflow() that left the
//    flag clear, last folded the counter (clear_overflow() folds, so after
//    a pass the values showed, a flag cleared by hand lets a period hide
//    again);
//  - a call refused by the documented checks (kBadArg, kUnavailable)
//    answers exactly that and makes no access; a valid call answers kOk;
//  - the hook reads PC_OV first, serves and acknowledges exactly the flags
//    it read (nothing when none), and calls exactly the registered
//    callbacks of the counters it serves, cycle first, none after one that
//    detaches the table (callbacks also re-arm or reset their counter, or
//    clear flags, as docs/cm.md allows);
//  - the queries and attaching make no access.
// A failure prints the run, the step and the last calls; the run's seed
// replays the sequence.
#include <gtest/gtest.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include <random>
#include <string>
#include <vector>

#include "both_paths.hpp"
#include "host/backend.hpp"
#include "host/c_answer.hpp"
#include "host/random_args.hpp"
#include "host/call_contract.hpp"
#include "host/status_of.hpp"
#include "pmu/cm/perf.hpp"
#include "pmu_sim/cm_model.hpp"

namespace {
using namespace pmu;
using namespace pmu::cm;
using models::CmPerfModel;

constexpr uintptr_t kGcr = 0x1E000000;
using Paths = cm_test::BothPaths<kGcr>;

constexpr uint64_t kPeriod = uint64_t{1} << 32;
constexpr uint32_t kMaxRate = 3;   // the largest event rate set below, events per cycle
constexpr unsigned kEvents = 18;   // event ids given a rate (the table's ids are below 18)

/// One run: a seed, a bus gap, what is attached how.
struct FuzzRun {
  const char* name;
  uint64_t seed;
  unsigned gap;           ///< Idle bus cycles after each access.
  bool toggle_totals;     ///< The totals are detached and re-attached at random.
  bool toggle_callbacks;  ///< Two callback tables, attached, swapped, detached at random.
  CmPerfModel::FlagPoint flag_point;  ///< Where the model's counters overflow.
  int steps;
};

class Args : public test::RandomArgs {
 public:
  using RandomArgs::RandomArgs;
  unsigned index() {
    switch (pick(8)) {
      case 0: return 3 + pick(2);
      case 1: return static_cast<unsigned>(raw());
      default: return pick(kNumCounters);
    }
  }
  uint32_t mask() {
    switch (pick(10)) {
      case 0: return 0;
      case 1: return 8 + pick(8);
      case 2: return static_cast<uint32_t>(raw());
      case 3: return 1u << pick(32);
      case 4: return kAllMask;
      default: return 1 + pick(kAllMask);
    }
  }
  uint32_t value() {
    switch (pick(7)) {
      case 0: return 0;
      case 1: return pick(1000);
      case 2: return 0xFFFFFFFFu - pick(3);
      case 3: return 0u - pick(100000);
      case 4: return 0x80000000u - pick(1000);
      default: return static_cast<uint32_t>(raw());
    }
  }
  unsigned event() {
    switch (pick(6)) {
      case 0: return static_cast<unsigned>(raw());
      case 1: return 18 + pick(20);
      default: return pick(18);
    }
  }
};

using test::status_of;

int counter_at(uint32_t offset) {
  switch (offset) {
    case CmPerfModel::kPcCycle: return 0;
    case CmPerfModel::kPcCnt0: return 1;
    case CmPerfModel::kPcCnt1: return 2;
    default: return -1;
  }
}

// Does moving forward by (r - last) from last reach 0xFFFFFFFF or 0? The
// totals take either as the flag's point (docs/cm.md "64-bit totals"), so
// an observation that shows this has seen the pass its counter's flag
// stands for.
bool passes(uint32_t last, uint32_t r) {
  const uint32_t d = r - last;
  const auto reaches = [&](uint32_t point) {
    const uint32_t dist = point - last;
    return dist != 0 && dist <= d;
  };
  return reaches(0xFFFFFFFFu) || reaches(0);
}

template <typename T>
class Fuzz {
  static constexpr unsigned kTrace = 16;
  enum Cb : uint8_t { kNone, kRecord, kDetach, kPreload, kReset, kClear };

  // The model on the bus, with an eye on every access and on every wrap.
  class Spy final : public models::MmioModel {
   public:
    explicit Spy(Fuzz* f) : f_(f) {}
    uint32_t read(uint32_t offset, unsigned size) override {
      const uint32_t v = m.read(offset, size);
      f_->on_read(offset, v);
      return v;
    }
    void write(uint32_t offset, unsigned size, uint32_t value) override {
      f_->before_write(offset, value);
      m.write(offset, size, value);
      f_->after_write(offset, value);
    }
    void advance(uint64_t cycles) override {
      uint32_t raw[kNumCounters];
      uint64_t counted[kNumCounters];
      for (unsigned i = 0; i < kNumCounters; ++i) raw[i] = m.count(i), counted[i] = m.counted(i);
      m.advance(cycles);
      for (unsigned i = 0; i < kNumCounters; ++i) wraps[i] += (raw[i] + (m.counted(i) - counted[i])) >> 32;
    }
    uint32_t irq_outputs() const override { return m.irq_outputs(); }

    CmPerfModel m;
    uint64_t wraps[kNumCounters] = {};  // every wrap of each counter so far

   private:
    Fuzz* f_;
  };

  // What the totals of a counter last saw, and what the test may let it do.
  struct Track {
    bool valid = true;        // the total is defined: the totals were attached at its last reset
    uint32_t base_raw = 0;    // the raw value last observed, or written by a preload
    uint64_t base_count = 0;  // the model's counted() then
    bool hide_ok = true;      // no pass seen since the flag was last folded: a wrap only the flag shows counts
    bool cleared_used = false;  // hide_ok again only because clear_overflow() cleared the flag of a pass seen
    bool debt = false;        // a wrap only the flag shows, not yet folded by the hook
    uint64_t read_count = 0;  // counted() at the last read of the counter register
    uint64_t lost = 0;        // events between a preload's read and its write, since the reset
  };

 public:
  explicit Fuzz(const FuzzRun& run) : run_(run), a_(run.seed), spy_(this), bus_(run.gap), perf_(Paths::make<T>()) {
    bus_.map(kGcr + kGdbOffset, CmPerfModel::kWindowSize, &spy_);
    spy_.m.set_flag_point(run.flag_point);
    for (unsigned id = 0; id < kEvents; ++id) {
      const uint16_t den = static_cast<uint16_t>(1 + a_.pick(4));
      const uint16_t num = static_cast<uint16_t>(a_.one_in(5) ? 0 : 1 + a_.pick(kMaxRate * den));
      num_[id] = num;
      den_[id] = den;
      EXPECT_TRUE(spy_.m.set_event_rate(id, num, den));
    }
  }

  void go() {
    test::ScopedBackend use(bus_);
    perf_.track_totals(&totals_);
    totals_on_ = true;
    perf_.attach_callbacks(&cbs_[0]);
    attached_ = 0;
    // Both event counters count something, and everything runs.
    setup();
    for (step_ = 0; step_ < run_.steps; ++step_) {
      bus_.clear_log();
      one_step();
      interrupt();
      keep_observed();
      if (step_ % 32 == 31) check_totals();
      if (::testing::Test::HasFailure()) return fail_trace();
    }
    check_totals();
    // The test's own preconditions: it did what it is about.
    for (unsigned i = 0; i < kNumCounters; ++i) {
      EXPECT_GE(spy_.wraps[i], 20u) << run_.name << ": counter " << i << " barely wrapped";
    }
    EXPECT_GE(hidden_, 10u) << run_.name << ": few wraps only a flag showed";
    EXPECT_GE(hidden_after_clear_, 1u) << run_.name << ": no wrap only a flag showed after a flag cleared by hand";
    EXPECT_GE(checks_, 200u) << run_.name << ": few totals checked";
    if (run_.gap > 0) {
      EXPECT_GE(rose_in_preload_, 5u) << run_.name << ": few flags rose during a preload";
    }
    if (::testing::Test::HasFailure()) fail_trace();
  }

 private:
  void setup() {
    note("setup");
    (void)call(Status::kOk, [&] { return perf_.program(kP0Counter, event::kRequestCount, 0); });
    (void)call(Status::kOk, [&] { return perf_.program(kP1Counter, event::kL2HitsMisses, 0); });
    (void)call(Status::kOk, [&] { return perf_.reset_and_start(kAllMask); });
  }

  // ---- the shadow of the totals, kept at each access --------------------------------
  void on_read(uint32_t offset, uint32_t v) {
    if (offset == CmPerfModel::kPcOv && ov_read_ < 0) ov_read_ = static_cast<int64_t>(v);
    const int c = counter_at(offset);
    if (c < 0) return;
    const unsigned i = static_cast<unsigned>(c);
    tr_[i].read_count = spy_.m.counted(i);
    if (observing_ && totals_on_) observe(i, v);
  }
  // An observation the totals make (read64(), preload(), the fold).
  void observe(unsigned i, uint32_t r) {
    Track& t = tr_[i];
    // The hook's fold, or clear_overflow()'s of a counter it clears (with
    // totals: before the clear and after it).
    const bool fold = (in_hook_ && in_callback_ == 0) || ((clearing_ >> i) & 1u) != 0;
    if (t.valid) {
      // The events since the totals last saw the counter, and whether the
      // values show a pass of the flag point (either).
      const uint64_t d = spy_.m.counted(i) - t.base_count;
      const bool shows = passes(t.base_raw, r);
      if (d >= kPeriod && (d >= 2 * kPeriod || shows)) {
        ADD_FAILURE() << where() << ": the test let counter " << i << " count " << d << " events unobserved";
      } else if (d >= kPeriod) {
        // A whole period only the flag shows: the driver counts it at the
        // fold if nothing counted a pass of the flag before (hide_ok) and the
        // flag is still set.
        if (t.debt) ADD_FAILURE() << where() << ": the test let counter " << i << " pass its flag twice unobserved";
        if (!t.hide_ok) ADD_FAILURE() << where() << ": the test hid a wrap of counter " << i << " behind a flag already counted";
        if (((spy_.m.ov() >> i) & 1u) == 0) ADD_FAILURE() << where() << ": the test hid a wrap of counter " << i << " whose flag is clear";
        t.debt = true;
      } else if (shows) {
        if (t.debt) ADD_FAILURE() << where() << ": the test let counter " << i << " pass its flag point again before the fold";
        t.hide_ok = false;
      }
      if (fold) {
        if (t.debt) ++hidden_;
        if (t.debt && t.cleared_used) ++hidden_after_clear_;
        t.debt = false;
        t.hide_ok = true;
        t.cleared_used = false;
      }
    }
    t.base_raw = r;
    t.base_count = spy_.m.counted(i);
  }
  void before_write(uint32_t offset, uint32_t v) {
    if (offset != CmPerfModel::kPcOv) return;
    if (in_hook_ && in_callback_ == 0) ov_written_ = static_cast<int64_t>(v);
    for (unsigned i = 0; i < kNumCounters; ++i) {
      if (tr_[i].valid && tr_[i].debt && ((v & spy_.m.ov()) >> i & 1u) != 0)
        ADD_FAILURE() << where() << ": the test cleared the flag of counter " << i << "'s hidden wrap before its fold";
    }
  }
  void after_write(uint32_t offset, uint32_t v) {
    const int c = counter_at(offset);
    if (c >= 0) {
      // A preload: with totals, the total carries on from the written value.
      if (totals_on_) {
        Track& t = tr_[c];
        // The events between its read and this write (a bus gap while the
        // counter counts) are in no value the totals see.
        t.lost += spy_.m.counted(static_cast<unsigned>(c)) - t.read_count;
        t.base_raw = v;
        t.base_count = spy_.m.counted(static_cast<unsigned>(c));
      }
      return;
    }
    if (offset != CmPerfModel::kPcCtl) return;
    for (unsigned i = 0; i < kNumCounters; ++i) {
      if (((v >> (5 + 2 * i)) & 1u) == 0) continue;
      // A Reset bit: the counter, its flag and (with totals) its total restart at 0.
      Track& t = tr_[i];
      t = Track{};
      t.valid = totals_on_;
    }
  }

  // ---- one call and its contract -------------------------------------------------
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
  std::string accesses(size_t from) const { return test::accesses_since(bus_.log, from); }
  static Status idx(unsigned i) { return test::bad_unless(i < kNumCounters); }
  static Status msk(uint32_t m) { return test::bad_unless(m != 0 && (m & ~kAllMask) == 0); }

  // read64(i), its value checked against the model's count at its read.
  void read64(unsigned i, const char* why) {
    note("read64(%u)%s", i, why);
    const Status want = idx(i) != Status::kOk ? Status::kBadArg : totals_on_ ? Status::kOk : Status::kUnavailable;
    const Result<uint64_t> r = call(want, [&] { return perf_.read64(i); });
    if (r.ok() && in_hook_ == 0 && tr_[i].valid && !tr_[i].debt) {
      ++checks_;
      const uint64_t truth = tr_[i].read_count - tr_[i].lost;
      EXPECT_EQ(r.value(), truth) << where() << ": counter " << i << "'s total is not its events (model " << truth
                                 << ", off by " << static_cast<int64_t>(r.value() - truth) << ")";
    }
  }
  void preload(unsigned i, uint32_t v, const char* why) {
    note("preload(%u, 0x%x)%s", i, v, why);
    const bool flagged = i < kNumCounters && ((spy_.m.ov() >> i) & 1u) != 0;
    (void)call(idx(i), [&] { return perf_.preload(i, v); });
    // A flag that rose during the preload stands for no period (docs/cm.md):
    // its pass is used until the hook folds it.
    if (i < kNumCounters && !flagged && ((spy_.m.ov() >> i) & 1u) != 0 && totals_on_) {
      tr_[i].hide_ok = false;
      ++rose_in_preload_;
    }
  }

  // clear_overflow(m): with totals, a fold of each counter of m before the
  // clear and after it; then what its flag reads stands for no pass to come
  // (docs/cm.md), so a wrap only the flag shows may follow even after a
  // pass the values showed.
  void clear_overflow(uint32_t m, const char* why) {
    note("clear_overflow(0x%x)%s", m, why);
    const Status want = msk(m);
    clearing_ = want == Status::kOk && totals_on_ ? m : 0;
    bool was_ok[kNumCounters];
    for (unsigned i = 0; i < kNumCounters; ++i) was_ok[i] = tr_[i].hide_ok;
    (void)call(want, [&] { return perf_.clear_overflow(m); });
    for (unsigned i = 0; i < kNumCounters; ++i) {
      if (((clearing_ >> i) & 1u) == 0 || !tr_[i].valid) continue;
      tr_[i].hide_ok = ((spy_.m.ov() >> i) & 1u) == 0;
      if (!was_ok[i] && tr_[i].hide_ok) tr_[i].cleared_used = true;
    }
    clearing_ = 0;
  }

  // ---- the trace -----------------------------------------------------------------
  __attribute__((format(printf, 2, 3))) void note(const char* fmt, ...) {
    char* out = trace_[notes_++ % kTrace];
    const int n = snprintf(out, sizeof trace_[0], "%d: ", step_);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out + n, sizeof trace_[0] - static_cast<size_t>(n), fmt, ap);
    va_end(ap);
  }
  std::string where() const { return std::string(run_.name) + " step " + std::string(trace_[(notes_ - 1) % kTrace]); }
  void fail_trace() const {
    std::string t;
    for (unsigned k = notes_ > kTrace ? notes_ - kTrace : 0; k < notes_; ++k) t += "    " + std::string(trace_[k % kTrace]) + "\n";
    ADD_FAILURE() << run_.name << " (seed " << run_.seed << ", gap " << run_.gap << ", flag "
                  << (run_.flag_point == CmPerfModel::FlagPoint::kWrap ? "on the wrap" : "at all ones") << ") failed at step " << step_
                  << "; the last calls:\n"
                  << t;
  }

  // ---- the totals property -------------------------------------------------------
  bool counting(unsigned i) const { return ((spy_.m.ctl() >> (4 + 2 * i)) & 1u) != 0; }
  // Counter i's events per cycle as num/den (the cycle counter: 1).
  void rate(unsigned i, uint64_t* num, uint64_t* den) {
    if (i == kCycleCounter) {
      *num = *den = 1;
      return;
    }
    const unsigned ev = (spy_.m.read(CmPerfModel::kPcEvent, 4) >> (8 * (i - 1))) & 0xFFu;
    *num = ev < kEvents ? num_[ev] : 0;
    *den = ev < kEvents ? den_[ev] : 1;
  }
  // Every tracked counter is observed within half a period of events (a
  // step counts less than a quarter): its values then show every wrap.
  void keep_observed() {
    if (!totals_on_) return;
    for (unsigned i = 0; i < kNumCounters; ++i) {
      const Track& t = tr_[i];
      if (t.valid && !t.debt && spy_.m.counted(i) - t.base_count >= kPeriod / 2) read64(i, " (kept observed)");
    }
  }
  void check_totals() {
    if (!totals_on_) return;
    bus_.set_idle_cycles(0);
    for (unsigned i = 0; i < kNumCounters; ++i)
      if (tr_[i].valid && !tr_[i].debt) read64(i, " (check)");
    bus_.set_idle_cycles(run_.gap);
  }

  // A tracked counter whose flag is clear and whose pass no observation
  // counted wraps once, a whole period past its last observation: only the
  // flag shows the wrap. Then a call or none, and the hook, as the
  // interrupt would come, before the next wrap.
  void hide_a_wrap() {
    if (!totals_on_) return;
    const unsigned i = a_.pick(kNumCounters);
    Track& t = tr_[i];
    uint64_t num = 0, den = 1;
    rate(i, &num, &den);
    if (!t.valid || t.debt || !counting(i) || num == 0) return;
    // A pass the values showed, or a flag set: its flag is cleared by hand
    // first, which folds it (docs/cm.md), so that a period may hide again.
    if (!t.hide_ok || ((spy_.m.ov() >> i) & 1u) != 0)
      clear_overflow(a_.coin() ? counter_mask(i) : kAllMask, " (before a hidden wrap)");
    // Observe every tracked counter now.
    for (unsigned j = 0; j < kNumCounters; ++j)
      if (tr_[j].valid) read64(j, " (before a hidden wrap)");
    if (!tr_[i].hide_ok || ((spy_.m.ov() >> i) & 1u) != 0) return;
    // Land between the last observed value and the top, a margin from both.
    const uint64_t room = 0xFFFFFFFFu - t.base_raw;
    if (room < (uint64_t{1} << 29)) return;
    const uint64_t x = 1024 + a_.raw() % (room - (uint64_t{1} << 28) - 1024);
    const uint64_t events = kPeriod + x - (spy_.m.counted(i) - t.base_count);
    const uint64_t cycles = (events * den + num - 1) / num;
    // Stop the counters that would then wrap twice.
    uint32_t stop = 0;
    for (unsigned j = 0; j < kNumCounters; ++j) {
      if (j == i || !counting(j)) continue;
      uint64_t nj = 0, dj = 1;
      rate(j, &nj, &dj);
      const uint64_t ej = cycles * nj / dj + (spy_.m.counted(j) - tr_[j].base_count);
      if (ej + (uint64_t{1} << 24) >= kPeriod) stop |= counter_mask(j);
    }
    if (stop != 0) {
      note("stop(0x%x) (others, before a hidden wrap)", stop);
      (void)call(Status::kOk, [&] { return perf_.stop(stop); });
    }
    note("(model) advance(%llu): counter %u wraps once, a period past its last observation",
         static_cast<unsigned long long>(cycles), i);
    bus_.advance(cycles);
    switch (a_.pick(8)) {
      case 0: read64(i, " (after a hidden wrap)"); break;
      case 1: {
        note("read(%u) (after a hidden wrap)", i);
        observing_ = false;
        (void)call(Status::kOk, [&] { return perf_.read(i); });
        observing_ = true;
        break;
      }
      case 2: preload(i, a_.pick(0x80000000u), " (after a hidden wrap)"); break;
      case 3: {
        note("stop(0x%x) (after a hidden wrap)", counter_mask(i));
        (void)call(Status::kOk, [&] { return perf_.stop(counter_mask(i)); });
        break;
      }
      case 4: {
        // (with totals, the call folds the hidden wrap before clearing its flag)
        const bool all = a_.coin();
        clear_overflow(all ? kAllMask : kAllMask & ~counter_mask(i),
                       all ? " (all, after a hidden wrap)" : " (the others, after a hidden wrap)");
        break;
      }
      case 5: {
        if (i == kCycleCounter) break;
        const unsigned ev = a_.pick(kEvents);
        note("program(%u, %u, 0) (after a hidden wrap)", i, ev);
        (void)call(event_known(ev) ? Status::kOk : Status::kBadArg, [&] { return perf_.program(i, ev, 0); });
        break;
      }
      default: break;
    }
    serve(a_.pick(3), " (after a hidden wrap)");
  }

  // ---- the hook --------------------------------------------------------------------
  static Fuzz* self(void* ctx) { return static_cast<Fuzz*>(ctx); }
  static void record(void* ctx, unsigned source) { self(ctx)->seen_.push_back(source); }
  static void detach(void* ctx, unsigned source) {
    Fuzz* f = self(ctx);
    f->seen_.push_back(source);
    f->note("attach_callbacks(nullptr) (in the callback of %u)", source);
    f->perf_.attach_callbacks(nullptr);
    f->attached_ = -1;
  }
  // Sampling: re-arm the counter (now and then another) a period below the
  // wrap, and read its total.
  static void rearm(void* ctx, unsigned source) {
    Fuzz* f = self(ctx);
    f->seen_.push_back(source);
    ++f->in_callback_;
    const unsigned i = f->a_.one_in(4) ? f->a_.pick(kNumCounters) : source;
    f->preload(i, 0u - (256 + f->a_.pick(0x7FFFFF00u)), " (in a callback)");
    f->read64(i, " (in a callback)");
    --f->in_callback_;
  }
  // Reset the counter (now and then others with it, or others only).
  static void restart(void* ctx, unsigned source) {
    Fuzz* f = self(ctx);
    f->seen_.push_back(source);
    ++f->in_callback_;
    const uint32_t m = f->a_.one_in(4) ? 1 + f->a_.pick(kAllMask) : counter_mask(source);
    f->note("reset(0x%x) (in the callback of %u)", m, source);
    (void)f->call(Status::kOk, [&] { return f->perf_.reset(m); });
    --f->in_callback_;
  }
  // Clear the counter's flag (now and then others with it, or others only).
  static void clear_flag(void* ctx, unsigned source) {
    Fuzz* f = self(ctx);
    f->seen_.push_back(source);
    ++f->in_callback_;
    const uint32_t m = f->a_.one_in(4) ? 1 + f->a_.pick(kAllMask) : counter_mask(source);
    f->clear_overflow(m, " (in a callback)");
    --f->in_callback_;
  }
  static IrqCallback callback(Fuzz* f, uint8_t kind) {
    switch (kind) {
      case kRecord: return IrqCallback{record, f};
      case kDetach: return IrqCallback{detach, f};
      case kPreload: return IrqCallback{rearm, f};
      case kReset: return IrqCallback{restart, f};
      case kClear: return IrqCallback{clear_flag, f};
      default: return IrqCallback{};
    }
  }
  // One hook form: 0 handle_overflow_irq(), 1 its C answer form, 2 the ISR adapter.
  void serve(unsigned form, const char* why) {
    static const char* const kForm[] = {"handle_overflow_irq()", "handle_overflow_irq_as<pmu_u32_result_t>()", "overflow_isr()"};
    note("%s%s", kForm[form], why);
    seen_.clear();
    const int attached = attached_;
    ov_read_ = ov_written_ = -1;
    const size_t before = bus_.log.size();
    ++in_hook_;
    int64_t served = -1;
    if (form == 0) {
      const Result<uint32_t> r = perf_.handle_overflow_irq();
      EXPECT_TRUE(r.ok()) << where();
      served = r.value_or(0);
    } else if (form == 1) {
      const Result<uint32_t> r = pmu::test::from_c_answer(perf_.template handle_overflow_irq_as<pmu_u32_result_t>());
      EXPECT_TRUE(r.ok()) << where();
      served = r.value_or(0);
    } else {
      T::overflow_isr(&perf_);
    }
    --in_hook_;
    // Exactly the flags it read, acknowledged exactly (none when spurious).
    ASSERT_GE(ov_read_, 0) << where() << ": the hook did not read PC_OV";
    EXPECT_EQ(bus_.log[before].addr, kGcr + kGdbOffset + CmPerfModel::kPcOv) << where() << ": the hook's first access";
    const uint32_t snap = static_cast<uint32_t>(ov_read_) & kAllMask;
    if (served >= 0) {
      EXPECT_EQ(served, snap) << where() << ": served not the flags read";
    }
    if (snap == 0) {
      EXPECT_EQ(ov_written_, -1) << where() << ": a spurious entry wrote PC_OV";
    } else {
      EXPECT_EQ(ov_written_, snap) << where() << ": acknowledged not exactly the snapshot";
    }
    // The registered callbacks of exactly those, cycle first, none after a detach.
    std::vector<unsigned> want;
    if (attached >= 0)
      for (unsigned i = 0; i < kNumCounters; ++i) {
        if (((snap >> i) & 1u) == 0 || registered_[attached][i] == kNone) continue;
        want.push_back(i);
        if (registered_[attached][i] == kDetach) break;
      }
    EXPECT_EQ(seen_, want) << where() << " (served 0x" << std::hex << snap << ")";
    seen_.clear();
  }
  // The overflow interrupt: pending while Perf_Int_En and a flag are set; it
  // comes at once or a step later.
  void interrupt() {
    if (spy_.m.irq_outputs() == 0 || a_.coin()) return;
    serve(a_.pick(3), " (the interrupt)");
  }

  // ---- the calls --------------------------------------------------------------------
  void one_step() {
    switch (a_.pick(30)) {
      case 0: {
        const unsigned i = a_.index();
        note("read(%u)", i);
        observing_ = false;
        const Result<uint32_t> r = call(idx(i), [&] { return perf_.read(i); });
        observing_ = true;
        if (r.ok()) {
          EXPECT_EQ(r.value(), static_cast<uint32_t>(bus_.log.back().value)) << where();
        }
        break;
      }
      case 1:
      case 2: read64(a_.index(), ""); break;
      case 3: preload(a_.index(), a_.value(), ""); break;
      case 4: {
        const uint32_t m = a_.mask();
        note("start(0x%x)", m);
        (void)call(msk(m), [&] { return perf_.start(m); });
        break;
      }
      case 5: {
        const uint32_t m = a_.mask();
        note("stop(0x%x)", m);
        (void)call(msk(m), [&] { return perf_.stop(m); });
        break;
      }
      case 6: {
        const unsigned i = a_.index(), ev = a_.event();
        const uint32_t q = static_cast<uint32_t>(a_.raw());
        note("program(%u, %u, 0x%x)", i, ev, q);
        (void)call(is_event_counter(i) && event_known(ev) ? Status::kOk : Status::kBadArg,
                   [&] { return perf_.program(i, ev, q); });
        break;
      }
      case 7: {
        const uint32_t m = a_.mask();
        note("reset(0x%x)", m);
        (void)call(msk(m), [&] { return perf_.reset(m); });
        break;
      }
      case 8: {
        const uint32_t m = a_.mask();
        note("reset_and_start(0x%x)", m);
        (void)call(msk(m), [&] { return perf_.reset_and_start(m); });
        break;
      }
      case 9: {
        const uint32_t s = a_.coin() ? 0 : a_.mask(), p = a_.coin() ? 0 : a_.mask(), r = a_.coin() ? 0 : a_.mask();
        note("control(0x%x, 0x%x, 0x%x)", s, p, r);
        const bool ok = msk(s | p | r) == Status::kOk && (s & p) == 0;
        (void)call(ok ? Status::kOk : Status::kBadArg, [&] { return perf_.control(s, p, r); });
        break;
      }
      case 10: {
        note("read_overflow()");
        const Result<uint32_t> r = call(Status::kOk, [&] { return perf_.read_overflow(); });
        EXPECT_EQ(r.value_or(0), bus_.log.back().value & kAllMask) << where();
        break;
      }
      case 11: clear_overflow(a_.mask(), ""); break;
      case 12: {
        const unsigned i = a_.index();
        const uint8_t kind = static_cast<uint8_t>(a_.pick(6));
        static const char* const kKind[] = {"none", "record", "detach", "re-arm", "reset", "clear"};
        note("on_overflow(%u, %s)", i, kKind[kind]);
        const Status want = idx(i) != Status::kOk ? Status::kBadArg : attached_ >= 0 ? Status::kOk : Status::kUnavailable;
        const Status s = call(want, [&] { return perf_.on_overflow(i, callback(this, kind)); });
        if (s == Status::kOk) registered_[attached_][i] = kind;
        break;
      }
      case 13:
      case 14: serve(a_.pick(3), " (at random)"); break;
      case 15: {
        const bool on = a_.coin();
        note("set_interrupt_enable(%d)", on);
        (void)call(Status::kOk, [&] { return perf_.set_interrupt_enable(on); });
        break;
      }
      case 16: {
        const bool on = a_.one_in(3);
        note("set_overflow_stop(%d)", on);
        (void)call(Status::kOk, [&] { return perf_.set_overflow_stop(on); });
        break;
      }
      case 17: attach(); break;
      case 18: queries(); break;
      case 19: {
        note("probe()");
        (void)call(Status::kOk, [&] { return perf_.probe(); });
        break;
      }
      case 20:
      case 21: hide_a_wrap(); break;
      case 22: {
        // A counter just below its wrap, counting; now and then preloaded
        // again at once, so that it often wraps between that preload's read
        // and its write (the bus cycles of the calls).
        const unsigned i = a_.pick(kNumCounters);
        const bool again = a_.coin();
        const uint32_t below = again ? 1 + a_.pick(6 * run_.gap * kMaxRate + 1) : 1 + a_.pick(5000);
        preload(i, 0u - below, " (near the top)");
        note("start(0x%x) (near the top)", counter_mask(i));
        (void)call(Status::kOk, [&] { return perf_.start(counter_mask(i)); });
        if (again) preload(i, a_.value(), " (at the wrap)");
        break;
      }
      default: {
        uint64_t n = 0;
        switch (a_.pick(4)) {
          case 0: n = a_.pick(64); break;
          case 1: n = a_.pick(5000); break;
          case 2: n = a_.pick(1u << 22); break;
          default: n = a_.raw() % (kPeriod / (4 * kMaxRate)); break;  // < a quarter period at the fastest rate
        }
        note("(model) advance(%llu)", static_cast<unsigned long long>(n));
        bus_.advance(n);
        break;
      }
    }
  }

  void attach() {
    const size_t before = bus_.log.size();
    if (run_.toggle_callbacks && (!run_.toggle_totals || a_.coin())) {
      const int which = static_cast<int>(a_.pick(3)) - 1;
      note("attach_callbacks(%d)", which);
      perf_.attach_callbacks(which < 0 ? nullptr : &cbs_[which]);
      attached_ = which;
    } else if (run_.toggle_totals) {
      const bool on = a_.coin();
      note("track_totals(%s)", on ? "totals" : "nullptr");
      perf_.track_totals(on ? &totals_ : nullptr);
      // Re-attached totals stand for nothing until a counter's reset.
      if (on != totals_on_)
        for (auto& t : tr_) t.valid = false;
      totals_on_ = on;
    } else {
      return;
    }
    EXPECT_EQ(bus_.log.size(), before) << where() << ": attaching touched a register";
  }

  void queries() {
    const unsigned i = a_.index(), ev = a_.event();
    note("queries(%u, %u)", i, ev);
    const size_t before = bus_.log.size();
    EXPECT_EQ(perf_.gdb_base(), kGcr + kGdbOffset) << where();
    EXPECT_EQ(perf_.usable(), Status::kOk) << where();
    EXPECT_EQ(counter_mask(i), i < kNumCounters ? 1u << i : 0u) << where();
    EXPECT_EQ(is_event_counter(i), i == kP0Counter || i == kP1Counter) << where();
    const bool known = ev <= 6 || ev == 8 || ev == 9 || ev == 16 || ev == 17;
    EXPECT_EQ(event_known(ev), known) << where();
    EXPECT_EQ(event_name(ev) != nullptr, known) << where();
    EXPECT_EQ(bus_.log.size(), before) << where() << ": a query touched:\n" << accesses(before);
  }

  const FuzzRun& run_;
  Args a_;
  Spy spy_;
  test::ModelBus bus_;
  T perf_;
  Callbacks cbs_[2] = {};
  Totals totals_;
  uint8_t registered_[2][kNumCounters] = {};
  int attached_ = -1;
  bool totals_on_ = false;
  uint16_t num_[kEvents] = {}, den_[kEvents] = {};
  Track tr_[kNumCounters];
  bool observing_ = true;  // counter reads are the totals' observations (not read())
  int in_hook_ = 0, in_callback_ = 0;
  uint32_t clearing_ = 0;  // the counters a clear_overflow() with totals folds, while it runs
  int64_t ov_read_ = -1, ov_written_ = -1;
  std::vector<unsigned> seen_;
  uint64_t hidden_ = 0, checks_ = 0, rose_in_preload_ = 0, hidden_after_clear_ = 0;
  int step_ = -1;
  unsigned notes_ = 1;
  char trace_[kTrace][160] = {};
};

template <typename T>
class CmTotalsFuzz : public ::testing::Test {
 protected:
  static void run(const FuzzRun& r) { Fuzz<T>(r).go(); }
};
TYPED_TEST_SUITE(CmTotalsFuzz, Paths::Types, cm_test::PathNames);

constexpr auto kWrap = CmPerfModel::FlagPoint::kWrap;
constexpr auto kAllOnes = CmPerfModel::FlagPoint::kAllOnes;

// name, seed, gap, toggle totals, toggle callbacks, flag point, steps
TYPED_TEST(CmTotalsFuzz, NoGapKeptStorage) { TestFixture::run({"NoGapKeptStorage", 0xC3A0, 0, false, false, kWrap, 12000}); }
TYPED_TEST(CmTotalsFuzz, Gap1KeptTotalsToggledCallbacks) {
  TestFixture::run({"Gap1KeptTotalsToggledCallbacks", 0xC3A1, 1, false, true, kWrap, 12000});
}
TYPED_TEST(CmTotalsFuzz, Gap4KeptStorage) { TestFixture::run({"Gap4KeptStorage", 0xC3A4, 4, false, false, kWrap, 12000}); }
TYPED_TEST(CmTotalsFuzz, Gap1BothToggled) { TestFixture::run({"Gap1BothToggled", 0xC3B1, 1, true, true, kWrap, 12000}); }
TYPED_TEST(CmTotalsFuzz, Gap4BothToggled) { TestFixture::run({"Gap4BothToggled", 0xC3B4, 4, true, true, kWrap, 12000}); }
// The other reading of the overflow point: the flag sets on reaching all ones.
TYPED_TEST(CmTotalsFuzz, AllOnesNoGapKeptStorage) {
  TestFixture::run({"AllOnesNoGapKeptStorage", 0xA1A0, 0, false, false, kAllOnes, 12000});
}
TYPED_TEST(CmTotalsFuzz, AllOnesGap1KeptTotalsToggledCallbacks) {
  TestFixture::run({"AllOnesGap1KeptTotalsToggledCallbacks", 0xA1A1, 1, false, true, kAllOnes, 12000});
}
TYPED_TEST(CmTotalsFuzz, AllOnesGap4BothToggled) {
  TestFixture::run({"AllOnesGap4BothToggled", 0xA1B4, 4, true, true, kAllOnes, 12000});
}

}  // namespace
