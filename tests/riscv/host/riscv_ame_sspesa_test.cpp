// SPDX-License-Identifier: Apache-2.0
// AME (XiangShan CUTE) encoder and driver; Sspesa decode and expansion.
#include <gtest/gtest.h>

#include <vector>

#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/sspesa.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "host/backend.hpp"
#include "callback_log.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;
using pmu::test::CC;
using pmu::test::CR;
using pmu::test::CS;
using pmu::test::CW;
constexpr uint64_t kOf = uint64_t{1} << 63;

// ---- AME encoder --------------------------------------------------------------
TEST(RiscvAmeEncode, EveryEventFieldEveryValue) {
  for (unsigned k = 0; k < 4; ++k) {
    for (unsigned id = 0; id < 1100; ++id) {
      ame::Composition c;
      c.event[k] = static_cast<uint16_t>(id);
      const auto r = ame::encode(c);
      if (id <= 1023) {
        ASSERT_TRUE(r.ok());
        EXPECT_EQ(r.value().raw, uint64_t{id} << (10 * k));
        EXPECT_EQ(ame::decode(r.value()).value().event[k], id);
      } else {
        EXPECT_EQ(r.status(), Status::kBadArg);
      }
      EXPECT_EQ(ame::encode_ame(c).ok(), id < 20) << k << " " << id;
    }
  }
}

TEST(RiscvAmeEncode, EveryOptypeValueInEverySlot) {
  for (unsigned k = 0; k < 3; ++k) {
    for (unsigned op = 0; op < 256; ++op) {
      ame::Composition c;
      c.op[k] = static_cast<ame::OpType>(op);
      const auto r = ame::encode(c);
      const bool legal = op == 0 || op == 1 || op == 2 || op == 4;
      ASSERT_EQ(r.ok(), legal) << k << " " << op;
      if (legal) {
        EXPECT_EQ(r.value().raw, uint64_t{op} << (40 + 5 * k));
      }
      // The decoder rejects the same values as raw fields (5 bits).
      if (op < 32) {
        EXPECT_EQ(ame::decode(HpmEvent{uint64_t{op} << (40 + 5 * k)}).ok(), legal);
      }
    }
  }
}

TEST(RiscvAmeEncode, InhibitOfAndReservedBits) {
  for (unsigned inh = 0; inh < 64; ++inh) {
    ame::Composition c;
    c.inhibit = static_cast<uint8_t>(inh);
    const auto r = ame::encode(c);
    ASSERT_EQ(r.ok(), inh < 32);
    if (inh < 32) {
      EXPECT_EQ(r.value().raw, uint64_t{inh} << 58);
      EXPECT_EQ(ame::decode(r.value()).value().inhibit, inh);
    }
  }
  ame::Composition c;
  c.of = true;
  EXPECT_EQ(ame::encode(c).status(), Status::kBadArg);
  EXPECT_TRUE(ame::decode(HpmEvent{kOf}).value().of);
  for (unsigned b = 55; b < 58; ++b) EXPECT_EQ(ame::decode(HpmEvent{uint64_t{1} << b}).status(), Status::kBadArg);
}

TEST(RiscvAmeEncode, FullCompositionLayout) {
  ame::Composition c;
  c.event[0] = 1; c.event[1] = 2; c.event[2] = 18; c.event[3] = 19;
  c.op[0] = ame::OpType::kAdd; c.op[1] = ame::OpType::kXor; c.op[2] = ame::OpType::kAnd;
  c.inhibit = inhibit::kU;
  const uint64_t want = 1 | (2u << 10) | (18u << 20) | (uint64_t{19} << 30) | (uint64_t{4} << 40) |
                        (uint64_t{2} << 45) | (uint64_t{1} << 50) | (uint64_t{1} << 60);
  EXPECT_EQ(ame::encode_ame(c).value().raw, want);
  EXPECT_EQ(ame::single(20).status(), Status::kBadArg);
  EXPECT_EQ(ame::single(16).value().raw, 16u);
}

