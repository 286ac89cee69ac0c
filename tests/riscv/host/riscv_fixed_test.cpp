// SPDX-License-Identifier: Apache-2.0
// Build-time counter files (FixedConfig: FixedCounters, ame::FixedAmeCounters,
// an SBI file with a fixed configuration) on RV64: the same exact CSR
// sequences as the run-time file, with no storage, with static storage, and
// bad input touching nothing; the run-time policy's hook word; and the
// compare dispatch of a few known counters (CsrBank::*_in).
#include <gtest/gtest.h>

#include <vector>

#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu/riscv/sbi_counters.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "csr_model_helper.hpp"
#include "host/backend.hpp"
#include "callback_log.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;
using pmu::test::CC;
using pmu::test::CR;
using pmu::test::CS;
using pmu::test::CW;
using pmu::test::SBI;

constexpr uint64_t kOf = uint64_t{1} << 63;

// cycle, instret, hpm counter 3 (the bench's hart); and cycle, instret,
// hpm 3..5 (more counters than a compare chain takes: the tables).
constexpr CounterConfig kSmall{0xD, true, true, OverflowSource::kScountovf};
constexpr CounterConfig kWide{0x3D, true, true, OverflowSource::kScountovf};
constexpr CounterConfig kNoOf{0xD, false, true, OverflowSource::kScountovf};
constexpr CounterConfig kEachOf{0x18, true, true, OverflowSource::kEventOf};
constexpr CounterConfig kAbsent{0xD, true, false, OverflowSource::kScountovf};

CounterCallbacks g_cbs;
CounterTotals g_totals;
using StaticCallbacks = StaticStorage<CounterCallbacks, g_cbs>;
using StaticTotals = StaticStorage<CounterTotals, g_totals>;

// Globals are constant-initialised (no static constructors on targets).
FixedCounters<kSmall> g_bare;
FixedCounters<kSmall, StaticCallbacks, StaticTotals> g_stored;

static_assert(check_counter_unit<FixedCounters<kSmall>>(), "a build-time file is a counter unit");
static_assert(check_counter_unit<FixedCounters<kWide, StaticCallbacks, StaticTotals>>(), "with storage too");
// No configuration, storage, armed set or snapshot of its own: the empty
// members' bytes only (C++17 gives each one).
static_assert(sizeof(FixedCounters<kSmall>) <= 4, "a build-time file holds nothing");
// The run-time file keeps its size (the C API's handle holds it).
static_assert(sizeof(Counters) == 12 + 8 + 2 * sizeof(void*) + (sizeof(void*) == 8 ? 4 : 0), "run-time layout");
static_assert(sizeof(Counters) == sizeof(SbiCounters) && sizeof(Counters) == sizeof(ame::AmeCounters),
              "one run-time size");
static_assert(FixedConfig<kSmall>::hook() == 0x8, "the hook word is a constant");

void reset_storage() {
  g_cbs = CounterCallbacks{};
  g_totals = CounterTotals{};
}

TEST(RiscvHookWord, NamesTheHpmCountersAndTheOfSourceOnlyWithAnOverflowVector) {
  // The usual word (scountovf) is the vector's mask as it is: no flag.
  EXPECT_EQ(hook_word::of(kSmall), 0x8u);
  EXPECT_EQ(hook_word::of(kWide), 0x38u);
  EXPECT_EQ(hook_word::of(kSmall) & hook_word::kFlags, 0u);
  EXPECT_EQ(hook_word::of(kEachOf), hook_word::kEachOf | 0x18u);
  EXPECT_EQ(hook_word::of(kNoOf), hook_word::kNone);
  EXPECT_EQ(hook_word::of(kAbsent), hook_word::kNone);
  EXPECT_EQ(RunTimeConfig(kEachOf).hook(), hook_word::of(kEachOf));
  EXPECT_EQ(RunTimeConfig(kEachOf).cfg().counters, 0x18u);
}

