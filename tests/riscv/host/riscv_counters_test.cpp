// SPDX-License-Identifier: Apache-2.0
// Standard RISC-V counters (Zicntr/Zihpm/Sscofpmf) on RV64: exact CSR
// sequences, the LCOFI hook, width probing, the 64-bit extension, and bad
// input touching nothing.
#include <gtest/gtest.h>
#include <string.h>

#include <random>
#include <vector>

#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu/riscv/ibex.hpp"
#include "pmu/riscv/sbi_counters.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "csr_model_helper.hpp"
#include "host/backend.hpp"
#include "callback_log.hpp"
#include "counter_config_helper.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;
using pmu::test::CC;
using pmu::test::CR;
using pmu::test::CS;
using pmu::test::CW;

constexpr uint64_t kOf = uint64_t{1} << 63;
constexpr uint32_t kCy = 1u << 0, kIr = 1u << 2;

using pmu::test::cfg;

// Globals must be constant-initialised (no static constructors on targets).
constexpr CounterConfig kGlobalCfg{0x1D, true, true, OverflowSource::kScountovf};
Counters g_counters(kGlobalCfg);

// Every index reaches its own CSR with every verb (an index bit lost in the
// dispatch would send odd or high indices to another CSR).
TEST(RiscvCsrBank, DispatchesRuntimeIndexToCompileTimeCsr) {
  test::ExpectBackend bus;
  for (unsigned i = 0; i < 32; ++i)
    bus.expect({CR(0xB00 + i, 7 + i), CW(0x320 + i, 9 + i), CS(0x320 + i, 4 + i), CC(0x320 + i, 1 + i),
                CC(0x720 + i, 2 + i)});
  test::ScopedBackend use(bus);
  for (unsigned i = 0; i < 32; ++i) {
    EXPECT_EQ(CsrBank<0xB00>::read(i), 7u + i);
    CsrBank<0x320>::write(i, 9 + i);
    (void)CsrBank<0x320>::set(i, 4 + i);
    (void)CsrBank<0x320>::clear(i, 1 + i);
    (void)CsrBank<0x720>::clear_bit(1u << i, 2 + i);  // a bit names its counter's CSR
    EXPECT_EQ(CsrBank<0xBE0>::number(i), 0xBE0u + i);
  }
}

TEST(RiscvCsrBank, CheckedFormsRejectOutOfRangeIndexWithoutAccess) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  EXPECT_EQ(CsrBank<0xB00>::read_checked(32).status(), Status::kBadArg);
  EXPECT_EQ(CsrBank<0xB00>::write_checked(100, 1), Status::kBadArg);
}

TEST(RiscvCounters, InitInhibitsAndZeroesEveryImplementedEventSelector) {
  test::ExpectBackend bus;
  bus.expect({CS(0x320, 0x18), CW(0x323, 0), CW(0x324, 0)});
  test::ScopedBackend use(bus);
  Counters c(cfg(kCy | kIr | 0x18));
  EXPECT_EQ(c.init(), Status::kOk);
}

// Without hpm counters there is nothing to inhibit or clear: init touches
// no CSR (and a tracked cycle/instret total starts from the counter).
TEST(RiscvCounters, InitOfAFileWithoutHpmCountersTouchesNothing) {
  test::NoAccessBackend none;
  {
    test::ScopedBackend use(none);
    Counters c(cfg(kCy | kIr));
    EXPECT_EQ(c.init(), Status::kOk);
  }
  test::ExpectBackend bus;
  bus.expect({CR(0xB00, 5), CR(0xB02, 7)});
  test::ScopedBackend use(bus);
  CounterTotals totals;
  Counters c(cfg(kCy | kIr));
  c.track_totals(&totals);
  EXPECT_EQ(c.init(), Status::kOk);
}

TEST(RiscvCounters, ReadOnRv64IsOneCsrr) {
  test::ExpectBackend bus;
  bus.expect({CR(0xB00, 0x123456789ull), CR(0xB04, 42)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_counters.read(0).value(), 0x123456789ull);
  EXPECT_EQ(g_counters.read(4).value(), 42u);
}

TEST(RiscvCounters, StartStopAreOneCsrcOrCsrsOnMcountinhibit) {
  test::ExpectBackend bus;
  bus.expect({CC(0x320, 0x19), CS(0x320, 0x10)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_counters.start(0x19), Status::kOk);
  EXPECT_EQ(g_counters.stop(0x10), Status::kOk);
}

// armed() is the SBI file's record of counters whose OF a start armed; in
// M-mode OF is armed by clearing it, so a start records nothing.
TEST(RiscvCounters, AMachineStartArmsNothing) {
  test::ExpectBackend bus;
  bus.expect(CC(0x320, 0x19));
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_counters.start(0x19), Status::kOk);
  EXPECT_EQ(g_counters.armed(), 0u);
}

TEST(RiscvCounters, ProgramWritesTheWholeSelectorIncludingFilterBits) {
  test::ExpectBackend bus;
  const HpmEvent ev = make_hpm_event(2, inhibit::kS | inhibit::kU).value();
  bus.expect({CW(0x324, 0x3000000000000002ull), CR(0x324, 0x3000000000000002ull)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_counters.program(4, ev), Status::kOk);
  EXPECT_EQ(g_counters.event(4).value().get(mhpmevent::kInh), 0x0Cu);
}

TEST(RiscvCounters, WriteOnRv64IsOneCsrw) {
  test::ExpectBackend bus;
  bus.expect(CW(0xB03, 0xFFFFFFFFFFFFFC18ull));
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8));
  EXPECT_EQ(c.write(3, static_cast<uint64_t>(-1000)), Status::kOk);
}

