// SPDX-License-Identifier: Apache-2.0
// pmu::cm::Perf and FixedPerf: the exact register sequence of every call (the
// sequence is the contract; both paths must make the same one), the hook
// order of pmu/irq.hpp, opt-in callbacks and totals, and bad input touching
// nothing at every boundary of every argument.
#include <gtest/gtest.h>

#include <vector>

#include "both_paths.hpp"
#include "gcr_addresses.hpp"
#include "host/backend.hpp"
#include "host/c_answer.hpp"
#include "pmu/cm/perf.hpp"

namespace {
using namespace pmu;
using namespace pmu::cm;
using pmu::test::R;
using pmu::test::W;

// The registers' addresses at the QEMU Malta GCR base (gcr_addresses.hpp).
using namespace cm_test;

using Paths = cm_test::BothPaths<kGcr>;
using Fixed = Paths::Fixed;

// ---- what the types promise ---------------------------------------------------------

static_assert(is_counter_unit<Perf>::value && is_counter_unit<Fixed>::value);
static_assert(check_counter_unit<Fixed>());
static_assert(util::is_same<Perf::raw_type, uint32_t>::value && util::is_same<Fixed::raw_type, uint32_t>::value);
static_assert(Perf(kGcr).gdb_base() == kGcr + 0x6000 && Fixed().gdb_base() == kGcr + 0x6000);
static_assert(Perf(0).gdb_base() == 0 && Perf(kGcr + 4).gdb_base() == 0);
static_assert(Perf(kGcr).usable() == Status::kOk && Perf().usable() == Status::kBadArg);
static_assert(FixedPerf<kGcr, false>().usable() == Status::kUnavailable);
// The objects hold addressing and two pointers, nothing else.
static_assert(sizeof(Fixed) == 2 * sizeof(void*));
static_assert(sizeof(Perf) == 4 * sizeof(void*));

// Both paths run every sequence test.
template <typename T>
class CmPerfSeq : public ::testing::Test {
 protected:
  T unit = Paths::make<T>();
  Callbacks table{};
  Totals totals;
};
TYPED_TEST_SUITE(CmPerfSeq, Paths::Types, cm_test::PathNames);

// Runs 'call' against a strict expectation list.
template <typename Fn>
void expect_seq(std::initializer_list<test::Access> seq, Fn call) {
  test::ExpectBackend bus;
  bus.expect(seq);
  test::ScopedBackend use(bus);
  call();
  bus.verify();
}

TYPED_TEST(CmPerfSeq, ProbeIsOneReadOfCtlAndChecksPerfNumCnt) {
  auto& p = this->unit;
  expect_seq({R(kCtl, 0x00000002)}, [&] { EXPECT_EQ(p.probe(), Status::kOk); });
  expect_seq({R(kCtl, 0x60000152)}, [&] { EXPECT_EQ(p.probe(), Status::kOk); });
  expect_seq({R(kCtl, 0x00000000)}, [&] { EXPECT_EQ(p.probe(), Status::kMismatch); });
  expect_seq({R(kCtl, 0x00000003)}, [&] { EXPECT_EQ(p.probe(), Status::kMismatch); });
  expect_seq({R(kCtl, 0xFFFFFFFF)}, [&] { EXPECT_EQ(p.probe(), Status::kMismatch); });
}

TYPED_TEST(CmPerfSeq, ProgramWritesQualifierThenMergesOnlyItsEventField) {
  auto& p = this->unit;
  // P0: qualifier, then EVENT read-modify-write keeping P1_Event (0x11).
  expect_seq({W(kQual0, 0xDEADBEEF), R(kEvent, 0x11FF), W(kEvent, 0x1105)},
             [&] { EXPECT_EQ(p.program(kP0Counter, event::kSharingMiss, 0xDEADBEEF), Status::kOk); });
  // P1: keeps P0_Event (0x07); reserved bits read as 1 are kept as read.
  expect_seq({W(kQual1, 0), R(kEvent, 0xFFFFAB07), W(kEvent, 0xFFFF1007)},
             [&] { EXPECT_EQ(p.program(kP1Counter, event::kIocu1Requests, 0), Status::kOk); });
  // The first and the last id of the table, the widest qualifier.
  expect_seq({W(kQual1, 0xFFFFFFFF), R(kEvent, 0x0000), W(kEvent, 0x1100)},
             [&] { EXPECT_EQ(p.program(kP1Counter, event::kIocu2Requests, 0xFFFFFFFF), Status::kOk); });
  expect_seq({W(kQual0, 1), R(kEvent, 0xFFFF), W(kEvent, 0xFF00)},
             [&] { EXPECT_EQ(p.program(kP0Counter, event::kRequestCount, 1), Status::kOk); });
}

TYPED_TEST(CmPerfSeq, StartIsOneReadOneWriteAndNeverCopiesResetOrNumCnt) {
  auto& p = this->unit;
  expect_seq({R(kCtl, 0x00000002), W(kCtl, 0x00000150)}, [&] { EXPECT_EQ(p.start(kAllMask), Status::kOk); });
  // Reset bits (if they read back) and Perf_Num_Cnt are not written back;
  // Perf_Int_En, Perf_Ovf_Stop and reserved bits are kept.
  expect_seq({R(kCtl, 0x600002A2), W(kCtl, 0x60000150)}, [&] { EXPECT_EQ(p.start(kAllMask), Status::kOk); });
  expect_seq({R(kCtl, 0x80000002), W(kCtl, 0x80000010)}, [&] { EXPECT_EQ(p.start(kCycleMask), Status::kOk); });
  expect_seq({R(kCtl, 0x00000012), W(kCtl, 0x00000050)}, [&] { EXPECT_EQ(p.start(kP0Mask), Status::kOk); });
  expect_seq({R(kCtl, 0x00000052), W(kCtl, 0x00000150)}, [&] { EXPECT_EQ(p.start(kP1Mask), Status::kOk); });
}

TYPED_TEST(CmPerfSeq, StopResetAndResetAndStartTouchOnlyTheirCounters) {
  auto& p = this->unit;
  expect_seq({R(kCtl, 0x00000152), W(kCtl, 0x00000110)}, [&] { EXPECT_EQ(p.stop(kP0Mask), Status::kOk); });
  expect_seq({R(kCtl, 0x00000152), W(kCtl, 0x00000040)},
             [&] { EXPECT_EQ(p.stop(kP1Mask | kCycleMask), Status::kOk); });
  expect_seq({R(kCtl, 0x600003F2), W(kCtl, 0x60000000)}, [&] { EXPECT_EQ(p.stop(kAllMask), Status::kOk); });
  expect_seq({R(kCtl, 0x00000152), W(kCtl, 0x00000350)}, [&] { EXPECT_EQ(p.reset(kP1Mask), Status::kOk); });
  expect_seq({R(kCtl, 0x00000002), W(kCtl, 0x000002A0)}, [&] { EXPECT_EQ(p.reset(kAllMask), Status::kOk); });
  expect_seq({R(kCtl, 0x00000002), W(kCtl, 0x000003F0)},
             [&] { EXPECT_EQ(p.reset_and_start(kAllMask), Status::kOk); });
  expect_seq({R(kCtl, 0x00000002), W(kCtl, 0x000000C0)},
             [&] { EXPECT_EQ(p.reset_and_start(kP0Mask), Status::kOk); });
  expect_seq({R(kCtl, 0x40000100), W(kCtl, 0x40000130)},
             [&] { EXPECT_EQ(p.reset_and_start(kCycleMask), Status::kOk); });
}

TYPED_TEST(CmPerfSeq, ControlDoesStartStopAndResetInOneWrite) {
  auto& p = this->unit;
  // P1 running -> stop P1, start P0, reset the cycle counter.
  expect_seq({R(kCtl, 0x40000102), W(kCtl, 0x40000060)},
             [&] { EXPECT_EQ(p.control(kP0Mask, kP1Mask, kCycleMask), Status::kOk); });
  // Each mask alone.
  expect_seq({R(kCtl, 0x2), W(kCtl, 0x100)}, [&] { EXPECT_EQ(p.control(kP1Mask, 0, 0), Status::kOk); });
  expect_seq({R(kCtl, 0x152), W(kCtl, 0x150 & ~0x10u)}, [&] { EXPECT_EQ(p.control(0, kCycleMask, 0), Status::kOk); });
  expect_seq({R(kCtl, 0x2), W(kCtl, 0x2A0)}, [&] { EXPECT_EQ(p.control(0, 0, kAllMask), Status::kOk); });
  // Stop and reset the same counter: zeroed and stopped.
  expect_seq({R(kCtl, 0x52), W(kCtl, 0x90)}, [&] { EXPECT_EQ(p.control(0, kP0Mask, kP0Mask), Status::kOk); });
}

TYPED_TEST(CmPerfSeq, OverflowStopAndInterruptEnableAreOneReadOneWrite) {
  auto& p = this->unit;
  expect_seq({R(kCtl, 0x00000052), W(kCtl, 0x20000050)}, [&] { EXPECT_EQ(p.set_overflow_stop(true), Status::kOk); });
  expect_seq({R(kCtl, 0x60000052), W(kCtl, 0x40000050)}, [&] { EXPECT_EQ(p.set_overflow_stop(false), Status::kOk); });
  expect_seq({R(kCtl, 0x00000102), W(kCtl, 0x40000100)}, [&] { EXPECT_EQ(p.set_interrupt_enable(true), Status::kOk); });
  expect_seq({R(kCtl, 0x600001F2), W(kCtl, 0x20000150)},
             [&] { EXPECT_EQ(p.set_interrupt_enable(false), Status::kOk); });
}

TYPED_TEST(CmPerfSeq, ReadIsOneLoadOfTheCounterOfThatIndex) {
  auto& p = this->unit;
  expect_seq({R(kCycleReg, 789)}, [&] { EXPECT_EQ(p.read(kCycleCounter).value(), 789u); });
  expect_seq({R(kCnt0, 123)}, [&] { EXPECT_EQ(p.read(kP0Counter).value(), 123u); });
  expect_seq({R(kCnt1, 0xFFFFFFFF)}, [&] { EXPECT_EQ(p.read(kP1Counter).value(), 0xFFFFFFFFu); });
  // Every index through one call site, as a run-time value.
  for (unsigned i = 0; i < kNumCounters; ++i) {
    const uintptr_t want = i == 0 ? kCycleReg : i == 1 ? kCnt0 : kCnt1;
    expect_seq({R(want, i + 10)}, [&] { EXPECT_EQ(p.read(i).value(), i + 10); });
  }
  // Reserved PC_OV bits are dropped: only cycle and P1.
  expect_seq({R(kOv, 0xFFFFFFFD)}, [&] { EXPECT_EQ(p.read_overflow().value(), kCycleMask | kP1Mask); });
}

TYPED_TEST(CmPerfSeq, Read64WithoutTotalsIsUnavailableAndTouchesNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  for (unsigned i = 0; i < kNumCounters; ++i) EXPECT_EQ(this->unit.read64(i).status(), Status::kUnavailable);
  this->unit.track_totals(&this->totals);
  this->unit.track_totals(nullptr);  // detached again
  EXPECT_EQ(this->unit.read64(kP0Counter).status(), Status::kUnavailable);
}

TYPED_TEST(CmPerfSeq, Read64ExtendsAcrossAWrapWithOneLoadEach) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  expect_seq({R(kCnt1, 0xFFFFFFF0), R(kCnt1, 0x10), R(kCnt1, 0x10), R(kCycleReg, 5)}, [&] {
    EXPECT_EQ(p.read64(kP1Counter).value(), 0xFFFFFFF0ull);
    EXPECT_EQ(p.read64(kP1Counter).value(), 0x100000010ull);
    EXPECT_EQ(p.read64(kP1Counter).value(), 0x100000010ull);
    EXPECT_EQ(p.read64(kCycleCounter).value(), 5u);  // its own total
  });
}