// ---- without storage ---------------------------------------------------------------
TEST(RiscvFixed, ReadsStartsAndStopsAreTheRunTimeFilesAccesses) {
  test::ExpectBackend bus;
  bus.expect({CR(0xB00, 11), CR(0xB02, 22), CR(0xB03, 33), CR(0xB00, 44), CR(0xB02, 55), CC(0x320, 0xD),
              CS(0x320, 0x8)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_bare.read(0).value(), 11u);
  EXPECT_EQ(g_bare.read(2).value(), 22u);
  EXPECT_EQ(g_bare.read(3).value(), 33u);
  EXPECT_EQ(g_bare.read64(0).value(), 44u);  // cycle and instret are 64 bits: the total is the value
  EXPECT_EQ(g_bare.read64(2).value(), 55u);
  EXPECT_EQ(g_bare.start(0xD), Status::kOk);
  EXPECT_EQ(g_bare.stop(0x8), Status::kOk);
  EXPECT_EQ(g_bare.armed(), 0u);
}

TEST(RiscvFixed, InitProgramEventWriteAndOverflowCallsAreTheRunTimeFilesAccesses) {
  test::ExpectBackend bus;
  const HpmEvent ev = make_hpm_event(2, inhibit::kU).value();
  bus.expect({CS(0x320, 0x8), CW(0x323, 0),                    // init
              CW(0x323, ev.raw), CR(0x323, ev.raw),            // program, event
              CW(0xB03, 1000),                                 // write
              CR(0xDA0, 0xFF), CC(0x323, kOf), CS(0x304, 0x2000)});  // vector, clear OF, LCOFIE
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_bare.init(), Status::kOk);
  EXPECT_EQ(g_bare.program(3, ev), Status::kOk);
  EXPECT_EQ(g_bare.event(3).value().raw, ev.raw);
  EXPECT_EQ(g_bare.write(3, 1000), Status::kOk);
  EXPECT_EQ(g_bare.overflow_vector().value(), 0x8u);
  EXPECT_EQ(g_bare.clear_overflow(3), Status::kOk);
  EXPECT_EQ(g_bare.enable_overflow_irq(), Status::kOk);
}

// No callbacks compiled in: the hook still clears the pending latch,
// snapshots and acknowledges exactly the snapshot; it calls nobody.
TEST(RiscvFixed, HookWithoutCallbacksClearsPendingSnapshotsAndAcknowledges) {
  test::ExpectBackend bus;
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0x8 | 0x40 | 1), CC(0x323, kOf)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_bare.handle_overflow_irq().value(), 0x8u);
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0)});
  EXPECT_EQ(g_bare.handle_overflow_irq().value(), 0u);  // spurious: nothing acknowledged
}

TEST(RiscvFixed, WithoutStorageCallbacksAndTotalsAreUnavailableAndTouchNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  EXPECT_EQ(g_bare.on_overflow(3, {test::record_callback, nullptr}), Status::kUnavailable);
  EXPECT_EQ(g_bare.read64(3).status(), Status::kUnavailable);  // hpm width unknown, no totals
  EXPECT_EQ(g_bare.reset_total(3), Status::kUnavailable);
  EXPECT_EQ(g_bare.width(3), 0u);
  EXPECT_EQ(g_bare.set_width(3, 40), Status::kOk);  // nothing to declare it to: no access
}

TEST(RiscvFixed, BadInputTouchesNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  FixedCounters<kNoOf> no_of;
  FixedCounters<kAbsent> gone;
  EXPECT_EQ(g_bare.read(1).status(), Status::kBadArg);  // time is not a machine counter
  EXPECT_EQ(g_bare.read(4).status(), Status::kBadArg);
  EXPECT_EQ(g_bare.read(32).status(), Status::kBadArg);
  EXPECT_EQ(g_bare.read(~0u).status(), Status::kBadArg);
  EXPECT_EQ(g_bare.read64(1).status(), Status::kBadArg);
  EXPECT_EQ(g_bare.read64(5).status(), Status::kBadArg);
  EXPECT_EQ(g_bare.write(4, 0), Status::kBadArg);
  EXPECT_EQ(g_bare.start(0), Status::kBadArg);
  EXPECT_EQ(g_bare.start(0x2), Status::kBadArg);
  EXPECT_EQ(g_bare.start(0x80000000u), Status::kBadArg);
  EXPECT_EQ(g_bare.stop(0x10), Status::kBadArg);
  EXPECT_EQ(g_bare.program(2, HpmEvent{1}), Status::kBadArg);
  EXPECT_EQ(g_bare.event(0).status(), Status::kBadArg);
  EXPECT_EQ(g_bare.clear_overflow(4), Status::kBadArg);
  EXPECT_EQ(g_bare.on_overflow(2, {}), Status::kBadArg);
  EXPECT_EQ(g_bare.probe_width(9).status(), Status::kBadArg);
  EXPECT_EQ(g_bare.set_width(3, 65), Status::kBadArg);
  EXPECT_EQ(no_of.program(3, HpmEvent{kOf | 1}), Status::kBadArg);
  EXPECT_EQ(no_of.overflow_vector().status(), Status::kUnavailable);
  EXPECT_EQ(no_of.clear_overflow(3), Status::kUnavailable);
  EXPECT_EQ(no_of.enable_overflow_irq(), Status::kUnavailable);
  EXPECT_EQ(no_of.handle_overflow_irq().status(), Status::kUnavailable);
  EXPECT_EQ(gone.init(), Status::kUnavailable);
  EXPECT_EQ(gone.read(0).status(), Status::kUnavailable);
  EXPECT_EQ(gone.start(0x1), Status::kUnavailable);
  EXPECT_EQ(gone.handle_overflow_irq().status(), Status::kUnavailable);
}