// The total goes on from a written value: counted before the write, plus
// counted since (the write itself adds nothing).
TEST(RiscvCounters, WriteKeepsTheTotalAndGoesOnFromTheWrittenValue) {
  test::ExpectBackend bus;
  CounterTotals totals;
  Counters c(cfg(0x8, false));
  c.track_totals(&totals);
  bus.expect({CS(0x320, 0x8), CW(0x323, 0), CR(0xB03, 100),  // init: the total starts at 100
              CR(0xB03, 130),                                 // 30 counted
              CR(0xB03, 135), CW(0xB03, 1000),                // 5 more up to the write, then written
              CR(0xB03, 1010)});                              // 10 more
  test::ScopedBackend use(bus);
  ASSERT_EQ(c.init(), Status::kOk);
  EXPECT_EQ(c.read64(3).value(), 30u);
  EXPECT_EQ(c.write(3, 1000), Status::kOk);
  EXPECT_EQ(c.read64(3).value(), 45u);
}

TEST(RiscvCounters, BadInputTouchesNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  Counters c(cfg(kCy | kIr | 0x8));
  Counters no_of(cfg(kCy | kIr | 0x8, false));
  const HpmEvent ev{1};
  EXPECT_EQ(c.read(1).status(), Status::kBadArg);    // time is not a machine counter
  EXPECT_EQ(c.read(4).status(), Status::kBadArg);    // not implemented
  EXPECT_EQ(c.read(32).status(), Status::kBadArg);
  EXPECT_EQ(c.write(5, 0), Status::kBadArg);
  EXPECT_EQ(c.start(0), Status::kBadArg);
  EXPECT_EQ(c.start(0x2), Status::kBadArg);
  EXPECT_EQ(c.stop(0x10), Status::kBadArg);
  EXPECT_EQ(c.program(2, ev), Status::kBadArg);      // instret has no selector
  EXPECT_EQ(c.program(31, ev), Status::kBadArg);
  EXPECT_EQ(c.event(0).status(), Status::kBadArg);
  EXPECT_EQ(no_of.program(3, HpmEvent{kOf | 1}), Status::kBadArg);  // OF without Sscofpmf
  EXPECT_EQ(no_of.overflow_vector().status(), Status::kUnavailable);
  EXPECT_EQ(no_of.clear_overflow(3), Status::kUnavailable);
  EXPECT_EQ(no_of.enable_overflow_irq(), Status::kUnavailable);
  EXPECT_EQ(no_of.handle_overflow_irq().status(), Status::kUnavailable);
  EXPECT_EQ(c.on_overflow(0, {}), Status::kBadArg);
  EXPECT_EQ(c.on_overflow(3, {}), Status::kUnavailable);  // no callback storage attached
  EXPECT_EQ(c.probe_width(9).status(), Status::kBadArg);
  EXPECT_EQ(c.set_width(3, 0), Status::kBadArg);
  EXPECT_EQ(c.set_width(3, 65), Status::kBadArg);
  EXPECT_EQ(c.read64(30).status(), Status::kBadArg);
  EXPECT_EQ(c.read64(3).status(), Status::kUnavailable);  // hpm width unknown, no totals
  EXPECT_EQ(c.reset_total(3), Status::kUnavailable);
  // With totals tracked, the calls that fold first refuse before the fold.
  CounterTotals totals;
  c.track_totals(&totals);
  no_of.track_totals(&totals);
  EXPECT_EQ(c.write(5, 0), Status::kBadArg);
  EXPECT_EQ(c.start(0x2), Status::kBadArg);
  EXPECT_EQ(c.program(31, ev), Status::kBadArg);
  EXPECT_EQ(no_of.program(3, HpmEvent{kOf | 1}), Status::kBadArg);
  EXPECT_EQ(no_of.clear_overflow(3), Status::kUnavailable);
  EXPECT_EQ(c.clear_overflow(2), Status::kBadArg);  // instret has no OF
  Counters with_time(cfg(0x2));
  EXPECT_EQ(with_time.init(), Status::kBadArg);
  CounterConfig absent = cfg(0x8);
  absent.present = false;
  Counters gone(absent);
  EXPECT_EQ(gone.init(), Status::kUnavailable);
  EXPECT_EQ(gone.read(3).status(), Status::kUnavailable);
}

