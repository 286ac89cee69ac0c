// SPDX-License-Identifier: Apache-2.0
// Random call sequences with random arguments (fixed seeds, under ASan and
// UBSan) against the RISC-V counter files on the CSR model (and the SBI
// model in front of it): the RISC-V counterpart of tests/api/host/
// api_fuzz_test.cpp, shared by the RV64 build (riscv_api_fuzz_test.cpp) and
// the RV32 one (rv32/riscv_api_fuzz_rv32_test.cpp). Every public call of
// Counters, SbiCounters, ame::AmeCounters and ibex::IbexCounters (and the
// AME, Ibex and SBI free functions) is made with arguments around the edges,
// with totals and callbacks attached, toggled or absent. The build-time
// files (FixedCounters, ame::FixedAmeCounters, an SBI file with a
// FixedConfig) go through the same sequences (run_file()): their
// configuration is their type's, their storage static (the run's storage is
// then what the type holds: a StaticStorage table kept throughout, or
// NoStorage, none). What is checked:
//  - a call whose arguments the documented checks refuse answers that
//    status (kBadArg; kUnavailable for an unusable file or a missing
//    feature) and made no access at all (the bus log did not grow);
//  - no other call answers kBadArg: it promises nothing was touched, so it
//    is neither a refusal of a valid argument nor an SBI refusal relayed
//    after the SBI call;
//  - a valid call of an M-mode file on a model that has what it configures
//    succeeds;
//  - the hook serves only the file's counters (the SBI file: only armed
//    ones) and calls exactly the registered callbacks of the counters it
//    serves, lowest first, none after one that detaches the table; some
//    callbacks change a counter of the file, a served one too (write(),
//    clear_overflow(), program()), as handle_overflow_irq() allows;
//  - the pure queries (has, width, armed, config) make no access;
//  - with totals kept (Storage::kFixed) one hpm counter is watched: its 64-bit
//    total equals the model's own count of its events (wraps and value) at
//    every check, whatever the sequence does to it (a call that restarts or
//    rebases the total moves the baseline as documented). It is observed no
//    more than CounterFile::read64() says it must be: without Sscofpmf, a
//    read per wrap period; with it, the hook once OF is set (as an overflow
//    interrupt would), reads while OF stays set and after a wrap inside a
//    call; and now and then it wraps once unobserved, often past the value
//    last observed, so that only OF tells the wrap. The test checks its own
//    preconditions (no two wraps between observations, enough wraps);
//  - ModelBus fails the test on any access the model refuses (a CSR the
//    hart does not have, a machine-only CSR from S-mode).
// A failure prints the run, the step and the last calls; the run's seed
// replays the whole sequence.
#pragma once

#include <gtest/gtest.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include <ostream>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu/riscv/ibex.hpp"
#include "pmu/riscv/sbi_counters.hpp"
#include "pmu/riscv/sspesa.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "pmu_sim/riscv_sbi_model.hpp"
#include "host/backend.hpp"
#include "host/random_args.hpp"
#include "host/call_contract.hpp"
#include "host/status_of.hpp"

namespace pmu::test::riscv_fuzz {

using namespace pmu::riscv;

/// Which counter file a run drives.
enum class Kind : uint8_t { kMachine, kSbi, kAme, kIbex };
/// How a run keeps totals or callbacks: never, attached and detached at
/// random, or attached throughout (totals: the watched counter's property).
enum class Storage : uint8_t { kNone, kToggled, kFixed };

/// One run: a file on a model, a seed, and what is attached.
struct Run {
  const char* name;         ///< The test's name.
  Kind kind;                ///< The file.
  uint64_t seed;            ///< Arguments and configuration.
  bool sscofpmf;            ///< The model's and the file's Sscofpmf.
  OverflowSource source;    ///< The file's overflow source.
  Storage totals;           ///< kFixed: the totals property is checked.
  Storage callbacks;        ///< Callback tables attached.
  unsigned num_hpm;         ///< The model's hpm counters (Ibex: MHPMCounterNum).
  unsigned width;           ///< The model's hpm width (AME: 64).
  unsigned gap;             ///< Bus cycles after each access.
  bool present;             ///< false: an absent file (undeclared AME).
  int ibex_num;             ///< Ibex: the file's MHPMCounterNum (-1: the core's).
  bool raw_events;          ///< SBI: the model takes raw events (type 2).
  int steps;                ///< Random calls.
};
inline void PrintTo(const Run& r, std::ostream* os) { *os << r.name; }

// Arguments around the edges: the file's counters, the slots' end and just
// past it, anything.
class Args : public test::RandomArgs {
 public:
  using RandomArgs::RandomArgs;
  // A set bit of m, at random (m must not be 0).
  unsigned bit_of(uint32_t m) {
    unsigned n = static_cast<unsigned>(__builtin_popcount(m));
    for (unsigned k = pick(n); k != 0; --k) m &= m - 1;
    return static_cast<unsigned>(__builtin_ctz(m));
  }
  unsigned index(uint32_t counters) {
    switch (pick(8)) {
      case 0: return pick(kNumCounterSlots);
      case 1: return kNumCounterSlots - 1 + pick(3);  // 31, 32, 33
      case 2: return pick(4);                          // cycle, time, instret, the first hpm
      case 3: return static_cast<unsigned>(raw());
      default: return counters != 0 ? bit_of(counters) : pick(kNumCounterSlots);
    }
  }
  uint32_t mask(uint32_t counters) {
    switch (pick(8)) {
      case 0: return counters;
      case 1: return counters & static_cast<uint32_t>(raw());  // a subset (maybe empty)
      case 2: return 1u << pick(32);
      case 3: return 0;
      case 4: return static_cast<uint32_t>(raw());
      case 5: return counters | (1u << pick(32));  // one more (maybe time)
      default: return counters != 0 ? 1u << bit_of(counters) : 1u << pick(32);
    }
  }
  uint64_t value(unsigned width) {
    const uint64_t top = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
    switch (pick(6)) {
      case 0: return 0;
      case 1: return pick(1000);
      case 2: return top - pick(100);
      case 3: return ~uint64_t{0} - pick(3);
      case 4: return uint64_t{1} << pick(64);
      default: return raw();
    }
  }
  // An mhpmevent word: a selector the model counts, with the bits the
  // checks are about (xINH, OF, 63:56, RV32's 63:32, SBI's 55:48), or anything.
  HpmEvent event() {
    uint64_t v = pick(models::RiscvCsrModel::kMaxEvents);
    switch (pick(9)) {
      case 0: v |= uint64_t{pick(32)} << 58; break;
      case 1: v |= uint64_t{1} << 63; break;
      case 2: v |= uint64_t{1} << (56 + pick(8)); break;
      case 3: v |= uint64_t{1} << (32 + pick(24)); break;
      case 4: v |= uint64_t{1} << (48 + pick(8)); break;
      case 5: v |= uint64_t{1} << 55; break;
      case 6: v = raw(); break;
      default: break;
    }
    return HpmEvent{v};
  }
  unsigned bits(unsigned width) {
    switch (pick(6)) {
      case 0: return 0;
      case 1: return 64;
      case 2: return 65;
      case 3: return pick(70);
      case 4: return static_cast<unsigned>(raw());
      default: return width;
    }
  }
};

using test::status_of;

template <Kind K>
struct FileOf;
template <>
struct FileOf<Kind::kMachine> {
  using type = Counters;
};
template <>
struct FileOf<Kind::kSbi> {
  using type = SbiCounters;
};
template <>
struct FileOf<Kind::kAme> {
  using type = ame::AmeCounters;
};
template <>
struct FileOf<Kind::kIbex> {
  using type = ibex::IbexCounters;
};

// What a file's type fixes: its configuration, and its storage (attached
// at run time, StaticStorage, or NoStorage).
template <typename File>
struct FileTraits;
template <typename Map, typename Config, typename Callbacks, typename Totals>
struct FileTraits<CounterFile<Map, Config, Callbacks, Totals>> {
  static constexpr bool kFixedConfig = Config::kFixed;
  using CallbackStorage = Callbacks;
  using TotalsStorage = Totals;
};

// Storage fixed at build time to an object (StaticStorage).
template <typename S>
constexpr bool is_static() {
  if constexpr (S::kAttachable)
    return false;
  else
    return S::held();
}

// A run of a build-time file: what its type fixes replaces what the run
// says (the model follows the file's Sscofpmf).
template <typename File>
Run fixed_run(Run r) {
  using T = FileTraits<File>;
  if constexpr (T::kFixedConfig) {
    const CounterConfig& c = File().config();
    r.sscofpmf = c.sscofpmf;
    r.source = c.overflow_source;
    r.present = c.present;
    if constexpr (!T::CallbackStorage::kAttachable)
      r.callbacks = T::CallbackStorage::held() ? Storage::kFixed : Storage::kNone;
    if constexpr (!T::TotalsStorage::kAttachable)
      r.totals = T::TotalsStorage::held() ? Storage::kFixed : Storage::kNone;
  }
  return r;
}

template <Kind K, typename FileT = typename FileOf<K>::type>
class Fuzz {
  using File = FileT;
  using Traits = FileTraits<File>;
  static constexpr bool kFixedConfig = Traits::kFixedConfig;
  static constexpr bool kAttachableCallbacks = Traits::CallbackStorage::kAttachable;
  static constexpr bool kAttachableTotals = Traits::TotalsStorage::kAttachable;
  static constexpr bool kRv32 = hal::kXlen == 32;
  static constexpr uint32_t kMaxRate = 3;  // the model's largest per-cycle event rate (set below)
  static constexpr unsigned kTrace = 16;
  enum Registered : uint8_t { kNoCallback, kRecord, kDetach, kChange };

