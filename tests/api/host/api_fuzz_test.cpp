// SPDX-License-Identifier: Apache-2.0
// Random call sequences with random arguments (fixed seeds, under ASan and
// UBSan) against the behavioural models of the SafeSU (the four shipped
// layouts, and two builds of the test's own: the old 4-core RTL, whose RDC
// is unusable, and one with FT, which no shipped layout has) and of the CM
// perf block: the deterministic counterpart of a fuzzer over the API.
// Before each call the test predicts its status from the argument checks
// its doc comment and docs/safesu.md or docs/cm.md state (an index, value
// or mask out of range, a null pointer: kBadArg; the callbacks or totals it
// needs not attached, the RDC where the RTL has none, FT where the build
// has none: kUnavailable; else kOk). On every call it checks:
//  - a call predicted refused answers exactly that status and made no
//    register access (call_contract.hpp), so a check missing, too loose or
//    made after an access fails;
//  - a call predicted kOk answers kOk: no valid call is refused (none of
//    these calls self-tests, and the CM model's Perf_Num_Cnt reads 2, so
//    probe() has nothing else to answer);
//  - no call touches an address outside its unit (ModelBus fails the test
//    on any unmapped access), and the models' own invariants hold.
// Every sequence attaches and detaches its callbacks and totals at random,
// and the predictions follow. The ISR adapters return nothing: they are
// checked only for touching nothing when the hook they run refuses. Each run
// also checks it predicted many refusals and many kOk calls, and saw each
// call that can go either way both refused and accepted. A failure ends its
// run and names the unit, the step and the call with its arguments.
// Left out: run_selftest() (a long routine of driver calls and its own
// saves and restores, tests/safesu/host/safesu_selftest_test.cpp) and the
// accessors that answer no status and touch nothing (usable(), base(),
// layout(), all_counters(), callbacks(), totals(); CM usable(), gdb_base()).
#include <gtest/gtest.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include <initializer_list>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "pmu_sim/cm_model.hpp"
#include "pmu/cm/perf.hpp"
#include "pmu/safesu/safesu.hpp"
#include "pmu/util/bits.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/safesu_soc.hpp"
#include "host/backend.hpp"
#include "host/c_answer.hpp"
#include "host/call_contract.hpp"
#include "host/random_args.hpp"
#include "host/status_of.hpp"

namespace {
using namespace pmu;

constexpr int kSteps = 20000;

// Arguments around the interesting edges: small values, the unit's limits
// and just past them, and anything. The runs draw a call's arguments into
// names before the call, in the order written: drawn as the call's own
// arguments their order is the compiler's, and GCC and clang would run
// different sequences.
class Args : public test::RandomArgs {
 public:
  using RandomArgs::RandomArgs;
  unsigned index(unsigned limit) {
    switch (pick(4)) {
      case 0: return pick(limit + 2);
      case 1: return limit - 1 + pick(3);
      case 2: return static_cast<unsigned>(raw());
      default: return pick(limit == 0 ? 1 : limit);
    }
  }
  uint32_t word() { return coin() ? static_cast<uint32_t>(raw()) : pick(300); }
};

void nop(void*, unsigned) {}

// ---- the predictions ------------------------------------------------------------------
using test::bad_unless;
using test::needs;
using util::low_mask32;

// ---- one call and its contract ----------------------------------------------------------
// A call and its arguments, for the failure messages.
__attribute__((format(printf, 1, 2))) std::string describe(const char* fmt, ...) {
  char line[96];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(line, sizeof line, fmt, ap);
  va_end(ap);
  return line;
}

// Makes the calls of one run and checks each against its prediction.
class Calls {
 public:
  Calls(const test::ModelBus& bus, std::string run) : bus_(bus), run_(std::move(run)) {}