TEST(RiscvHpmEvent, EncoderRejectsEveryOutOfRangeValue) {
  EXPECT_TRUE(make_hpm_event((uint64_t{1} << 56) - 1).ok());
  for (unsigned b = 56; b < 64; ++b)
    EXPECT_EQ(make_hpm_event(uint64_t{1} << b).status(), Status::kBadArg) << b;
  for (unsigned inh = 0; inh < 256; ++inh) {
    const auto r = make_hpm_event(5, static_cast<uint8_t>(inh));
    if (inh < 32) {
      ASSERT_TRUE(r.ok());
      EXPECT_EQ(r.value().raw, (uint64_t{inh} << 58) | 5);
      EXPECT_EQ(r.value().test(mhpmevent::kMinh), (inh & inhibit::kM) != 0);
      EXPECT_EQ(r.value().test(mhpmevent::kVuinh), (inh & inhibit::kVu) != 0);
      EXPECT_FALSE(r.value().test(mhpmevent::kOf));
    } else {
      EXPECT_EQ(r.status(), Status::kBadArg);
    }
  }
}

// A run-time file is made by constant initialisation: a namespace-scope file
// needs no code at start-up (pmukit has no static constructors, and a bare-
// metal image runs none: a file left zero would refuse every call). Each
// constexpr below fails to compile if a constructor stops being constant.
constexpr pmu::riscv::CounterConfig kConstantConfig{0x1D, true, true, pmu::riscv::OverflowSource::kScountovf};
constexpr pmu::riscv::Counters kConstantFile{kConstantConfig};
constexpr pmu::riscv::SbiCounters kConstantSbiFile{kConstantConfig};
constexpr pmu::riscv::ame::AmeCounters kConstantAmeFile{kConstantConfig};
constexpr pmu::riscv::ibex::IbexCounters kConstantIbexFile{kConstantConfig};
static_assert(kConstantFile.config().counters == 0x1Du && kConstantSbiFile.config().counters == 0x1Du &&
              kConstantAmeFile.config().counters == 0x1Du && kConstantIbexFile.config().counters == 0x1Du);

// The hook's two forms: handle_overflow_irq(), and the inlined form the C
// API's hook runs. Each test below runs both, which must make the same
// accesses in the same order and give the same answer.
using HookForm = Result<uint32_t> (*)(Counters&);
const HookForm kHookForms[] = {
    [](Counters& c) { return c.handle_overflow_irq(); },
    [](Counters& c) { return c.handle_overflow_irq_inlined(); },
};

// A run-time file with a callback table attached, and a log of its
// callbacks that notes how many accesses came before each.
struct LcofiRig {
  explicit LcofiRig(const CounterConfig& config) : c(config) {
    seen.bus = &bus;
    c.attach_callbacks(&cbs);
  }
  test::ExpectBackend bus;
  test::CallbackLog seen;
  CounterCallbacks cbs;
  Counters c;
};

// The order of include/pmu/irq.hpp: clear the pending latch, snapshot, every
// callback (lowest index first), fold the tracked totals, acknowledge exactly
// the snapshot. A callback sees its counter's OF still set.
TEST(RiscvLcofi, HookClearsPendingSnapshotsCallsBackThenAcknowledgesTheSnapshot) {
  for (HookForm hook : kHookForms) {
    LcofiRig r(cfg(kCy | kIr | 0x38));
    auto& [bus, seen, cbs, c] = r;
    bus.expect({
        CC(0x344, 0x2000),               // LCOFIP first: a later overflow raises it again
        CR(0xDA0, 0x28 | 0x40 | 1),      // snapshot (bits outside the file are ignored)
        CC(0x323, kOf), CC(0x325, kOf),  // acknowledge after every callback
    });
    test::ScopedBackend use(bus);
    ASSERT_EQ(c.on_overflow(3, {test::record_callback, &seen}), Status::kOk);
    ASSERT_EQ(c.on_overflow(5, {test::record_callback, &seen}), Status::kOk);
    EXPECT_EQ(hook(c).value(), 0x28u);
    EXPECT_EQ(seen.order, (std::vector<unsigned>{3, 5}));
    EXPECT_EQ(seen.log_at_call, (std::vector<size_t>{2, 2}));  // both before any acknowledge
    bus.verify();
  }
}