TYPED_TEST(CmPerfSeq, ReadDoesNotTouchTheTotals) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  expect_seq({R(kCnt0, 100), R(kCnt0, 200), R(kCnt0, 50)}, [&] {
    EXPECT_EQ(p.read64(kP0Counter).value(), 100u);
    EXPECT_EQ(p.read(kP0Counter).value(), 200u);    // raw only
    EXPECT_EQ(p.read64(kP0Counter).value(), (1ull << 32) + 50);  // 100 -> 50 is a wrap
  });
}

TYPED_TEST(CmPerfSeq, ResetRestartsTheTotalsOfTheResetCountersOnly) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  expect_seq({R(kCnt0, 1000), R(kCycleReg, 2000), R(kCtl, 0x52), W(kCtl, 0xD0), R(kCnt0, 5), R(kCycleReg, 2100)},
             [&] {
               EXPECT_EQ(p.read64(kP0Counter).value(), 1000u);
               EXPECT_EQ(p.read64(kCycleCounter).value(), 2000u);
               EXPECT_EQ(p.reset(kP0Mask), Status::kOk);
               EXPECT_EQ(p.read64(kP0Counter).value(), 5u);
               EXPECT_EQ(p.read64(kCycleCounter).value(), 2100u);
             });
  expect_seq({R(kCtl, 0x52), W(kCtl, 0x30), R(kCnt0, 7), R(kCycleReg, 9)}, [&] {
    EXPECT_EQ(p.control(0, kP0Mask, kCycleMask), Status::kOk);  // reset through control() as well
    EXPECT_EQ(p.read64(kP0Counter).value(), 7u);
    EXPECT_EQ(p.read64(kCycleCounter).value(), 9u);
  });
}

