// SPDX-License-Identifier: Apache-2.0
// GRLIB plug&play discovery on QEMU leon3_generic: the scanner against the
// machine's REAL AHB P&P area (0xFFFFF000), then against a P&P model placed
// by the stub harness for the case the real table cannot show (a SafeSU).
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
  const DeviceId apbmst{kVendorGaisler, 0x006};
  const auto r = find_ahb_slave(&apbmst, 1);
  CHECK_OK(r.status());
  const AhbDevice d = r.value();
  CHECK_EQ(d.index, 0u);
  CHECK_EQ(d.base, uintptr_t{0x80000000});
  CHECK_EQ(d.size, 0x100000u);
  CHECK_EQ(d.bar_type, kBarAhbMem);
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
