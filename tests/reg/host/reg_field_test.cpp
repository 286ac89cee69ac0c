// SPDX-License-Identifier: Apache-2.0
// Typed register fields: encode/extract, masks, bounds, and the one-load-
// one-store contract of modify().
#include <gtest/gtest.h>
#include <string.h>

#include "pmu/reg/mmio_reg.hpp"
#include "pmu/util/bits.hpp"
#include "pmu/util/wide_counter.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::reg;
using pmu::test::R;
using pmu::test::W;

struct CtlTag {
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
};
struct StatusTag {
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRO;
};
struct Wide64Tag {
  using word_t = uint64_t;
  static constexpr Access kAccess = Access::kRW;
};

constexpr Field<CtlTag> kMode{4, 3};
constexpr Field<CtlTag> kEnable = flag<CtlTag>(0);
constexpr Field<CtlTag> kTop{24, 8};
constexpr Field<Wide64Tag> kOf = flag<Wide64Tag>(63);
constexpr Reg<CtlTag> kCtl{0x10};
constexpr Reg<StatusTag> kStatus{0x14};

static_assert(kMode.mask() == 0x70);
static_assert(kMode.max() == 7);
static_assert(kTop.mask() == 0xFF000000u);
static_assert(kOf.mask() == 0x8000000000000000ull);
static_assert(Field<CtlTag>(0, 32).max() == 0xFFFFFFFFu);
static_assert(Field<CtlTag>(0, 32).valid() && !Field<CtlTag>(30, 3).valid());
static_assert(Value<CtlTag>{0}.with(kMode, 5).with_flag(kEnable, true).raw == 0x51);
static_assert(Value<CtlTag>{0xFFFFFFFF}.with(kMode, 0).raw == 0xFFFFFF8F);
static_assert(Value<CtlTag>{0x50}.get(kMode) == 5);
static_assert(util::clog2(1) == 0 && util::clog2(2) == 1 && util::clog2(128) == 7 && util::clog2(129) == 8);
static_assert(util::ceil_div(24, 32) == 1 && util::ceil_div(33, 32) == 2 && util::ceil_div(168, 32) == 6);

TEST(RegField, FitsRejectsValuesWiderThanTheField) {
  EXPECT_TRUE(kMode.fits(7));
  EXPECT_FALSE(kMode.fits(8));
  EXPECT_TRUE(kTop.fits(255));
  EXPECT_FALSE(kTop.fits(256));
}

TEST(RegField, EncodeMasksToTheFieldSoNeighboursSurvive) {
  // Even an unchecked oversized value cannot spill into other fields.
  EXPECT_EQ(Value<CtlTag>{0}.with(kMode, 0xFF).raw, 0x70u);
}

TEST(RegField, ModifyIsOneLoadThenOneStoreWithMergedFields) {
  test::ExpectBackend bus;
  bus.expect({R(0x1000 + 0x10, 0xAB000001), W(0x1000 + 0x10, 0xAB000031)});
  test::ScopedBackend use(bus);
  const auto v = modify(0x1000, kCtl, [](Value<CtlTag> old) { return old.with(kMode, 3); });
  EXPECT_EQ(v.raw, 0xAB000031u);
}

TEST(RegField, ReadOfReadOnlyRegisterIsOneLoad) {
  test::ExpectBackend bus;
  bus.expect(R(0x2014, 0x5));
  test::ScopedBackend use(bus);
  EXPECT_EQ(read(0x2000, kStatus).raw, 5u);
}

TEST(WideCounter, ExtendsAcross32BitWraps) {
  util::WideCounter c(32);
  c.restart(0xFFFFFF00u);
  EXPECT_EQ(c.observe(0xFFFFFFFFu), 0xFFu);
  EXPECT_EQ(c.observe(0x10u), 0x110u);
  EXPECT_EQ(c.observe(0x10u), 0x110u);
  EXPECT_EQ(c.observe(0x0Fu), 0x110ull + 0xFFFFFFFFull);
}

// A fresh one of the full width holds zeros only, so a static table of them
// (the CM's and the RISC-V totals) is placed in .bss, with no image in flash
// (make bench: RAM table).
TEST(WideCounter, AFreshFullWidthOneIsAllZero) {
  static const util::WideCounter32 kFresh32;
  static const util::WideCounter kFresh64;
  static const unsigned char kZero[sizeof kFresh64] = {};
  static_assert(sizeof kFresh32 <= sizeof kZero);
  EXPECT_EQ(memcmp(&kFresh32, kZero, sizeof kFresh32), 0);
  EXPECT_EQ(memcmp(&kFresh64, kZero, sizeof kFresh64), 0);
  EXPECT_EQ(kFresh64.mask(), ~uint64_t{0});
  EXPECT_EQ(util::WideCounter(64).mask(), ~uint64_t{0});
  EXPECT_EQ(util::WideCounter(63).mask(), ~uint64_t{0} >> 1);
  EXPECT_EQ(util::WideCounter(1).mask(), 1u);
}

TEST(WideCounter, HonoursNarrowWidths) {
  util::WideCounter c(40);
  c.restart(0xFFFFFFFFF0ull, 1000);
  EXPECT_EQ(c.observe(0x5), 1000u + 0x15u);
}