TYPED_TEST(CmPerfSeq, ClearOverflowWritesExactlyTheGivenOnes) {
  auto& p = this->unit;
  expect_seq({W(kOv, 0x6)}, [&] { EXPECT_EQ(p.clear_overflow(kP0Mask | kP1Mask), Status::kOk); });
  expect_seq({W(kOv, 0x1)}, [&] { EXPECT_EQ(p.clear_overflow(kCycleMask), Status::kOk); });
  expect_seq({W(kOv, 0x7)}, [&] { EXPECT_EQ(p.clear_overflow(kAllMask), Status::kOk); });
}

// With totals: PC_OV, the counts of the mask (a set flag's pass counts
// once), the clear, PC_OV again, the counts again (a flag clear then makes
// the next one a new pass).
TYPED_TEST(CmPerfSeq, ClearOverflowWithTotalsFoldsClearsAndReadsAgain) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  // P0 passed all ones at 0x...F0 -> 0x10: the values show it, the flag is that pass.
  expect_seq({R(kCnt0, 0xFFFFFFF0u)}, [&] { EXPECT_EQ(p.read64(kP0Counter).value(), 0xFFFFFFF0u); });
  expect_seq({R(kOv, 0x2), R(kCnt0, 0x10), W(kOv, 0x2), R(kOv, 0), R(kCnt0, 0x12)},
             [&] { EXPECT_EQ(p.clear_overflow(kP0Mask), Status::kOk); });
  // A whole period later only the flag shows the next pass: the hook counts it.
  expect_seq({R(kOv, 0x2), R(kCnt0, 0x20), W(kOv, 0x2)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), kP0Mask); });
  expect_seq({R(kCnt0, 0x20)}, [&] { EXPECT_EQ(p.read64(kP0Counter).value(), (uint64_t{2} << 32) + 0x20u); });
  // Two counters: P1's flag a pass no value showed (a whole period: counted
  // here); the cycle counter's flag clear after the clear, and set again
  // after its count read (it reached all ones): a pass the next observation
  // shows, so the hook adds no period for it.
  expect_seq({R(kCycleReg, 0xFFFFFF00u)}, [&] { EXPECT_EQ(p.read64(kCycleCounter).value(), 0xFFFFFF00u); });
  expect_seq({R(kOv, 0x4), R(kCycleReg, 0xFFFFFFF0u), R(kCnt1, 0x30), W(kOv, 0x5), R(kOv, 0),
              R(kCycleReg, 0xFFFFFFFCu), R(kCnt1, 0x31)},
             [&] { EXPECT_EQ(p.clear_overflow(kCycleMask | kP1Mask), Status::kOk); });
  expect_seq({R(kCnt1, 0x31)}, [&] { EXPECT_EQ(p.read64(kP1Counter).value(), (uint64_t{1} << 32) + 0x31u); });
  expect_seq({R(kCycleReg, 0x8)}, [&] { EXPECT_EQ(p.read64(kCycleCounter).value(), (uint64_t{1} << 32) + 0x8u); });
  expect_seq({R(kOv, 0x1), R(kCycleReg, 0x10), W(kOv, 0x1)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), kCycleMask); });
  expect_seq({R(kCycleReg, 0x10)}, [&] { EXPECT_EQ(p.read64(kCycleCounter).value(), (uint64_t{1} << 32) + 0x10u); });
  // P0 wraps after the clear, before PC_OV is read again: the count read
  // next shows that pass, and the flag it raised stands for it, so the hook
  // that follows at once (no read in between) adds no period.
  expect_seq({R(kOv, 0), R(kCnt0, 0xFFFFFFF0u), W(kOv, 0x2), R(kOv, 0x2), R(kCnt0, 0x4)},
             [&] { EXPECT_EQ(p.clear_overflow(kP0Mask), Status::kOk); });
  expect_seq({R(kOv, 0x2), R(kCnt0, 0x8), W(kOv, 0x2)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), kP0Mask); });
  expect_seq({R(kCnt0, 0x8)}, [&] { EXPECT_EQ(p.read64(kP0Counter).value(), (uint64_t{3} << 32) + 0x8u); });
  // Perf_Ovf_Stop holds P0 on all ones and its flag sets again at once after
  // the clear (the documents leave open whether it is a level): set when
  // read after the clear, it stands for the pass already counted, so the
  // hook that follows adds no period.
  expect_seq({R(kCnt0, 0xFFFFFFFFu)}, [&] { EXPECT_EQ(p.read64(kP0Counter).value(), (uint64_t{4} << 32) - 1u); });
  expect_seq({R(kOv, 0x2), R(kCnt0, 0xFFFFFFFFu), W(kOv, 0x2), R(kOv, 0x2), R(kCnt0, 0xFFFFFFFFu)},
             [&] { EXPECT_EQ(p.clear_overflow(kP0Mask), Status::kOk); });
  expect_seq({R(kOv, 0x2), R(kCnt0, 0xFFFFFFFFu), W(kOv, 0x2)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), kP0Mask); });
  expect_seq({R(kCnt0, 0xFFFFFFFFu)}, [&] { EXPECT_EQ(p.read64(kP0Counter).value(), (uint64_t{4} << 32) - 1u); });
}