// One counter flagged and no totals (the usual interrupt; a run-time file
// then acknowledges without a second call): its callback, then its own OF
// clear, for the lowest and the highest hpm counter.
TEST(RiscvLcofi, OneFlaggedCounterIsCalledBackThenAcknowledgedAlone) {
  for (HookForm hook : kHookForms)
    for (unsigned i : {3u, 31u}) {
      LcofiRig r(cfg(kCy | 0x80000008u));
      auto& [bus, seen, cbs, c] = r;
      bus.expect({CC(0x344, 0x2000), CR(0xDA0, 1u << i), CC(0x320 + i, kOf)});
      test::ScopedBackend use(bus);
      ASSERT_EQ(c.on_overflow(i, {test::record_callback, &seen}), Status::kOk);
      EXPECT_EQ(hook(c).value(), 1u << i);
      EXPECT_EQ(seen.order, (std::vector<unsigned>{i}));
      EXPECT_EQ(seen.log_at_call, (std::vector<size_t>{2}));
      bus.verify();
    }
}

// A file without Sscofpmf refuses either form with no access.
TEST(RiscvLcofi, AFileWithoutSscofpmfRefusesTheHookWithNoAccess) {
  for (HookForm hook : kHookForms) {
    test::NoAccessBackend none;
    test::ScopedBackend use_none(none);
    Counters plain(cfg(0x38, false));
    EXPECT_EQ(hook(plain).status(), Status::kUnavailable);
    EXPECT_EQ(none.log.size(), 0u);
  }
}

// The table is read for each callback, as the SafeSU and CM hooks read
// theirs: a callback that detaches it ends the callbacks, and the hook still
// acknowledges the whole snapshot.
TEST(RiscvLcofi, ACallbackThatDetachesTheTableEndsTheCallbacksNotTheAcknowledge) {
  test::ExpectBackend bus;
  CounterCallbacks cbs;
  Counters c(cfg(kCy | kIr | 0x38));
  test::Detacher<Counters> d{&c, {}};
  c.attach_callbacks(&cbs);
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0x38), CC(0x323, kOf), CC(0x324, kOf), CC(0x325, kOf)});
  test::ScopedBackend use(bus);
  ASSERT_EQ(c.on_overflow(3, {test::Detacher<Counters>::detach, &d}), Status::kOk);
  ASSERT_EQ(c.on_overflow(4, {test::Detacher<Counters>::detach, &d}), Status::kOk);
  ASSERT_EQ(c.on_overflow(5, {test::Detacher<Counters>::detach, &d}), Status::kOk);
  EXPECT_EQ(c.handle_overflow_irq().value(), 0x38u);
  EXPECT_EQ(d.order, (std::vector<unsigned>{3}));
}

TEST(RiscvLcofi, TrackedTotalsAreFoldedAfterTheCallbacksBeforeTheAcknowledge) {
  for (HookForm hook : kHookForms) {
    test::ExpectBackend bus;
    CounterTotals totals;
    Counters c(cfg(0x8));
    bus.expect({CR(0xB03, 0)});  // reset_total starts the total from the counter
    test::ScopedBackend use(bus);
    c.track_totals(&totals);
    ASSERT_EQ(c.reset_total(3), Status::kOk);
    bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0x8), CR(0xB03, 5), CC(0x323, kOf)});
    EXPECT_EQ(hook(c).value(), 0x8u);
    bus.verify();
  }
}

TEST(RiscvLcofi, EventOfSourceReadsEachSelector) {
  test::ExpectBackend bus;
  Counters c(cfg(0x18, true, OverflowSource::kEventOf));
  bus.expect({CC(0x344, 0x2000), CR(0x323, 2), CR(0x324, kOf | 2), CC(0x324, kOf)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(c.handle_overflow_irq().value(), 0x10u);
}

TEST(RiscvLcofi, SpuriousEntryServesNothingAndAcknowledgesNothing) {
  for (HookForm hook : kHookForms) {
    test::ExpectBackend bus;
    Counters c(cfg(0x18));
    bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0)});
    test::ScopedBackend use(bus);
    EXPECT_EQ(hook(c).value(), 0u);
    bus.verify();
  }
}

// An empty snapshot runs no callback, though the split hook makes no test
// of its own for it: its lowest-bit lookup gives counter 0, whose entry
// attach_callbacks() cleared (cycle has no OF; on_overflow refuses it). The
// entry is filled by hand here, as a caller's table might be.
TEST(RiscvLcofi, AnEmptySnapshotCallsNoCallbackEvenWithEntryZeroFilledBeforeAttach) {
  for (HookForm hook : kHookForms) {
    test::ExpectBackend bus;
    test::CallbackLog seen;
    CounterCallbacks cbs;
    cbs.cb[0] = {test::record_callback, &seen};
    Counters c(cfg(kCy | 0x18));
    c.attach_callbacks(&cbs);
    EXPECT_EQ(cbs.cb[0].fn, nullptr);
    bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0)});
    test::ScopedBackend use(bus);
    ASSERT_EQ(c.on_overflow(3, {test::record_callback, &seen}), Status::kOk);
    ASSERT_EQ(c.on_overflow(0, {test::record_callback, &seen}), Status::kBadArg);
    EXPECT_EQ(hook(c).value(), 0u);
    EXPECT_TRUE(seen.order.empty());
    bus.verify();
  }
}

