// SPDX-License-Identifier: Apache-2.0
// AME (XiangShan CUTE) encoder and driver; Sspesa decode and expansion.
#include <gtest/gtest.h>

#include <vector>

#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/sspesa.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#include "host/backend.hpp"

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
  EXPECT_EQ(a.set_counteren(1, 1, 1), Status::kUnavailable);
  EXPECT_EQ(a.handle_ame_overflow_irq(), 0u);
  EXPECT_EQ(a.program(3, ame::Composition{}), Status::kUnavailable);
}

TEST(RiscvAme, BadInputTouchesNothing) {
  test::NoAccessBackend bus;
  test::ScopedBackend use(bus);
  ame::AmeCounters a(ame::AmeConfig{true, 0x0000000D});
  ame::Composition bad;
  bad.event[2] = 20;
  EXPECT_EQ(a.program(3, bad), Status::kBadArg);
  EXPECT_EQ(a.program(4, ame::Composition{}), Status::kBadArg);
  EXPECT_EQ(a.set_counteren(0x2, 0, 0), Status::kBadArg);
  EXPECT_EQ(a.set_counteren(0x10, 0, 0), Status::kBadArg);
  EXPECT_EQ(a.read(1).status(), Status::kBadArg);
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
  EXPECT_EQ(a.program(7, c), Status::kOk);
  EXPECT_EQ(a.read(7).value(), 77u);
  EXPECT_EQ(a.start(0x80), Status::kOk);
  EXPECT_EQ(a.stop(0x81), Status::kOk);
  EXPECT_EQ(a.set_counteren(0xFD, 0x5, 0x1), Status::kOk);
  EXPECT_EQ(a.read(0).value(), 9u);
}

struct Seen {
  std::vector<unsigned> order;
};
void record(void* ctx, unsigned source) { static_cast<Seen*>(ctx)->order.push_back(source); }

TEST(RiscvAme, OverflowHookSnapshotsAmeScountovfClearsOfAndDispatches) {
  test::ExpectBackend bus;
  ame::AmeCounters a(ame::AmeConfig{true, 0xFFFFFFFD});
  Seen seen;
  bus.expect({CR(0xDE0, 0x80000008), CR(0xBE3, 1), CC(0xBC3, kOf), CR(0xBFF, 2), CC(0xBDF, kOf)});
  test::ScopedBackend use(bus);
  ASSERT_EQ(a.set_overflow_callback(31, {record, &seen}), Status::kOk);
  ASSERT_EQ(a.set_overflow_callback(3, {record, &seen}), Status::kOk);
  EXPECT_EQ(a.handle_ame_overflow_irq(), 0x80000008u);
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
  ASSERT_EQ(a.program(3, c), Status::kOk);
  ASSERT_EQ(a.program(4, ame::decode(ame::single(2).value()).value()), Status::kOk);
  ASSERT_EQ(a.write(4, ~uint64_t{0} - 9), Status::kOk);
  ASSERT_EQ(a.start(0x18), Status::kOk);
  bus.advance(10);
  EXPECT_EQ(a.read(3).value(), 120u);
  EXPECT_EQ(a.overflow_vector().value(), 0x10u);
  EXPECT_EQ(model.irq_outputs(), models::RiscvCsrModel::kIrqAme);
  Seen seen;
  ASSERT_EQ(a.set_overflow_callback(4, {record, &seen}), Status::kOk);
  EXPECT_EQ(a.handle_ame_overflow_irq(), 0x10u);
  EXPECT_EQ(seen.order, std::vector<unsigned>{4});
  EXPECT_EQ(model.irq_outputs(), 0u);
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

TEST(RiscvSspesa, ExpandSequentialAndWithTwoTransfers) {
  uint64_t out[16];
  sspesa::Sample s{0x1000, details(3, 0, 0, 0, 0, 0, 0), 0, 0};
  ASSERT_EQ(sspesa::expand(s, out, 16).value(), 3u);
  EXPECT_EQ(std::vector<uint64_t>(out, out + 3), (std::vector<uint64_t>{0x1000, 0x1004, 0x1008}));
  s = {0x1000, details(6, 0, 2, 1, 3, 0, 0), 0x2000, 0x3000};
  ASSERT_EQ(sspesa::expand(s, out, 6).value(), 6u);
  EXPECT_EQ(std::vector<uint64_t>(out, out + 6),
            (std::vector<uint64_t>{0x1000, 0x1004, 0x2000, 0x2004, 0x3000, 0x3004}));
  s = {0x1000, details(2, 0, 1, 1, 0, 0, 0), 0x2000, 0};  // CT is the last one: target unused
  ASSERT_EQ(sspesa::expand(s, out, 2).value(), 2u);
  EXPECT_EQ(out[1], 0x1004u);
  s = {0x1000, details(0, 1, 0, 0, 0, 0, 0), 0, 0};  // stalled: nothing retired
  EXPECT_EQ(sspesa::expand(s, nullptr, 0).value(), 0u);
}

TEST(RiscvSspesa, ExpandWithSizeCallback) {
  uint64_t out[4];
  auto sz = [](void*, uint64_t pc) -> unsigned { return (pc & 4) ? 2u : 4u; };
  sspesa::Sample s{0x1000, details(4, 0, 0, 0, 0, 0, 0), 0, 0};
  ASSERT_EQ(sspesa::expand(s, out, 4, sz).value(), 4u);
  EXPECT_EQ(std::vector<uint64_t>(out, out + 4), (std::vector<uint64_t>{0x1000, 0x1004, 0x1006, 0x1008}));
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
          const bool ok = (cts == 0 || o1 < n) && (cts < 2 || (o2 > o1 && o2 < n));
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
}  // namespace