TYPED_TEST(CmPerfSeq, PreloadWithoutTotalsIsOneWriteAndNoRead) {
  auto& p = this->unit;
  expect_seq({W(kCnt0, 0xFFFFFF00)}, [&] { EXPECT_EQ(p.preload(kP0Counter, 0xFFFFFF00), Status::kOk); });
  expect_seq({W(kCycleReg, 0)}, [&] { EXPECT_EQ(p.preload(kCycleCounter, 0), Status::kOk); });
  expect_seq({W(kCnt1, 0xFFFFFFFF)}, [&] { EXPECT_EQ(p.preload(kP1Counter, 0xFFFFFFFF), Status::kOk); });
}

// With totals: PC_OV, the count so far, the write, PC_OV again (a flag
// that rose in between is a wrap between the read and the write).
TYPED_TEST(CmPerfSeq, PreloadWithTotalsAccountsTheOldCountThenWrites) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  expect_seq({R(kOv, 0), R(kCnt0, 100), W(kCnt0, 0xFFFFFF00), R(kOv, 0), R(kCnt0, 0x20)}, [&] {
    EXPECT_EQ(p.preload(kP0Counter, 0xFFFFFF00), Status::kOk);
    // 100 before the preload, 0x120 after it.
    EXPECT_EQ(p.read64(kP0Counter).value(), 100u + 0x120u);
  });
  expect_seq({R(kOv, 0x6), R(kCycleReg, 0), W(kCycleReg, 7), R(kOv, 0x6)},
             [&] { EXPECT_EQ(p.preload(kCycleCounter, 7), Status::kOk); });
  expect_seq({R(kOv, 0x4), R(kCnt1, 0), W(kCnt1, 8)}, [&] { EXPECT_EQ(p.preload(kP1Counter, 8), Status::kOk); });
}

// The counter wraps between the preload's read and its write: the flag it
// raised stands for no period, and the hook adds none.
TYPED_TEST(CmPerfSeq, AFlagThatRoseDuringAPreloadAddsNoPeriod) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  expect_seq({R(kOv, 0), R(kCnt0, 0xFFFFFFFE), W(kCnt0, 0x1000), R(kOv, 0x2),  // wrapped in between
              R(kOv, 0x2), R(kCnt0, 0x1010), W(kOv, 0x2)},                     // the hook
             [&] {
               EXPECT_EQ(p.preload(kP0Counter, 0x1000), Status::kOk);
               EXPECT_EQ(p.handle_overflow_irq().value(), kP0Mask);
             });
  expect_seq({R(kCnt0, 0x1020)}, [&] { EXPECT_EQ(p.read64(kP0Counter).value(), uint64_t{0xFFFFFFFE} + 0x20u); });
}

// ---- the hook --------------------------------------------------------------------------

struct Calls {
  std::vector<unsigned> sources;
  std::vector<size_t> log_sizes;  // accesses made before each callback
  test::Backend* bus = nullptr;
};
void record(void* ctx, unsigned source) {
  auto* c = static_cast<Calls*>(ctx);
  c->sources.push_back(source);
  c->log_sizes.push_back(c->bus->log.size());
}

// The hook's two forms: handle_overflow_irq(), and the form returning the C
// answer that the C API's hook runs (its own copy of steps 2-4), which must
// make the same accesses in the same order and give the same answer.
template <typename Unit>
using HookForm = Result<uint32_t> (*)(Unit&);
template <typename Unit>
const HookForm<Unit> kHookForms[] = {
    [](Unit& u) { return u.handle_overflow_irq(); },
    [](Unit& u) { return pmu::test::from_c_answer(u.template handle_overflow_irq_as<pmu_u32_result_t>()); },
};

TYPED_TEST(CmPerfSeq, HookSnapshotsCallsBackFoldsThenClearsExactlyTheSnapshot) {
  auto& p = this->unit;
  Calls calls;
  p.attach_callbacks(&this->table);
  p.track_totals(&this->totals);
  for (unsigned i = 0; i < kNumCounters; ++i) ASSERT_EQ(p.on_overflow(i, {record, &calls}), Status::kOk);
  for (auto hook : kHookForms<std::remove_reference_t<decltype(p)>>) {
    test::ExpectBackend bus;
    calls = Calls{};
    calls.bus = &bus;
    // Snapshot P0|P1 (reserved bit 31 ignored); the callbacks see only the
    // snapshot read; then the fold reads both counters; W1C of exactly 0x6.
    bus.expect({R(kOv, 0x80000006), R(kCnt0, 5), R(kCnt1, 7), W(kOv, 0x6)});
    test::ScopedBackend use(bus);
    const auto served = hook(p);
    ASSERT_TRUE(served.ok());
    EXPECT_EQ(served.value(), kP0Mask | kP1Mask);
    bus.verify();
    EXPECT_EQ(calls.sources, (std::vector<unsigned>{kP0Counter, kP1Counter}));
    EXPECT_EQ(calls.log_sizes, (std::vector<size_t>{1u, 1u}));
    // The cycle counter's flag: its own register folded.
    calls.sources.clear();
    calls.log_sizes.clear();
    bus.expect({R(kOv, 0x80000005), R(kCycleReg, 5), R(kCnt1, 7), W(kOv, 0x5)});
    EXPECT_EQ(hook(p).value(), kCycleMask | kP1Mask);
    bus.verify();
    EXPECT_EQ(calls.sources, (std::vector<unsigned>{kCycleCounter, kP1Counter}));
    // Only reserved bits: nothing served, nothing cleared.
    calls.sources.clear();
    bus.expect({R(kOv, 0xFFFFFFF8)});
    EXPECT_EQ(hook(p).value(), 0u);
    bus.verify();
    EXPECT_TRUE(calls.sources.empty());
  }
}