// The per-counter OF source (the hook word's kEachOf path) calls back as the
// scountovf path does: the lowest flagged counter first, before the acknowledge.
TEST(RiscvLcofi, EventOfSourceCallsBackTheFlaggedCountersBeforeTheAcknowledge) {
  for (HookForm hook : kHookForms) {
    LcofiRig r(cfg(0x38, true, OverflowSource::kEventOf));
    auto& [bus, seen, cbs, c] = r;
    bus.expect({CC(0x344, 0x2000), CR(0x323, 2), CR(0x324, kOf | 2), CR(0x325, kOf), CC(0x324, kOf), CC(0x325, kOf)});
    test::ScopedBackend use(bus);
    ASSERT_EQ(c.on_overflow(4, {test::record_callback, &seen}), Status::kOk);
    ASSERT_EQ(c.on_overflow(5, {test::record_callback, &seen}), Status::kOk);
    EXPECT_EQ(hook(c).value(), 0x30u);
    EXPECT_EQ(seen.order, (std::vector<unsigned>{4, 5}));
    EXPECT_EQ(seen.log_at_call, (std::vector<size_t>{4, 4}));
    bus.verify();
  }
}

// A file with Sscofpmf but no hpm counter has no overflow source, yet an
// LCOFI taken there must still be cleared (a level interrupt left pending
// would be taken again at once): the hook clears LCOFIP and serves nothing.
TEST(RiscvLcofi, HookOfAFileWithoutHpmCountersClearsThePendingLatchAndServesNothing) {
  test::ExpectBackend bus;
  Counters c(cfg(kCy | kIr));
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0xFFFFFFF8)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(c.handle_overflow_irq().value(), 0u);
}

TEST(RiscvLcofi, IsrAdapterRunsTheHookOnTheObjectItIsGiven) {
  test::ExpectBackend bus;
  Counters c(cfg(0x8));
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0x8), CC(0x323, kOf)});
  test::ScopedBackend use(bus);
  void (*adapter)(void*) = &Counters::overflow_isr;  // the RTEMS/Zephyr shape
  adapter(&c);
}

TEST(RiscvLcofi, EnableSetsLcofie) {
  test::ExpectBackend bus;
  bus.expect(CS(0x304, 0x2000));
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_counters.enable_overflow_irq(), Status::kOk);
}

TEST(RiscvWidth, ProbeWritesAllOnesWhileInhibitedAndRestores) {
  test::ExpectBackend bus;
  bus.expect({CS(0x320, 0x8), CR(0xB03, 0x1234), CW(0xB03, ~uint64_t{0}), CR(0xB03, 0xFFFFFFFFFFull),
              CW(0xB03, 0x1234), CC(0x320, 0x8),
              CR(0x323, 0)});  // the total restarts with OF as it is: a narrow counter's total follows it
  test::ScopedBackend use(bus);
  CounterTotals totals;
  Counters c(cfg(0x8));
  c.track_totals(&totals);
  EXPECT_EQ(c.probe_width(3).value(), 40u);
  EXPECT_EQ(c.width(3), 40u);
}

// One 40-bit hpm counter (3) on the CSR model, holding 77, stopped, totals tracked.
struct StoppedNarrowCounter {
  static models::RiscvCsrConfig config() {
    models::RiscvCsrConfig mc;
    mc.num_hpm = 1;
    mc.width = 40;
    return mc;
  }
  StoppedNarrowCounter() {
    model.set_counter(3, 77);
    bus.map_csr(&model);
    c.track_totals(&totals);
    EXPECT_EQ(c.stop(0x8), Status::kOk);
  }
  models::RiscvCsrModel model{config()};
  test::ModelBus bus{1};
  test::ScopedBackend use{bus};
  Counters c{cfg(0x8, false)};
  CounterTotals totals;
};

// Declaring a width restarts the counter's total at 0 from its current value.
TEST(RiscvWidth, ADeclaredWidthRestartsTheTotalAtZero) {
  StoppedNarrowCounter r;
  ASSERT_EQ(r.c.set_width(3, 40), Status::kOk);
  EXPECT_EQ(r.c.read64(3).value(), 0u);
  r.model.set_counter(3, 100);
  EXPECT_EQ(r.c.read64(3).value(), 23u);
}

