// SPDX-License-Identifier: Apache-2.0
// pmu::cm::Perf: the exact register sequence of every call (the sequence is
// the contract), the access counts listed in docs/cm.md, and bad input
// touching nothing.
#include <gtest/gtest.h>

#include <vector>

#include "pmu/cm/perf.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::cm;
using pmu::test::R;
using pmu::test::W;

// The QEMU Malta default GCR base; the perf registers are at +0x6000.
constexpr uintptr_t kGcr = 0x1FBF8000;
constexpr uintptr_t kCtl = kGcr + 0x6100;
constexpr uintptr_t kOv = kGcr + 0x6120;
constexpr uintptr_t kEvent = kGcr + 0x6130;
constexpr uintptr_t kCycleReg = kGcr + 0x6180;
constexpr uintptr_t kQual0 = kGcr + 0x6190;
constexpr uintptr_t kCnt0 = kGcr + 0x6198;
constexpr uintptr_t kQual1 = kGcr + 0x61A0;
constexpr uintptr_t kCnt1 = kGcr + 0x61A8;

static_assert(Perf(kGcr).gdb_base() == kGcr + 0x6000);
static_assert(Perf(0).gdb_base() == 0 && Perf(kGcr + 4).gdb_base() == 0);

// Runs 'call' against a strict expectation list.
template <typename Fn>
void expect_seq(std::initializer_list<test::Access> seq, Fn call) {
  test::ExpectBackend bus;
  bus.expect(seq);
  test::ScopedBackend use(bus);
  call();
  bus.verify();
}

TEST(CmPerfSeq, ProbeIsOneReadOfCtlAndChecksPerfNumCnt) {
  Perf p(kGcr);
  expect_seq({R(kCtl, 0x00000002)}, [&] { EXPECT_EQ(p.probe(), Status::kOk); });
  expect_seq({R(kCtl, 0x60000152)}, [&] { EXPECT_EQ(p.probe(), Status::kOk); });
  expect_seq({R(kCtl, 0x00000000)}, [&] { EXPECT_EQ(p.probe(), Status::kMismatch); });
  expect_seq({R(kCtl, 0x00000003)}, [&] { EXPECT_EQ(p.probe(), Status::kMismatch); });
  expect_seq({R(kCtl, 0xFFFFFFFF)}, [&] { EXPECT_EQ(p.probe(), Status::kMismatch); });
}

TEST(CmPerfSeq, ProgramWritesQualifierThenMergesOnlyItsEventField) {
  Perf p(kGcr);
  // P0: qualifier, then EVENT read-modify-write keeping P1_Event (0x11).
  expect_seq({W(kQual0, 0xDEADBEEF), R(kEvent, 0x11FF), W(kEvent, 0x1105)},
             [&] { EXPECT_EQ(p.program(Counter::kP0, event::kSharingMiss, 0xDEADBEEF), Status::kOk); });
  // P1: keeps P0_Event (0x07).
  expect_seq({W(kQual1, 0), R(kEvent, 0xAB07), W(kEvent, 0x1007)},
             [&] { EXPECT_EQ(p.program(Counter::kP1, event::kIocu1Requests, 0), Status::kOk); });
  expect_seq({W(kQual1, 0xFFFFFFFF), R(kEvent, 0x0000), W(kEvent, 0x1100)},
             [&] { EXPECT_EQ(p.program(Counter::kP1, event::kIocu2Requests, 0xFFFFFFFF), Status::kOk); });
}

TEST(CmPerfSeq, StartAllIsOneReadOneWriteAndNeverCopiesResetOrNumCnt) {
  Perf p(kGcr);
  expect_seq({R(kCtl, 0x00000002), W(kCtl, 0x00000150)}, [&] { EXPECT_EQ(p.start(kAll), Status::kOk); });
  // Reset bits (if they read back) and Perf_Num_Cnt are not written back;
  // Perf_Int_En and Perf_Ovf_Stop are kept.
  expect_seq({R(kCtl, 0x600002A2), W(kCtl, 0x60000150)}, [&] { EXPECT_EQ(p.start(kAll), Status::kOk); });
}