 public:
  explicit Fuzz(const Run& run)
      : run_(fixed_run<File>(run)),
        a_(run.seed),
        csrs_(model_config(fixed_run<File>(run))),
        sbi_(&csrs_, models::Priv::kS, run.raw_events),
        bus_(run.gap),
        icfg_(ibex_config(run)),
        cfg_(file_config()),
        file_(make_file()),
        totals_(totals_storage()) {
    // A static table and totals start empty in every run.
    if constexpr (is_static<typename Traits::CallbackStorage>()) *Traits::CallbackStorage::get() = {};
    totals_ = CounterTotals{};
    for (unsigned id = 0; id < models::RiscvCsrModel::kMaxEvents; ++id)
      csrs_.set_event_rate(id, id >= 1 && id <= 12 ? 1 + a_.pick(kMaxRate) : a_.pick(kMaxRate + 1));
    for (unsigned id = 1; id < models::RiscvCsrModel::kAmeEvents; ++id) csrs_.set_ame_event_rate(id, a_.pick(256));
    if constexpr (K == Kind::kSbi) {
      // What OpenSBI does before it enters S-mode: open the shadows, delegate LCOFI.
      EXPECT_TRUE(csrs_.csr_write(0x306, 0xFFFFFFFF));
      EXPECT_TRUE(csrs_.csr_write(0x303, uint64_t{1} << 13));
      EXPECT_TRUE(csrs_.csr_write(0x320, 0xFFFFFFFF));
      csrs_.set_privilege(models::Priv::kS);
      bus_.map_sbi(&sbi_);
    }
    bus_.map_csr(&csrs_);
    usable_ = cfg_.present && !(kRv32 && K == Kind::kAme);
    acc_ = usable_ ? cfg_.counters & kMachineCounterSlots : 0;
    width_ = K == Kind::kAme || run.width == 0 || run.width > 64 ? 64 : run.width;
    top_ = width_ >= 64 ? ~uint64_t{0} : (uint64_t{1} << width_) - 1;
  }

  void go() {
    ScopedBackend use(bus_);
    if (run_.totals == Storage::kFixed) {
      if constexpr (kAttachableTotals) file_.track_totals(&totals_);
      totals_on_ = true;
    }
    if (run_.callbacks == Storage::kFixed) {
      if constexpr (kAttachableCallbacks) file_.attach_callbacks(&cbs_[0]);
      attached_ = 0;
    }
    if (run_.totals == Storage::kFixed && usable_) {  // (an unusable file has no counter to watch)
      watch();
      if (::testing::Test::HasFailure()) return fail_trace();
    }
    for (step_ = 0; step_ < run_.steps; ++step_) {
      step_wraps_ = watch_ ? model_wraps(w_) : 0;
      advanced_ = false;
      one_step();
      if (watch_) keep_observed();
      if (watch_ && step_ % 64 == 63) check_total();
      if (::testing::Test::HasFailure()) return fail_trace();
    }
    if (watch_) {
      check_total();
      // The test's own preconditions: the watched counter was observed at
      // least once per wrap period, and it wrapped often enough to mean something.
      EXPECT_LT(max_gap_ * kMaxRate, top_) << run_.name << ": the test let a whole period pass unobserved";
      if (cfg_.sscofpmf && width_ < 64) {
        EXPECT_GE(interrupts_, 10u) << run_.name << ": the watched counter's overflow was barely served";
      }
      if (K != Kind::kAme) {  // (the model counts no AME wraps)
        EXPECT_GE(model_wraps(w_) - wraps_at_start_, 20u) << run_.name << ": the watched counter barely wrapped";
      }
    }
    if (::testing::Test::HasFailure()) fail_trace();
  }

 private:
  // ---- setup ------------------------------------------------------------------------
  static models::RiscvCsrConfig model_config(const Run& r) {
    models::RiscvCsrConfig mc;
    mc.xlen = hal::kXlen;
    mc.num_hpm = r.num_hpm;
    mc.width = r.width;
    mc.sscofpmf = r.sscofpmf;
    mc.ibex = K == Kind::kIbex;
    mc.ame = K == Kind::kAme;
    mc.standard = K != Kind::kAme;
    return mc;
  }
  static ibex::Config ibex_config(const Run& r) {
    return ibex::Config{r.ibex_num < 0 ? r.num_hpm : static_cast<unsigned>(r.ibex_num), r.width};
  }
  // The file's configuration: a random subset of what the model has (all of
  // it half the time), and now and then time, which init() must refuse.
  CounterConfig file_config() {
    if constexpr (kFixedConfig) {
      // The type's configuration, which the model must have.
      const CounterConfig c = File().config();
      const uint32_t have = K == Kind::kAme ? kMachineCounterSlots : 0x5u | (util::low_mask32(run_.num_hpm) << kFirstHpm);
      EXPECT_EQ(c.counters & kMachineCounterSlots & ~have, 0u) << run_.name << ": the model lacks a counter of the file";
      return c;
    } else if constexpr (K == Kind::kIbex) {
      return icfg_;
    } else {
      const uint32_t have = K == Kind::kAme ? kMachineCounterSlots : 0x5u | (util::low_mask32(run_.num_hpm) << kFirstHpm);
      uint32_t counters = have;
      if (a_.coin() && (have & kHpmSlots) != 0)  // (keeping one hpm counter)
        counters &= static_cast<uint32_t>(a_.raw()) | (1u << a_.bit_of(have & kHpmSlots));
      if (run_.totals != Storage::kFixed && a_.one_in(8)) counters |= 1u << kCounterTime;
      return CounterConfig{counters, run_.sscofpmf, run_.present, run_.source};
    }
  }
  File make_file() const {
    if constexpr (kFixedConfig)
      return File();
    else
      return File(cfg_);
  }
  // The totals: a build-time file's static ones, else the run's own.
  CounterTotals& totals_storage() {
    if constexpr (is_static<typename Traits::TotalsStorage>())
      return *Traits::TotalsStorage::get();
    else
      return own_totals_;
  }

  // The totals property: one hpm counter, its width declared the way the
  // file documents (set_width, sbi::discover, ibex::init), its total then
  // followed.
  void watch() {
    const uint32_t hpm = acc_ & kHpmSlots;
    ASSERT_NE(hpm, 0u) << run_.name << ": a totals run needs an hpm counter";
    w_ = a_.bit_of(hpm);
    note("watch(%u), width %u", w_, width_);
    bus_.set_idle_cycles(0);
    if constexpr (K == Kind::kMachine) {
      if (width_ < 64) {
        ASSERT_EQ(file_.set_width(w_, width_), Status::kOk);
      }
    } else if constexpr (K == Kind::kSbi && kFixedConfig) {
      // (sbi::discover() takes a run-time file: the width as counter_get_info gives it)
      if (width_ < 64) {
        ASSERT_EQ(file_.set_width(w_, width_), Status::kOk);
      }
    } else if constexpr (K == Kind::kSbi) {
      ASSERT_TRUE(sbi::discover(file_).ok());
    } else if constexpr (K == Kind::kIbex) {
      ASSERT_EQ(ibex::init(file_, icfg_), Status::kOk);
    }
    bus_.set_idle_cycles(run_.gap);
    ASSERT_EQ(file_.width(w_), width_);
    rebaseline(0);
    wraps_at_start_ = observed_wraps_ = model_wraps(w_);
    seen_total_ = totals_.wide[w_].total();
    seen_raw_ = totals_.wide[w_].last_raw();
    last_obs_ = csrs_.cycles();
    watch_ = true;
  }