// ---- static storage ----------------------------------------------------------------
// The order of include/pmu/irq.hpp with the callbacks and totals fixed at
// build time: clear pending, snapshot, callbacks (before any acknowledge),
// fold the flagged counter, acknowledge exactly the snapshot.
TEST(RiscvFixed, HookWithStaticStorageCallsBackFoldsAndAcknowledgesInOrder) {
  reset_storage();
  test::ExpectBackend bus;
  test::CallbackLog seen;
  seen.bus = &bus;
  bus.expect(CR(0xB03, 0));  // reset_total starts the total from the counter
  test::ScopedBackend use(bus);
  ASSERT_EQ(g_stored.on_overflow(3, {test::record_callback, &seen}), Status::kOk);
  EXPECT_EQ(g_cbs.cb[3].ctx, &seen);  // the application's table, no attach
  ASSERT_EQ(g_stored.reset_total(3), Status::kOk);
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0x8), CR(0xB03, 5), CC(0x323, kOf)});
  EXPECT_EQ(g_stored.handle_overflow_irq().value(), 0x8u);
  EXPECT_EQ(seen.order, std::vector<unsigned>{3});
  EXPECT_EQ(seen.log_at_call, std::vector<size_t>{3});  // reset_total's read, the hook's two
  EXPECT_EQ(g_totals.wide[3].total(), 5u);
}

// Several hpm counters: the out-of-line hook, the tables' dispatch, lowest first.
TEST(RiscvFixed, HookOfSeveralCountersCallsBackLowestFirstThenAcknowledgesEach) {
  reset_storage();
  test::ExpectBackend bus;
  test::CallbackLog seen;
  seen.bus = &bus;
  FixedCounters<kWide, StaticCallbacks> f;
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0x28 | 0x40 | 1), CC(0x323, kOf), CC(0x325, kOf)});
  test::ScopedBackend use(bus);
  ASSERT_EQ(f.on_overflow(5, {test::record_callback, &seen}), Status::kOk);
  ASSERT_EQ(f.on_overflow(3, {test::record_callback, &seen}), Status::kOk);
  EXPECT_EQ(f.handle_overflow_irq().value(), 0x28u);
  EXPECT_EQ(seen.order, (std::vector<unsigned>{3, 5}));
  EXPECT_EQ(seen.log_at_call, (std::vector<size_t>{2, 2}));
}

// Several hpm counters and callbacks attached at run time: the table is read
// for each callback, so one that detaches it ends the callbacks (as in the
// run-time file), and the hook still acknowledges the whole snapshot.
TEST(RiscvFixed, ACallbackThatDetachesAnAttachedTableEndsTheCallbacksNotTheAcknowledge) {
  test::ExpectBackend bus;
  CounterCallbacks cbs;
  FixedCounters<kWide, AttachedStorage<CounterCallbacks>> f;
  test::Detacher<decltype(f)> d{&f, {}};
  f.attach_callbacks(&cbs);
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0x38), CC(0x323, kOf), CC(0x324, kOf), CC(0x325, kOf)});
  test::ScopedBackend use(bus);
  ASSERT_EQ(f.on_overflow(3, {test::Detacher<decltype(f)>::detach, &d}), Status::kOk);
  ASSERT_EQ(f.on_overflow(4, {test::Detacher<decltype(f)>::detach, &d}), Status::kOk);
  ASSERT_EQ(f.on_overflow(5, {test::Detacher<decltype(f)>::detach, &d}), Status::kOk);
  EXPECT_EQ(f.handle_overflow_irq().value(), 0x38u);
  EXPECT_EQ(d.order, (std::vector<unsigned>{3}));
}

