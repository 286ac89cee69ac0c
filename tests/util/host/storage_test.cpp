// SPDX-License-Identifier: Apache-2.0
// pmu/storage.hpp: attached storage follows attach(); static storage is a
// constant with no bytes, so a driver's "is it there?" test folds.
#include "pmu/storage.hpp"

#include <gtest/gtest.h>

namespace {

struct Table {
  int x = 0;
};
Table g_table;
inline Table g_inline_table;

using TableAt = pmu::StaticStorage<Table, g_table>;

struct Holder {
  [[no_unique_address]] pmu::StaticStorage<Table, g_table> table;
  [[no_unique_address]] pmu::NoStorage<Table> none;
  int word;
};

static_assert(pmu::AttachedStorage<Table>::kAttachable);
static_assert(!pmu::StaticStorage<Table, g_table>::kAttachable);
static_assert(pmu::StaticStorage<Table, g_table>::get() == &g_table, "a constant address");
static_assert(pmu::NoStorage<Table>::get() == nullptr, "a constant nullptr");
static_assert(TableAt::held() && !pmu::NoStorage<Table>::held(), "held() is a constant of the type");
static_assert(pmu::StaticStorage<Table, g_inline_table>::held(), "also for an inline variable");
static_assert(sizeof(Holder) == sizeof(int), "static storage takes no bytes in the object");
static_assert(sizeof(pmu::AttachedStorage<Table>) == sizeof(void*), "one pointer");

constexpr pmu::AttachedStorage<Table> kEmpty{};
static_assert(kEmpty.get() == nullptr, "attached storage starts detached (constant-initialisable)");

TEST(Storage, AttachedFollowsAttachAndDetach) {
  pmu::AttachedStorage<Table> s;
  EXPECT_EQ(s.get(), nullptr);
  EXPECT_FALSE(s.held());
  Table t;
  s.attach(&t);
  EXPECT_EQ(s.get(), &t);
  EXPECT_TRUE(s.held());
  s.attach(nullptr);
  EXPECT_EQ(s.get(), nullptr);
  EXPECT_FALSE(s.held());
}

TEST(Storage, StaticIsTheObjectGiven) {
  g_table.x = 7;
  EXPECT_EQ(TableAt::get()->x, 7);
  Holder h{};
  EXPECT_EQ(h.table.get(), &g_table);
  EXPECT_EQ(h.none.get(), nullptr);
}

}  // namespace