  // ---- the oracle: what the documented checks refuse ------------------------------
  Status refusal() const { return usable_ ? Status::kBadArg : Status::kUnavailable; }
  Status idx(unsigned i) const { return i < kNumCounterSlots && ((acc_ >> i) & 1u) ? Status::kOk : refusal(); }
  Status hpm(unsigned i) const { return i >= kFirstHpm ? idx(i) : refusal(); }
  Status mask(uint32_t m) const { return m != 0 && (m & ~acc_) == 0 ? Status::kOk : refusal(); }
  Status of() const {
    if (!usable_) return Status::kUnavailable;
    return cfg_.sscofpmf ? Status::kOk : Status::kUnavailable;
  }
  static Status then(Status first, Status second) { return first != Status::kOk ? first : second; }
  Status init_predicted() const {
    if (!usable_) return Status::kUnavailable;
    return (cfg_.counters & ~kMachineCounterSlots) != 0 ? Status::kBadArg : Status::kOk;
  }
  // program(): an hpm counter, a writable selector; without Sscofpmf only
  // the selector bits (RV32: the low word), with it never the WPRI bits
  // 57:56; SBI: 48 bits of raw data, no OF; AME: a composition the hardware
  // keeps as written.
  Status program_predicted(unsigned i, HpmEvent ev) const {
    if (Status s = hpm(i); s != Status::kOk) return s;
    if (K == Kind::kIbex) return Status::kUnavailable;
    const unsigned plain = kRv32 ? 32 : 56;
    if (!cfg_.sscofpmf && (ev.raw >> plain) != 0) return Status::kBadArg;
    if (((ev.raw >> 56) & 3) != 0) return Status::kBadArg;
    if (K == Kind::kSbi && (((ev.raw >> 48) & 0xFF) != 0 || (ev.raw >> 63) != 0)) return Status::kBadArg;
    if (K == Kind::kAme) {  // what the hardware keeps as written: no bit 55, legal OPTYPEs, pool ids
      if (((ev.raw >> 55) & 1) != 0) return Status::kBadArg;
      for (unsigned k = 0; k < 3; ++k) {
        const uint64_t op = (ev.raw >> (40 + 5 * k)) & 31;
        if (op != 0 && op != 1 && op != 2 && op != 4) return Status::kBadArg;
      }
      for (unsigned k = 0; k < 4; ++k)
        if (((ev.raw >> (10 * k)) & 1023) >= 20) return Status::kBadArg;
    }
    return Status::kOk;
  }

  // ---- one call and its contract ----------------------------------------------------
  template <typename Fn>
  auto call(Status predicted, bool must_succeed, Fn fn) {
    const size_t before = bus_.log.size();
    auto r = fn();
    check(predicted, must_succeed, status_of(r), before);
    return r;
  }
  void check(Status predicted, bool must_succeed, Status s, size_t before) {
    if (predicted != Status::kOk) {
      test::expect_refused_untouched(predicted, s, bus_.log, before, where());
      return;
    }
    if (s == Status::kBadArg) {
      ADD_FAILURE() << where() << " answered kBadArg to arguments the file accepts; it touched:\n"
                    << accesses(before);
      return;
    }
    if (must_succeed && K != Kind::kSbi) {
      EXPECT_STREQ(to_string(s), "ok") << where();
    }
  }
  std::string accesses(size_t from) const { return test::accesses_since(bus_.log, from); }

  // ---- the trace --------------------------------------------------------------------
  __attribute__((format(printf, 2, 3))) void note(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(trace_[static_cast<unsigned>(step_) % kTrace], sizeof trace_[0], fmt, ap);
    va_end(ap);
  }
  std::string where() const {
    return std::string(run_.name) + " step " + std::to_string(step_) + ": " +
           trace_[static_cast<unsigned>(step_) % kTrace];
  }
  void fail_trace() const {
    std::string t;
    for (int k = step_ - static_cast<int>(kTrace) + 1; k <= step_; ++k)
      if (k >= 0) t += "    " + std::to_string(k) + ": " + trace_[static_cast<unsigned>(k) % kTrace] + "\n";
    ADD_FAILURE() << run_.name << " (seed " << run_.seed << ") failed at step " << step_ << "; the last calls:\n" << t;
  }

  // ---- the totals property ----------------------------------------------------------
  uint64_t model_count(unsigned i) const {
    if constexpr (K == Kind::kAme)
      return csrs_.ame_counter(i);
    else
      return csrs_.counter(i);
  }
  uint64_t model_wraps(unsigned i) const { return K == Kind::kAme ? 0 : csrs_.wraps(i); }
  // Every event counted since the baseline, plus the baseline's total.
  uint64_t truth() const {
    uint64_t t = base_ + (model_count(w_) - value0_);
    if (width_ < 64) t += (model_wraps(w_) - wraps0_) << width_;
    return t;
  }
  void rebaseline(uint64_t base) {
    base_ = base;
    value0_ = model_count(w_);
    wraps0_ = model_wraps(w_);
  }
  // A call that restarts or rebases the watched total runs with the bus
  // still, so that the model's count at its end is the baseline.
  bool restarts(unsigned i) const { return watch_ && i == w_; }
  void still(bool on) { bus_.set_idle_cycles(on ? 0 : run_.gap); }
  bool model_of(unsigned i) const {
    if constexpr (K == Kind::kAme)
      return (csrs_.ame_event(i) >> 63) != 0;
    else
      return (csrs_.event(i) >> 63) != 0;
  }
  // Observe the watched counter as its total needs (CounterFile::read64()):
  // without Sscofpmf, a read once per wrap period. With it, as an overflow
  // interrupt would: no read while OF is clear, the hook once OF is set (at
  // once or a step later), and reads once per period while OF stays set
  // (the hook does not serve it, or it left OF set), as then no flag marks
  // the wraps. So the watched total often spans more than a period between
  // observations, and only OF tells the wrap.
  void keep_observed() {
    if (width_ >= 64) return;
    if (cfg_.sscofpmf) {
      // A wrap inside a call (say between its fold and its acknowledge, OF
      // already set) raises no flag: the values count it, so read now.
      if (!advanced_ && model_wraps(w_) != step_wraps_) observe("after a wrap inside a call");
      if (!interrupt()) return;
    }
    const uint64_t now = csrs_.cycles();
    if (now - last_obs_ < top_ / (4 * kMaxRate)) return;  // a quarter period at the fastest rate
    if (!cfg_.sscofpmf && now - last_obs_ > max_gap_) max_gap_ = now - last_obs_;
    observe("kept observed");
  }
  void observe(const char* why) {
    note("read64(%u) (%s)", w_, why);
    EXPECT_TRUE(file_.read64(w_).ok()) << where();
    last_obs_ = csrs_.cycles();
  }
  // The watched counter's overflow interrupt; true while OF stays set after it.
  bool interrupt() {
    unobserved_wraps();
    if (!model_of(w_)) {
      of_state_ = OfState::kClear;
      return false;
    }
    if (of_state_ == OfState::kHeld) return true;
    if (of_state_ == OfState::kClear) {
      of_state_ = OfState::kPending;
      if (a_.coin()) return false;  // the interrupt comes a step later
    }
    ++interrupts_;
    const uint64_t wraps = model_wraps(w_);
    serve(a_.coin() ? 0 : 1, "the watched counter's interrupt");
    if (model_wraps(w_) != wraps) observe("after a wrap inside the hook");
    if (!model_of(w_)) {
      of_state_ = OfState::kClear;
      return false;
    }
    of_state_ = OfState::kHeld;
    last_obs_ = 0;  // OF stays set: read now, then once per period
    return true;
  }
  // The test's own precondition with Sscofpmf: no two wraps of the watched
  // counter between two observations (one its OF tells; more nothing does).
  // An observation shows as a change of the counter's totals storage; the
  // value it saw is above the counter's now if it wrapped since.
  void unobserved_wraps() {
    const util::WideCounter& t = totals_.wide[w_];
    if (t.total() != seen_total_ || t.last_raw() != seen_raw_) {
      seen_total_ = t.total();
      seen_raw_ = t.last_raw();
      observed_wraps_ = model_wraps(w_) - (model_count(w_) < seen_raw_ ? 1 : 0);
    }
    EXPECT_LE(model_wraps(w_) - observed_wraps_, 1u) << where() << ": the test let two wraps pass unobserved";
  }
  void check_total() {
    still(true);
    const Result<uint64_t> r = file_.read64(w_);
    still(false);
    ASSERT_TRUE(r.ok()) << where();
    EXPECT_EQ(r.value(), truth()) << where() << ": the watched counter " << w_ << "'s total is not its events";
  }