// Several hpm counters and static totals: the flagged counters are folded
// after every callback and before the acknowledge (the hook's steps 3 and 4
// out of line).
TEST(RiscvFixed, HookOfSeveralTrackedCountersFoldsEachFlaggedCounterBeforeTheAcknowledge) {
  reset_storage();
  test::ExpectBackend bus;
  test::CallbackLog seen;
  seen.bus = &bus;
  FixedCounters<kWide, StaticCallbacks, StaticTotals> f;
  bus.expect({CR(0xB03, 100), CR(0xB05, 200)});  // reset_total of each
  test::ScopedBackend use(bus);
  ASSERT_EQ(f.reset_total(3), Status::kOk);
  ASSERT_EQ(f.reset_total(5), Status::kOk);
  ASSERT_EQ(f.on_overflow(3, {test::record_callback, &seen}), Status::kOk);
  ASSERT_EQ(f.on_overflow(5, {test::record_callback, &seen}), Status::kOk);
  bus.expect({CC(0x344, 0x2000), CR(0xDA0, 0x28), CR(0xB03, 103), CR(0xB05, 205), CC(0x323, kOf),
              CC(0x325, kOf)});
  EXPECT_EQ(f.handle_overflow_irq().value(), 0x28u);
  EXPECT_EQ(seen.order, (std::vector<unsigned>{3, 5}));
  EXPECT_EQ(seen.log_at_call, (std::vector<size_t>{4, 4}));  // both before the fold
  EXPECT_EQ(g_totals.wide[3].total(), 3u);
  EXPECT_EQ(g_totals.wide[5].total(), 5u);
}

