// SPDX-License-Identifier: Apache-2.0
// GRLIB plug&play discovery on QEMU leon3_generic: the scanners against the
// machine's REAL AHB P&P area (0xFFFFF000) and APB P&P area (0x800FF000),
// then against a P&P model placed by the stub harness for the case the real
// table cannot show (a SafeSU). Facts: docs/hw/grlib-leon3-qemu.md §6.3.
#include "board_config.hpp"
#include "pmu_sim/grlib_pnp_model.hpp"
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"
#include "pmu/grlib/pnp.hpp"

using namespace pmu::grlib;

TEST_CASE(grlib, real_table_has_no_safesu) {
  // QEMU 7.2 lists only the AHB/APB bridge as an AHB slave (facts 6.3).
  const auto r = find_safesu();
  CHECK(r.status() == pmu::Status::kNotFound);
}

TEST_CASE(grlib, real_table_finds_the_apb_bridge) {
  const DeviceId apbmst{kVendorGaisler, kDeviceApbmst};
  const auto r = find_ahb_slave(&apbmst, 1);
  CHECK_OK(r.status());
  const AhbDevice d = r.value();
  CHECK_EQ(d.index, 0u);
  CHECK_EQ(d.base, uintptr_t{0x80000000});
  CHECK_EQ(d.size, 0x100000u);
  CHECK_EQ(d.bar_type, kBarAhbMem);
}

TEST_CASE(grlib, real_table_of_64_slaves_still_has_one_bridge) {
  // The largest scan the area allows reads every slave word and finds the
  // bridge at index 0 and nothing else.
  const DeviceId apbmst{kVendorGaisler, kDeviceApbmst};
  CHECK_EQ(find_ahb_slave(&apbmst, 1, 0, kDefaultAhbPnp, kAhbMaxEntries).value().index, 0u);
  CHECK(find_ahb_slave(&apbmst, 1, 1, kDefaultAhbPnp, kAhbMaxEntries).status() == pmu::Status::kNotFound);
}

TEST_CASE(grlib, real_apb_table_has_irqmp_gptimer_and_apbuart) {
  const DeviceId apbmst{kVendorGaisler, kDeviceApbmst};
  const auto bridge = find_ahb_slave(&apbmst, 1);
  CHECK_OK(bridge.status());
  const DeviceId uart{kVendorGaisler, 0x00C}, irqmp{kVendorGaisler, 0x00D}, timer{kVendorGaisler, 0x011};
  const auto u = find_apb_slave(&uart, 1, bridge.value().base);
  CHECK_OK(u.status());
  CHECK_EQ(u.value().base, uintptr_t{0x80000100});
  CHECK_EQ(u.value().irq, 3u);
  CHECK_EQ(u.value().size, 0x100u);
  const auto i = find_apb_slave(&irqmp, 1, bridge.value().base);
  CHECK_EQ(i.value().base, uintptr_t{0x80000200});
  CHECK_EQ(i.value().version, 2u);
  const auto t = find_apb_slave(&timer, 1, bridge.value().base);
  CHECK_EQ(t.value().base, uintptr_t{0x80000300});
  CHECK_EQ(t.value().irq, 6u);
  CHECK_EQ(t.value().index, 1u);
  // Only three entries: a second UART is not there.
  CHECK(find_apb_slave(&uart, 1, bridge.value().base, 1).status() == pmu::Status::kNotFound);
}

TEST_CASE(grlib, safesu_found_in_a_selene_like_table) {
  // The SELENE entry as GRMON printed it (facts 4.3): vendor 0x09, device
  // 0x003, slave 6, 0x80100000-0x801FFFFF, P&P irq field 1.
  static pmu::models::GrlibPnpModel pnp;
  pnp = pmu::models::GrlibPnpModel();
  pnp.set_slave(0, pmu::models::GrlibPnpModel::id_word(kVendorGaisler, 0x006, 0, 0),
                pmu::models::GrlibPnpModel::bar_word(0x800, 0xFFF, kBarAhbMem));
  pnp.set_slave(6, pmu::models::GrlibPnpModel::id_word(kVendorContrib, kDeviceBscPmu, 0, 1),
                pmu::models::GrlibPnpModel::bar_word(0x801, 0xFFF, kBarAhbMem));
  constexpr uintptr_t kArea = 0xA0000000;  // unassigned on leon3_generic: the stub serves it
  CHECK(harness::map_mmio(kArea, pmu::models::GrlibPnpModel::kSize, &pnp) != nullptr);
  const auto r = find_safesu(0, kArea);
  CHECK_OK(r.status());
  CHECK_EQ(r.value().base, board::config::kSafesu.base);
  CHECK_EQ(r.value().index, 6u);
  CHECK_EQ(r.value().irq, 1u);
  CHECK(find_safesu(1, kArea).status() == pmu::Status::kNotFound);  // only one instance
  harness::model_barrier();
  CHECK_EQ(pnp.writes(), 0u);  // discovery only reads
  CHECK(pnp.reads() > 0u);
}