  // ---- the hook ---------------------------------------------------------------------
  static void record(void* ctx, unsigned source) { static_cast<Fuzz*>(ctx)->seen_.push_back(source); }
  static void detach(void* ctx, unsigned source) {
    Fuzz* f = static_cast<Fuzz*>(ctx);
    f->seen_.push_back(source);
    if constexpr (kAttachableCallbacks) {
      f->file_.attach_callbacks(nullptr);
      f->attached_ = -1;
    } else {
      ADD_FAILURE() << f->where() << ": a detaching callback on a table fixed at build time";
    }
  }
  static void change(void* ctx, unsigned source) {
    Fuzz* f = static_cast<Fuzz*>(ctx);
    f->seen_.push_back(source);
    f->change_in_callback(source);
  }
  // A callback that changes a counter of the file, a served one (its own
  // or the watched one) too: write(), clear_overflow() or program(), which
  // the totals must follow (counter_file.hpp, handle_overflow_irq()).
  void change_in_callback(unsigned source) {
    const unsigned j = watch_ && b_.coin() ? w_ : b_.bit_of(acc_ & kHpmSlots);
    const std::string at = trace_[static_cast<unsigned>(step_) % kTrace];
    switch (b_.pick(3)) {
      case 0:
        write(j, b_.value(width_));
        break;
      case 1:
        note("clear_overflow(%u)", j);
        (void)call(Status::kOk, true, [&] { return file_.clear_overflow(j); });
        break;
      default:
        if constexpr (K == Kind::kSbi) {
          note("program_event(%u, instructions)", j);
          (void)call(Status::kOk, true, [&] { return file_.program_event(j, sbi_pmu::kHwInstructions); });
        } else {
          const unsigned id = 1 + b_.pick(12);  // counts every cycle
          note("program(%u, %u)", j, id);
          (void)call(Status::kOk, true, [&] { return file_.program(j, HpmEvent{id}); });
        }
        break;
    }
    // The step's trace names the hook and the call its callback made.
    const std::string what = trace_[static_cast<unsigned>(step_) % kTrace];
    note("%.60s; callback %u: %.50s", at.c_str(), source, what.c_str());
  }
  // What the hook served: the file's counters (SBI: armed ones); the
  // registered callbacks of exactly those, lowest first, none after a detach.
  void check_served(uint32_t vec, int attached, uint32_t armed) {
    EXPECT_EQ(vec & ~(acc_ & kHpmSlots), 0u) << where() << " served a counter not in the file";
    if (K == Kind::kSbi) {
      EXPECT_EQ(vec & ~armed, 0u) << where() << " served a counter it did not start";
    }
    std::vector<unsigned> want;
    if (attached >= 0)
      for (uint32_t m = vec; m != 0; m &= m - 1) {
        const unsigned i = static_cast<unsigned>(__builtin_ctz(m));
        if (registered_[attached][i] == kNoCallback) continue;
        want.push_back(i);
        if (registered_[attached][i] == kDetach) break;
      }
    EXPECT_EQ(seen_, want) << where() << " (served 0x" << std::hex << vec << ")";
  }
  // One hook form: 0 handle_overflow_irq(), 1 its inlined form, 2 the ISR adapter.
  void serve(unsigned form, const char* why) {
    EXPECT_TRUE(seen_.empty()) << where() << ": a callback ran outside the hook";
    seen_.clear();
    const int attached = attached_;
    const uint32_t armed = file_.armed();
    if (form < 2) {
      note("%s (%s)", form == 0 ? "handle_overflow_irq()" : "handle_overflow_irq_inlined()", why);
      const Result<uint32_t> r = call(of(), true, [&] {
        return form == 0 ? file_.handle_overflow_irq() : file_.handle_overflow_irq_inlined();
      });
      if (r.ok()) check_served(r.value(), attached, armed);
    } else {
      note("overflow_isr() (%s)", why);
      const size_t before = bus_.log.size();
      File::overflow_isr(&file_);
      if (of() != Status::kOk) {
        EXPECT_EQ(bus_.log.size(), before) << where();
      }
      for (size_t k = 0; k < seen_.size(); ++k) {
        EXPECT_NE(registered_[attached < 0 ? 0 : attached][seen_[k] & 31], kNoCallback) << where();
        EXPECT_TRUE(attached >= 0 && seen_[k] < kNumCounterSlots && ((acc_ >> seen_[k]) & 1u) != 0) << where();
        if (k > 0) {
          EXPECT_LT(seen_[k - 1], seen_[k]) << where();
        }
      }
    }
    seen_.clear();
  }
  void hook() { serve(a_.pick(3), "at random"); }

  // ---- the pure queries -------------------------------------------------------------
  void queries() {
    const unsigned i = a_.index(acc_);
    note("has/has_hpm/width/armed/config(%u)", i);
    const size_t before = bus_.log.size();
    const bool has = i < kNumCounterSlots && ((cfg_.counters >> i) & 1u) != 0;
    EXPECT_EQ(file_.has(i), has) << where();
    EXPECT_EQ(file_.has_hpm(i), has && i >= kFirstHpm) << where();
    const unsigned w = file_.width(i);
    if (i >= kNumCounterSlots || !totals_on_) {
      EXPECT_EQ(w, 0u) << where();
    } else {
      EXPECT_TRUE(w >= 1 && w <= 64) << where() << ": width " << w;
    }
    if (watch_) {
      EXPECT_EQ(file_.width(w_), width_) << where();
    }
    const uint32_t armed = file_.armed();
    if (K == Kind::kSbi) {
      EXPECT_EQ(armed & ~acc_, 0u) << where();
    } else {
      EXPECT_EQ(armed, 0u) << where();
    }
    EXPECT_EQ(file_.config().counters, cfg_.counters) << where();
    EXPECT_EQ(bus_.log.size(), before) << where() << ": a query touched:\n" << accesses(before);
  }