TEST(CmPerfSeq, StopAndResetTouchOnlyTheirCounters) {
  Perf p(kGcr);
  expect_seq({R(kCtl, 0x00000152), W(kCtl, 0x00000110)}, [&] { EXPECT_EQ(p.stop(kP0), Status::kOk); });
  expect_seq({R(kCtl, 0x00000152), W(kCtl, 0x00000040)}, [&] { EXPECT_EQ(p.stop(kP1 | kCycle), Status::kOk); });
  expect_seq({R(kCtl, 0x00000152), W(kCtl, 0x00000350)}, [&] { EXPECT_EQ(p.reset(kP1), Status::kOk); });
  expect_seq({R(kCtl, 0x00000002), W(kCtl, 0x000003F0)},
             [&] { EXPECT_EQ(p.reset_and_start(kAll), Status::kOk); });
  expect_seq({R(kCtl, 0x00000002), W(kCtl, 0x000000C0)},
             [&] { EXPECT_EQ(p.reset_and_start(kP0), Status::kOk); });
}

TEST(CmPerfSeq, ControlDoesStartStopAndResetInOneWrite) {
  Perf p(kGcr);
  // P1 running -> stop P1, start P0, reset the cycle counter.
  expect_seq({R(kCtl, 0x40000102), W(kCtl, 0x40000060)},
             [&] { EXPECT_EQ(p.control(kP0, kP1, kCycle), Status::kOk); });
}

TEST(CmPerfSeq, OverflowStopAndInterruptEnableAreOneReadOneWrite) {
  Perf p(kGcr);
  expect_seq({R(kCtl, 0x00000052), W(kCtl, 0x20000050)}, [&] { EXPECT_EQ(p.set_overflow_stop(true), Status::kOk); });
  expect_seq({R(kCtl, 0x60000052), W(kCtl, 0x40000050)}, [&] { EXPECT_EQ(p.set_overflow_stop(false), Status::kOk); });
  expect_seq({R(kCtl, 0x00000102), W(kCtl, 0x40000100)}, [&] { EXPECT_EQ(p.set_interrupt_enable(true), Status::kOk); });
  expect_seq({R(kCtl, 0x600001F2), W(kCtl, 0x20000150)}, [&] { EXPECT_EQ(p.set_interrupt_enable(false), Status::kOk); });
}

TEST(CmPerfSeq, ReadsAreOneLoadOfTheRightRegister) {
  Perf p(kGcr);
  expect_seq({R(kCnt0, 123)}, [&] { EXPECT_EQ(p.read(Counter::kP0).value(), 123u); });
  expect_seq({R(kCnt1, 456)}, [&] { EXPECT_EQ(p.read(Counter::kP1).value(), 456u); });
  expect_seq({R(kCycleReg, 789)}, [&] { EXPECT_EQ(p.read(Counter::kCycle).value(), 789u); });
  expect_seq({R(kOv, 0xFFFFFFFD)}, [&] {
    // Reserved bits are dropped: only cycle and P1.
    EXPECT_EQ(p.read_overflow().value(), kCycle | kP1);
  });
}

TEST(CmPerfSeq, Read64ExtendsAcrossAWrapWithOneLoadEach) {
  Perf p(kGcr);
  expect_seq({R(kCnt1, 0xFFFFFFF0), R(kCnt1, 0x10), R(kCnt1, 0x10)}, [&] {
    EXPECT_EQ(p.read64(Counter::kP1).value(), 0xFFFFFFF0ull);
    EXPECT_EQ(p.read64(Counter::kP1).value(), 0x100000010ull);
    EXPECT_EQ(p.read64(Counter::kP1).value(), 0x100000010ull);
  });
}

TEST(CmPerfSeq, ResetRestartsTheTotalOfResetCountersOnly) {
  Perf p(kGcr);
  expect_seq({R(kCnt0, 1000), R(kCycleReg, 2000), R(kCtl, 0x52), W(kCtl, 0xD2 & ~0x2u), R(kCnt0, 5),
              R(kCycleReg, 2100)},
             [&] {
               EXPECT_EQ(p.read64(Counter::kP0).value(), 1000u);
               EXPECT_EQ(p.read64(Counter::kCycle).value(), 2000u);
               EXPECT_EQ(p.reset(kP0), Status::kOk);
               EXPECT_EQ(p.read64(Counter::kP0).value(), 5u);
               EXPECT_EQ(p.read64(Counter::kCycle).value(), 2100u);
             });
}

TEST(CmPerfSeq, ClearOverflowWritesExactlyTheGivenOnes) {
  Perf p(kGcr);
  expect_seq({W(kOv, 0x6)}, [&] { EXPECT_EQ(p.clear_overflow(kP0 | kP1), Status::kOk); });
  expect_seq({W(kOv, 0x1)}, [&] { EXPECT_EQ(p.clear_overflow(kCycle), Status::kOk); });
}