  template <typename Fn>
  void call(Status predicted, const std::string& what, Fn fn) {
    const size_t before = bus_.log.size();
    const Status answered = test::status_of(fn());
    ++predicted_[static_cast<unsigned>(predicted)];
    Seen& tally = seen_[what.substr(0, what.find('('))];
    ++(predicted == Status::kOk ? tally.accepted : tally.refused);
    const std::string where = run_ + " step " + std::to_string(step) + ": " + what;
    if (predicted != Status::kOk) {
      test::expect_refused_untouched(predicted, answered, bus_.log, before, where);
    } else {
      EXPECT_STREQ(to_string(answered), "ok") << where << " passes the documented checks: a valid call answers ok";
    }
  }
  unsigned predicted(Status s) const { return predicted_[static_cast<unsigned>(s)]; }
  // The test's own precondition: it made many calls of each kind it names.
  void expect_many(Status s, unsigned at_least) const {
    EXPECT_GE(predicted(s), at_least) << run_ << ": few calls predicted " << to_string(s);
    ::testing::Test::RecordProperty(std::string("predicted_") + to_string(s), static_cast<int>(predicted(s)));
  }
  // The test's own precondition: each call named can go either way here, and
  // went both ways in this run.
  void expect_refused_and_accepted(const std::vector<const char*>& names) const {
    for (const char* name : names) {
      const Seen s = seen(name);
      EXPECT_GE(s.refused, 1u) << run_ << ": " << name << "() never predicted refused";
      EXPECT_GE(s.accepted, 1u) << run_ << ": " << name << "() never predicted ok";
    }
  }
  // Each call named can only be refused here, and was called.
  void expect_refused_only(const std::vector<const char*>& names) const {
    for (const char* name : names) EXPECT_GE(seen(name).refused, 1u) << run_ << ": " << name << "() never called";
  }

  int step = 0;