TYPED_TEST(CmPerfSeq, HookCallsBackLowestIndexFirst) {
  auto& p = this->unit;
  Calls calls;
  p.attach_callbacks(&this->table);
  for (unsigned i = 0; i < kNumCounters; ++i) ASSERT_EQ(p.on_overflow(i, {record, &calls}), Status::kOk);
  test::ExpectBackend bus;
  calls.bus = &bus;
  bus.expect({R(kOv, 0x7), W(kOv, 0x7)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(p.handle_overflow_irq().value(), kAllMask);
  EXPECT_EQ(calls.sources, (std::vector<unsigned>{kCycleCounter, kP0Counter, kP1Counter}));
}

TYPED_TEST(CmPerfSeq, HookWithoutTotalsReadsNoCounter) {
  auto& p = this->unit;
  Calls calls;
  p.attach_callbacks(&this->table);
  ASSERT_EQ(p.on_overflow(kCycleCounter, {record, &calls}), Status::kOk);
  test::ExpectBackend bus;
  calls.bus = &bus;
  bus.expect({R(kOv, 0x1), W(kOv, 0x1)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(p.handle_overflow_irq().value(), kCycleMask);
  EXPECT_EQ(calls.sources, (std::vector<unsigned>{kCycleCounter}));
}

TYPED_TEST(CmPerfSeq, HookWithoutCallbacksStillFoldsAndClears) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  expect_seq({R(kCnt0, 0xFFFFFFFE), R(kOv, 0x2), R(kCnt0, 0x3), W(kOv, 0x2), R(kCnt0, 0x3)}, [&] {
    EXPECT_EQ(p.read64(kP0Counter).value(), 0xFFFFFFFEu);
    EXPECT_EQ(p.handle_overflow_irq().value(), kP0Mask);
    EXPECT_EQ(p.read64(kP0Counter).value(), 0x100000003ull);
  });
  // A table without an entry for the flagged counter calls nobody.
  p.attach_callbacks(&this->table);
  expect_seq({R(kOv, 0x4), R(kCnt1, 1), W(kOv, 0x4)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), kP1Mask); });
}

TYPED_TEST(CmPerfSeq, SpuriousHookIsOneReadAndNoClear) {
  auto& p = this->unit;
  Calls calls;
  p.attach_callbacks(&this->table);
  p.track_totals(&this->totals);
  ASSERT_EQ(p.on_overflow(kP0Counter, {record, &calls}), Status::kOk);
  expect_seq({R(kOv, 0x0)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), 0u); });
  expect_seq({R(kOv, 0xFFFFFFF8)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), 0u); });
  EXPECT_TRUE(calls.sources.empty());
}

TYPED_TEST(CmPerfSeq, TheIsrAdapterRunsTheHookOnTheObjectItIsGiven) {
  auto& p = this->unit;
  void (*isr)(void*) = &TypeParam::overflow_isr;
  expect_seq({R(kOv, 0x2), W(kOv, 0x2)}, [&] { isr(&p); });
}

TYPED_TEST(CmPerfSeq, HookAddsAWholePeriodWhenTheWrapIsNotVisibleInTheRawValue) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  // Hook-to-hook spacing is about one period: 5 -> 5 means 2^32 counts.
  expect_seq({R(kOv, 0x2), R(kCnt0, 5), W(kOv, 0x2), R(kOv, 0x2), R(kCnt0, 9), W(kOv, 0x2)}, [&] {
    EXPECT_EQ(p.handle_overflow_irq().value(), kP0Mask);
    EXPECT_EQ(p.handle_overflow_irq().value(), kP0Mask);
  });
  expect_seq({R(kCnt0, 9)}, [&] { EXPECT_EQ(p.read64(kP0Counter).value(), (2ull << 32) + 9); });
}

TYPED_TEST(CmPerfSeq, HookDoesNotCountAWrapTwiceWhenAReadSawItFirst) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  expect_seq({R(kCnt1, 0xFFFFFF00), R(kCnt1, 0x10), R(kOv, 0x4), R(kCnt1, 0x20), W(kOv, 0x4), R(kCnt1, 0x30)}, [&] {
    EXPECT_EQ(p.read64(kP1Counter).value(), 0xFFFFFF00ull);
    EXPECT_EQ(p.read64(kP1Counter).value(), 0x100000010ull);  // the read sees the wrap
    EXPECT_EQ(p.handle_overflow_irq().value(), kP1Mask);        // same wrap: no extra
    EXPECT_EQ(p.read64(kP1Counter).value(), 0x100000030ull);
  });
}

TYPED_TEST(CmPerfSeq, HookCountsAVisibleWrapOnce) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  expect_seq({R(kCycleReg, 0xFFFFFFF0), R(kOv, 0x1), R(kCycleReg, 0x8), W(kOv, 0x1)}, [&] {
    EXPECT_EQ(p.read64(kCycleCounter).value(), 0xFFFFFFF0ull);
    EXPECT_EQ(p.handle_overflow_irq().value(), kCycleMask);
  });
  expect_seq({R(kCycleReg, 0x8)}, [&] { EXPECT_EQ(p.read64(kCycleCounter).value(), 0x100000008ull); });
}

// A sampling callback re-arms its counter: the preload's read sees the wrap,
// so the fold after the callbacks must not add the period again.
// Points a callback context at the unit under test, whichever path it is.
struct UnitRef {
  Perf* runtime = nullptr;
  Fixed* fixed = nullptr;
  template <typename T>
  explicit UnitRef(T& p) {
    if constexpr (util::is_same<T, Perf>::value) {
      runtime = &p;
    } else {
      fixed = &p;
    }
  }
  Status preload(unsigned i, uint32_t v) { return runtime != nullptr ? runtime->preload(i, v) : fixed->preload(i, v); }
  Status reset(uint32_t mask) { return runtime != nullptr ? runtime->reset(mask) : fixed->reset(mask); }
};
struct Rearm {
  UnitRef unit;
  Status status = Status::kFailed;
};
void rearm(void* ctx, unsigned source) {
  auto* r = static_cast<Rearm*>(ctx);
  r->status = r->unit.preload(source, 0xFFFFFF00u);
}