  // ---- the calls --------------------------------------------------------------------
  void one_step() {
    switch (a_.pick(35)) {
      case 0: {
        const unsigned i = a_.index(acc_);
        note("read(%u)", i);
        (void)call(idx(i), true, [&] { return file_.read(i); });
        break;
      }
      case 1:
      case 2: {
        const unsigned i = a_.index(acc_);
        note("read64(%u)", i);
        // Untracked, only a counter known to be 64 bits wide has a total.
        const bool narrow = !totals_on_ && i >= kFirstHpm && K != Kind::kAme;
        (void)call(then(idx(i), narrow ? Status::kUnavailable : Status::kOk), true,
                   [&] { return file_.read64(i); });
        break;
      }
      case 3: {
        const unsigned i = a_.index(acc_);
        write(i, a_.value(width_));
        break;
      }
      case 4: {
        const uint32_t m = a_.mask(acc_);
        note("start(0x%x)", m);
        (void)call(mask(m), true, [&] { return file_.start(m); });
        break;
      }
      case 5: {
        const uint32_t m = a_.mask(acc_);
        note("stop(0x%x)", m);
        (void)call(mask(m), true, [&] { return file_.stop(m); });
        break;
      }
      case 6:
      case 7: {
        const unsigned i = a_.index(acc_);
        const HpmEvent ev = a_.event();
        note("program(%u, 0x%llx)", i, static_cast<unsigned long long>(ev.raw));
        (void)call(program_predicted(i, ev), true, [&] { return file_.program(i, ev); });
        break;
      }
      case 8: {
        const unsigned i = a_.index(acc_);
        note("event(%u)", i);
        (void)call(then(hpm(i), K == Kind::kSbi ? Status::kUnavailable : Status::kOk), true,
                   [&] { return file_.event(i); });
        break;
      }
      case 9: {
        note("overflow_vector()");
        const uint32_t armed = file_.armed();
        const Result<uint32_t> r = call(of(), true, [&] { return file_.overflow_vector(); });
        if (r.ok()) {
          EXPECT_EQ(r.value() & ~(acc_ & kHpmSlots), 0u) << where();
          if (K == Kind::kSbi) {
            EXPECT_EQ(r.value() & ~armed, 0u) << where();
          }
        }
        break;
      }
      case 10: {
        const unsigned i = a_.index(acc_);
        note("clear_overflow(%u)", i);
        (void)call(then(hpm(i), of()), true, [&] { return file_.clear_overflow(i); });
        break;
      }
      case 11: {
        const unsigned i = a_.index(acc_);
        uint8_t which = static_cast<uint8_t>(
            run_.callbacks == Storage::kToggled && a_.one_in(4) ? kDetach : a_.one_in(4) ? kNoCallback : kRecord);
        if (which == kRecord && b_.one_in(3)) which = kChange;  // (its own stream: a_'s sequence stays)
        const IrqCallback cb = which == kRecord   ? IrqCallback{record, this}
                               : which == kDetach ? IrqCallback{detach, this}
                               : which == kChange ? IrqCallback{change, this}
                                                  : IrqCallback{};
        note("on_overflow(%u, %s)", i,
             which == kRecord ? "record" : which == kDetach ? "detach" : which == kChange ? "change" : "none");
        const Status s = call(then(hpm(i), attached_ >= 0 ? Status::kOk : Status::kUnavailable), true,
                              [&] { return file_.on_overflow(i, cb); });
        if (s == Status::kOk) registered_[attached_][i] = which;
        break;
      }
      case 12:
      case 13:
        hook();
        break;
      case 14:
        note("enable_overflow_irq()");
        (void)call(then(of(), K == Kind::kAme || K == Kind::kIbex ? Status::kUnavailable : Status::kOk), true,
                   [&] { return file_.enable_overflow_irq(); });
        break;
      case 15: {
        const unsigned i = a_.index(acc_);
        note("probe_width(%u)", i);
        const bool r = restarts(i);
        still(r);
        // Ibex: a counter the file names but the core lacks reads 0: kUnavailable.
        const bool implemented = K != Kind::kIbex || i < kFirstHpm + run_.num_hpm;
        const Result<unsigned> w = call(then(idx(i), K == Kind::kSbi ? Status::kUnavailable : Status::kOk),
                                        implemented, [&] { return file_.probe_width(i); });
        if (w.ok()) {
          EXPECT_EQ(w.value(), i < kFirstHpm ? 64u : width_) << where();
          if (r) rebaseline(0);
        }
        still(false);
        break;
      }
      case 16: {
        const unsigned i = a_.index(acc_);
        unsigned bits = a_.bits(width_);
        const bool r = restarts(i);
        if (r && bits >= 1 && bits <= 64) bits = width_;  // a wrong width would make the total wrong
        note("set_width(%u, %u)", i, bits);
        still(r);
        const Status s = call(then(idx(i), bits == 0 || bits > 64 ? Status::kBadArg : Status::kOk), true,
                              [&] { return file_.set_width(i, bits); });
        if (r && s == Status::kOk) rebaseline(0);
        still(false);
        break;
      }
      case 17: {
        const unsigned i = a_.index(acc_);
        const uint64_t base = a_.coin() ? 0 : a_.raw() >> a_.pick(64);
        note("reset_total(%u, 0x%llx)", i, static_cast<unsigned long long>(base));
        const bool r = restarts(i);
        still(r);
        const Status s = call(then(idx(i), totals_on_ ? Status::kOk : Status::kUnavailable), true,
                              [&] { return file_.reset_total(i, base); });
        if (r && s == Status::kOk) rebaseline(base);
        still(false);
        break;
      }
      case 18: {
        if (!a_.one_in(8)) break;  // init() stops everything: now and then
        note("init()");
        still(watch_);
        const Status s = call(init_predicted(), true, [&] { return file_.init(); });
        if (watch_ && s == Status::kOk) rebaseline(0);
        still(false);
        if (s == Status::kOk) {
          EXPECT_EQ(file_.armed(), 0u) << where();
        }
        break;
      }
      case 19: {
        const size_t before = bus_.log.size();
        const bool toggle_totals = run_.totals == Storage::kToggled &&
                                   (run_.callbacks != Storage::kToggled || a_.coin());
        if (run_.callbacks == Storage::kToggled && !toggle_totals) {
          const int which = static_cast<int>(a_.pick(3)) - 1;
          note("attach_callbacks(%d)", which);
          if constexpr (kAttachableCallbacks) file_.attach_callbacks(which < 0 ? nullptr : &cbs_[which]);
          attached_ = which;
        } else if (toggle_totals) {
          const bool on = a_.coin();
          note("track_totals(%s)", on ? "totals" : "nullptr");
          if constexpr (kAttachableTotals) file_.track_totals(on ? &totals_ : nullptr);
          totals_on_ = on;
        } else {
          break;
        }
        EXPECT_EQ(bus_.log.size(), before) << where() << ": attaching touched a register";
        break;
      }
      case 20:
        queries();
        break;
      case 21:
      case 22:
        extra(a_.pick(3));
        break;
      case 23: {
        // A counter (not the watched one) just below its wrap: the hook then has overflows to serve.
        const unsigned i = a_.bit_of(K == Kind::kAme ? kHpmSlots : util::low_mask32(run_.num_hpm) << kFirstHpm | 1u << 3);
        if (restarts(i) || (K != Kind::kAme && i >= kFirstHpm + run_.num_hpm)) break;
        note("(model) counter %u near its wrap", i);
        if constexpr (K == Kind::kAme)
          csrs_.set_ame_counter(i, ~uint64_t{0} - a_.pick(200));
        else
          csrs_.set_counter(i, top_ - a_.pick(200));
        break;
      }
      case 24:
        if (watch_) count_watched();
        break;
      case 25:
        if (watch_) wrap_unobserved();
        break;
      case 26:
        if (watch_) of_set_near_the_top();
        break;
      default: {
        const uint64_t max = width_ < 24 ? top_ / (8 * kMaxRate) : 3000;
        const uint64_t n = a_.raw() % (max + 1);
        note("(model) advance(%llu)", static_cast<unsigned long long>(n));
        bus_.advance(n);
        advanced_ = true;
        break;
      }
    }
  }

  void write(unsigned i, uint64_t v) {
    note("write(%u, 0x%llx)", i, static_cast<unsigned long long>(v));
    const bool r = restarts(i);
    still(r);
    const uint64_t total = r ? truth() : 0;  // counted up to the write
    const Status s = call(idx(i), true, [&] { return file_.write(i, v); });
    if (r && s == Status::kOk) rebaseline(total);
    still(false);
  }
  // The watched counter counting an event that happens (the sequence
  // stops it and clears its event often): valid calls, checked as any.
  void count_watched() {
    const unsigned id = 1 + a_.pick(12);  // events 1..12 count every cycle
    if constexpr (K == Kind::kSbi) {
      const uint32_t event_idx = id & 1 ? sbi_pmu::kHwCpuCycles : sbi_pmu::kHwInstructions;
      note("program_event(%u, 0x%x) (watched)", w_, event_idx);
      (void)call(Status::kOk, true, [&] { return file_.program_event(w_, event_idx); });
    } else if constexpr (K != Kind::kIbex) {
      note("program(%u, %u) (watched)", w_, id);
      (void)call(Status::kOk, true, [&] { return file_.program(w_, HpmEvent{id}); });
    }
    // Now and then just below its wrap (a wide counter wraps then too).
    if (a_.coin()) write(w_, top_ - a_.pick(2000));
    note("start(0x%x) (watched)", 1u << w_);
    (void)call(Status::kOk, true, [&] { return file_.start(1u << w_); });
  }