TEST(RiscvAmeEvents, TwentyNamedEntries) {
  EXPECT_STREQ(ame::event_name(0), "noEvent");
  EXPECT_STREQ(ame::event_name(8), "amu_mma_fp16");
  EXPECT_STREQ(ame::event_name(19), "amu_mem_wr_bytes_req");
  EXPECT_EQ(ame::event_name(20), nullptr);
  for (unsigned i = 0; i < 20; ++i) EXPECT_NE(ame::event_name(i), nullptr);
}

// ---- AME driver ------------------------------------------------------------------
TEST(RiscvAme, UndeclaredAmeTouchesNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  ame::AmeCounters a(ame::AmeConfig{});
  EXPECT_EQ(a.init(), Status::kUnavailable);
  EXPECT_EQ(a.read(0).status(), Status::kUnavailable);
  EXPECT_EQ(a.start(1), Status::kUnavailable);
  EXPECT_EQ(ame::set_counteren(a, 1, 1, 1), Status::kUnavailable);
  EXPECT_EQ(a.handle_overflow_irq().status(), Status::kUnavailable);
  EXPECT_EQ(ame::program(a, 3, ame::Composition{}), Status::kUnavailable);
}

TEST(RiscvAme, BadInputTouchesNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  ame::AmeCounters a(ame::AmeConfig{true, 0x0000000D});
  ame::Composition bad;
  bad.event[2] = 20;
  EXPECT_EQ(ame::program(a, 3, bad), Status::kBadArg);
  EXPECT_EQ(ame::program(a, 4, ame::Composition{}), Status::kBadArg);
  EXPECT_EQ(ame::set_counteren(a, 0x2, 0, 0), Status::kBadArg);
  EXPECT_EQ(ame::set_counteren(a, 0x10, 0, 0), Status::kBadArg);
  EXPECT_EQ(a.read(1).status(), Status::kBadArg);
}

// The raw program() takes only a selector the hardware keeps as written, of
// the AME pool's ids: an illegal OPTYPE (the WARL check keeps the field's old
// value), bit 55 (57:55 undefined) or an id past the pool is refused before
// any access, as ame::program() refuses them in a Composition.
TEST(RiscvAme, RawProgramRefusesWhatTheHardwareWouldNotKeep) {
  {
    test::NoAccessBackend none;
    test::ScopedBackend use(none);
    ame::AmeCounters a(ame::AmeConfig{true, 0x8});
    for (const unsigned slot : {40u, 45u, 50u})
      for (const uint64_t op : {3u, 5u, 31u})
        EXPECT_EQ(a.program(3, HpmEvent{op << slot | 1}), Status::kBadArg) << slot << " " << op;
    EXPECT_EQ(a.program(3, HpmEvent{uint64_t{1} << 55 | 1}), Status::kBadArg);
    for (const unsigned field : {0u, 10u, 20u, 30u})
      EXPECT_EQ(a.program(3, HpmEvent{uint64_t{20} << field}), Status::kBadArg) << field;
  }
  test::ExpectBackend bus;
  const uint64_t legal = uint64_t{19} << 30 | uint64_t{4} << 50 | uint64_t{2} << 45 | 1 | kOf;
  bus.expect(CW(0xBC3, legal));
  test::ScopedBackend use(bus);
  ame::AmeCounters a(ame::AmeConfig{true, 0x8});
  EXPECT_EQ(a.program(3, HpmEvent{legal}), Status::kOk);
}

// The encoder's bound is the 10-bit field's, whatever bound the caller gives:
// id 1024 would be written as 0 (noEvent).
TEST(RiscvAmeEncode, AnIdPastTheFieldIsRefusedUnderAWiderBound) {
  ame::Composition c;
  c.event[0] = 1024;
  EXPECT_EQ(ame::encode(c, 4095).status(), Status::kBadArg);
  c.event[0] = 1023;
  EXPECT_EQ(ame::encode(c, 4095).value().raw, uint64_t{1023});
}