TYPED_TEST(CmPerfSeq, APreloadInACallbackKeepsTheTotalExact) {
  auto& p = this->unit;
  p.attach_callbacks(&this->table);
  p.track_totals(&this->totals);
  Rearm r{UnitRef(p)};
  ASSERT_EQ(p.on_overflow(kP0Counter, {rearm, &r}), Status::kOk);
  test::ExpectBackend bus;
  bus.expect({R(kOv, 0), R(kCnt0, 0), W(kCnt0, 0xFFFFFF00), R(kOv, 0),  // armed 256 below the wrap
              R(kOv, 0x2), R(kOv, 0x2), R(kCnt0, 0x4), W(kCnt0, 0xFFFFFF00),  // hook: the callback re-arms
              R(kCnt0, 0xFFFFFF01), W(kOv, 0x2),                 // fold, acknowledge
              R(kCnt0, 0xFFFFFF10)});
  test::ScopedBackend use(bus);
  ASSERT_EQ(p.preload(kP0Counter, 0xFFFFFF00u), Status::kOk);
  EXPECT_EQ(p.handle_overflow_irq().value(), kP0Mask);
  EXPECT_EQ(r.status, Status::kOk);
  // 0x100 + 4 before the re-arm, 0x10 after it: no phantom 2^32.
  EXPECT_EQ(p.read64(kP0Counter).value(), 0x104u + 0x10u);
  bus.verify();
}

// A callback that resets its counter: the Reset bit cleared the flag the
// snapshot saw, so the fold adds no period; the total restarts at 0.
void reset_counter(void* ctx, unsigned source) { (void)static_cast<UnitRef*>(ctx)->reset(counter_mask(source)); }

TYPED_TEST(CmPerfSeq, AResetInACallbackRestartsTheTotalWithoutAPhantomPeriod) {
  auto& p = this->unit;
  p.attach_callbacks(&this->table);
  p.track_totals(&this->totals);
  UnitRef r(p);
  ASSERT_EQ(p.on_overflow(kP1Counter, {reset_counter, &r}), Status::kOk);
  // P1 and the cycle counter flagged; only P1 is reset by its callback: the
  // cycle counter is folded, P1 is not.
  expect_seq({R(kOv, 0x5), R(kCtl, 0x152), W(kCtl, 0x350), R(kCycleReg, 3), W(kOv, 0x5), R(kCnt1, 2), R(kCycleReg, 4)},
             [&] {
               EXPECT_EQ(p.handle_overflow_irq().value(), kP1Mask | kCycleMask);
               EXPECT_EQ(p.read64(kP1Counter).value(), 2u);
               EXPECT_EQ(p.read64(kCycleCounter).value(), (1ull << 32) + 4);
             });
  // The next snapshot of P1 is a real wrap again: it is folded.
  expect_seq({R(kOv, 0x4), R(kCtl, 0x152), W(kCtl, 0x350), W(kOv, 0x4), R(kOv, 0x4), R(kCnt1, 9), W(kOv, 0x4)}, [&] {
    EXPECT_EQ(p.handle_overflow_irq().value(), kP1Mask);  // reset again by the callback
    ASSERT_EQ(p.on_overflow(kP1Counter, {}), Status::kOk);
    EXPECT_EQ(p.handle_overflow_irq().value(), kP1Mask);  // folded: 0 -> 9 plus the flagged wrap
  });
  expect_seq({R(kCnt1, 9)}, [&] { EXPECT_EQ(p.read64(kP1Counter).value(), (1ull << 32) + 9); });
}

// ---- opt-in storage ----------------------------------------------------------------

TYPED_TEST(CmPerfSeq, CallbacksNeedATableAndRegisteringTouchesNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  auto& p = this->unit;
  EXPECT_EQ(p.on_overflow(kP0Counter, {record, nullptr}), Status::kUnavailable);
  p.attach_callbacks(&this->table);
  EXPECT_EQ(p.on_overflow(kP1Counter, {record, nullptr}), Status::kOk);
  EXPECT_EQ(this->table.by_counter[kP1Counter].fn, &record);
  EXPECT_EQ(p.on_overflow(kP1Counter, {}), Status::kOk);  // removal
  EXPECT_FALSE(this->table.by_counter[kP1Counter].set());
  EXPECT_EQ(p.on_overflow(kCycleCounter, {record, &p}), Status::kOk);
  EXPECT_EQ(this->table.by_counter[kCycleCounter].ctx, &p);
  p.attach_callbacks(nullptr);
  EXPECT_EQ(p.on_overflow(kCycleCounter, {record, nullptr}), Status::kUnavailable);
  EXPECT_EQ(none.log.size(), 0u);
}

// ---- bad input touches nothing -----------------------------------------------------

// Every index above 2, at the boundary and far away.
constexpr unsigned kBadIndices[] = {3u, 4u, 7u, 8u, 31u, 32u, 255u, 256u, 0x80000000u, 0xFFFFFFFFu};
// Empty masks and masks with a bit above bit 2.
constexpr uint32_t kBadMasks[] = {0u, 8u, 0xFu, 0x10u, 0x80u, 0x100u, 0x80000000u, 0x80000001u, 0xFFFFFFF8u, 0xFFFFFFFFu};

TYPED_TEST(CmPerfSeq, BadCounterIndicesTouchNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  auto& p = this->unit;
  p.attach_callbacks(&this->table);
  p.track_totals(&this->totals);
  for (unsigned i : kBadIndices) {
    EXPECT_EQ(p.read(i).status(), Status::kBadArg) << i;
    EXPECT_EQ(p.read64(i).status(), Status::kBadArg) << i;
    EXPECT_EQ(p.preload(i, 0), Status::kBadArg) << i;
    EXPECT_EQ(p.on_overflow(i, {record, nullptr}), Status::kBadArg) << i;
    EXPECT_EQ(p.program(i, event::kRequestCount, 0), Status::kBadArg) << i;
  }
  // The cycle counter has no event.
  EXPECT_EQ(p.program(kCycleCounter, event::kRequestCount, 0), Status::kBadArg);
  EXPECT_EQ(none.log.size(), 0u);
}

