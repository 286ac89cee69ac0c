// SPDX-License-Identifier: Apache-2.0
// pmu/deferred.hpp: a static Deferred is zero bytes until emplace() makes the
// object in it, with the constructor's arguments; the object is then used as
// any other, with the same register work, at the Deferred's own address.
#include "pmu/deferred.hpp"

#include <gtest/gtest.h>

#include "host/backend.hpp"
#include "pmu/cm/perf.hpp"
#include "pmu/safesu/safesu.hpp"

namespace {
using namespace pmu;
using pmu::test::R;
using pmu::test::W;

constexpr uintptr_t kBase = 0x80100000;

// Nothing but the object: no flag, no padding of its own.
static_assert(sizeof(Deferred<safesu::SafeSU>) == sizeof(safesu::SafeSU));
static_assert(alignof(Deferred<safesu::SafeSU>) == alignof(safesu::SafeSU));
static_assert(sizeof(Deferred<cm::Perf>) == sizeof(cm::Perf));
// Constant-initialisable: a static one needs no constructor call at start-up.
constexpr Deferred<safesu::SafeSU> kNotMadeYet{};
static_assert(__has_trivial_destructor(Deferred<safesu::SafeSU>), "no destructor call at exit");

Deferred<safesu::SafeSU> g_su;
Deferred<cm::Perf> g_cm;

bool all_zero(const void* p, size_t n) {
  const unsigned char* b = static_cast<const unsigned char*>(p);
  for (size_t i = 0; i < n; ++i) {
    if (b[i] != 0) return false;
  }
  return true;
}

// The first test of this file (gtest keeps the order): the statics are as loaded.
TEST(Deferred, AStaticOneIsZeroUntilEmplaced) {
  EXPECT_TRUE(all_zero(&g_su, sizeof g_su));
  EXPECT_TRUE(all_zero(&g_cm, sizeof g_cm));
  (void)kNotMadeYet;
}

TEST(Deferred, EmplaceMakesTheObjectInPlaceFromItsArguments) {
  test::NoAccessBackend none;  // making a driver object touches no hardware
  test::ScopedBackend use(none);
  safesu::SafeSU& su = g_su.emplace(kBase, safesu::k4c128);
  EXPECT_EQ(static_cast<void*>(&su), static_cast<void*>(&g_su));
  EXPECT_EQ(&g_su.get(), &su);
  EXPECT_EQ(&*g_su, &su);
  EXPECT_EQ(g_su.operator->(), &su);
  EXPECT_TRUE(su.usable());
  EXPECT_EQ(su.base(), kBase);
  EXPECT_EQ(&su.layout(), &safesu::k4c128);
  // The constructor's checks hold as for any SafeSU: a base that does not
  // fit the layout's window makes an unusable object, refusing every call.
  g_su.emplace(kBase + 4, safesu::k4c128);
  EXPECT_FALSE(g_su->usable());
  EXPECT_EQ(g_su->start(g_su->all_counters()), Status::kBadArg);
  EXPECT_EQ(g_su->read(0).status(), Status::kBadArg);
}

TEST(Deferred, TheEmplacedObjectDoesTheSameRegisterWork) {
  g_su.emplace(kBase, safesu::k4c128);
  test::ExpectBackend backend;
  // start(): one read, one write of CFG0 (as SafesuSeq.StartStopAreOneReadOneWrite...).
  backend.expect({R(kBase, 0x4), W(kBase, 0x5), R(kBase + 4 * 3, 42)});
  test::ScopedBackend use(backend);
  EXPECT_EQ(g_su->start(g_su->all_counters()), Status::kOk);
  EXPECT_EQ(g_su->read(2).value(), 42u);
}

TEST(Deferred, ACmBlockToo) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  cm::Perf& cm = g_cm.emplace(uintptr_t{0});  // no GCR: unusable, refuses
  EXPECT_EQ(&cm, &g_cm.get());
  EXPECT_EQ(cm.read(0).status(), cm.usable());
  EXPECT_NE(cm.usable(), Status::kOk);
}

}  // namespace
