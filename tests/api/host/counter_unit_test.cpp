// SPDX-License-Identifier: Apache-2.0
// The counter-unit contract check itself: a unit with every member passes; a
// unit missing any one member, or with a wrong result type, does not.
#include <gtest/gtest.h>

#include "pmu/counter_unit.hpp"

namespace {
using pmu::IrqCallback;
using pmu::Result;
using pmu::Status;

struct Complete {
  using raw_type = uint32_t;
  Result<uint32_t> read(unsigned i) { return i; }
  Result<uint64_t> read64(unsigned i) { return i; }
  Status start(uint32_t) { return Status::kOk; }
  Status stop(uint32_t) { return Status::kOk; }
  Status on_overflow(unsigned, IrqCallback) { return Status::kOk; }
  Result<uint32_t> handle_overflow_irq() {
    ++served;
    return 1u;
  }
  static void overflow_isr(void* self) { pmu::overflow_isr<Complete>(self); }
  int served = 0;
};
static_assert(pmu::check_counter_unit<Complete>());

struct NoRawType {
  Result<uint32_t> read(unsigned);
  Result<uint64_t> read64(unsigned);
  Status start(uint32_t);
  Status stop(uint32_t);
  Status on_overflow(unsigned, IrqCallback);
  Result<uint32_t> handle_overflow_irq();
  static void overflow_isr(void*);
};
struct WrongReadType {
  using raw_type = uint32_t;
  Result<uint64_t> read(unsigned);  // raw_type says 32 bits
  Result<uint64_t> read64(unsigned);
  Status start(uint32_t);
  Status stop(uint32_t);
  Status on_overflow(unsigned, IrqCallback);
  Result<uint32_t> handle_overflow_irq();
  static void overflow_isr(void*);
};
struct HookReturnsStatus {
  using raw_type = uint64_t;
  Result<uint64_t> read(unsigned);
  Result<uint64_t> read64(unsigned);
  Status start(uint32_t);
  Status stop(uint32_t);
  Status on_overflow(unsigned, IrqCallback);
  Status handle_overflow_irq();  // must return the mask it served
  static void overflow_isr(void*);
};
struct NoIsrAdapter {
  using raw_type = uint64_t;
  Result<uint64_t> read(unsigned);
  Result<uint64_t> read64(unsigned);
  Status start(uint32_t);
  Status stop(uint32_t);
  Status on_overflow(unsigned, IrqCallback);
  Result<uint32_t> handle_overflow_irq();
};
struct NoStop {
  using raw_type = uint32_t;
  Result<uint32_t> read(unsigned);
  Result<uint64_t> read64(unsigned);
  Status start(uint32_t);
  Status on_overflow(unsigned, IrqCallback);
  Result<uint32_t> handle_overflow_irq();
  static void overflow_isr(void*);
};
struct OddRawType {
  using raw_type = uint16_t;
  Result<uint16_t> read(unsigned);
  Result<uint64_t> read64(unsigned);
  Status start(uint32_t);
  Status stop(uint32_t);
  Status on_overflow(unsigned, IrqCallback);
  Result<uint32_t> handle_overflow_irq();
  static void overflow_isr(void*);
};

static_assert(pmu::is_counter_unit<Complete>::value);
static_assert(!pmu::is_counter_unit<NoRawType>::value);
static_assert(!pmu::is_counter_unit<WrongReadType>::value);
static_assert(!pmu::is_counter_unit<HookReturnsStatus>::value);
static_assert(!pmu::is_counter_unit<NoIsrAdapter>::value);
static_assert(!pmu::is_counter_unit<NoStop>::value);
static_assert(!pmu::is_counter_unit<OddRawType>::value);

TEST(CounterUnit, IsrAdapterCallsTheHookOfTheObjectItIsGiven) {
  Complete a;
  Complete b;
  pmu::IsrFn isr = &Complete::overflow_isr;
  isr(&b);
  isr(&b);
  EXPECT_EQ(a.served, 0);
  EXPECT_EQ(b.served, 2);
}

}  // namespace