TYPED_TEST(CmPerfSeq, UnknownEventsTouchNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  auto& p = this->unit;
  for (unsigned ev : {7u, 10u, 11u, 12u, 13u, 14u, 15u, 18u, 31u, 32u, 255u, 256u, 0x105u, 0x80000000u, 0xFFFFFFFFu}) {
    EXPECT_EQ(p.program(kP0Counter, ev, 0), Status::kBadArg) << ev;
    EXPECT_EQ(p.program(kP1Counter, ev, 0), Status::kBadArg) << ev;
  }
  EXPECT_EQ(none.log.size(), 0u);
}

TYPED_TEST(CmPerfSeq, BadMasksTouchNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  auto& p = this->unit;
  p.track_totals(&this->totals);
  for (uint32_t m : kBadMasks) {
    EXPECT_EQ(p.start(m), Status::kBadArg) << m;
    EXPECT_EQ(p.stop(m), Status::kBadArg) << m;
    EXPECT_EQ(p.reset(m), Status::kBadArg) << m;
    EXPECT_EQ(p.reset_and_start(m), Status::kBadArg) << m;
    EXPECT_EQ(p.clear_overflow(m), Status::kBadArg) << m;
    if (m != 0) {
      EXPECT_EQ(p.control(m, 0, 0), Status::kBadArg) << m;
      EXPECT_EQ(p.control(0, m, 0), Status::kBadArg) << m;
      EXPECT_EQ(p.control(0, 0, m), Status::kBadArg) << m;
      EXPECT_EQ(p.control(kP0Mask, 0, m), Status::kBadArg) << m;
    }
  }
  EXPECT_EQ(p.control(0, 0, 0), Status::kBadArg);
  EXPECT_EQ(p.control(kP0Mask | kP1Mask, kP1Mask, 0), Status::kBadArg);  // start and stop overlap
  EXPECT_EQ(p.control(kAllMask, kAllMask, kAllMask), Status::kBadArg);
  EXPECT_EQ(none.log.size(), 0u);
}

// control() tests its three masks in two compares; every triple of 4-bit
// masks (bit 3 is above the counters) gets the answer of the three rules:
// no bit above bit 2, start and stop apart, not all empty. A good triple is
// one read-modify-write of PC_CTL, a bad one touches nothing.
TYPED_TEST(CmPerfSeq, ControlAcceptsExactlyTheValidTriples) {
  auto& p = this->unit;
  p.track_totals(&this->totals);
  unsigned accepted = 0;
  for (uint32_t start = 0; start < 16; ++start) {
    for (uint32_t stop = 0; stop < 16; ++stop) {
      for (uint32_t reset = 0; reset < 16; ++reset) {
        const uint32_t any = start | stop | reset;
        const bool valid = (any & ~kAllMask) == 0 && (start & stop) == 0 && any != 0;
        if (valid) {
          const uint32_t want = (0x40000152u & ~ctl::count_on_bits(stop)) | ctl::count_on_bits(start) | ctl::reset_bits(reset);
          expect_seq({R(kCtl, 0x40000152u), W(kCtl, want & ~0xFu)},
                     [&] { EXPECT_EQ(p.control(start, stop, reset), Status::kOk) << start << stop << reset; });
          ++accepted;
        } else {
          test::NoAccessBackend none;
          test::ScopedBackend use(none);
          EXPECT_EQ(p.control(start, stop, reset), Status::kBadArg) << start << " " << stop << " " << reset;
          EXPECT_EQ(none.log.size(), 0u);
        }
      }
    }
  }
  EXPECT_EQ(accepted, 27u * 8u - 1u);  // per counter: start, stop or neither (3) x reset or not (2), minus all empty
}

TYPED_TEST(CmPerfSeq, EveryValidMaskIsAccepted) {
  auto& p = this->unit;
  for (uint32_t m = 1; m <= kAllMask; ++m) {
    expect_seq({R(kCtl, 0x2), W(kCtl, ctl::count_on_bits(m))}, [&] { EXPECT_EQ(p.start(m), Status::kOk) << m; });
    expect_seq({W(kOv, m)}, [&] { EXPECT_EQ(p.clear_overflow(m), Status::kOk) << m; });
  }
}

TEST(CmPerfBadArg, ABadBaseMakesEveryCallBadArgWithNoAccess) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  Callbacks table{};
  Totals totals;
  for (uintptr_t base : {uintptr_t{0}, uintptr_t{1}, kGcr + 4, kGcr + 0x4000, kGcr + 0x6000, uintptr_t{0x1FBF8800},
                         ~uintptr_t{0}}) {
    Perf p(base);
    p.attach_callbacks(&table);
    p.track_totals(&totals);
    EXPECT_EQ(p.usable(), Status::kBadArg) << base;
    EXPECT_EQ(p.probe(), Status::kBadArg);
    EXPECT_EQ(p.program(kP0Counter, 0, 0), Status::kBadArg);
    EXPECT_EQ(p.start(kAllMask), Status::kBadArg);
    EXPECT_EQ(p.stop(kAllMask), Status::kBadArg);
    EXPECT_EQ(p.reset(kAllMask), Status::kBadArg);
    EXPECT_EQ(p.reset_and_start(kAllMask), Status::kBadArg);
    EXPECT_EQ(p.control(kP0Mask, kP1Mask, 0), Status::kBadArg);
    EXPECT_EQ(p.preload(kP0Counter, 1), Status::kBadArg);
    EXPECT_EQ(p.read(kP0Counter).status(), Status::kBadArg);
    EXPECT_EQ(p.read64(kCycleCounter).status(), Status::kBadArg);
    EXPECT_EQ(p.read_overflow().status(), Status::kBadArg);
    EXPECT_EQ(p.clear_overflow(kAllMask), Status::kBadArg);
    EXPECT_EQ(p.set_overflow_stop(true), Status::kBadArg);
    EXPECT_EQ(p.set_interrupt_enable(true), Status::kBadArg);
    EXPECT_EQ(p.handle_overflow_irq().status(), Status::kBadArg);
  }
  EXPECT_EQ(Perf().probe(), Status::kBadArg);  // unconfigured
  EXPECT_EQ(none.log.size(), 0u);
}

