// SPDX-License-Identifier: Apache-2.0
// Typed registers, second part: the never-write-back bits, pulse(), register
// arrays, W1C clears and register equality, each as an exact access list.
#include <gtest/gtest.h>

#include "pmu/reg/mmio_reg.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::reg;
using pmu::test::R;
using pmu::test::W;

// A control register whose bits 1 and 3 are soft resets (level actions that
// software sets and releases) and whose bit 5 reads back undefined.
struct Ctl {
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
  static constexpr word_t kNoWriteBack = 0x2A;
};
struct Plain {
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kRW;
};
struct Status {
  using word_t = uint32_t;
  static constexpr Access kAccess = Access::kW1C;
};

constexpr Field<Ctl> kEnable = flag<Ctl>(0);
constexpr PulseField<Ctl> kResetA = pulse_flag<Ctl>(1);
constexpr PulseField<Ctl> kResetB = pulse_flag<Ctl>(3);
constexpr Reg<Ctl> kCtl{0x00};
constexpr RegArray<Plain> kSlots{0x40, 6};
constexpr Reg<Status> kStatus{0x20};

static_assert(no_write_back<Ctl>() == 0x2A && no_write_back<Plain>() == 0);
static_assert(kCtl.keep_out == 0x2A, "a register carries its family's never-write-back bits");
static_assert(kSlots.at(0).offset == 0x40 && kSlots.at(5).offset == 0x54);
// A register reached through an index carries a pointer-width offset (no
// 32-bit sum to zero-extend on RV64); a layout's stored registers stay 32-bit.
static_assert(__is_same(decltype(kSlots.at(1)), RegAt<Plain>) && sizeof(kSlots.at(1).offset) == sizeof(uintptr_t));
static_assert(sizeof(Reg<Plain>) == 8, "a stored register: a 32-bit offset and its keep_out mask");
static_assert(kSlots.at(1) == Reg<Plain>{0x44} && Reg<Plain>{0x44} == kSlots.at(1), "equal across offset widths");
static_assert(kSlots.contains(5) && !kSlots.contains(6));
static_assert(kResetB.mask() == 0x8 && kResetA.width == 1);
static_assert(Value<Plain>{0xF0}.with_bits(0x0F, true).raw == 0xFF &&
              Value<Plain>{0xFF}.with_bits(0x0F, false).raw == 0xF0);

TEST(RegTyped, ModifyNeverWritesBackTheNoWriteBackBits) {
  // A soft reset left set (read back as 1) is released, not re-asserted.
  test::ExpectBackend bus;
  bus.expect({R(0x1000, 0x2B), W(0x1000, 0x00)});
  test::ScopedBackend use(bus);
  const auto v = modify(0x1000, kCtl, [](Value<Ctl> old) { return old.with_flag(kEnable, false); });
  EXPECT_EQ(v.raw, 0u);
}

TEST(RegTyped, ModifyOfARegisterWithExtraLayoutBitsDropsThemToo) {
  // The SafeSU CFG1 case: which bits are update strobes depends on the build.
  const Reg<Plain> cfg{0x74, 0x3C};
  test::ExpectBackend bus;
  bus.expect({R(0x1074, 0x3F), W(0x1074, 0x02)});
  test::ScopedBackend use(bus);
  (void)modify(0x1000, cfg, [](Value<Plain> old) { return old.with_bits(1, false); });
}

TEST(RegTyped, PulseSetsThenReleasesAndKeepsEveryOtherBitAsRead) {
  test::ExpectBackend bus;
  bus.expect({R(0x1000, 0xC0000001), W(0x1000, 0xC0000009), W(0x1000, 0xC0000001)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(pulse(0x1000, kCtl, kResetB).raw, 0xC0000001u);
}

TEST(RegTyped, PulseReleasesAnotherResetFoundSet) {
  // Bit 1 read back as 1 (a pulse interrupted half-way): released with this one.
  test::ExpectBackend bus;
  bus.expect({R(0x1000, 0x03), W(0x1000, 0x09), W(0x1000, 0x01)});
  test::ScopedBackend use(bus);
  (void)pulse(0x1000, kCtl, kResetB);
}

TEST(RegTyped, ClearW1cWritesExactlyTheGivenBits) {
  test::ExpectBackend bus;
  bus.expect(W(0x1020, 0x5));
  test::ScopedBackend use(bus);
  clear_w1c(0x1000, kStatus, 0x5);
}

TEST(RegTyped, RegArrayAddressesConsecutiveWords) {
  test::ExpectBackend bus;
  bus.expect({R(0x1048, 7), W(0x104C, 9)});
  test::ScopedBackend use(bus);
  EXPECT_EQ(read(0x1000, kSlots.at(2)).raw, 7u);
  write(0x1000, kSlots.at(3), Value<Plain>{9});
}

TEST(RegTyped, ValuesAreEqualOnlyWithTheSameWord) {
  EXPECT_TRUE((Value<Plain>{5} == Value<Plain>{5}));
  EXPECT_FALSE((Value<Plain>{5} == Value<Plain>{6}));
  EXPECT_TRUE((Value<Plain>{5} != Value<Plain>{6}));
  EXPECT_FALSE((Value<Plain>{5} != Value<Plain>{5}));
}

TEST(RegTyped, RegistersAreEqualOnlyWithTheSameOffsetAndWriteBackMask) {
  EXPECT_TRUE((Reg<Plain>{0x10} == Reg<Plain>{0x10}));
  EXPECT_FALSE((Reg<Plain>{0x10} == Reg<Plain>{0x14}));
  EXPECT_FALSE((Reg<Plain>{0x10, 1} == Reg<Plain>{0x10, 0}));
  EXPECT_TRUE((Reg<Plain>{0x10} != Reg<Plain>{0x14}));
  EXPECT_FALSE((Reg<Plain>{0x10} != Reg<Plain>{0x10}));
}

}  // namespace
