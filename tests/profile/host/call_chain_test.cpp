// SPDX-License-Identifier: Apache-2.0
// Frame-pointer walks over fake stacks laid out as the RISC-V psABI and the
// SPARC window save areas lay them out: leaf and non-leaf, depth bound,
// and corrupt chains that must end the walk without leaving the stack.
#include <gtest/gtest.h>

#include <vector>

#include "pmu/profile/call_chain.hpp"

namespace {
using namespace pmu::profile;

struct FakeStack {
  uintptr_t w[96] = {};
  uintptr_t at(unsigned i) const { return reinterpret_cast<uintptr_t>(&w[i]); }
  InterruptedContext context() const {
    InterruptedContext c{};
    c.stack_lo = at(0);
    c.stack_hi = at(0) + sizeof(w);
    return c;
  }
};

// main (fp = top) <- A (fp = 56) <- B (fp = 48); records below each fp.
FakeStack riscv_stack() {
  FakeStack s;
  s.w[56 - 1] = 0x1000;    // A's ra: into main
  s.w[56 - 2] = s.at(96);  // main's fp (the top; its record is w[94..95] = 0: end)
  s.w[48 - 1] = 0x2000;    // B's ra: into A
  s.w[48 - 2] = s.at(56);
  return s;
}

using Walker = Chain (*)(const InterruptedContext&, uintptr_t*, unsigned);

std::vector<uintptr_t> walk(Walker fn, const InterruptedContext& c, unsigned max, bool* truncated = nullptr) {
  uintptr_t out[kMaxDepth] = {};
  const Chain ch = fn(c, out, max);
  if (truncated != nullptr) *truncated = ch.truncated;
  return std::vector<uintptr_t>(out, out + ch.depth);
}

// The whole chain with room to spare, then bounded to 2 and to 0 entries:
// the first entries, flagged as truncated.
void expect_bounded(Walker fn, const InterruptedContext& c, const std::vector<uintptr_t>& whole) {
  bool truncated = true;
  EXPECT_EQ(walk(fn, c, 8, &truncated), whole);
  EXPECT_FALSE(truncated);
  EXPECT_EQ(walk(fn, c, 2, &truncated), std::vector<uintptr_t>(whole.begin(), whole.begin() + 2));
  EXPECT_TRUE(truncated);
  EXPECT_TRUE(walk(fn, c, 0, &truncated).empty());
  EXPECT_TRUE(truncated);
}

TEST(CallChain, RiscvWalksSavedReturnAddressesUpTheStack) {
  FakeStack s = riscv_stack();
  InterruptedContext c = s.context();
  c.fp = s.at(48);
  c.ra = 0xBAD;  // a non-leaf's ra register is stale: not used
  bool truncated = true;
  EXPECT_EQ(walk(walk_riscv, c, 8, &truncated), (std::vector<uintptr_t>{0x2000, 0x1000}));
  EXPECT_FALSE(truncated);
}

TEST(CallChain, RiscvLeafTakesTheReturnAddressFromTheRegister) {
  FakeStack s = riscv_stack();
  s.w[40 - 1] = s.at(48);  // leaf C saved only s0, where ra would be
  InterruptedContext c = s.context();
  c.fp = s.at(40);
  c.ra = 0x3000;  // into B
  expect_bounded(walk_riscv, c, {0x3000, 0x2000, 0x1000});
}

TEST(CallChain, RiscvCorruptChainsEndInsideTheStack) {
  FakeStack s = riscv_stack();
  InterruptedContext c = s.context();
  c.fp = 0;
  EXPECT_TRUE(walk(walk_riscv, c, 8).empty()) << "no frame pointer";
  c.fp = s.at(0) - 64;
  EXPECT_TRUE(walk(walk_riscv, c, 8).empty()) << "below the stack";
  c.fp = s.at(1);
  EXPECT_TRUE(walk(walk_riscv, c, 8).empty()) << "record would start below the stack";
  c.fp = s.at(48) + 3;
  EXPECT_TRUE(walk(walk_riscv, c, 8).empty()) << "misaligned";
  s.w[56 - 2] = s.at(56);  // A's record points at itself
  c.fp = s.at(48);
  EXPECT_EQ(walk(walk_riscv, c, 8), (std::vector<uintptr_t>{0x2000, 0x1000})) << "a loop ends the walk";
  s.w[56 - 2] = s.at(20);  // ... or points down the stack
  EXPECT_EQ(walk(walk_riscv, c, 8), (std::vector<uintptr_t>{0x2000, 0x1000}));
  s.w[56 - 2] = s.at(96) + 4096;  // ... or out of it
  EXPECT_EQ(walk(walk_riscv, c, 8), (std::vector<uintptr_t>{0x2000, 0x1000}));
  EXPECT_EQ(walk_riscv(c, nullptr, 8).depth, 0);
}

// F (interrupted; %i7 = 0x4000 in C) -> C's window saved at F's %fp (= C's
// %sp, word 32) -> B's window at word 48 -> main's at word 72 (%i7 = 0: end).
FakeStack sparc_stack() {
  FakeStack s;
  s.w[32 + 14] = s.at(48);  // C's %i6
  s.w[32 + 15] = 0x5000;    // C's %i7: call in B
  s.w[48 + 14] = s.at(72);
  s.w[48 + 15] = 0x6000;    // B's %i7: call in main
  s.w[72 + 14] = 0;
  s.w[72 + 15] = 0;
  return s;
}

TEST(CallChain, SparcWalksTheSavedWindows) {
  FakeStack s = sparc_stack();
  InterruptedContext c = s.context();
  c.fp = s.at(32);
  c.ra = 0x4000;
  expect_bounded(walk_sparc, c, {0x4000, 0x5000, 0x6000});
}

TEST(CallChain, SparcCorruptChainsEndInsideTheStack) {
  FakeStack s = sparc_stack();
  InterruptedContext c = s.context();
  c.ra = 0;
  EXPECT_TRUE(walk(walk_sparc, c, 8).empty()) << "no return address: no chain";
  c.ra = 0x4000;
  c.fp = s.at(90);  // a save area that would run past the top
  EXPECT_EQ(walk(walk_sparc, c, 8), (std::vector<uintptr_t>{0x4000}));
  s.w[48 + 14] = s.at(48);  // B's window points at itself
  c.fp = s.at(32);
  EXPECT_EQ(walk(walk_sparc, c, 8), (std::vector<uintptr_t>{0x4000, 0x5000, 0x6000}));
}

}  // namespace