  // With Sscofpmf: the watched counter (OF clear, counting) wraps once with
  // no observation, often past the value last observed, so that only OF
  // tells the wrap (a total that folds no more than the values loses a
  // period); then at once a call that must fold the total before it
  // touches OF, or reads it, or nothing (the interrupt comes later).
  void wrap_unobserved() {
    if (!cfg_.sscofpmf || width_ >= 64 || model_of(w_)) return;
    const uint64_t v0 = model_count(w_);
    bus_.advance(1);
    const uint64_t rate = (model_count(w_) - v0) & top_;
    if (rate == 0 || model_of(w_)) return;
    // One wrap, to the lower half of the period: the interrupt then comes
    // before the next (interrupt()).
    const uint64_t period = top_ + 1, value = model_count(w_);
    const uint64_t lo = (period - value + rate - 1) / rate, hi = (period - value + period / 2 - 1) / rate;
    if (hi < lo) return;
    const uint64_t n = lo + a_.raw() % (hi - lo + 1);
    note("(model) advance(%llu): counter %u wraps once, unobserved", static_cast<unsigned long long>(n), w_);
    bus_.advance(n);
    advanced_ = true;  // (the wrap is meant: OF tells it)
    switch (a_.pick(7)) {
      case 0:
        note("clear_overflow(%u) (after an unobserved wrap)", w_);
        (void)call(Status::kOk, true, [&] { return file_.clear_overflow(w_); });
        break;
      case 1: {
        const HpmEvent ev = a_.event();
        note("program(%u, 0x%llx) (after an unobserved wrap)", w_, static_cast<unsigned long long>(ev.raw));
        (void)call(program_predicted(w_, ev), true, [&] { return file_.program(w_, ev); });
        break;
      }
      case 2:
        note("read64(%u) (after an unobserved wrap)", w_);
        (void)call(Status::kOk, true, [&] { return file_.read64(w_); });
        break;
      case 3:
        serve(a_.pick(3), "after an unobserved wrap");
        break;
      case 4:
        note("stop(0x%x) (after an unobserved wrap)", 1u << w_);
        (void)call(Status::kOk, true, [&] { return file_.stop(1u << w_); });
        break;
      case 5:
        if constexpr (K == Kind::kSbi) {
          note("program_event(%u, instructions) (after an unobserved wrap)", w_);
          (void)call(Status::kOk, true, [&] { return file_.program_event(w_, sbi_pmu::kHwInstructions); });
        }
        break;
      default:
        break;
    }
  }

  // M-mode with Sscofpmf: the watched counter counting, OF programmed set,
  // a few counts below its top; then at once a call that folds its total
  // and clears OF (the hook, clear_overflow(), program()), so that it often
  // wraps between the two, while OF is still set: no flag tells that wrap.
  void of_set_near_the_top() {
    if constexpr (K == Kind::kMachine) {
      if (!cfg_.sscofpmf || width_ >= 64) return;
      const unsigned id = 1 + a_.pick(12);  // counts every cycle
      note("program(%u, OF | %u) (near the top)", w_, id);
      (void)call(Status::kOk, true, [&] { return file_.program(w_, HpmEvent{uint64_t{1} << 63 | id}); });
      note("start(0x%x) (near the top)", 1u << w_);
      (void)call(Status::kOk, true, [&] { return file_.start(1u << w_); });
      write(w_, top_ - a_.pick(32));
      switch (a_.pick(3)) {
        case 0:
          serve(a_.pick(3), "near the top, OF set");
          break;
        case 1:
          note("clear_overflow(%u) (near the top, OF set)", w_);
          (void)call(Status::kOk, true, [&] { return file_.clear_overflow(w_); });
          break;
        default:
          note("program(%u, %u) (near the top, OF set)", w_, id);
          (void)call(Status::kOk, true, [&] { return file_.program(w_, HpmEvent{id}); });
          break;
      }
    }
  }

  // ---- each file's own calls ----------------------------------------------------------
  void extra(unsigned which) {
    if constexpr (K == Kind::kSbi) {
      sbi_extra(which);
    } else if constexpr (K == Kind::kAme) {
      ame_extra(which);
    } else if constexpr (K == Kind::kIbex) {
      ibex_extra(which);
    } else {
      (void)which;
      hook();
    }
  }

  void sbi_extra(unsigned which) {
    if (which == 0) {
      const unsigned i = a_.index(acc_);
      uint32_t event_idx = 0;
      switch (a_.pick(7)) {
        case 0: event_idx = sbi_pmu::kHwCpuCycles; break;
        case 1: event_idx = sbi_pmu::kHwInstructions; break;
        case 2: event_idx = sbi_pmu::kRawEvent; break;
        case 3: event_idx = 0xFFFFF + a_.pick(2); break;
        case 4: event_idx = a_.pick(0x100000); break;
        case 5: event_idx = static_cast<uint32_t>(a_.raw()); break;
        default: event_idx = a_.coin() ? sbi_pmu::kHwCpuCycles : sbi_pmu::kHwInstructions; break;
      }
      const uint64_t data = a_.coin() ? a_.pick(models::RiscvCsrModel::kMaxEvents) : a_.raw();
      const uint8_t inh = static_cast<uint8_t>(a_.coin() ? a_.pick(inhibit::kAll + 3) : a_.raw());
      note("program_event(%u, 0x%x, 0x%llx, 0x%x)", i, event_idx, static_cast<unsigned long long>(data), inh);
      const Status bad = inh > inhibit::kAll || event_idx > 0xFFFFFu ? Status::kBadArg : Status::kOk;
      const Status s =
          call(then(hpm(i), bad), true, [&] { return file_.program_event(i, event_idx, data, inh); });
      if (s == Status::kOk) {
        EXPECT_EQ((file_.armed() >> i) & 1u, 0u) << where() << ": a configured counter is armed only by a start";
      }
    } else if (which == 1) {
      if (kFixedConfig || !a_.one_in(4)) return;  // (discover() takes a run-time file)
      note("sbi::discover()");
      const Status predicted = !cfg_.present                                   ? Status::kUnavailable
                               : (cfg_.counters & ~kMachineCounterSlots) != 0 ? Status::kBadArg
                                                                              : Status::kOk;
      still(watch_);
      const Result<uint32_t> r = call(predicted, true, [&] {
        if constexpr (kFixedConfig)
          return Result<uint32_t>(Status::kFailed);
        else
          return sbi::discover(file_);
      });
      if (watch_ && r.ok()) rebaseline(0);
      still(false);
      if (predicted == Status::kOk) {
        EXPECT_EQ(r.value_or(0), cfg_.counters) << where() << ": the model has every configured counter";
      }
    } else {
      hook();
    }
  }

  void ame_extra(unsigned which) {
    const Status absent = !cfg_.present || kRv32 ? Status::kUnavailable : Status::kOk;
    if (which == 0) {
      const unsigned i = a_.index(acc_);
      ame::Composition c;
      for (auto& e : c.event) e = static_cast<uint16_t>(a_.one_in(8) ? a_.raw() : a_.pick(ame::kNumAmeEvents + 4));
      for (auto& op : c.op) op = static_cast<ame::OpType>(a_.one_in(8) ? a_.raw() : a_.pick(8));
      c.inhibit = static_cast<uint8_t>(a_.pick(inhibit::kAll + 3));
      c.of = a_.one_in(8);
      bool legal = !c.of && c.inhibit <= inhibit::kAll;
      for (auto e : c.event) legal = legal && e < ame::kNumAmeEvents;
      for (auto op : c.op) legal = legal && ame::legal_optype(static_cast<unsigned>(op));
      note("ame::program(%u, {%u %u %u %u, ops %u %u %u, inh 0x%x, of %d})", i, c.event[0], c.event[1],
           c.event[2], c.event[3], static_cast<unsigned>(c.op[0]), static_cast<unsigned>(c.op[1]),
           static_cast<unsigned>(c.op[2]), c.inhibit, c.of);
      Status predicted = then(absent, legal ? Status::kOk : Status::kBadArg);
      if (predicted == Status::kOk) predicted = program_predicted(i, ame::encode_ame(c).value());
      (void)call(predicted, true, [&] { return ame::program(file_, i, c); });
    } else if (which == 1) {
      const uint32_t m = a_.mask(acc_), h = a_.mask(acc_), s = a_.mask(acc_);
      note("ame::set_counteren(0x%x, 0x%x, 0x%x)", m, h, s);
      const uint32_t ok = cfg_.counters & kMachineCounterSlots;
      (void)call(then(absent, ((m | h | s) & ~ok) != 0 ? Status::kBadArg : Status::kOk), true,
                 [&] { return ame::set_counteren(file_, m, h, s); });
    } else {
      // decode() of any word: ok unless bits 57:55 are set or an OPTYPE is
      // illegal; then encode() gives the word back (OF apart).
      uint64_t x = a_.raw();
      if (a_.coin()) x &= ~(uint64_t{7} << 55);
      if (a_.coin())
        for (unsigned k = 0; k < 3; ++k) x = (x & ~(uint64_t{31} << (40 + 5 * k))) | (uint64_t{a_.pick(5)} << (40 + 5 * k));
      note("ame::decode(0x%llx)", static_cast<unsigned long long>(x));
      bool legal = ((x >> 55) & 7) == 0;
      for (unsigned k = 0; k < 3; ++k) legal = legal && ame::legal_optype(static_cast<unsigned>((x >> (40 + 5 * k)) & 31));
      const Result<ame::Composition> d = ame::decode(HpmEvent{x});
      ASSERT_EQ(d.ok(), legal) << where();
      if (!legal) return;
      ame::Composition c = d.value();
      EXPECT_EQ(c.of, (x >> 63) != 0) << where();
      c.of = false;
      const Result<HpmEvent> e = ame::encode(c);
      ASSERT_TRUE(e.ok()) << where();
      EXPECT_EQ(e.value().raw, x & ~(uint64_t{1} << 63)) << where();
      bool in_pool = true;
      for (auto ev : c.event) in_pool = in_pool && ev < ame::kNumAmeEvents;
      EXPECT_EQ(ame::encode_ame(c).ok(), in_pool) << where();
      // single(): one event of the pool, filtered; event_name() of the pool only.
      const unsigned id = a_.pick(ame::kNumAmeEvents + 4);
      const uint8_t inh = static_cast<uint8_t>(a_.pick(inhibit::kAll + 3));
      const Result<HpmEvent> one = ame::single(id, inh);
      EXPECT_EQ(one.ok(), id < ame::kNumAmeEvents && inh <= inhibit::kAll) << where() << " single(" << id << ")";
      if (one.ok()) {
        EXPECT_EQ(one.value().raw, id | uint64_t{inh} << 58) << where();
      }
      EXPECT_EQ(ame::event_name(id) != nullptr, id < ame::kNumAmeEvents) << where();
    }
  }