TEST(CmPerfSeq, PreloadAccountsTheOldCountThenWrites) {
  Perf p(kGcr);
  expect_seq({R(kCnt0, 100), W(kCnt0, 0xFFFFFF00), R(kCnt0, 0x20)}, [&] {
    EXPECT_EQ(p.preload(Counter::kP0, 0xFFFFFF00), Status::kOk);
    // 100 before the preload, 0x120 after it.
    EXPECT_EQ(p.read64(Counter::kP0).value(), 100u + 0x120u);
  });
  expect_seq({R(kCycleReg, 0), W(kCycleReg, 7)}, [&] { EXPECT_EQ(p.preload(Counter::kCycle, 7), Status::kOk); });
  expect_seq({R(kCnt1, 0), W(kCnt1, 8)}, [&] { EXPECT_EQ(p.preload(Counter::kP1, 8), Status::kOk); });
}

struct Calls {
  std::vector<unsigned> sources;
  std::vector<size_t> log_sizes;  // accesses made before each callback
  test::Backend* bus = nullptr;
  Perf* perf = nullptr;
  std::vector<uint64_t> totals;
};
void record(void* ctx, unsigned source) {
  auto* c = static_cast<Calls*>(ctx);
  c->sources.push_back(source);
  c->log_sizes.push_back(c->bus->log.size());
  // The totals are already up to date when the callback runs.
  if (c->perf != nullptr) c->totals.push_back(c->perf->read64(static_cast<Counter>(source)).value());
}

TEST(CmPerfSeq, HookSnapshotsOnceUpdatesTotalsCallsBackThenClearsTheSnapshot) {
  Perf p(kGcr);
  Calls calls;
  ASSERT_EQ(p.on_overflow(Counter::kP0, {record, &calls}), Status::kOk);
  ASSERT_EQ(p.on_overflow(Counter::kP1, {record, &calls}), Status::kOk);
  ASSERT_EQ(p.on_overflow(Counter::kCycle, {record, &calls}), Status::kOk);
  test::ExpectBackend bus;
  calls.bus = &bus;
  // Snapshot P0|P1 (reserved bit 31 ignored), read both counters, then the
  // callbacks (no access), then W1C of exactly 0x6.
  bus.expect({R(kOv, 0x80000006), R(kCnt0, 5), R(kCnt1, 7), W(kOv, 0x6)});
  test::ScopedBackend use(bus);
  const auto handled = p.handle_overflow_irq();
  ASSERT_TRUE(handled.ok());
  EXPECT_EQ(handled.value(), kP0 | kP1);
  bus.verify();
  EXPECT_EQ(calls.sources, (std::vector<unsigned>{0u, 1u}));
  EXPECT_EQ(calls.log_sizes, (std::vector<size_t>{3u, 3u}));
}

TEST(CmPerfSeq, HookOnCycleOverflowReadsTheCycleCounterOnly) {
  Perf p(kGcr);
  Calls calls;
  ASSERT_EQ(p.on_overflow(Counter::kCycle, {record, &calls}), Status::kOk);
  test::ExpectBackend bus;
  calls.bus = &bus;
  bus.expect({R(kOv, 0x1), R(kCycleReg, 3), W(kOv, 0x1)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(p.handle_overflow_irq().value(), kCycle);
  EXPECT_EQ(calls.sources, (std::vector<unsigned>{2u}));
}

TEST(CmPerfSeq, SpuriousHookIsOneReadAndNoClear) {
  Perf p(kGcr);
  expect_seq({R(kOv, 0x0)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), kNone); });
  expect_seq({R(kOv, 0xFFFFFFF8)}, [&] { EXPECT_EQ(p.handle_overflow_irq().value(), kNone); });
}

TEST(CmPerfSeq, HookWithoutCallbacksStillUpdatesAndClears) {
  Perf p(kGcr);
  expect_seq({R(kCnt0, 0xFFFFFFFE), R(kOv, 0x2), R(kCnt0, 0x3), W(kOv, 0x2), R(kCnt0, 0x3)}, [&] {
    EXPECT_EQ(p.read(Counter::kP0).value(), 0xFFFFFFFEu);
    EXPECT_EQ(p.handle_overflow_irq().value(), kP0);
    EXPECT_EQ(p.read64(Counter::kP0).value(), 0x100000003ull);
  });
}