TEST(RiscvFixed, EventOfSourceReadsEachSelector) {
  test::ExpectBackend bus;
  FixedCounters<kEachOf> f;
  bus.expect({CC(0x344, 0x2000), CR(0x323, 2), CR(0x324, kOf | 2), CC(0x324, kOf)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(f.handle_overflow_irq().value(), 0x10u);
}

TEST(RiscvFixed, StaticTotalsStartAtInitAndGoOnFromAWrite) {
  reset_storage();
  test::ExpectBackend bus;
  FixedCounters<kNoOf, NoStorage<CounterCallbacks>, StaticTotals> f;
  bus.expect({CS(0x320, 0x8), CW(0x323, 0), CR(0xB00, 7), CR(0xB02, 8), CR(0xB03, 100),  // init
              CR(0xB03, 130),                                                           // 30 counted
              CR(0xB03, 135), CW(0xB03, 1000),                                          // 5 more, written
              CR(0xB03, 1010)});                                                        // 10 more
  test::ScopedBackend use(bus);
  ASSERT_EQ(f.init(), Status::kOk);
  EXPECT_EQ(f.read64(3).value(), 30u);
  EXPECT_EQ(f.write(3, 1000), Status::kOk);
  EXPECT_EQ(f.read64(3).value(), 45u);
  EXPECT_EQ(f.width(3), 64u);
}

// A static-storage file's 64-bit total of a 12-bit counter stays exact
// through overflows the hook alone carries (the model wraps it, raises OF).
TEST(RiscvFixed, StaticTotalsOfANarrowCounterAreExactThroughOverflows) {
  reset_storage();
  models::RiscvCsrModel model(test::sscofpmf_csrs(1, 12));
  model.set_event_rate(7, 3);
  test::ModelBus bus(1);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  FixedCounters<kSmall, NoStorage<CounterCallbacks>, StaticTotals> f;
  ASSERT_EQ(f.init(), Status::kOk);
  ASSERT_EQ(f.probe_width(3).value(), 12u);
  ASSERT_EQ(f.program(3, make_hpm_event(7).value()), Status::kOk);
  ASSERT_EQ(f.enable_overflow_irq(), Status::kOk);
  ASSERT_EQ(f.start(0x8), Status::kOk);
  ASSERT_EQ(f.reset_total(3), Status::kOk);
  const uint64_t start_raw = model.counter(3);
  const uint64_t start_wraps = model.wraps(3);
  for (int k = 0; k < 200; ++k) {
    bus.advance(1000);  // below one wrap of events (4096 / 3)
    if (model.lcofip()) {
      EXPECT_EQ(f.handle_overflow_irq().value(), 0x8u);
    }
  }
  const uint64_t total = f.read64(3).value();
  EXPECT_EQ(total, ((model.wraps(3) - start_wraps) << 12) + model.counter(3) - start_raw);
  EXPECT_GT(model.wraps(3) - start_wraps, 100u);
}

// ---- AME and SBI -------------------------------------------------------------------
constexpr CounterConfig kAme = ame::AmeConfig{true, 0xFFFFFFFDu};
constexpr CounterConfig kAmeUndeclared = ame::AmeConfig{};
CounterCallbacks g_ame_cbs;

TEST(RiscvFixed, AmeHookHasNoPendingLatchAndClearsEachSnapshottedOf) {
  g_ame_cbs = CounterCallbacks{};
  test::ExpectBackend bus;
  test::CallbackLog seen;
  ame::FixedAmeCounters<kAme, StaticStorage<CounterCallbacks, g_ame_cbs>> a;
  bus.expect({CR(0xDE0, 0x80000008), CC(0xBC3, kOf), CC(0xBDF, kOf), CR(0xBE7, 77), CC(0x7E9, 0x80)});
  test::ScopedBackend use(bus);
  ASSERT_EQ(a.on_overflow(31, {test::record_callback, &seen}), Status::kOk);
  ASSERT_EQ(a.on_overflow(3, {test::record_callback, &seen}), Status::kOk);
  EXPECT_EQ(a.handle_overflow_irq().value(), 0x80000008u);
  EXPECT_EQ(seen.order, (std::vector<unsigned>{3, 31}));
  EXPECT_EQ(a.read(7).value(), 77u);
  EXPECT_EQ(a.start(0x80), Status::kOk);
  EXPECT_EQ(a.enable_overflow_irq(), Status::kUnavailable);  // the board's line, not LCOFI
}

TEST(RiscvFixed, UndeclaredAmeTouchesNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  ame::FixedAmeCounters<kAmeUndeclared> a;
  EXPECT_EQ(a.init(), Status::kUnavailable);
  EXPECT_EQ(a.read(0).status(), Status::kUnavailable);
  EXPECT_EQ(a.start(1), Status::kUnavailable);
  EXPECT_EQ(a.handle_overflow_irq().status(), Status::kUnavailable);
}

// An SBI file keeps its armed set with a fixed configuration: the hook
// sees only the counters it started.
constexpr CounterConfig kSbi{0x18, true, true, OverflowSource::kScountovf};
CounterCallbacks g_sbi_cbs;

TEST(RiscvFixed, SbiFileWithAFixedConfigurationMasksTheSnapshotWithTheStartedCounters) {
  g_sbi_cbs = CounterCallbacks{};
  test::ExpectBackend bus;
  test::CallbackLog seen;
  CounterFile<SbiMap, FixedConfig<kSbi>, StaticStorage<CounterCallbacks, g_sbi_cbs>> c;
  bus.expect({SBI(3, {0, 0x8, 0, 0})});
  test::ScopedBackend use(bus);
  ASSERT_EQ(c.start(0x8), Status::kOk);
  EXPECT_EQ(c.armed(), 0x8u);
  ASSERT_EQ(c.on_overflow(3, {test::record_callback, &seen}), Status::kOk);
  ASSERT_EQ(c.on_overflow(4, {test::record_callback, &seen}), Status::kOk);
  bus.expect({CC(0x144, 0x2000), CR(0xDA0, 0x18), SBI(4, {3, 1, 0}), SBI(3, {3, 1, 0, 0})});
  EXPECT_EQ(c.handle_overflow_irq().value(), 0x8u);
  EXPECT_EQ(seen.order, std::vector<unsigned>{3});
}

// ---- the compare dispatch of a few known indices -------------------------------------
// Each member of a known set reaches its own CSR with no table; a set too
// large for compares still reaches every member's CSR (through the table).
TEST(RiscvCsrBank, KnownIndexSetsReachEachMembersOwnCsr) {
  test::ExpectBackend bus;
  bus.expect({CR(0xB00, 1), CR(0xB02, 2), CR(0xB03, 3), CC(0x323, 4), CC(0x325, 5), CC(0x324, 6),
              CR(0xB05, 7), CR(0xB1F, 8)});
  test::ScopedBackend use(bus);
  EXPECT_EQ((CsrBank<0xB00>::read_in<0xDu>(0)), 1u);
  EXPECT_EQ((CsrBank<0xB00>::read_in<0xDu>(2)), 2u);
  EXPECT_EQ((CsrBank<0xB00>::read_in<0xDu>(3)), 3u);
  (void)CsrBank<0x320>::clear_in<0x38u>(3, 4);
  (void)CsrBank<0x320>::clear_in<0x38u>(5, 5);
  (void)CsrBank<0x320>::clear_in<0x38u>(4, 6);
  EXPECT_EQ((CsrBank<0xB00>::read_in<0x8000003Du>(5)), 7u);  // five members: the table
  EXPECT_EQ((CsrBank<0xB00>::read_in<0x8000003Du>(31)), 8u);
  static_assert(CsrBank<0xB00>::kChain<0xDu> && !CsrBank<0xB00>::kChain<0x3Du> &&
                    !CsrBank<0xB00>::kChain<0u>,
                "three known indices compare, four take the table");
}

}  // namespace