// The calls test the GDB base instead of the status (one load less): that
// holds only because the base is 0 exactly when the status is not kOk.
TEST(CmPerfBadArg, TheGdbBaseIsZeroExactlyWhenTheBlockIsNotUsable) {
  for (uintptr_t base : {uintptr_t{0}, uintptr_t{0x8000}, uintptr_t{0x4000}, kGcr, kGcr + 4, kGcr + 0x6000,
                         ~uintptr_t{0x7FFF}, ~uintptr_t{0x7FFF} - 0x8000, ~uintptr_t{0}, ~uintptr_t{0} - 0x5FFF,
                         uintptr_t{0} - 0x6000}) {
    for (bool present : {true, false}) {
      const Perf p(base, present);
      EXPECT_EQ(p.gdb_base() == 0, p.usable() != Status::kOk) << base << " " << present;
      if (p.usable() == Status::kOk) {
        EXPECT_EQ(p.gdb_base(), base + kGdbOffset);
      }
    }
  }
  EXPECT_EQ(Perf().gdb_base(), 0u);
  EXPECT_EQ(Perf().usable(), Status::kBadArg);
}

TEST(CmPerfBadArg, AGoodBaseIsAnyNonZero32KiBMultiple) {
  EXPECT_TRUE(valid_gcr_base(0x8000));
  EXPECT_TRUE(valid_gcr_base(0x1FBF8000));
  EXPECT_TRUE(valid_gcr_base(0x16100000));
  EXPECT_TRUE(valid_gcr_base(~uintptr_t{0x7FFF}));
  EXPECT_FALSE(valid_gcr_base(0));
  EXPECT_FALSE(valid_gcr_base(0x4000));
  EXPECT_FALSE(valid_gcr_base(0x7FFF));
  EXPECT_FALSE(valid_gcr_base(0x8001));
}

template <typename T>
void expect_every_register_call(T& p, Status want) {
  EXPECT_EQ(p.usable(), want);
  EXPECT_EQ(p.probe(), want);
  EXPECT_EQ(p.program(kP0Counter, 0, 0), want);
  EXPECT_EQ(p.start(kAllMask), want);
  EXPECT_EQ(p.stop(kAllMask), want);
  EXPECT_EQ(p.reset(kAllMask), want);
  EXPECT_EQ(p.reset_and_start(kAllMask), want);
  EXPECT_EQ(p.control(kP0Mask, kP1Mask, 0), want);
  EXPECT_EQ(p.preload(kP1Counter, 0), want);
  EXPECT_EQ(p.read(kP0Counter).status(), want);
  EXPECT_EQ(p.read64(kP0Counter).status(), want);
  EXPECT_EQ(p.read_overflow().status(), want);
  EXPECT_EQ(p.clear_overflow(kP0Mask), want);
  EXPECT_EQ(p.set_overflow_stop(true), want);
  EXPECT_EQ(p.set_interrupt_enable(true), want);
  EXPECT_EQ(p.handle_overflow_irq().status(), want);
  EXPECT_EQ(pmu::test::from_c_answer(p.template handle_overflow_irq_as<pmu_u32_result_t>()).status(), want);
}

TEST(CmPerfBadArg, ABlockTheBoardDeclaresAbsentIsUnavailableWithNoAccess) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  Totals totals;
  Perf p(kGcr, false);
  p.track_totals(&totals);
  expect_every_register_call(p, Status::kUnavailable);
  FixedPerf<kGcr, false> f;
  f.track_totals(&totals);
  expect_every_register_call(f, Status::kUnavailable);
  EXPECT_EQ(Perf(0, false).probe(), Status::kUnavailable);
  EXPECT_EQ(Perf(kGcr, true).usable(), Status::kOk);
  EXPECT_EQ(Perf(0, true).usable(), Status::kBadArg);
  EXPECT_EQ(none.log.size(), 0u);
}

// ---- layout -------------------------------------------------------------------------

TEST(CmLayout, EventNamesCoverExactlyTheTable) {
  unsigned known = 0;
  for (unsigned id = 0; id < 300; ++id) {
    known += event_known(id) ? 1 : 0;
    EXPECT_EQ(event_known(id), event_name(id) != nullptr) << id;
  }
  EXPECT_EQ(known, 11u);
  EXPECT_STREQ(event_name(event::kRequestCount), "request count");
  EXPECT_STREQ(event_name(event::kIocu2Requests), "2nd IOCU requests");
  EXPECT_EQ(event_name(7), nullptr);
  EXPECT_EQ(event_name(16 + 256), nullptr);
  EXPECT_FALSE(event_known(16 + 32));
  EXPECT_FALSE(event_known(0xFFFFFFFFu));
}

TEST(CmLayout, RegisterOffsetsMatchTheSlides) {
  EXPECT_EQ(kGdbOffset, 0x6000u);
  EXPECT_EQ(kRegs.ctl.offset, 0x100u);
  EXPECT_EQ(kRegs.ov.offset, 0x120u);
  EXPECT_EQ(kRegs.event.offset, 0x130u);
  EXPECT_EQ(kRegs.cycle.offset, 0x180u);
  EXPECT_EQ(kRegs.qual0.offset, 0x190u);
  EXPECT_EQ(kRegs.cnt0.offset, 0x198u);
  EXPECT_EQ(kRegs.qual1.offset, 0x1A0u);
  EXPECT_EQ(kRegs.cnt1.offset, 0x1A8u);
  EXPECT_EQ(PcOvTag::kAccess, reg::Access::kW1C);
  EXPECT_EQ(kRegs.ctl.keep_out, 0x2AFu);  // Reset bits and Perf_Num_Cnt
  EXPECT_EQ(kRegs.event.keep_out, 0u);
  for (unsigned i = 0; i < kNumCounters; ++i) {
    EXPECT_EQ(kRegs.counter(i).offset, i == 0 ? 0x180u : i == 1 ? 0x198u : 0x1A8u) << i;
    EXPECT_EQ(counter_mask(i), 1u << i);
    EXPECT_EQ(ctl::count_on_bits(counter_mask(i)), ctl::count_on(i).mask());
    EXPECT_EQ(ctl::reset_bits(counter_mask(i)), ctl::reset(i).mask());
  }
  EXPECT_EQ(counter_mask(kNumCounters), 0u);
}

}  // namespace
