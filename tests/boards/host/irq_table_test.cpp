// SPDX-License-Identifier: Apache-2.0
// The board interrupt-line table (boards/common/irq_table.*): a handler runs
// with the context it was attached with, lines the table cannot hold are
// refused, and a line without a handler reports itself as spurious.
#include <gtest/gtest.h>

// Board code is not part of libpmu: the test compiles the table directly.
#include "../../../boards/common/irq_table.cpp"

namespace {
using board::IrqTable;

struct Probe {
  int calls = 0;
  void* ctx = nullptr;
};
void record(void* ctx) {
  auto* p = static_cast<Probe*>(ctx);
  ++p->calls;
  p->ctx = ctx;
}

TEST(BoardIrqTable, DispatchRunsTheHandlerWithItsContext) {
  IrqTable t{};
  Probe a, b;
  ASSERT_TRUE(t.attach(3, record, &a));
  ASSERT_TRUE(t.attach(31, record, &b));
  EXPECT_TRUE(t.dispatch(31));
  EXPECT_TRUE(t.dispatch(3));
  EXPECT_TRUE(t.dispatch(3));
  EXPECT_EQ(a.calls, 2);
  EXPECT_EQ(a.ctx, &a);
  EXPECT_EQ(b.calls, 1);
  EXPECT_EQ(b.ctx, &b);
}

TEST(BoardIrqTable, RefusesLinesItCannotHoldAndNullHandlers) {
  IrqTable t{};
  Probe p;
  EXPECT_FALSE(t.attach(board::kMaxIrqLines, record, &p));
  EXPECT_FALSE(t.attach(board::kNotWired, record, &p));
  EXPECT_FALSE(t.attach(0, nullptr, &p));
  EXPECT_FALSE(t.attached(0));
  EXPECT_FALSE(t.dispatch(board::kNotWired));
  EXPECT_EQ(p.calls, 0);
}

TEST(BoardIrqTable, DetachedOrNeverAttachedLinesAreSpurious) {
  IrqTable t{};
  Probe p;
  EXPECT_FALSE(t.dispatch(5));
  ASSERT_TRUE(t.attach(5, record, &p));
  EXPECT_TRUE(t.attached(5));
  t.detach(5);
  EXPECT_FALSE(t.attached(5));
  EXPECT_FALSE(t.dispatch(5));
  t.detach(board::kNotWired);  // out of range: ignored
  EXPECT_EQ(p.calls, 0);
}

}  // namespace