 private:
  struct Seen {
    unsigned refused = 0, accepted = 0;
  };
  Seen seen(const char* name) const {
    const auto it = seen_.find(name);
    return it == seen_.end() ? Seen{} : it->second;
  }
  const test::ModelBus& bus_;
  std::string run_;
  unsigned predicted_[static_cast<unsigned>(Status::kFailed) + 1] = {};  // by Status
  std::map<std::string, Seen> seen_;  // by call name (a description up to its '(')
};

// An ISR adapter returns nothing: its call "answers" the prediction of the
// hook it runs, so only a refusal's "touches nothing" is checked.
template <typename Adapter>
auto adapter_as(Status predicted, Adapter run) {
  return [predicted, run] {
    run();
    return predicted;
  };
}

// ---- the SafeSU ---------------------------------------------------------------------------
// Every shipped layout has a usable RDC and none has FT: the RDC's
// kUnavailable and FT's kOk need builds of the test's own.
constexpr safesu::Layout kPre2025k4c128 =
    safesu::make_layout(safesu::shipped_params(4, 128, 24, safesu::RdcVintage::kPre2025));
constexpr safesu::Params with_ft(safesu::Params p) {
  p.ft = true;
  return p;
}
constexpr safesu::Layout kFtK6c128 = safesu::make_layout(with_ft(safesu::shipped_params(6, 128)));
static_assert(!kPre2025k4c128.rdc_usable && kFtK6c128.rdc_usable && kFtK6c128.params.ft);

std::string layout_name(const safesu::Layout& l) {
  return "k" + std::to_string(l.n_cores) + "c" + std::to_string(l.n_soc_ev) +
         (l.params.vintage == safesu::RdcVintage::kPre2025 ? "pre2025" : "") + (l.params.ft ? "ft" : "");
}

// route_table(): each entry's output below n_counters, its event below
// n_soc_ev, and no output twice. The driver reads no entry past n, so an
// empty table is valid whatever the pointer (docs/safesu.md section 2: an
// empty array is).
Status route_table_status(const safesu::Layout& l, const safesu::Route* table, size_t n) {
  if (table == nullptr) return bad_unless(n == 0);
  uint32_t outputs = 0;
  for (size_t j = 0; j < n; ++j) {
    const unsigned out = table[j].output;
    if (out >= l.n_counters || table[j].event >= l.n_soc_ev || ((outputs >> out) & 1u) != 0) return Status::kBadArg;
    outputs |= 1u << out;
  }
  return Status::kOk;
}

class SafesuApiFuzz : public ::testing::TestWithParam<const safesu::Layout*> {};

TEST_P(SafesuApiFuzz, RandomCallsKeepTheContract) {
  using namespace pmu::safesu;
  const Layout& l = *GetParam();
  models::SafesuModel model(pmu_sim::safesu_config(l));
  test::ModelBus bus;
  constexpr uintptr_t kBase = 0x80100000;
  bus.map(kBase, models::SafesuModel::kWindowSize, &model);
  test::ScopedBackend use(bus);
  SafeSU su(kBase, l);
  Callbacks callbacks;
  Totals totals;
  ASSERT_EQ(su.attach_callbacks(&callbacks), Status::kOk);
  ASSERT_EQ(su.track_totals(&totals), Status::kOk);
  bool callbacks_on = true, totals_on = true;  // until a call below detaches them
  const unsigned n_counters = l.n_counters, n_inputs = l.n_inputs, n_cores = l.n_cores, n_soc_ev = l.n_soc_ev;
  // start() and stop() take exactly every counter (docs/safesu.md §4).
  const uint32_t all = low_mask32(n_counters);
  ASSERT_EQ(su.all_counters(), all);
  // The RDC calls that write, and its hook: kUnavailable on the old 4-core
  // RTL (its enable bit is its reset bit).
  const Status rdc = l.rdc_usable ? Status::kOk : Status::kUnavailable;
  // The FT calls: kUnavailable without FT, checked before their arguments.
  const bool ft = l.params.ft;
  Calls c(bus, layout_name(l));
  Args a(0x5AFE5u + l.n_soc_ev + l.n_cores + (l.rdc_usable ? 0 : 0x100) + (ft ? 0x200 : 0));
  uint32_t snap[40];
  uint8_t bytes[16];
  ASSERT_LE(n_counters, sizeof snap / sizeof snap[0]);
  ASSERT_LE(n_inputs, sizeof bytes);
  for (; c.step < kSteps && !HasFailure(); ++c.step) {
    switch (a.pick(31)) {
      case 0: {
        const unsigned k = a.index(n_counters), ev = a.index(n_soc_ev);
        c.call(bad_unless(k < n_counters && ev < n_soc_ev), describe("route(%u, %u)", k, ev),
               [&] { return su.route(k, ev); });
        break;
      }
      case 1: {
        Route t[3];
        for (auto& r : t) r = Route{static_cast<uint8_t>(a.index(n_counters)), static_cast<uint16_t>(a.index(n_soc_ev))};
        const Route* table = a.coin() ? t : nullptr;
        const unsigned n = a.pick(4);
        c.call(route_table_status(l, table, n),
               describe("route_table(%s, %u) {%u->%u, %u->%u, %u->%u}", table ? "t" : "nullptr", n, unsigned{t[0].output},
                        unsigned{t[0].event}, unsigned{t[1].output}, unsigned{t[1].event}, unsigned{t[2].output},
                        unsigned{t[2].event}),
               [&] { return su.route_table(table, n); });
        break;
      }
      case 2: {
        const unsigned k = a.index(n_counters);
        c.call(bad_unless(k < n_counters), describe("routed_event(%u)", k), [&] { return su.routed_event(k); });
        break;
      }
      case 3: {
        const unsigned k = a.index(n_counters);
        c.call(bad_unless(k < n_counters), describe("read(%u)", k), [&] { return su.read(k); });
        break;
      }
      case 4: {
        uint32_t* const out = a.coin() ? snap : nullptr;
        const unsigned n = a.index(n_counters);
        c.call(bad_unless((out != nullptr || n == 0) && n <= n_counters),
               describe("read_all(%s, %u)", out ? "out" : "nullptr", n), [&] { return su.read_all(out, n); });
        break;
      }
      case 5: {
        const unsigned k = a.index(n_counters);
        const uint32_t v = a.word();
        c.call(bad_unless(k < n_counters), describe("write(%u, 0x%x)", k, v), [&] { return su.write(k, v); });
        break;
      }
      case 6:
        if (a.coin()) {
          const unsigned k = a.index(n_counters);
          c.call(needs(totals_on, bad_unless(k < n_counters)), describe("read64(%u)", k), [&] { return su.read64(k); });
        } else {
          c.call(needs(totals_on, Status::kOk), "sync64()", [&] { return su.sync64(); });
        }
        break;
      case 7: {
        const unsigned m = a.pick(6);
        c.call(bad_unless(m <= 3), describe("set_selftest_mode(%u)", m),
               [&] { return su.set_selftest_mode(static_cast<SelftestMode>(m)); });
        break;
      }
      case 8: {
        const uint32_t m = a.word();
        c.call(bad_unless((m & ~all) == 0), describe("set_overflow_mask(0x%x)", m), [&] { return su.set_overflow_mask(m); });
        break;
      }
      case 9: {
        const unsigned k = a.index(n_counters);
        const bool on = a.coin();
        c.call(bad_unless(k < n_counters), describe("set_overflow_irq(%u, %d)", k, on),
               [&] { return su.set_overflow_irq(k, on); });
        break;
      }
      case 10:
        if (a.coin()) {
          const bool discard = a.coin();
          c.call(Status::kOk, describe("enable_overflow(%d)", discard), [&] { return su.enable_overflow(discard); });
        } else {
          c.call(Status::kOk, "disable_overflow()", [&] { return su.disable_overflow(); });
        }
        break;
      case 11:
        if (a.coin())
          c.call(Status::kOk, "clear_overflow()", [&] { return su.clear_overflow(); });
        else
          c.call(Status::kOk, "overflow_vector()", [&] { return su.overflow_vector(); });
        break;
      case 12: {
        // set_rdc_threshold() is set_weight() (one shared register).
        const unsigned i = a.index(n_inputs), w = a.index(256);
        if (a.coin())
          c.call(bad_unless(i < n_inputs && w <= 0xFF), describe("set_weight(%u, %u)", i, w),
                 [&] { return su.set_weight(i, w); });
        else
          c.call(bad_unless(i < n_inputs && w <= 0xFF), describe("set_rdc_threshold(%u, %u)", i, w),
                 [&] { return su.set_rdc_threshold(i, w); });
        break;
      }
      case 13: {
        const uint8_t* const weights = a.coin() ? bytes : nullptr;
        const unsigned n = a.index(n_inputs);
        c.call(bad_unless((weights != nullptr || n == 0) && n <= n_inputs),
               describe("set_weights(%s, %u)", weights ? "bytes" : "nullptr", n), [&] { return su.set_weights(weights, n); });
        break;
      }
      case 14: {
        const unsigned i = a.index(n_inputs);
        c.call(bad_unless(i < n_inputs), describe("weight(%u)", i), [&] { return su.weight(i); });
        break;
      }
      case 15: {
        // Any 32-bit limit is a budget.
        const unsigned core = a.index(n_cores);
        const uint32_t limit = a.word();
        c.call(bad_unless(core < n_cores), describe("set_budget(%u, 0x%x)", core, limit),
               [&] { return su.set_budget(core, limit); });
        break;
      }
      case 16: {
        const unsigned core = a.index(n_cores);
        c.call(bad_unless(core < n_cores), describe("remaining_budget(%u)", core), [&] { return su.remaining_budget(core); });
        break;
      }
      case 17:
        if (a.coin()) {
          // A non-empty mask of existing cores.
          const uint32_t m = a.word() & 0x7F;
          c.call(bad_unless(m != 0 && (m & ~low_mask32(n_cores)) == 0), describe("refill_cores(0x%x)", m),
                 [&] { return su.refill_cores(m); });
        } else {
          const unsigned core = a.index(n_cores);
          c.call(bad_unless(core < n_cores), describe("refill(%u)", core), [&] { return su.refill(core); });
        }
        break;
      case 18:
        switch (a.pick(4)) {
          case 0: c.call(Status::kOk, "enable_mccu()", [&] { return su.enable_mccu(); }); break;
          case 1: c.call(Status::kOk, "disable_mccu()", [&] { return su.disable_mccu(); }); break;
          case 2: c.call(Status::kOk, "reset_mccu()", [&] { return su.reset_mccu(); }); break;
          default: {
            const bool on = a.coin();
            c.call(Status::kOk, describe("set_hw_quota(%d)", on), [&] { return su.set_hw_quota(on); });
            break;
          }
        }
        break;
      case 19:
        switch (a.pick(4)) {
          case 0: c.call(rdc, "enable_rdc()", [&] { return su.enable_rdc(); }); break;
          case 1: c.call(rdc, "disable_rdc()", [&] { return su.disable_rdc(); }); break;
          case 2: c.call(rdc, "reset_rdc()", [&] { return su.reset_rdc(); }); break;
          default: c.call(rdc, "clear_rdc_irq()", [&] { return su.clear_rdc_irq(); }); break;
        }
        break;
      case 20: {
        const unsigned i = a.index(n_inputs);
        c.call(bad_unless(i < n_inputs), describe("watermark(%u)", i), [&] { return su.watermark(i); });
        break;
      }
      case 21: {
        uint8_t* const out = a.coin() ? bytes : nullptr;
        const unsigned n = a.index(n_inputs);
        c.call(bad_unless((out != nullptr || n == 0) && n <= n_inputs),
               describe("read_watermarks(%s, %u)", out ? "out" : "nullptr", n),
               [&] { return su.read_watermarks(out, n); });
        break;
      }
      case 22:
        // The RDC's reads check no RDC: kOk where it is unusable too.
        if (a.coin()) {
          const unsigned i = a.index(n_inputs);
          c.call(bad_unless(i < n_inputs), describe("rdc_fired(%u)", i), [&] { return su.rdc_fired(i); });
        } else {
          c.call(Status::kOk, "rdc_vector()", [&] { return su.rdc_vector(); });
        }
        break;
      case 23:
        switch (a.pick(5)) {
          case 0: {
            const unsigned k = a.index(n_counters);
            c.call(needs(callbacks_on, bad_unless(k < n_counters)), describe("on_overflow(%u)", k),
                   [&] { return su.on_overflow(k, {nop, nullptr}); });
            break;
          }
          case 1: {
            const unsigned core = a.index(n_cores);
            c.call(needs(callbacks_on, bad_unless(core < n_cores)), describe("on_mccu(%u)", core),
                   [&] { return su.on_mccu(core, {nop, nullptr}); });
            break;
          }
          case 2: {
            const unsigned i = a.index(n_inputs);
            c.call(needs(callbacks_on, bad_unless(i < n_inputs)), describe("on_rdc(%u)", i),
                   [&] { return su.on_rdc(i, {nop, nullptr}); });
            break;
          }
          case 3:
            c.call(ft && callbacks_on ? Status::kOk : Status::kUnavailable, "on_ft()",
                   [&] { return su.on_ft({nop, nullptr}); });
            break;
          default: {
            // The policy lives in the callback table.
            const unsigned p = a.pick(4);
            c.call(needs(callbacks_on, bad_unless(p <= 1)), describe("set_mccu_irq_policy(%u)", p),
                   [&] { return su.set_mccu_irq_policy(static_cast<MccuIrqPolicy>(p)); });
            break;
          }
        }
        break;
      case 24:
        switch (a.pick(4)) {
          case 0: c.call(Status::kOk, "handle_overflow_irq()", [&] { return su.handle_overflow_irq(); }); break;
          case 1: {
            const unsigned core = a.index(n_cores);
            c.call(bad_unless(core < n_cores), describe("handle_mccu_irq(%u)", core),
                   [&] { return su.handle_mccu_irq(core); });
            break;
          }
          case 2: c.call(rdc, "handle_rdc_irq()", [&] { return su.handle_rdc_irq(); }); break;
          default: {
            // Only FT1 and FT2 are lines.
            const unsigned which = a.pick(4);
            c.call(ft ? bad_unless(which == 1 || which == 2) : Status::kUnavailable, describe("handle_ft_irq(%u)", which),
                   [&] { return su.handle_ft_irq(which); });
            break;
          }
        }
        break;
      case 25: {
        const uint32_t m = a.coin() ? all : a.word();
        if (a.coin())
          c.call(bad_unless(m == all), describe("start(0x%x)", m), [&] { return su.start(m); });
        else if (a.coin())
          c.call(bad_unless(m == all), describe("stop(0x%x)", m), [&] { return su.stop(m); });
        else
          c.call(Status::kOk, "reset()", [&] { return su.reset(); });
        break;
      }
      case 26:
        // The quota unit: deprecated in the RTL, still in the API.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
        switch (a.pick(3)) {
          case 0: {
            const uint32_t m = a.coin() ? a.word() & all : a.word();
            c.call(bad_unless((m & ~all) == 0), describe("set_quota_mask(0x%x)", m), [&] { return su.set_quota_mask(m); });
            break;
          }
          case 1: {
            const uint32_t limit = a.word();
            c.call(Status::kOk, describe("set_quota_limit(0x%x)", limit), [&] { return su.set_quota_limit(limit); });
            break;
          }
          default: c.call(Status::kOk, "clear_quota()", [&] { return su.clear_quota(); }); break;
        }
#pragma GCC diagnostic pop
        break;
      case 27:
        // The ISR adapters, as an RTOS calls them.
        switch (a.pick(3)) {
          case 0:
            c.call(Status::kOk, "overflow_isr()", adapter_as(Status::kOk, [&] { SafeSU::overflow_isr(&su); }));
            break;
          case 1: {
            SafeSU::MccuLine line{&su, a.index(n_cores)};
            c.call(bad_unless(line.core < n_cores), describe("mccu_isr(%u)", line.core),
                   adapter_as(bad_unless(line.core < n_cores), [&] { SafeSU::mccu_isr(&line); }));
            break;
          }
          default: c.call(rdc, "rdc_isr()", adapter_as(rdc, [&] { SafeSU::rdc_isr(&su); })); break;
        }
        break;
      case 28:
        if (a.coin()) {
          callbacks_on = a.coin();
          c.call(Status::kOk, describe("attach_callbacks(%s)", callbacks_on ? "&callbacks" : "nullptr"),
                 [&] { return su.attach_callbacks(callbacks_on ? &callbacks : nullptr); });
        } else {
          totals_on = a.coin();
          c.call(Status::kOk, describe("track_totals(%s)", totals_on ? "&totals" : "nullptr"),
                 [&] { return su.track_totals(totals_on ? &totals : nullptr); });
        }
        break;
      case 29: model.set_event(a.pick(n_soc_ev), a.coin()); break;
      default: bus.advance(a.pick(2000)); break;
    }
  }
  if (HasFailure()) return;  // stopped early: the counts mean nothing
  c.expect_many(Status::kOk, 5000);
  c.expect_many(Status::kBadArg, 5000);
  c.expect_many(Status::kUnavailable, 200);
  std::vector<const char*> either = {
      "route", "route_table", "routed_event", "read", "read_all", "write", "read64", "sync64", "set_selftest_mode",
      "set_overflow_mask", "set_overflow_irq", "set_quota_mask", "set_weight", "set_rdc_threshold", "set_weights",
      "weight", "set_budget", "remaining_budget", "refill", "refill_cores", "watermark", "read_watermarks",
      "rdc_fired", "on_overflow", "on_mccu", "on_rdc", "set_mccu_irq_policy", "handle_mccu_irq", "mccu_isr", "start",
      "stop"};
  std::vector<const char*> refused_only;
  for (const char* name : {"on_ft", "handle_ft_irq"}) (ft ? either : refused_only).push_back(name);
  if (!l.rdc_usable)
    for (const char* name : {"enable_rdc", "disable_rdc", "reset_rdc", "clear_rdc_irq", "handle_rdc_irq", "rdc_isr"})
      refused_only.push_back(name);
  c.expect_refused_and_accepted(either);
  c.expect_refused_only(refused_only);
}

INSTANTIATE_TEST_SUITE_P(Layouts, SafesuApiFuzz,
                         ::testing::Values(&safesu::k4c128, &safesu::k6c128, &safesu::k6c256, &safesu::k4c32,
                                           &kPre2025k4c128, &kFtK6c128),
                         [](const ::testing::TestParamInfo<const safesu::Layout*>& p) { return layout_name(*p.param); });

// ---- the CM perf block --------------------------------------------------------------------
// The event ids of the table (docs/cm.md: 7, 10..15 and 18 up are unknown).
constexpr bool event_listed(unsigned id) { return id <= 17 && id != 7 && (id < 10 || id > 15); }
// A counter mask: not empty, no bit above bit 2.
constexpr bool mask_valid(uint32_t m) { return m != 0 && (m & ~cm::kAllMask) == 0; }

TEST(CmApiFuzz, RandomCallsKeepTheContract) {
  using namespace pmu::cm;
  models::CmPerfModel model;
  test::ModelBus bus;
  constexpr uintptr_t kGcr = 0x1FBF8000;
  bus.map(kGcr + kGdbOffset, models::CmPerfModel::kWindowSize, &model);
  test::ScopedBackend use(bus);
  Perf perf(kGcr);
  ASSERT_EQ(perf.usable(), Status::kOk);
  Callbacks callbacks{};
  Totals totals;
  bool callbacks_on = false, totals_on = false;  // a new Perf holds neither
  Calls c(bus, "cm");
  Args a(0xC0FFEE);
  for (; c.step < kSteps && !HasFailure(); ++c.step) {
    const unsigned i = a.index(kNumCounters);  // around 0..2 and past it
    const Status index_ok = bad_unless(i < kNumCounters);
    const uint32_t mask = a.pick(10);  // empty, valid and too wide
    switch (a.pick(13)) {
      case 0: {
        // Only P0 and P1 have an event.
        const unsigned event = a.index(18);
        const uint32_t qualifier = a.word();
        c.call(bad_unless((i == kP0Counter || i == kP1Counter) && event_listed(event)),
               describe("program(%u, %u, 0x%x)", i, event, qualifier), [&] { return perf.program(i, event, qualifier); });
        break;
      }
      case 1: {
        // The three masks together not empty and within bits 0..2, and no
        // counter both started and stopped.
        const uint32_t stop = a.pick(10), reset = a.pick(10);
        c.call(bad_unless(mask_valid(mask | stop | reset) && (mask & stop) == 0),
               describe("control(0x%x, 0x%x, 0x%x)", mask, stop, reset), [&] { return perf.control(mask, stop, reset); });
        break;
      }
      case 2:
        if (a.coin())
          c.call(needs(totals_on, index_ok), describe("read64(%u)", i), [&] { return perf.read64(i); });
        else
          c.call(index_ok, describe("read(%u)", i), [&] { return perf.read(i); });
        break;
      case 3: {
        const uint32_t v = a.word();
        c.call(index_ok, describe("preload(%u, 0x%x)", i, v), [&] { return perf.preload(i, v); });
        break;
      }
      case 4:
        c.call(bad_unless(mask_valid(mask)), describe("clear_overflow(0x%x)", mask), [&] { return perf.clear_overflow(mask); });
        break;
      case 5:
        c.call(needs(callbacks_on, index_ok), describe("on_overflow(%u)", i),
               [&] { return perf.on_overflow(i, {nop, nullptr}); });
        break;
      case 6:
        switch (a.pick(3)) {
          case 0: c.call(Status::kOk, "handle_overflow_irq()", [&] { return perf.handle_overflow_irq(); }); break;
          case 1:
            c.call(Status::kOk, "handle_overflow_irq_as<pmu_u32_result_t>()",
                   [&] { return pmu::test::from_c_answer(perf.handle_overflow_irq_as<pmu_u32_result_t>()); });
            break;
          default: c.call(Status::kOk, "overflow_isr()", adapter_as(Status::kOk, [&] { Perf::overflow_isr(&perf); })); break;
        }
        break;
      case 7:
        if (a.coin()) {
          const bool on = a.coin();
          c.call(Status::kOk, describe("set_overflow_stop(%d)", on), [&] { return perf.set_overflow_stop(on); });
        } else {
          const bool on = a.coin();
          c.call(Status::kOk, describe("set_interrupt_enable(%d)", on), [&] { return perf.set_interrupt_enable(on); });
        }
        break;
      case 8:
        callbacks_on = a.coin();
        perf.attach_callbacks(callbacks_on ? &callbacks : nullptr);
        break;
      case 9:
        totals_on = a.coin();
        perf.track_totals(totals_on ? &totals : nullptr);
        break;
      case 10:
        // A counter mask: not empty, no bit above bit 2.
        switch (a.pick(4)) {
          case 0: c.call(bad_unless(mask_valid(mask)), describe("start(0x%x)", mask), [&] { return perf.start(mask); }); break;
          case 1: c.call(bad_unless(mask_valid(mask)), describe("stop(0x%x)", mask), [&] { return perf.stop(mask); }); break;
          case 2: c.call(bad_unless(mask_valid(mask)), describe("reset(0x%x)", mask), [&] { return perf.reset(mask); }); break;
          default:
            c.call(bad_unless(mask_valid(mask)), describe("reset_and_start(0x%x)", mask),
                   [&] { return perf.reset_and_start(mask); });
            break;
        }
        break;
      case 11:
        if (a.coin())
          c.call(Status::kOk, "read_overflow()", [&] { return perf.read_overflow(); });
        else
          c.call(Status::kOk, "probe()", [&] { return perf.probe(); });
        break;
      default: bus.advance(a.pick(5000)); break;
    }
  }
  if (HasFailure()) return;  // stopped early: the counts mean nothing
  c.expect_many(Status::kOk, 5000);
  c.expect_many(Status::kBadArg, 3000);
  c.expect_many(Status::kUnavailable, 200);
  c.expect_refused_and_accepted({"program", "control", "read", "read64", "preload", "clear_overflow", "on_overflow", "start",
                                 "stop", "reset", "reset_and_start"});
}

}  // namespace