  ibex::Config random_ibex_config() {
    if (watch_ || a_.coin()) return icfg_;
    return ibex::Config{a_.pick(ibex::kMaxHpmCounters + 3), a_.coin() ? icfg_.mhpm_counter_width : a_.pick(70)};
  }
  bool core_is(const ibex::Config& c) const {
    return c.mhpm_counter_num == run_.num_hpm && (c.mhpm_counter_num == 0 || c.mhpm_counter_width == width_);
  }
  void ibex_extra(unsigned which) {
    const ibex::Config c = random_ibex_config();
    if (which == 0) {
      const unsigned id = a_.pick(16);
      note("ibex::read_event({%u, %u}, %u)", c.mhpm_counter_num, c.mhpm_counter_width, id);
      Status predicted = Status::kOk;
      if (id == 1 || id > ibex::kMaxEventId || !c.valid())
        predicted = Status::kBadArg;
      else if (id >= kFirstHpm && id >= kFirstHpm + c.mhpm_counter_num)
        predicted = Status::kUnavailable;
      else
        predicted = idx(id);
      (void)call(predicted, true, [&] { return ibex::read_event(file_, c, static_cast<ibex::Event>(id)); });
    } else if (which == 1) {
      note("ibex::init({%u, %u})", c.mhpm_counter_num, c.mhpm_counter_width);
      const bool bad = !c.valid() || cfg_.counters != ibex::counter_mask(c.mhpm_counter_num);
      still(watch_);
      const Status s = call(bad ? Status::kBadArg : Status::kOk, core_is(c), [&] { return ibex::init(file_, c); });
      if (!bad && !core_is(c)) {
        EXPECT_STREQ(to_string(s), "mismatch") << where();
      }
      if (watch_ && s == Status::kOk) rebaseline(0);
      still(false);
    } else {
      note("ibex::discover({%u, %u}) / probe_core()", c.mhpm_counter_num, c.mhpm_counter_width);
      ibex::Found found;
      const Status s = call(c.valid() ? Status::kOk : Status::kBadArg, false,
                            [&] { return ibex::discover(c, a_.coin() ? &found : nullptr); });
      if (c.valid()) {
        EXPECT_STREQ(to_string(s), core_is(c) ? "ok" : "mismatch") << where();
      }
      const ibex::Found f = ibex::probe_core();
      EXPECT_EQ(f.counters, ibex::counter_mask(run_.num_hpm)) << where();
      EXPECT_EQ(f.width, run_.num_hpm == 0 ? 0u : width_) << where();
      // counter_for_event(), event_name(), counter_mask(): pure.
      const unsigned id = a_.pick(16);
      EXPECT_EQ(ibex::event_name(id) != nullptr, id != 1 && id <= ibex::kMaxEventId) << where();
      EXPECT_EQ(ibex::counter_mask(c.mhpm_counter_num),
                c.mhpm_counter_num <= ibex::kMaxHpmCounters ? 0x5u | util::low_mask32(c.mhpm_counter_num) << 3 : 0x5u)
          << where();
      const Result<unsigned> n = ibex::counter_for_event(id, c);
      if (id == 1 || id > ibex::kMaxEventId || !c.valid()) {
        EXPECT_EQ(n.status(), Status::kBadArg) << where();
      } else if (id >= kFirstHpm + c.mhpm_counter_num) {
        EXPECT_EQ(n.status(), Status::kUnavailable) << where();
      } else {
        EXPECT_EQ(n.value_or(99), id) << where();
      }
    }
  }

