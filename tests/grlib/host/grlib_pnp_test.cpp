// SPDX-License-Identifier: Apache-2.0
// GRLIB AHB plug&play discovery against a model of the P&P area.
#include <gtest/gtest.h>

#include "pmu_sim/grlib_pnp_model.hpp"
#include "pmu/grlib/pnp.hpp"
#include "host/backend.hpp"

namespace {
using namespace pmu;
using namespace pmu::grlib;
using M = pmu::models::GrlibPnpModel;

// QEMU leon3_generic's table (facts 6.3): master 0 LEON3, slave 0 APBMST at 0x80000000.
void qemu_leon3_table(M& m) {
  m.set_master(0, 0x01003000);
  m.set_slave(0, 0x01006000, 0x8000FFF2);
}

TEST(GrlibPnp, FindsTheSafesuAsContribWithItsMemoryBarAndIrqField) {
  M m;
  qemu_leon3_table(m);
  // SELENE: "09:003.00", AHB slave 6, 0x80100000-0x80200000, P&P irq field 1.
  m.set_slave(6, M::id_word(0x09, 0x003, 0, 1), M::bar_word(0x801, 0xFFF, kBarAhbMem));
  test::ModelBus bus;
  bus.map(kDefaultAhbPnp, M::kSize, &m);
  test::ScopedBackend use(bus);
  const auto r = find_safesu();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value().base, 0x80100000u);
  EXPECT_EQ(r.value().size, 0x100000u);
  EXPECT_EQ(r.value().irq, 1u);
  EXPECT_EQ(r.value().index, 6u);
  EXPECT_EQ(r.value().vendor, kVendorContrib);
  // One ID read per slave entry up to 6, then BAR0: 8 reads, no writes.
  EXPECT_EQ(m.reads(), 8u);
  EXPECT_EQ(m.writes(), 0u);
}

TEST(GrlibPnp, AcceptsVendorBscAndSkipsHolesAndEmptyBars) {
  M m;
  qemu_leon3_table(m);
  m.set_slave(9, M::id_word(0x0E, 0x003, 2, 5), 0, M::bar_word(0xE00, 0xFF0, kBarAhbMem));
  test::ModelBus bus;
  bus.map(kDefaultAhbPnp, M::kSize, &m);
  test::ScopedBackend use(bus);
  const auto r = find_safesu();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value().base, 0xE0000000u);
  EXPECT_EQ(r.value().size, 0x1000000u);  // mask 0xFF0: 16 MiB
  EXPECT_EQ(r.value().version, 2u);
  EXPECT_EQ(r.value().irq, 5u);
}

TEST(GrlibPnp, IoBarIsRelativeToTheIoArea) {
  M m;
  m.set_slave(3, M::id_word(0x09, 0x003, 0, 0), M::bar_word(0x012, 0xFFF, kBarAhbIo));
  test::ModelBus bus;
  bus.map(kDefaultAhbPnp, M::kSize, &m);
  test::ScopedBackend use(bus);
  const auto r = find_safesu();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.value().base, 0xFFF01200u);
  EXPECT_EQ(r.value().size, 0x100u);
  EXPECT_EQ(r.value().bar_type, kBarAhbIo);
}

TEST(GrlibPnp, AbsentIsNotFoundAfterScanningEverySlave) {
  M m;
  qemu_leon3_table(m);  // QEMU: no SafeSU
  test::ModelBus bus;
  bus.map(kDefaultAhbPnp, M::kSize, &m);
  test::ScopedBackend use(bus);
  EXPECT_EQ(find_safesu().status(), Status::kNotFound);
  EXPECT_EQ(m.reads(), kAhbMaxSlaves);
  EXPECT_EQ(m.writes(), 0u);
}

TEST(GrlibPnp, GenericScanFindsOtherDevicesAndLaterInstances) {
  M m;
  qemu_leon3_table(m);
  m.set_slave(2, M::id_word(0x09, 0x003, 0, 1), M::bar_word(0x801, 0xFFF, kBarAhbMem));
  m.set_slave(4, M::id_word(0x09, 0x003, 0, 1), M::bar_word(0x802, 0xFFF, kBarAhbMem));
  test::ModelBus bus;
  bus.map(kDefaultAhbPnp, M::kSize, &m);
  test::ScopedBackend use(bus);
  const DeviceId apbmst{kVendorGaisler, 0x006};
  const auto bridge = find_ahb_slave(&apbmst, 1);
  ASSERT_TRUE(bridge.ok());
  EXPECT_EQ(bridge.value().base, 0x80000000u);
  EXPECT_EQ(find_safesu(1).value().base, 0x80200000u);
  EXPECT_EQ(find_safesu(2).status(), Status::kNotFound);
}

TEST(GrlibPnp, MatchWithoutUsableBarIsMismatch) {
  M m;
  m.set_slave(0, M::id_word(0x09, 0x003, 0, 0), 0, 0, 0, 0);
  test::ModelBus bus;
  bus.map(kDefaultAhbPnp, M::kSize, &m);
  test::ScopedBackend use(bus);
  EXPECT_EQ(find_safesu().status(), Status::kMismatch);
}

TEST(GrlibPnp, BadArgumentsReadNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  const DeviceId id{1, 2};
  EXPECT_EQ(find_ahb_slave(nullptr, 1).status(), Status::kBadArg);
  EXPECT_EQ(find_ahb_slave(&id, 0).status(), Status::kBadArg);
  EXPECT_EQ(find_ahb_slave(&id, 1, 0, 0xFFFFF800u).status(), Status::kBadArg);
  EXPECT_EQ(find_safesu(0, 0x1234).status(), Status::kBadArg);
}

}  // namespace