TEST(CmPerfSeq, HookAddsAWholePeriodWhenTheWrapIsNotVisibleInTheRawValue) {
  Perf p(kGcr);
  // Hook-to-hook spacing is about one period: 5 -> 5 means 2^32 counts.
  expect_seq({R(kOv, 0x2), R(kCnt0, 5), W(kOv, 0x2), R(kOv, 0x2), R(kCnt0, 9), W(kOv, 0x2)}, [&] {
    EXPECT_EQ(p.handle_overflow_irq().value(), kP0);
    EXPECT_EQ(p.handle_overflow_irq().value(), kP0);
  });
  expect_seq({R(kCnt0, 9)}, [&] { EXPECT_EQ(p.read64(Counter::kP0).value(), (2ull << 32) + 9); });
}

TEST(CmPerfSeq, HookDoesNotCountAWrapTwiceWhenAReadSawItFirst) {
  Perf p(kGcr);
  expect_seq({R(kCnt1, 0xFFFFFF00), R(kCnt1, 0x10), R(kOv, 0x4), R(kCnt1, 0x20), W(kOv, 0x4), R(kCnt1, 0x30)},
             [&] {
               EXPECT_EQ(p.read64(Counter::kP1).value(), 0xFFFFFF00ull);
               EXPECT_EQ(p.read64(Counter::kP1).value(), 0x100000010ull);  // the read sees the wrap
               EXPECT_EQ(p.handle_overflow_irq().value(), kP1);             // same wrap: no extra
               EXPECT_EQ(p.read64(Counter::kP1).value(), 0x100000030ull);
             });
}

TEST(CmPerfSeq, HookCountsAVisibleWrapOnce) {
  Perf p(kGcr);
  expect_seq({R(kCycleReg, 0xFFFFFFF0), R(kOv, 0x1), R(kCycleReg, 0x8), W(kOv, 0x1)}, [&] {
    EXPECT_EQ(p.read64(Counter::kCycle).value(), 0xFFFFFFF0ull);
    EXPECT_EQ(p.handle_overflow_irq().value(), kCycle);
  });
  expect_seq({R(kCycleReg, 0x8)}, [&] { EXPECT_EQ(p.read64(Counter::kCycle).value(), 0x100000008ull); });
}

// ---- bad input touches nothing -------------------------------------------

TEST(CmPerfBadArg, UnknownEventsAndWrongCountersTouchNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  Perf p(kGcr);
  for (unsigned ev : {7u, 10u, 11u, 12u, 13u, 14u, 15u, 18u, 255u, 256u, 0x105u, 0xFFFFFFFFu}) {
    EXPECT_EQ(p.program(Counter::kP0, ev, 0), Status::kBadArg) << ev;
    EXPECT_EQ(p.program(Counter::kP1, ev, 0), Status::kBadArg) << ev;
  }
  EXPECT_EQ(p.program(Counter::kCycle, event::kRequestCount, 0), Status::kBadArg);
  EXPECT_EQ(p.program(static_cast<Counter>(3), event::kRequestCount, 0), Status::kBadArg);
  EXPECT_EQ(p.read(static_cast<Counter>(3)).status(), Status::kBadArg);
  EXPECT_EQ(p.read64(static_cast<Counter>(200)).status(), Status::kBadArg);
  EXPECT_EQ(p.preload(static_cast<Counter>(3), 0), Status::kBadArg);
  EXPECT_EQ(p.on_overflow(static_cast<Counter>(3), {}), Status::kBadArg);
  EXPECT_EQ(none.log.size(), 0u);
}

TEST(CmPerfBadArg, BadCounterSetsTouchNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  Perf p(kGcr);
  const CounterSet bad{0x08};
  EXPECT_EQ(p.start(bad), Status::kBadArg);
  EXPECT_EQ(p.stop(CounterSet{0xFF}), Status::kBadArg);
  EXPECT_EQ(p.reset(bad | kP0), Status::kBadArg);
  EXPECT_EQ(p.start(kNone), Status::kBadArg);
  EXPECT_EQ(p.control(kNone, kNone, kNone), Status::kBadArg);
  EXPECT_EQ(p.control(kP0 | kP1, kP1, kNone), Status::kBadArg);  // start and stop overlap
  EXPECT_EQ(p.clear_overflow(kNone), Status::kBadArg);
  EXPECT_EQ(p.clear_overflow(CounterSet{0x10}), Status::kBadArg);
  EXPECT_EQ(none.log.size(), 0u);
}