// A 32-bit Raw is exactly 32 bits whatever width it is given (the header's
// promise): a 16-bit width neither masks the values nor wraps at 2^16.
TEST(WideCounter, AThirtyTwoBitOneIgnoresTheWidthItIsGiven) {
  util::WideCounter32 c(16);
  EXPECT_EQ(c.mask(), 0xFFFFFFFFu);
  c.restart(0x12345);
  EXPECT_EQ(c.last_raw(), 0x12345u);
  EXPECT_EQ(c.observe(0x23456), 0x11111u);
  EXPECT_EQ(c.observe(0x5), 0x11111u + 0xFFFDCBAFu);  // wraps at 2^32
}
}  // namespace

namespace {
TEST(Bits, CtzMatchesTheBuiltinForEveryBitAndMixedPatterns) {
  for (unsigned b = 0; b < 32; ++b) {
    EXPECT_EQ(pmu::util::ctz32(1u << b), b);
    EXPECT_EQ(pmu::util::ctz32(0xFFFFFFFFu << b), b);
  }
  for (unsigned b = 0; b < 64; ++b) EXPECT_EQ(pmu::util::ctz64(uint64_t{1} << b), b);
  uint32_t x = 0x9E3779B9u;
  for (int i = 0; i < 1000; ++i) {
    x = x * 1664525u + 1013904223u;
    if (x != 0) {
      EXPECT_EQ(pmu::util::ctz32(x), static_cast<unsigned>(__builtin_ctz(x)));
    }
  }
}
// ctz32_of_word answers ctz32 of the word's low 32 bits whatever its upper
// bits hold (a sign extension, a CSR's upper half), 0 included.
TEST(Bits, CtzOfWordIsCtzOfItsLow32Bits) {
  static_assert(pmu::util::ctz32_of_word(0) == pmu::util::ctz32(0));
  uint64_t x = 0x9E3779B97F4A7C15u;
  for (int i = 0; i < 2000; ++i) {
    x = x * 6364136223846793005u + 1442695040888963407u;
    for (uint64_t v : {x, x & 0xFFFFFFFF00000000u, x & 0x80000000u, uint64_t{0xFFFFFFFF00000000u} | (x & 0xFF)}) {
      const auto w = static_cast<uintptr_t>(v);
      EXPECT_EQ(pmu::util::ctz32_of_word(w), pmu::util::ctz32(static_cast<uint32_t>(w))) << std::hex << v;
    }
  }
}
// ctz20 answers ctz32 for every non-zero value below 2^20 (all of them),
// and its multiplier is one RISC-V lui: its low 12 bits are 0.
TEST(Bits, Ctz20IsCtzForEveryValueBelow2To20) {
  static_assert((pmu::util::kCtz20Multiplier & 0xFFFu) == 0, "one lui");
  for (uint32_t v = 1; v < (uint32_t{1} << pmu::util::kCtz20Bits); ++v) {
    if (pmu::util::ctz20(v) != pmu::util::ctz32(v)) {
      ADD_FAILURE() << std::hex << v;
      break;
    }
  }
  // Past its range it may answer anything: the multiplier gives bit 20 a
  // slot of another bit (why the RDC hook states its inputs fit).
  EXPECT_NE(pmu::util::ctz20(uint32_t{1} << pmu::util::kCtz20Bits), pmu::util::kCtz20Bits);
}
// The check the two tables are held to (static_asserts in util/bits.hpp)
// refuses a table with a bit in the wrong slot, and a multiplier past the
// bits it serves.
TEST(Bits, ATableWithABitOutOfPlaceDoesNotServe) {
  using namespace pmu::util;
  CtzTable t = make_ctz_table(kDeBruijnMultiplier, 32);
  EXPECT_TRUE(ctz_table_serves(t.at, kDeBruijnMultiplier, 32));
  const uint8_t first = t.at[0];
  t.at[0] = t.at[1];
  t.at[1] = first;
  EXPECT_FALSE(ctz_table_serves(t.at, kDeBruijnMultiplier, 32));
  EXPECT_TRUE(ctz_table_serves(kCtz20.at, kCtz20Multiplier, kCtz20Bits));
  EXPECT_FALSE(ctz_table_serves(make_ctz_table(kCtz20Multiplier, kCtz20Bits + 1).at, kCtz20Multiplier, kCtz20Bits + 1));
}
// The slot ctz32 looks up is the one a single bit hashes to (the CSR stub
// table in ctz32's order relies on it: riscv/csr_bank.hpp).
TEST(Bits, EveryBitsSlotNamesThatBit) {
  for (unsigned b = 0; b < 32; ++b) EXPECT_EQ(pmu::util::kDeBruijnCtz32[pmu::util::debruijn_slot32(1u << b)], b);
}
TEST(Bits, SingleBitIsExactlyOneBitSet) {
  EXPECT_FALSE(pmu::util::single_bit32(0));
  for (unsigned b = 0; b < 32; ++b) {
    EXPECT_TRUE(pmu::util::single_bit32(1u << b)) << b;
    if (b > 0) {
      EXPECT_FALSE(pmu::util::single_bit32((1u << b) | 1u)) << b;
    }
  }
  uint32_t x = 0x9E3779B9u;
  for (int i = 0; i < 1000; ++i) {
    x = x * 1664525u + 1013904223u;
    EXPECT_EQ(pmu::util::single_bit32(x), __builtin_popcount(x) == 1) << x;
  }
}
}  // namespace