TEST(RiscvWidth, ProbeLeavesAnAlreadyInhibitedCounterInhibited) {
  StoppedNarrowCounter r;
  models::RiscvCsrModel& model = r.model;
  test::ModelBus& bus = r.bus;
  Counters& c = r.c;
  bus.clear_log();
  EXPECT_EQ(c.probe_width(3).value(), 40u);
  EXPECT_EQ(c.width(3), 40u);
  // csrs (read+write on the model bus), save, ones, read back, restore; no csrc.
  EXPECT_EQ(bus.log, (std::vector<test::Access>{CR(0x320, 8), CW(0x320, 8), CR(0xB03, 77),
                                                CW(0xB03, ~uint64_t{0}), CR(0xB03, 0xFFFFFFFFFFull),
                                                CW(0xB03, 77)}));
  EXPECT_EQ(model.counter(3), 77u);
  EXPECT_EQ(model.inhibit(), 0x8u);
}

TEST(RiscvWidth, ReadOnlyZeroCounterIsUnavailable) {
  test::ExpectBackend bus;
  bus.expect({CS(0x320, 0x8), CR(0xB03, 0), CW(0xB03, ~uint64_t{0}), CR(0xB03, 0), CW(0xB03, 0),
              CC(0x320, 0x8)});
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8));
  EXPECT_EQ(c.probe_width(3).status(), Status::kUnavailable);
}

// The same hook against the behavioural model: a real overflow sets OF and
// LCOFIP; the hook re-arms so that the next overflow interrupts again.
TEST(RiscvLcofi, ModelOverflowIsHandledAndReArmed) {
  models::RiscvCsrModel model(test::sscofpmf_csrs(4));
  model.set_event_rate(9, 1);
  test::ModelBus bus(1);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  Counters c(cfg(kCy | kIr | 0x78));
  test::CallbackLog seen;
  CounterCallbacks cbs;
  c.attach_callbacks(&cbs);
  ASSERT_EQ(c.init(), Status::kOk);
  ASSERT_EQ(c.on_overflow(4, {test::record_callback, &seen}), Status::kOk);
  ASSERT_EQ(c.program(4, make_hpm_event(9).value()), Status::kOk);
  ASSERT_EQ(c.write(4, static_cast<uint64_t>(-100)), Status::kOk);
  ASSERT_EQ(c.enable_overflow_irq(), Status::kOk);
  ASSERT_EQ(c.start(0x10), Status::kOk);
  bus.advance(200);
  EXPECT_EQ(model.irq_outputs() & models::RiscvCsrModel::kIrqLcofi, models::RiscvCsrModel::kIrqLcofi);
  EXPECT_TRUE(model.event(4) & kOf);
  EXPECT_EQ(c.handle_overflow_irq().value(), 0x10u);
  EXPECT_EQ(seen.order, std::vector<unsigned>{4});
  EXPECT_FALSE(model.event(4) & kOf);
  EXPECT_FALSE(model.lcofip());
  EXPECT_EQ(model.irq_outputs(), 0u);
  // Re-armed: the next wrap raises LCOFI again.
  model.set_counter(4, ~uint64_t{0} - 5);
  bus.advance(10);
  EXPECT_EQ(model.lcofi_raises(), 2u);
  EXPECT_EQ(c.handle_overflow_irq().value(), 0x10u);
  EXPECT_EQ(seen.order, (std::vector<unsigned>{4, 4}));
}

// The model bus runs csrrs/csrrc as one instruction: the bus gap passes
// after its write, never between its read and its write. (It passed between:
// a wrap in that gap set OF, which the write then cleared with the value
// read before it, so the overflow was lost. Found by the RISC-V API fuzz
// test.)
TEST(RiscvModelBus, CsrrcIsOneInstructionTheGapComesAfterIt) {
  models::RiscvCsrModel model(test::sscofpmf_csrs(1, 12));
  model.set_event_rate(7, 1);
  ASSERT_TRUE(model.csr_write(0x323, 7));  // counts event 7, OF clear
  model.set_counter(3, 0xFFF);             // wraps on the next cycle
  test::ModelBus bus(1);
  bus.map_csr(&model);
  EXPECT_EQ(bus.csr_clear(0x323, kOf), 7u);
  EXPECT_EQ(bus.log, (std::vector<test::Access>{CR(0x323, 7), CW(0x323, 7)}));
  EXPECT_EQ(model.wraps(3), 1u);
  EXPECT_TRUE(model.event(3) & kOf);  // set by the wrap after the csrrc, and kept
  EXPECT_EQ(model.lcofi_raises(), 1u);
  EXPECT_EQ(model.cycles(), 2u);  // a gap for each of its two log entries, as before
}