// A board that declares AME and says no more gets AME's counters:
// ame_mcycle (0xBE0), ame_minstret (0xBE2) and ame_mhpmcounter3..31
// (0xBE3..0xBFF); AME has no time counter, so counter 1 is refused.
TEST(RiscvAme, ADeclarationAloneTakesAmesCounters) {
  ame::AmeConfig cfg;
  cfg.declared = true;
  ame::AmeCounters a(cfg);
  {
    test::ExpectBackend bus;
    bus.expect({CR(0xBE0, 10), CR(0xBE2, 12), CR(0xBE3, 13), CR(0xBFF, 41)});
    test::ScopedBackend use(bus);
    EXPECT_EQ(a.read(0).value(), 10u);
    EXPECT_EQ(a.read(2).value(), 12u);
    EXPECT_EQ(a.read(3).value(), 13u);
    EXPECT_EQ(a.read(31).value(), 41u);
    bus.verify();
  }
  test::NoAccessBackend none;
  test::ScopedBackend use_none(none);
  EXPECT_EQ(a.read(1).status(), Status::kBadArg);
  EXPECT_EQ(a.start(0x2), Status::kBadArg);
  EXPECT_EQ(none.log.size(), 0u);
}

// A build-time AME file is programmed as the run-time one: the same
// selector write and counteren chain, and the same refusals with no access.
constexpr CounterConfig kFixedAmeCfg = ame::AmeConfig{true, 0x0000008D};
TEST(RiscvAme, ABuildTimeFileIsProgrammedAsTheRunTimeOne) {
  ame::FixedAmeCounters<kFixedAmeCfg> a;
  ame::Composition c;
  c.event[0] = 5;
  c.event[1] = 8;
  c.op[0] = ame::OpType::kAdd;
  {
    test::ExpectBackend bus;
    bus.expect({CW(0xBC7, 5 | (8u << 10) | (uint64_t{4} << 40)), CW(0x7E8, 0x8D), CW(0x6C6, 0x5), CW(0x5E6, 0x1)});
    test::ScopedBackend use(bus);
    EXPECT_EQ(ame::program(a, 7, c), Status::kOk);
    EXPECT_EQ(ame::set_counteren(a, 0x8D, 0x5, 0x1), Status::kOk);
    bus.verify();
  }
  test::NoAccessBackend none;
  test::ScopedBackend use_none(none);
  EXPECT_EQ(ame::program(a, 4, c), Status::kBadArg);  // not one of the file's counters
  ame::Composition bad = c;
  bad.event[2] = 20;
  EXPECT_EQ(ame::program(a, 7, bad), Status::kBadArg);
  EXPECT_EQ(ame::set_counteren(a, 0x2, 0, 0), Status::kBadArg);
  EXPECT_EQ(none.log.size(), 0u);
}