TEST(CmPerfBadArg, ABadBaseMakesEveryCallBadArgWithNoAccess) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  for (uintptr_t base : {uintptr_t{0}, kGcr + 4, kGcr + 0x6000, uintptr_t{0x1FBF8800}}) {
    Perf p(base);
    EXPECT_EQ(p.probe(), Status::kBadArg);
    EXPECT_EQ(p.program(Counter::kP0, 0, 0), Status::kBadArg);
    EXPECT_EQ(p.start(kAll), Status::kBadArg);
    EXPECT_EQ(p.stop(kAll), Status::kBadArg);
    EXPECT_EQ(p.reset(kAll), Status::kBadArg);
    EXPECT_EQ(p.preload(Counter::kP0, 1), Status::kBadArg);
    EXPECT_EQ(p.read(Counter::kP0).status(), Status::kBadArg);
    EXPECT_EQ(p.read64(Counter::kCycle).status(), Status::kBadArg);
    EXPECT_EQ(p.read_overflow().status(), Status::kBadArg);
    EXPECT_EQ(p.clear_overflow(kAll), Status::kBadArg);
    EXPECT_EQ(p.set_overflow_stop(true), Status::kBadArg);
    EXPECT_EQ(p.set_interrupt_enable(true), Status::kBadArg);
    EXPECT_EQ(p.handle_overflow_irq().status(), Status::kBadArg);
  }
  EXPECT_EQ(none.log.size(), 0u);
}

TEST(CmPerfBadArg, ABlockTheBoardDeclaresAbsentIsUnavailableWithNoAccess) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  Perf p(kGcr, false);
  EXPECT_EQ(p.usable(), Status::kUnavailable);
  EXPECT_EQ(p.probe(), Status::kUnavailable);
  EXPECT_EQ(p.program(Counter::kP0, 0, 0), Status::kUnavailable);
  EXPECT_EQ(p.start(kAll), Status::kUnavailable);
  EXPECT_EQ(p.preload(Counter::kP1, 0), Status::kUnavailable);
  EXPECT_EQ(p.read(Counter::kP0).status(), Status::kUnavailable);
  EXPECT_EQ(p.read64(Counter::kP0).status(), Status::kUnavailable);
  EXPECT_EQ(p.read_overflow().status(), Status::kUnavailable);
  EXPECT_EQ(p.clear_overflow(kP0), Status::kUnavailable);
  EXPECT_EQ(p.set_overflow_stop(true), Status::kUnavailable);
  EXPECT_EQ(p.set_interrupt_enable(true), Status::kUnavailable);
  EXPECT_EQ(p.handle_overflow_irq().status(), Status::kUnavailable);
  EXPECT_EQ(Perf(0, false).probe(), Status::kUnavailable);
  EXPECT_EQ(Perf(kGcr, true).usable(), Status::kOk);
  EXPECT_EQ(Perf(0, true).usable(), Status::kBadArg);
  EXPECT_EQ(none.log.size(), 0u);
}

TEST(CmPerfBadArg, RegisteringACallbackTouchesNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  Perf p(kGcr);
  EXPECT_EQ(p.on_overflow(Counter::kP1, {record, nullptr}), Status::kOk);
  EXPECT_EQ(p.on_overflow(Counter::kP1, {}), Status::kOk);  // removal
  EXPECT_EQ(none.log.size(), 0u);
}

// ---- layout ---------------------------------------------------------------

TEST(CmLayout, EventNamesCoverExactlyTheTable) {
  unsigned known = 0;
  for (unsigned id = 0; id < 300; ++id) known += event_known(id) ? 1 : 0;
  EXPECT_EQ(known, 11u);
  EXPECT_STREQ(event_name(event::kRequestCount), "request count");
  EXPECT_STREQ(event_name(event::kIocu2Requests), "2nd IOCU requests");
  EXPECT_EQ(event_name(7), nullptr);
  EXPECT_EQ(event_name(16 + 256), nullptr);
}

TEST(CmLayout, RegisterOffsetsMatchTheSlides) {
  EXPECT_EQ(kGdbOffset, 0x6000u);
  EXPECT_EQ(kPcCtl.offset, 0x100u);
  EXPECT_EQ(kPcOv.offset, 0x120u);
  EXPECT_EQ(kPcEvent.offset, 0x130u);
  EXPECT_EQ(kPcCycle.offset, 0x180u);
  EXPECT_EQ(kPcQual0.offset, 0x190u);
  EXPECT_EQ(kPcCnt0.offset, 0x198u);
  EXPECT_EQ(kPcQual1.offset, 0x1A0u);
  EXPECT_EQ(kPcCnt1.offset, 0x1A8u);
  EXPECT_EQ(PcOvTag::kAccess, reg::Access::kW1C);
}

}  // namespace