// The model's shape past its last counter, as QEMU 7.2 has it
// (docs/hw/riscv-counters.md §2.5): the counter traps, its selector exists
// and keeps any 64-bit value, OF and the filter bits included, and nothing
// counts. On RV32 the selector's h half exists with Sscofpmf. (The selector
// trapped: firmware zeroing mhpmevent3..31 at init trapped on the model,
// not on QEMU.)
TEST(RiscvCsrModelShape, EverySelectorExistsPastTheLastCounterAsOnQemu) {
  models::RiscvCsrModel model(test::sscofpmf_csrs(4));  // counters 3..6
  uint64_t v = 1;
  EXPECT_FALSE(model.csr_read(0xB07, &v));
  EXPECT_FALSE(model.csr_write(0xB07, 0));
  EXPECT_EQ(model.illegal_accesses(), 2u);
  model.set_event_rate(2, 1);
  for (uint32_t csr = 0x327; csr <= 0x33F; ++csr) {
    ASSERT_TRUE(model.csr_write(csr, 0xFC00000000000002u)) << std::hex << csr;
    ASSERT_TRUE(model.csr_read(csr, &v)) << std::hex << csr;
    EXPECT_EQ(v, 0xFC00000000000002u) << std::hex << csr;
  }
  model.advance(100);
  for (unsigned i = 7; i < 32; ++i) EXPECT_EQ(model.counter(i), 0u) << i;
  EXPECT_EQ(model.lcofi_raises(), 0u);
  EXPECT_EQ(model.illegal_accesses(), 2u);

  models::RiscvCsrConfig rv32 = test::sscofpmf_csrs(4);
  rv32.xlen = 32;
  models::RiscvCsrModel m32(rv32);
  ASSERT_TRUE(m32.csr_write(0x73F, 0x80000000u));  // mhpmevent31h: OF
  ASSERT_TRUE(m32.csr_write(0x33F, 0x2u));
  EXPECT_EQ(m32.event(31), 0x8000000000000002u);
  rv32.sscofpmf = false;
  models::RiscvCsrModel plain32(rv32);
  EXPECT_FALSE(plain32.csr_write(0x727, 0));  // no h half without Sscofpmf
  EXPECT_TRUE(plain32.csr_write(0x327, 0));
}

// 64-bit extension of a 12-bit counter under randomized interleavings of
// reads, overflow interrupts (delivered with random latency below one wrap
// period) and idle time: the total equals every event counted, even over long
// stretches with no read at all (the hook alone carries the wraps).
uint64_t run_extension(bool sscofpmf, uint32_t seed) {
  constexpr unsigned kWidth = 12;
  constexpr unsigned kRate = 3;
  models::RiscvCsrConfig mc;
  mc.sscofpmf = sscofpmf;
  mc.num_hpm = 1;
  mc.width = kWidth;
  models::RiscvCsrModel model(mc);
  model.set_event_rate(7, kRate);
  test::ModelBus bus(1);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8, sscofpmf));
  CounterTotals totals;
  c.track_totals(&totals);
  EXPECT_EQ(c.init(), Status::kOk);
  EXPECT_EQ(c.probe_width(3).value(), kWidth);
  EXPECT_EQ(c.program(3, make_hpm_event(7).value()), Status::kOk);
  if (sscofpmf) {
    EXPECT_EQ(c.enable_overflow_irq(), Status::kOk);
  }
  EXPECT_EQ(c.start(0x8), Status::kOk);
  EXPECT_EQ(c.reset_total(3), Status::kOk);
  const uint64_t start_raw = model.counter(3);
  const uint64_t start_wraps = model.wraps(3);
  std::mt19937 rng(seed);
  uint64_t last_total = 0;
  unsigned pending_steps = 0;
  for (int step = 0; step < 20000; ++step) {
    // Each step is below 1/4 of a wrap of events (accesses add a few more).
    bus.advance(rng() % ((1u << kWidth) / kRate / 4));
    if (sscofpmf && (model.irq_outputs() & models::RiscvCsrModel::kIrqLcofi)) {
      // Deliver now or later, but within 2 steps (before a second wrap).
      if (++pending_steps > 2 || rng() % 2 == 0) {
        (void)c.handle_overflow_irq();
        pending_steps = 0;
      }
    }
    // Without OF the extension needs a read at least once per wrap.
    const bool read_now = sscofpmf ? rng() % 16 == 0 : true;
    if (read_now) {
      const uint64_t t = c.read64(3).value();
      EXPECT_GE(t, last_total);
      last_total = t;
    }
  }
  const uint64_t total = c.read64(3).value();
  const uint64_t truth = ((model.wraps(3) - start_wraps) << kWidth) + model.counter(3) - start_raw;
  EXPECT_EQ(total, truth);
  EXPECT_GT(model.wraps(3) - start_wraps, 1000u);
  if (sscofpmf) {
    EXPECT_GT(model.lcofi_raises(), 1000u);
  }
  return total;
}

TEST(RiscvWidth, ExtensionWithOverflowIrqLosesNoCountUnderRandomInterleavings) {
  for (uint32_t seed : {20261122u, 1u, 77u}) run_extension(true, seed);
}

TEST(RiscvWidth, ExtensionByReadsAloneLosesNoCount) { run_extension(false, 5); }
}  // namespace