TEST(RiscvAme, ExactSequences) {
  test::ExpectBackend bus;
  ame::AmeCounters a(ame::AmeConfig{true, 0xFFFFFFFD});
  ame::Composition c;
  c.event[0] = 5;
  c.event[1] = 8;
  c.op[0] = ame::OpType::kAdd;
  bus.expect({CW(0xBC7, 5 | (8u << 10) | (uint64_t{4} << 40)), CR(0xBE7, 77), CC(0x7E9, 0x80),
              CS(0x7E9, 0x81), CW(0x7E8, 0xFD), CW(0x6C6, 0x5), CW(0x5E6, 0x1), CR(0xBE0, 9)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(ame::program(a, 7, c), Status::kOk);
  EXPECT_EQ(a.read(7).value(), 77u);
  EXPECT_EQ(a.start(0x80), Status::kOk);
  EXPECT_EQ(a.stop(0x81), Status::kOk);
  EXPECT_EQ(ame::set_counteren(a, 0xFD, 0x5, 0x1), Status::kOk);
  EXPECT_EQ(a.read(0).value(), 9u);
}

TEST(RiscvAme, OverflowHookSnapshotsAmeScountovfDispatchesThenClearsOf) {
  test::ExpectBackend bus;
  ame::AmeCounters a(ame::AmeConfig{true, 0xFFFFFFFD});
  CounterCallbacks cbs;
  a.attach_callbacks(&cbs);
  test::CallbackLog seen;
  bus.expect({CR(0xDE0, 0x80000008), CC(0xBC3, kOf), CC(0xBDF, kOf)});
  test::ScopedBackend use(bus);
  ASSERT_EQ(a.on_overflow(31, {test::record_callback, &seen}), Status::kOk);
  ASSERT_EQ(a.on_overflow(3, {test::record_callback, &seen}), Status::kOk);
  EXPECT_EQ(a.handle_overflow_irq().value(), 0x80000008u);
  EXPECT_EQ(seen.order, (std::vector<unsigned>{3, 31}));
}

TEST(RiscvAme, ModelCountsTheCompositionAndOverflows) {
  models::RiscvCsrConfig mc;
  mc.standard = false;
  mc.ame = true;
  models::RiscvCsrModel model(mc);
  model.set_ame_event_rate(1, 3);
  model.set_ame_event_rate(2, 5);
  model.set_ame_event_rate(3, 6);
  model.set_ame_event_rate(4, 12);
  test::ModelBus bus(0);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  ame::AmeCounters a(ame::AmeConfig{true, 0x18});
  ASSERT_EQ(a.init(), Status::kOk);
  ame::Composition c;  // (3 + 5) xor (6 and 12) = 8 ^ 4 = 12 per cycle
  c.event[0] = 1; c.event[1] = 2; c.event[2] = 3; c.event[3] = 4;
  c.op[0] = ame::OpType::kAdd; c.op[1] = ame::OpType::kAnd; c.op[2] = ame::OpType::kXor;
  ASSERT_EQ(ame::program(a, 3, c), Status::kOk);
  ASSERT_EQ(ame::program(a, 4, ame::decode(ame::single(2).value()).value()), Status::kOk);
  ASSERT_EQ(a.write(4, ~uint64_t{0} - 9), Status::kOk);
  ASSERT_EQ(a.start(0x18), Status::kOk);
  bus.advance(10);
  EXPECT_EQ(a.read(3).value(), 120u);
  EXPECT_EQ(a.overflow_vector().value(), 0x10u);
  EXPECT_EQ(model.irq_outputs(), models::RiscvCsrModel::kIrqAme);
  test::CallbackLog seen;
  CounterCallbacks cbs;
  a.attach_callbacks(&cbs);
  ASSERT_EQ(a.on_overflow(4, {test::record_callback, &seen}), Status::kOk);
  EXPECT_EQ(a.handle_overflow_irq().value(), 0x10u);
  EXPECT_EQ(seen.order, std::vector<unsigned>{4});
  EXPECT_EQ(model.irq_outputs(), 0u);
}

// XiangShan composes in the per-cycle increment's width, so ADD wraps there:
// AME 8 bits (PerfEventAme UInt(8.W)), legacy HPM 6 bits (PerfEvent UInt(6.W),
// Chisel '+' keeps the width). 200 + 100 = 300 counts 300 - 256 = 44 per cycle.
TEST(RiscvAme, ModelAddCompositionWrapsAtTheEightBitIncrementWidth) {
  models::RiscvCsrConfig mc;
  mc.standard = false;
  mc.ame = true;
  models::RiscvCsrModel model(mc);
  model.set_ame_event_rate(1, 200);
  model.set_ame_event_rate(2, 100);
  test::ModelBus bus(0);
  bus.map_csr(&model);
  test::ScopedBackend use(bus);
  ame::AmeCounters a(ame::AmeConfig{true, 0x8});
  ASSERT_EQ(a.init(), Status::kOk);
  ame::Composition c;
  c.event[0] = 1;
  c.event[1] = 2;
  c.op[0] = ame::OpType::kAdd;
  ASSERT_EQ(ame::program(a, 3, c), Status::kOk);
  ASSERT_EQ(a.write(3, 0), Status::kOk);
  ASSERT_EQ(a.start(0x8), Status::kOk);
  bus.advance(10);
  EXPECT_EQ(a.read(3).value(), 10u * 44u);
}

TEST(RiscvAme, LegacyCompositionAddsInSixBits) {
  using M = models::RiscvCsrModel;
  const uint64_t add_all = (uint64_t{4} << 40) | (uint64_t{4} << 45) | (uint64_t{4} << 50);
  const uint64_t v[4] = {40, 30, 20, 10};
  EXPECT_EQ(M::compose(add_all, v, M::kLegacyIncrementBits), (40u + 30u + 20u + 10u) % 64u);
  EXPECT_EQ(M::compose(add_all, v, M::kAmeIncrementBits), 100u);
  EXPECT_EQ(M::combine(63, 1, 4, M::kLegacyIncrementBits), 0u);
  EXPECT_EQ(M::combine(255, 1, 4, M::kAmeIncrementBits), 0u);
  EXPECT_EQ(M::combine(0x1FF, 0, 0, M::kAmeIncrementBits), 0xFFu);  // inputs are 8 bits wide too
}

// ---- Sspesa --------------------------------------------------------------------
uint64_t details(unsigned instret, unsigned rstate, unsigned cts, unsigned o1, unsigned o2,
                 unsigned co, unsigned cause) {
  return instret | (rstate << 4) | (cts << 6) | (o1 << 10) | (o2 << 14) | (co << 18) |
         (uint64_t{cause} << 22);
}

TEST(RiscvSspesa, DecodeEveryFieldEveryValue) {
  for (unsigned v = 0; v < 16; ++v) {
    EXPECT_EQ(sspesa::decode(details(v, 0, 0, 0, 0, 0, 0)).instret, v);
    EXPECT_EQ(sspesa::decode(details(0, 0, v, 0, 0, 0, 0)).cts, v);
    EXPECT_EQ(sspesa::decode(details(0, 0, 0, v, 0, 0, 0)).ctoffset1, v);
    EXPECT_EQ(sspesa::decode(details(0, 0, 0, 0, v, 0, 0)).ctoffset2, v);
    EXPECT_EQ(sspesa::decode(details(0, 0, 0, 0, 0, v, 0)).causeoffset, v);
  }
  for (unsigned v = 0; v < 4; ++v)
    EXPECT_EQ(static_cast<unsigned>(sspesa::decode(details(0, v, 0, 0, 0, 0, 0)).rstate), v);
  for (unsigned v = 0; v < 1024; ++v) {
    const auto d = sspesa::decode(details(0, 0, 0, 0, 0, 0, v) | (uint64_t{0xFFFFFFFF} << 32));
    EXPECT_EQ(d.cause, v);
    EXPECT_EQ(d.instret, 0u);
  }
  const auto all = sspesa::decode(~uint64_t{0});
  EXPECT_EQ(all.instret, 15u);
  EXPECT_EQ(all.rstate, sspesa::RetireState::kDrained);
  EXPECT_EQ(all.cause, 1023u);
}

TEST(RiscvSspesa, ReadsThePlatformCsrs) {
  test::ExpectBackend bus;
  bus.expect({CR(0x5C0, 0x8000), CR(0x5C1, 3), CR(0x5C2, 0x9000), CR(0x5C3, 0xA000)});
  test::ScopedBackend use(bus);
  const auto s = sspesa::SampleCsrs<0x5C0, 0x5C1, 0x5C2, 0x5C3>::read();
  EXPECT_EQ(s.pc, 0x8000u);
  EXPECT_EQ(s.details, 3u);
  EXPECT_EQ(s.bt1, 0x9000u);
  EXPECT_EQ(s.bt2, 0xA000u);
}

std::vector<uint64_t> expanded(const sspesa::Sample& s) {
  uint64_t out[16];
  const auto r = sspesa::expand(s, out, 16);
  EXPECT_TRUE(r.ok());
  return r.ok() ? std::vector<uint64_t>(out, out + r.value()) : std::vector<uint64_t>{};
}

// The worked cases of riscv-performance-event-sampling PR #27, section
// "Hardware Performance Monitor Sample Details (shpmsdetails)", the paragraph
// on CTs, taken literally: "If CTs = 0, sampling software knows that all the
// retired instructions executed sequentially. If CTs = 1, the instruction
// stream jumped to the address in shpmsdetailsbt1 at the instruction count
// recorded in the CTOFFSET1 field. If CTs = 2, CTOFFSET2 holds the
// instruction count of where a second branch (or control transfer)
// occurred, and shpmsdetailsbt2 [is] the target address for decoding
// starting at that address. If CTs > 2, attribution will have some bias."
TEST(RiscvSspesa, ProposalCaseNoTransferIsSequential) {
  EXPECT_EQ(expanded({0x1000, details(3, 0, 0, 0, 0, 0, 0), 0x2000, 0x3000}),
            (std::vector<uint64_t>{0x1000, 0x1004, 0x1008}));
}

// CTOFFSET1 = 1: the transfer happened between the first and the second
// retired instruction, so the second one (index 1) is at bt1.
TEST(RiscvSspesa, ProposalCaseOneTransferJumpsAtTheRecordedCount) {
  EXPECT_EQ(expanded({0x1000, details(2, 0, 1, 1, 0, 0, 0), 0x2000, 0}),
            (std::vector<uint64_t>{0x1000, 0x2000}));
  EXPECT_EQ(expanded({0x1000, details(4, 0, 1, 2, 0, 0, 0), 0x2000, 0}),
            (std::vector<uint64_t>{0x1000, 0x1004, 0x2000, 0x2004}));
}

TEST(RiscvSspesa, ProposalCaseSecondTransferStartsDecodingAtBt2) {
  EXPECT_EQ(expanded({0x1000, details(6, 0, 2, 1, 3, 0, 0), 0x2000, 0x3000}),
            (std::vector<uint64_t>{0x1000, 0x2000, 0x2004, 0x3000, 0x3004, 0x3008}));
  // Back-to-back transfers: the instruction at bt1 is itself a taken branch.
  EXPECT_EQ(expanded({0x1000, details(3, 0, 2, 1, 2, 0, 0), 0x2000, 0x3000}),
            (std::vector<uint64_t>{0x1000, 0x2000, 0x3000}));
}

TEST(RiscvSspesa, ProposalCaseMoreThanTwoTransfersUsesTwoTargetsRestSequential) {
  EXPECT_EQ(expanded({0x1000, details(5, 0, 3, 1, 3, 0, 0), 0x2000, 0x3000}),
            (std::vector<uint64_t>{0x1000, 0x2000, 0x2004, 0x3000, 0x3004}));
}

// CTOFFSET = INSTRET: the last retired instruction transferred control; its
// target retires in a later cycle, so no address of this sample is at bt1.
TEST(RiscvSspesa, OffsetEqualToInstretIsATransferByTheLastInstruction) {
  EXPECT_EQ(expanded({0x1000, details(2, 0, 1, 2, 0, 0, 0), 0x2000, 0}),
            (std::vector<uint64_t>{0x1000, 0x1004}));
  EXPECT_EQ(expanded({0x1000, details(3, 0, 2, 1, 3, 0, 0), 0x2000, 0x3000}),
            (std::vector<uint64_t>{0x1000, 0x2000, 0x2004}));
}

// CTOFFSET = 0 would put the transfer before the first retired instruction,
// i.e. not "among the retiring instructions" that CTs counts: inconsistent.
TEST(RiscvSspesa, OffsetZeroIsRejected) {
  uint64_t out[4] = {0xDEAD, 0xDEAD, 0xDEAD, 0xDEAD};
  EXPECT_EQ(sspesa::expand({0x1000, details(2, 0, 1, 0, 0, 0, 0), 0x2000, 0}, out, 4).status(),
            Status::kBadArg);
  EXPECT_EQ(out[0], 0xDEADu);
}

TEST(RiscvSspesa, StalledSampleRetiresNothing) {
  const sspesa::Sample s{0x1000, details(0, 1, 0, 0, 0, 0, 0), 0, 0};
  EXPECT_EQ(sspesa::expand(s, nullptr, 0).value(), 0u);
}

TEST(RiscvSspesa, ExpandWithSizeCallback) {
  uint64_t out[4];
  auto sz = [](void*, uint64_t pc) -> unsigned { return (pc & 4) ? 2u : 4u; };
  sspesa::Sample s{0x1000, details(4, 0, 0, 0, 0, 0, 0), 0, 0};
  ASSERT_EQ(sspesa::expand(s, out, 4, sz).value(), 4u);
  EXPECT_EQ(std::vector<uint64_t>(out, out + 4), (std::vector<uint64_t>{0x1000, 0x1004, 0x1006, 0x1008}));
  // After a transfer the size of the instruction at the target counts.
  const sspesa::Sample t{0x1000, details(3, 0, 1, 1, 0, 0, 0), 0x2004, 0};
  ASSERT_EQ(sspesa::expand(t, out, 4, sz).value(), 3u);
  EXPECT_EQ(std::vector<uint64_t>(out, out + 3), (std::vector<uint64_t>{0x1000, 0x2004, 0x2006}));
  auto bad = [](void*, uint64_t) -> unsigned { return 3; };
  EXPECT_EQ(sspesa::expand(s, out, 4, bad).status(), Status::kMismatch);
  ASSERT_EQ(sspesa::expand(s, out, 4, nullptr, nullptr, 2).value(), 4u);
  EXPECT_EQ(out[3], 0x1006u);
}

TEST(RiscvSspesa, ExpandRejectsEveryInconsistentRecordWithoutWriting) {
  uint64_t out[16];
  for (unsigned n = 0; n < 16; ++n)
    for (unsigned cts = 0; cts < 16; ++cts)
      for (unsigned o1 = 0; o1 < 16; ++o1)
        for (unsigned o2 = 0; o2 < 16; ++o2) {
          for (auto& o : out) o = 0xDEAD;
          const sspesa::Sample s{0x1000, details(n, 0, cts, o1, o2, 0, 0), 0x2000, 0x3000};
          const bool ok = (cts == 0 || (o1 >= 1 && o1 <= n)) && (cts < 2 || (o2 > o1 && o2 <= n));
          const auto r = sspesa::expand(s, out, 16);
          ASSERT_EQ(r.ok(), ok) << n << " " << cts << " " << o1 << " " << o2;
          if (!ok) {
            for (auto o : out) ASSERT_EQ(o, 0xDEADu);
          } else {
            ASSERT_EQ(r.value(), n);
          }
        }
  const sspesa::Sample s{0x1000, details(4, 0, 0, 0, 0, 0, 0), 0, 0};
  EXPECT_EQ(sspesa::expand(s, out, 3).status(), Status::kBadArg);
  EXPECT_EQ(sspesa::expand(s, nullptr, 16).status(), Status::kBadArg);
  EXPECT_EQ(sspesa::expand(s, out, 16, nullptr, nullptr, 8).status(), Status::kBadArg);
}

// out must hold INSTRET entries: capacity INSTRET - 1 (0 for one
// instruction) or no buffer is refused untouched; a sample that retired
// nothing needs no buffer.
TEST(RiscvSspesa, CapacityMustHoldEveryRetiredInstruction) {
  uint64_t out[16];
  for (unsigned n = 1; n < 16; ++n) {
    const sspesa::Sample s{0x1000, details(n, 0, 0, 0, 0, 0, 0), 0, 0};
    for (auto& o : out) o = 0xDEAD;
    EXPECT_EQ(sspesa::expand(s, out, n - 1).status(), Status::kBadArg) << n;
    EXPECT_EQ(sspesa::expand(s, nullptr, n).status(), Status::kBadArg) << n;
    for (auto o : out) ASSERT_EQ(o, 0xDEADu);
    EXPECT_EQ(sspesa::expand(s, out, n).value(), n);
    EXPECT_EQ(out[n - 1], 0x1000u + 4 * (n - 1));
  }
  const sspesa::Sample none{0x1000, details(0, 1, 0, 0, 0, 0, 0), 0, 0};
  EXPECT_EQ(sspesa::expand(none, nullptr, 0).value(), 0u);
}
}  // namespace