  const Run run_;  // (a build-time file's: fixed_run())
  Args a_;
  Args b_{run_.seed ^ 0xCA11BAC4u};  // what a changing callback does
  models::RiscvCsrModel csrs_;
  models::SbiPmuModel sbi_;
  ModelBus bus_;
  ibex::Config icfg_;
  CounterConfig cfg_;
  File file_;
  CounterTotals own_totals_;
  CounterTotals& totals_;
  CounterCallbacks cbs_[2];
  uint8_t registered_[2][kNumCounterSlots] = {};
  int attached_ = -1;
  bool totals_on_ = false;
  bool usable_ = false;
  uint32_t acc_ = 0;
  unsigned width_ = 64;
  uint64_t top_ = ~uint64_t{0};
  std::vector<unsigned> seen_;
  // The watched counter.
  bool watch_ = false;
  unsigned w_ = 0;
  uint64_t base_ = 0, value0_ = 0, wraps0_ = 0, wraps_at_start_ = 0;
  uint64_t last_obs_ = 0, max_gap_ = 0;
  enum class OfState : uint8_t { kClear, kPending, kHeld };
  OfState of_state_ = OfState::kClear;
  uint64_t interrupts_ = 0, seen_total_ = 0, seen_raw_ = 0, observed_wraps_ = 0, step_wraps_ = 0;
  bool advanced_ = false;  // the step was the model's time alone
  // The trace.
  int step_ = -1;
  char trace_[kTrace][128] = {};
};

// ---- Sspesa ----------------------------------------------------------------------------
// An instruction-size function over a table: the size of the instruction at
// pc is size[(pc >> 1) & 7], mostly 2 or 4, now and then something else.
struct SizeTable {
  unsigned size[8];
};
inline unsigned table_size(void* ctx, uint64_t pc) { return static_cast<SizeTable*>(ctx)->size[(pc >> 1) & 7]; }

/// Random sample records: decode() gives every field of any word, and
/// expand() refuses a record that is inconsistent (or a buffer or size that
/// cannot hold it) with kBadArg, writing nothing, answers kMismatch for a
/// size function's bad size after the entries before it, and otherwise
/// gives the addresses sspesa.hpp describes, writing nothing past them.
inline void sspesa_fuzz(uint64_t seed, int samples) {
  Args a(seed);
  const auto edge = [&a]() -> uint64_t {
    switch (a.pick(4)) {
      case 0: return ~uint64_t{0} - a.pick(64);  // the addresses wrap
      case 1: return a.pick(64);
      case 2: return uint64_t{1} << 63;
      default: return a.raw();
    }
  };
  for (int n = 0; n < samples; ++n) {
    uint64_t word = a.raw();
    if (a.coin()) {  // the record fields near a consistent record
      const uint64_t instret = a.pick(16), cts = a.pick(5), o1 = a.pick(static_cast<uint32_t>(instret) + 2);
      const uint64_t o2 = (o1 + a.pick(5)) & 15;
      word = (word & ~uint64_t{0x3FFCF}) | instret | (cts << 6) | (o1 << 10) | (o2 << 14);
    }
    const sspesa::Details d = sspesa::decode(word);
    ASSERT_EQ(d.instret, word & 15) << std::hex << word;
    ASSERT_EQ(static_cast<unsigned>(d.rstate), (word >> 4) & 3) << std::hex << word;
    ASSERT_EQ(d.cts, (word >> 6) & 15) << std::hex << word;
    ASSERT_EQ(d.ctoffset1, (word >> 10) & 15) << std::hex << word;
    ASSERT_EQ(d.ctoffset2, (word >> 14) & 15) << std::hex << word;
    ASSERT_EQ(d.causeoffset, (word >> 18) & 15) << std::hex << word;
    ASSERT_EQ(d.cause, (word >> 22) & 1023) << std::hex << word;

    const sspesa::Sample s{edge(), word, edge(), edge()};
    SizeTable t;
    for (auto& z : t.size) z = a.one_in(24) ? a.pick(9) : a.coin() ? 2 : 4;
    const bool use_fn = a.coin();
    const unsigned fixed = a.one_in(6) ? a.pick(9) : a.coin() ? 2 : 4;
    const bool no_out = a.one_in(16);
    const size_t capacity = a.one_in(8) ? ~size_t{0} : a.pick(18);
    constexpr uint64_t kCanary = 0xC0FFEE0DDF00Dull;
    uint64_t out[20];
    for (auto& o : out) o = kCanary;
    const Result<size_t> r = sspesa::expand(s, no_out ? nullptr : out, capacity, use_fn ? table_size : nullptr, &t, fixed);

    // The header's reading of the record.
    const unsigned count = static_cast<unsigned>(word & 15);
    const unsigned cts = d.cts < 2 ? d.cts : 2;
    const unsigned o1 = d.ctoffset1, o2 = d.ctoffset2;
    const bool bad = (!use_fn && fixed != 2 && fixed != 4) || (count != 0 && (no_out || capacity < count)) ||
                     (cts >= 1 && (o1 == 0 || o1 > count)) || (cts >= 2 && (o2 <= o1 || o2 > count));
    const std::string what = "sample {0x" + [&] {
      char b[96];
      snprintf(b, sizeof b, "%llx, 0x%llx, 0x%llx, 0x%llx}, capacity %zu, %s %u", static_cast<unsigned long long>(s.pc),
               static_cast<unsigned long long>(s.details), static_cast<unsigned long long>(s.bt1),
               static_cast<unsigned long long>(s.bt2), capacity, use_fn ? "size table" : "fixed size", fixed);
      return std::string(b);
    }();
    if (bad) {
      ASSERT_EQ(r.status(), Status::kBadArg) << what;
      for (auto o : out) ASSERT_EQ(o, kCanary) << what << ": refused, yet written";
      continue;
    }
    std::vector<uint64_t> want;
    bool mismatch = false;
    uint64_t pc = s.pc;
    for (unsigned k = 0; k < count; ++k) {
      if (cts >= 1 && k == o1) {
        pc = s.bt1;
      } else if (cts >= 2 && k == o2) {
        pc = s.bt2;
      } else if (k != 0) {
        const unsigned size = use_fn ? t.size[(pc >> 1) & 7] : fixed;
        if (size != 2 && size != 4) {
          mismatch = true;
          break;
        }
        pc += size;
      }
      want.push_back(pc);
    }
    if (mismatch) {
      ASSERT_EQ(r.status(), Status::kMismatch) << what;
    } else {
      ASSERT_TRUE(r.ok()) << what << ": " << to_string(r.status());
      ASSERT_EQ(r.value(), count) << what;
    }
    for (size_t k = 0; k < 20; ++k) ASSERT_EQ(out[k], k < want.size() ? want[k] : kCanary) << what << " entry " << k;
  }
}

/// Runs r on a file of type File, of kind K: a build-time one
/// (FixedCounters, ame::FixedAmeCounters, CounterFile<SbiMap, FixedConfig<C>, ...>)
/// with what its type fixes (fixed_run()).
template <Kind K, typename File>
void run_file(const Run& r) {
  Fuzz<K, File>(r).go();
}

/// Build-time files for run_file(), shared by the RV64 and RV32 runs: each
/// a FixedConfig<C>, its C, storage and map the type's. One hpm counter (an
/// inlined hook, whole) or several (kLoopsOutOfLine: each callback through
/// call_lowest(), the fold and acknowledge out of line), counters few
/// enough for the compare chains of csr_bank.hpp (1..3) or the tables,
/// scountovf or each counter's OF, Sscofpmf or not, static storage, none,
/// or a table attached at run time; AME (unusable on RV32) and an S-mode
/// SBI file too.
namespace fixed {
inline CounterCallbacks g_cbs;
inline CounterTotals g_totals;
using StaticCbs = StaticStorage<CounterCallbacks, g_cbs>;
using StaticTotals = StaticStorage<CounterTotals, g_totals>;
using NoCbs = NoStorage<CounterCallbacks>;
using NoTotals = NoStorage<CounterTotals>;
using AttachedCbs = AttachedStorage<CounterCallbacks>;

constexpr OverflowSource kScountovf = OverflowSource::kScountovf;
constexpr OverflowSource kEventOf = OverflowSource::kEventOf;
constexpr CounterConfig kOneHpm{0xD, true, true, kScountovf};                 // cycle, instret, hpm 3
constexpr CounterConfig kOnlyHpm5{0x20, true, true, kEventOf};             // hpm 5 alone, each OF
constexpr CounterConfig kSeveral{0x5 | 0x1F8, true, true, kScountovf};        // hpm 3..8
constexpr CounterConfig kSparseEach{0x5 | 0x10228, true, true, kEventOf};  // hpm 3, 5, 9, 16, each OF
constexpr CounterConfig kHighThree{0xE0000000, true, true, kScountovf};      // hpm 29..31 alone
constexpr CounterConfig kTwoApart{0x1 | 0x80000008, true, true, kEventOf};  // cycle, hpm 3 and 31, each OF
constexpr CounterConfig kPlain{0x5 | 0x78, false, true, kScountovf};          // no Sscofpmf, hpm 3..6
constexpr CounterConfig kWithTime{0x7 | 0x18, true, true, kScountovf};        // time too: init() refuses
constexpr CounterConfig kAbsent{0x1D, true, false, kScountovf};
constexpr CounterConfig kAmeTwo{0x18, true, true, kScountovf};
constexpr CounterConfig kAmeMany{0xFFFFFFFD, true, true, kEventOf};
constexpr CounterConfig kAmeUndeclared{0xFFFFFFFD, true, false, kScountovf};
constexpr CounterConfig kSbiSeveral{0x5 | 0x38, true, true, kScountovf};

template <const CounterConfig& C, typename Callbacks = NoCbs, typename Totals = NoTotals>
using Machine = FixedCounters<C, Callbacks, Totals>;
template <const CounterConfig& C, typename Callbacks = NoCbs, typename Totals = NoTotals>
using Ame = ame::FixedAmeCounters<C, Callbacks, Totals>;
template <const CounterConfig& C, typename Callbacks = NoCbs, typename Totals = NoTotals>
using Sbi = CounterFile<SbiMap, FixedConfig<C>, Callbacks, Totals>;

/// A run of a build-time file on a model of num_hpm counters of 'width'
/// bits (Sscofpmf, source, presence and static storage: the type's;
/// 'callbacks' matters for attached storage only).
inline Run make_run(const char* name, Kind k, uint64_t seed, unsigned num_hpm, unsigned width, int steps,
                    Storage callbacks = Storage::kFixed) {
  return Run{name, k, seed, true, kScountovf, Storage::kFixed, callbacks, num_hpm, width, 1, true, -1, false, steps};
}
}  // namespace fixed

/// Runs r on its run-time file.
inline void run(const Run& r) {
  switch (r.kind) {
    case Kind::kMachine: Fuzz<Kind::kMachine>(r).go(); break;
    case Kind::kSbi: Fuzz<Kind::kSbi>(r).go(); break;
    case Kind::kAme: Fuzz<Kind::kAme>(r).go(); break;
    case Kind::kIbex: Fuzz<Kind::kIbex>(r).go(); break;
  }
}

}  // namespace pmu::test::riscv_fuzz