namespace {
// ---- boundaries the mutation run found untested (issue 15) -------------------

// Bits 55:0 are the selector: a legal selector with bit 55 set is accepted
// without Sscofpmf, and only 63:56 are refused.
TEST(RiscvCounters, SelectorBit55IsLegalWithoutSscofpmf) {
  test::ExpectBackend bus;
  bus.expect(CW(0x323, uint64_t{1} << 55 | 7));
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8, false));
  EXPECT_EQ(c.program(3, HpmEvent{uint64_t{1} << 55 | 7}), Status::kOk);
  EXPECT_EQ(c.program(3, HpmEvent{uint64_t{1} << 56}), Status::kBadArg);
}

// With Sscofpmf, bits 57:56 are WPRI (docs/hw/riscv-counters.md §2.3): a
// selector that sets them is refused with no access, on the machine, SBI
// and AME files alike; OF and every xINH bit around them are taken.
TEST(RiscvCounters, TheWpriBitsOfAnEventAreRefusedWithSscofpmf) {
  {
    test::NoAccessBackend none;
    test::ScopedBackend use(none);
    Counters c(cfg(0x8));
    SbiCounters sbi(cfg(0x8));
    ame::AmeCounters ame(ame::AmeConfig{true, 0x8});
    for (const unsigned bit : {56u, 57u}) {
      const HpmEvent ev{uint64_t{1} << bit | 7};
      EXPECT_EQ(c.program(3, ev), Status::kBadArg) << bit;
      EXPECT_EQ(sbi.program(3, ev), Status::kBadArg) << bit;
      EXPECT_EQ(ame.program(3, ev), Status::kBadArg) << bit;
    }
  }
  test::ExpectBackend bus;
  bus.expect(CW(0x323, ~uint64_t{0} << 58 | 7));
  test::ScopedBackend use(bus);
  Counters c(cfg(0x8));
  EXPECT_EQ(c.program(3, HpmEvent{~uint64_t{0} << 58 | 7}), Status::kOk);
}

TEST(RiscvWidth, WidthIsZeroBeyondTheFileAndSixtyFourUntilProbed) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  CounterTotals totals;
  Counters c(cfg(0xFFFFFFFD));
  EXPECT_EQ(c.width(3), 0u);  // no totals: no width
  c.track_totals(&totals);
  for (unsigned i = 0; i < kNumCounterSlots; ++i) EXPECT_EQ(c.width(i), 64u) << i;
  EXPECT_EQ(c.width(32), 0u);
  EXPECT_EQ(c.width(~0u), 0u);
}

// A fresh CounterTotals holds zeros only (64 bits is stored as width 0), so a
// static one is placed in .bss, with no 800-byte image in flash.
TEST(RiscvWidth, AFreshTotalsIsAllZero) {
  static const CounterTotals kFresh;
  static const unsigned char kZero[sizeof kFresh] = {};
  EXPECT_EQ(memcmp(&kFresh, kZero, sizeof kFresh), 0);
}

TEST(RiscvWidth, ADeclaredWidthOf64Or63ReadsBack) {
  test::ExpectBackend bus;
  // Each declaration restarts the total from the counter, a narrow one's
  // with its OF (mhpmevent3 bit 63).
  bus.expect({CR(0xB03, 5), CR(0xB03, 6), CR(0x323, 0)});
  test::ScopedBackend use(bus);
  CounterTotals totals;
  Counters c(cfg(0x8));
  c.track_totals(&totals);
  EXPECT_EQ(c.set_width(3, 64), Status::kOk);
  EXPECT_EQ(c.width(3), 64u);
  EXPECT_EQ(c.set_width(3, 63), Status::kOk);
  EXPECT_EQ(c.width(3), 63u);
}

// A never-probed counter is 64 bits wide: its Sscofpmf overflow is a wrap of
// 2^64, so the total is the counts, with no 2^63 (or any) added.
TEST(RiscvWidth, NeverProbedCounterOverflowAddsNothingToTheTotal) {
  models::RiscvCsrModel model(test::sscofpmf_csrs(1));
  model.set_event_rate(9, 1);
  test::ModelBus bus(0);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  CounterTotals totals;
  Counters c(cfg(0x8));
  c.track_totals(&totals);
  ASSERT_EQ(c.init(), Status::kOk);
  ASSERT_EQ(c.program(3, make_hpm_event(9).value()), Status::kOk);
  ASSERT_EQ(c.write(3, ~uint64_t{0} - 9), Status::kOk);
  ASSERT_EQ(c.reset_total(3), Status::kOk);
  ASSERT_EQ(c.start(0x8), Status::kOk);
  bus.advance(25);
  EXPECT_TRUE(model.event(3) >> 63);
  EXPECT_EQ(c.read64(3).value(), 25u);  // OF pending: no extra period for a 64-bit counter
  EXPECT_EQ(c.handle_overflow_irq().value(), 0x8u);
  bus.advance(5);
  EXPECT_EQ(c.read64(3).value(), 30u);
}
}  // namespace
