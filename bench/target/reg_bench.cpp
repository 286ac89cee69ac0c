// SPDX-License-Identifier: Apache-2.0
// Instruction cost of the typed-register layer: a field modify is a load,
// a mask-and-insert and a store.
#include "bench.hpp"
#include "pmu/reg/mmio_reg.hpp"

namespace {
struct Tag {
  using word_t = uint32_t;
  static constexpr pmu::reg::Access kAccess = pmu::reg::Access::kRW;
};
constexpr pmu::reg::Field<Tag> kField{4, 3};
bench::RamRegs<4> g_regs;

__attribute__((noinline)) void modify_once(uintptr_t base) {
  pmu::reg::modify(base, pmu::reg::Reg<Tag>{4}, [](pmu::reg::Value<Tag> v) { return v.with(kField, 5); });
}
}  // namespace

TEST_CASE(bench, reg_modify) {
  const uintptr_t base = g_regs.base();
  bench::report("reg.modify", "instructions", bench::count([&] { modify_once(base); }));
  CHECK_EQ(g_regs.words[1], 0x50u);
}
