// SPDX-License-Identifier: Apache-2.0
// pmu/status.hpp: Result<T> carries a value or a status unchanged, and is
// laid out with no padding and aligned to its whole size (two registers at
// most), which is what lets GCC return it in registers without a stack
// round trip (make bench shows the instructions).
#include "pmu/status.hpp"

#include <gtest/gtest.h>
#include <stdint.h>

namespace {

using pmu::Result;
using pmu::Status;

struct ThreeBytes {
  uint8_t b[3];
};
struct Wide {
  uint64_t a;
  uint64_t b;
};

// No padding: the status is as wide as T is aligned.
static_assert(sizeof(Result<uint32_t>) == 8 && alignof(Result<uint32_t>) == 8, "one 64-bit integer");
static_assert(sizeof(Result<uint16_t>) == 4 && alignof(Result<uint16_t>) == 4);
static_assert(sizeof(Result<uint8_t>) == 2 && alignof(Result<uint8_t>) == 2);
static_assert(sizeof(Result<bool>) == 2 && alignof(Result<bool>) == 2);
static_assert(sizeof(Result<uint64_t>) == 8 + sizeof(void*), "the status at most a register");
static_assert(alignof(Result<uint64_t>) == (sizeof(void*) == 8 ? 16 : alignof(uint64_t)),
              "aligned to the pair only when it fits two registers");
// A T whose size is not its alignment keeps its own alignment.
static_assert(sizeof(Result<ThreeBytes>) == 4 && alignof(Result<ThreeBytes>) == 1);
static_assert(alignof(Result<Wide>) == alignof(Wide), "over two registers: T's alignment");
// A pair that fits one register is one integer: the value in the low half,
// the status in the high half, whatever the byte order.
static_assert(pmu::detail::ResultLayout<uint8_t>::kOneWord && pmu::detail::ResultLayout<bool>::kOneWord);
static_assert(pmu::detail::ResultLayout<uint32_t>::kOneWord == (sizeof(void*) == 8));
static_assert(!pmu::detail::ResultLayout<uint64_t>::kOneWord && !pmu::detail::ResultLayout<ThreeBytes>::kOneWord);
static_assert(__builtin_bit_cast(uint16_t, Result<uint8_t>(static_cast<uint8_t>(0xA5))) == 0x00A5);
static_assert(__builtin_bit_cast(uint16_t, Result<bool>(Status::kFailed)) == 0x0500);

// Usable in constant expressions.
static_assert(Result<uint32_t>(0xFFFFFFFFu).value() == 0xFFFFFFFFu && Result<uint32_t>(7u).ok());
static_assert(Result<uint32_t>(Status::kMismatch).status() == Status::kMismatch);
static_assert(Result<bool>(Status::kBadArg).value_or(true));

constexpr Status kFailures[] = {Status::kBadArg, Status::kUnavailable, Status::kNotFound, Status::kMismatch,
                                Status::kFailed};

template <typename T>
void expect_every_failure_kept() {
  for (Status s : kFailures) {
    const Result<T> r{s};
    EXPECT_FALSE(r.ok());
    EXPECT_EQ(r.status(), s);
  }
}

TEST(Result, EveryFailureStatusIsKeptAndItsValueIsZero) {
  expect_every_failure_kept<uint32_t>();
  expect_every_failure_kept<uint16_t>();
  expect_every_failure_kept<uint8_t>();
  expect_every_failure_kept<bool>();
  expect_every_failure_kept<uint64_t>();
  expect_every_failure_kept<ThreeBytes>();
  EXPECT_EQ(Result<uint32_t>(Status::kFailed).value(), 0u);
  EXPECT_EQ(Result<uint64_t>(Status::kFailed).value(), 0u);
  EXPECT_FALSE(Result<bool>(Status::kFailed).value());
}

TEST(Result, ValuesComeBackWhole) {
  for (uint32_t v : {0u, 1u, 0x80000000u, 0xFFFFFFFFu}) {
    const Result<uint32_t> r{v};
    EXPECT_TRUE(r.ok());
    EXPECT_EQ(r.status(), Status::kOk);
    EXPECT_EQ(r.value(), v);
  }
  for (uint64_t v : {uint64_t{0}, uint64_t{1} << 63, ~uint64_t{0}}) EXPECT_EQ(Result<uint64_t>(v).value(), v);
  EXPECT_EQ(Result<uint8_t>(uint8_t{0xFF}).value(), 0xFF);
  EXPECT_EQ(Result<uint16_t>(uint16_t{0xFFFF}).value(), 0xFFFF);
  EXPECT_TRUE(Result<bool>(true).value());
  const Result<ThreeBytes> t{ThreeBytes{{1, 2, 0xFF}}};
  EXPECT_TRUE(t.ok());
  EXPECT_EQ(t.value().b[2], 0xFF);
}

TEST(Result, ValueOrGivesTheFallbackOnlyOnFailure) {
  EXPECT_EQ(Result<uint32_t>(5u).value_or(9u), 5u);
  EXPECT_EQ(Result<uint32_t>(Status::kUnavailable).value_or(9u), 9u);
  EXPECT_EQ(Result<uint8_t>(uint8_t{0}).value_or(3), 0);
}

// Returned through a call the compiler cannot see through, as the drivers'
// out-of-line members return it.
__attribute__((noinline)) Result<uint32_t> through_a_call(bool fail, uint32_t v) {
  if (fail) return Status::kNotFound;
  return v;
}

TEST(Result, SurvivesAReturnThroughACall) {
  const Result<uint32_t> ok = through_a_call(false, 0xFFFFFFFFu);
  EXPECT_TRUE(ok.ok());
  EXPECT_EQ(ok.value(), 0xFFFFFFFFu);
  const Result<uint32_t> no = through_a_call(true, 1u);
  EXPECT_EQ(no.status(), Status::kNotFound);
  EXPECT_EQ(no.value(), 0u);
}

}  // namespace
