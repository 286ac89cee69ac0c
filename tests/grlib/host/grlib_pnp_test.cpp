// SPDX-License-Identifier: Apache-2.0
// GRLIB AHB and APB plug&play discovery against models of the P&P areas:
// exact reads, the limits of every scan, and BAR decoding at the edges of
// the mask (docs/hw/grlib-leon3-qemu.md §6.1).
#include <gtest/gtest.h>

#include "host/backend.hpp"
#include "pmu/grlib/pnp.hpp"
#include "pmu_sim/grlib_pnp_model.hpp"

namespace {
using namespace pmu;
using namespace pmu::grlib;
using pmu::test::R;
using M = pmu::models::GrlibPnpModel;
using A = pmu::models::GrlibApbPnpModel;

constexpr DeviceId kApbmst{kVendorGaisler, kDeviceApbmst};
constexpr DeviceId kApbuart{kVendorGaisler, 0x00C};
constexpr DeviceId kIrqmp{kVendorGaisler, 0x00D};
constexpr DeviceId kGptimer{kVendorGaisler, 0x011};
constexpr uintptr_t kBridge = 0x80000000;

// QEMU leon3_generic's tables (§6.3): master 0 LEON3, slave 0 APBMST at
// 0x80000000; behind it IRQMP, GPTIMER, APBUART.
void qemu_leon3_table(M& m) {
  m.set_master(0, 0x01003000);
  m.set_slave(0, 0x01006000, 0x8000FFF2);
}
void qemu_leon3_apb_table(A& a) {
  a.set_slave(0, 0x0100D040, 0x0020FFF1);
  a.set_slave(1, 0x01011006, 0x0030FFF1);
  a.set_slave(2, 0x0100C023, 0x0010FFF1);
}

struct AhbRig {
  M m;
  test::ModelBus bus;
  test::ScopedBackend use{bus};
  explicit AhbRig(uintptr_t area = kDefaultAhbPnp) { bus.map(area, M::kSize, &m); }
};
struct ApbRig {
  A a;
  test::ModelBus bus;
  test::ScopedBackend use{bus};
  ApbRig() { bus.map(kBridge + kApbPnpOffset, A::kSize, &a); }
};

// ---- AHB --------------------------------------------------------------------------------

TEST(GrlibPnp, FindsTheSafesuAsContribWithItsMemoryBarAndIrqField) {
  AhbRig r;
  qemu_leon3_table(r.m);
  // SELENE: "09:003.00", AHB slave 6, 0x80100000-0x80200000, P&P irq field 1.
  r.m.set_slave(6, M::id_word(0x09, 0x003, 0, 1), M::bar_word(0x801, 0xFFF, kBarAhbMem));
  const auto found = find_safesu();
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found.value().base, 0x80100000u);
  EXPECT_EQ(found.value().size, 0x100000u);
  EXPECT_EQ(found.value().irq, 1u);
  EXPECT_EQ(found.value().index, 6u);
  EXPECT_EQ(found.value().vendor, kVendorContrib);
  EXPECT_EQ(found.value().device, kDeviceBscPmu);
  EXPECT_EQ(found.value().bar_type, kBarAhbMem);
  // One ID read per slave entry up to 6, then BAR0, in this order.
  std::vector<test::Access> want{R(0xFFFFF800, 0x01006000)};
  for (unsigned s = 1; s < 6; ++s) want.push_back(R(0xFFFFF800 + 32 * s, 0));
  want.push_back(R(0xFFFFF8C0, M::id_word(0x09, 0x003, 0, 1)));
  want.push_back(R(0xFFFFF8D0, M::bar_word(0x801, 0xFFF, kBarAhbMem)));
  EXPECT_EQ(r.bus.log, want);
  EXPECT_EQ(r.m.writes(), 0u);
}

TEST(GrlibPnp, AcceptsVendorBscAndSkipsHolesAndEmptyBars) {
  AhbRig r;
  qemu_leon3_table(r.m);
  r.m.set_slave(9, M::id_word(0x0E, 0x003, 2, 5), 0, M::bar_word(0xE00, 0xFF0, kBarAhbMem));
  const auto found = find_safesu();
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found.value().base, 0xE0000000u);
  EXPECT_EQ(found.value().size, 0x1000000u);  // mask 0xFF0: 16 MiB
  EXPECT_EQ(found.value().version, 2u);
  EXPECT_EQ(found.value().irq, 5u);
  EXPECT_EQ(r.m.reads(), 10u + 2u);  // IDs 0..9, BAR0 (empty), BAR1
}

TEST(GrlibPnp, IoBarIsRelativeToTheIoArea) {
  AhbRig r;
  r.m.set_slave(3, M::id_word(0x09, 0x003, 0, 0), M::bar_word(0x012, 0xFFF, kBarAhbIo));
  const auto found = find_safesu();
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found.value().base, 0xFFF01200u);
  EXPECT_EQ(found.value().size, 0x100u);
  EXPECT_EQ(found.value().bar_type, kBarAhbIo);
}

TEST(GrlibPnp, AnAreaElsewhereHasItsOwnIoArea) {
  AhbRig r(0xA0000000);
  r.m.set_slave(0, M::id_word(0x09, 0x003, 0, 0), M::bar_word(0x0FF, 0xFF0, kBarAhbIo));
  const auto found = find_safesu(0, 0xA0000000);
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found.value().base, 0xA000F000u);  // (0x0FF & 0xFF0) << 8
  EXPECT_EQ(found.value().size, 0x1000u);      // 16 granules of 256 bytes
}

// A default scan reads GRLIB's NAHBSLV = 16 slave entries: the last one,
// entry 15, is found, and nothing past it is read.
TEST(GrlibPnp, AbsentIsNotFoundAfterScanningEveryDefaultSlave) {
  AhbRig r;
  qemu_leon3_table(r.m);  // QEMU: no SafeSU
  EXPECT_EQ(find_safesu().status(), Status::kNotFound);
  EXPECT_EQ(r.m.reads(), 16u);
  EXPECT_EQ(r.m.writes(), 0u);
  r.m.set_slave(15, M::id_word(0x09, 0x003, 0, 0), M::bar_word(0x801, 0xFFF, kBarAhbMem));
  const auto last = find_safesu();
  ASSERT_TRUE(last.ok());
  EXPECT_EQ(last.value().index, 15u);
}

// max_slaves = 64, the whole slave half of the area, is the largest legal scan.
TEST(GrlibPnp, AScanOfAll64SlaveEntriesWorks) {
  AhbRig r;
  qemu_leon3_table(r.m);
  r.m.set_build_word(0x00000001);
  r.m.set_slave(63, M::id_word(0x09, 0x003, 0, 0), M::bar_word(0x801, 0xFFF, kBarAhbMem));
  const DeviceId safesu{kVendorContrib, kDeviceBscPmu};
  const auto last = find_ahb_slave(&safesu, 1, 0, kDefaultAhbPnp, kAhbMaxEntries);
  ASSERT_TRUE(last.ok());
  EXPECT_EQ(last.value().index, 63u);
  EXPECT_EQ(last.value().base, 0x80100000u);
  // Not found: exactly 64 ID words read, the last at 0xFFFFFFE0.
  r.bus.clear_log();
  const DeviceId other{0x55, 0x555};
  EXPECT_EQ(find_ahb_slave(&other, 1, 0, kDefaultAhbPnp, 64).status(), Status::kNotFound);
  ASSERT_EQ(r.bus.log.size(), 64u);
  EXPECT_EQ(r.bus.log.back().addr, 0xFFFFFFE0u);
  // The default scan (16) does not reach slave 63.
  EXPECT_EQ(find_safesu().status(), Status::kNotFound);
}

TEST(GrlibPnp, ScanLimitsAreExact) {
  AhbRig r;
  r.m.set_slave(16, M::id_word(0x09, 0x003, 0, 0), M::bar_word(0x801, 0xFFF, kBarAhbMem));
  const DeviceId safesu{kVendorContrib, kDeviceBscPmu};
  EXPECT_EQ(find_ahb_slave(&safesu, 1, 0, kDefaultAhbPnp, 16).status(), Status::kNotFound);
  EXPECT_EQ(find_ahb_slave(&safesu, 1, 0, kDefaultAhbPnp, 17).value().index, 16u);
  r.bus.clear_log();
  EXPECT_EQ(find_ahb_slave(&safesu, 1, 0, kDefaultAhbPnp, 1).status(), Status::kNotFound);
  EXPECT_EQ(r.bus.log.size(), 1u);  // one entry: slave 0
}

TEST(GrlibPnp, GenericScanFindsOtherDevicesAndLaterInstances) {
  AhbRig r;
  qemu_leon3_table(r.m);
  r.m.set_slave(2, M::id_word(0x09, 0x003, 0, 1), M::bar_word(0x801, 0xFFF, kBarAhbMem));
  r.m.set_slave(4, M::id_word(0x0E, 0x003, 0, 1), M::bar_word(0x802, 0xFFF, kBarAhbMem));
  const auto bridge = find_ahb_slave(&kApbmst, 1);
  ASSERT_TRUE(bridge.ok());
  EXPECT_EQ(bridge.value().base, 0x80000000u);
  EXPECT_EQ(find_safesu(0).value().index, 2u);
  EXPECT_EQ(find_safesu(1).value().base, 0x80200000u);
  EXPECT_EQ(find_safesu(2).status(), Status::kNotFound);
  EXPECT_EQ(find_safesu(0xFFFFFFFFu).status(), Status::kNotFound);
  const DeviceId only_bsc{kVendorBsc, kDeviceBscPmu};
  EXPECT_EQ(find_ahb_slave(&only_bsc, 1).value().index, 4u);
}

TEST(GrlibPnp, MatchWithoutUsableBarIsMismatchAfterReadingAllFour) {
  AhbRig r;
  r.m.set_slave(0, M::id_word(0x09, 0x003, 0, 0), M::bar_word(0x800, 0xFFF, kBarApbIo), 0,
                M::bar_word(0x800, 0xFFF, 0xF), 0);
  EXPECT_EQ(find_safesu().status(), Status::kMismatch);
  EXPECT_EQ(r.m.reads(), 1u + 4u);
}

// GRLIB's AHB controller decodes a memory or I/O BAR only if its mask is
// not 0 (ahbctrl.vhd): such a BAR is skipped, and the entry's next one is
// the device's; with no other, the entry has no usable BAR.
TEST(GrlibPnp, AnAhbBarWithMaskZeroIsNoBar) {
  {
    AhbRig r;
    r.m.set_slave(0, M::id_word(0x09, 0x003, 0, 0), M::bar_word(0x801, 0x000, kBarAhbMem),
                  M::bar_word(0x801, 0xFFF, kBarAhbMem));
    const auto found = find_safesu();
    ASSERT_TRUE(found.ok());
    EXPECT_EQ(found.value().base, 0x80100000u);
    EXPECT_EQ(found.value().size, 0x00100000u);
    EXPECT_EQ(r.m.reads(), 1u + 2u);
  }
  {
    AhbRig r;
    r.m.set_slave(0, M::id_word(0x09, 0x003, 0, 0), M::bar_word(0x801, 0x000, kBarAhbMem), 0,
                  M::bar_word(0x012, 0x000, kBarAhbIo), 0);
    EXPECT_EQ(find_safesu().status(), Status::kMismatch);
    EXPECT_EQ(r.m.reads(), 1u + 4u);
  }
}

TEST(GrlibPnp, BadArgumentsReadNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  const DeviceId id{1, 2};
  EXPECT_EQ(find_ahb_slave(nullptr, 1).status(), Status::kBadArg);
  EXPECT_EQ(find_ahb_slave(&id, 0).status(), Status::kBadArg);
  EXPECT_EQ(find_ahb_slave(&id, 1, 0, 0xFFFFF800u).status(), Status::kBadArg);
  EXPECT_EQ(find_ahb_slave(&id, 1, 0, 0xFFFFF004u).status(), Status::kBadArg);
  EXPECT_EQ(find_ahb_slave(&id, 1, 0, kDefaultAhbPnp, 0).status(), Status::kBadArg);
  EXPECT_EQ(find_ahb_slave(&id, 1, 0, kDefaultAhbPnp, kAhbMaxEntries + 1).status(), Status::kBadArg);
  EXPECT_EQ(find_ahb_slave(&id, 1, 0, kDefaultAhbPnp, 0xFFFFFFFFu).status(), Status::kBadArg);
  EXPECT_EQ(find_safesu(0, 0x1234).status(), Status::kBadArg);
  EXPECT_EQ(find_safesu(0, 0xFFFFF800u).status(), Status::kBadArg);
  EXPECT_EQ(none.log.size(), 0u);
}

// ---- the records' fields against amba.vhd (§6.1) ----------------------------------
// Each field is [hi:lo] exactly as §6.1 lists it and lies inside its 32-bit
// word: a field one bit too wide at the top would read the same bits (there
// are none above bit 31), so only its declaration can show the error.
template <typename Tag>
void expect_bits(reg::Field<Tag> f, unsigned hi, unsigned lo) {
  EXPECT_TRUE(f.valid()) << hi << ":" << lo;
  EXPECT_EQ(f.pos, lo) << hi << ":" << lo;
  EXPECT_EQ(f.pos + f.width - 1u, hi) << hi << ":" << lo;
}

TEST(GrlibPnpFields, IdWordFieldsAreAmbaVhds) {
  expect_bits(id::kVendor, 31, 24);
  expect_bits(id::kDevice, 23, 12);
  expect_bits(id::kVersion, 9, 5);
  expect_bits(id::kIrq, 4, 0);
}

TEST(GrlibPnpFields, AhbBarFieldsAreAmbaVhds) {
  expect_bits(ahb_bar::kAddr, 31, 20);
  expect_bits(ahb_bar::kPrefetchable, 17, 17);
  expect_bits(ahb_bar::kCacheable, 16, 16);
  expect_bits(ahb_bar::kMask, 15, 4);
  expect_bits(ahb_bar::kType, 3, 0);
}

TEST(GrlibPnpFields, ApbBarFieldsAreAmbaVhds) {
  expect_bits(apb_bar::kAddr, 31, 20);
  expect_bits(apb_bar::kMask, 15, 4);
  expect_bits(apb_bar::kType, 3, 0);
}

// ---- BAR decoding at the mask's edges --------------------------------------------------

TEST(GrlibPnpBar, MemoryBarSizesAtEveryMaskEdge) {
  EXPECT_EQ(ahb_mem_bar_size(0xFFF), 0x00100000u);  // 1 MiB, the smallest
  EXPECT_EQ(ahb_mem_bar_size(0xFFE), 0x00200000u);
  EXPECT_EQ(ahb_mem_bar_size(0xFF0), 0x01000000u);
  EXPECT_EQ(ahb_mem_bar_size(0xF00), 0x10000000u);
  EXPECT_EQ(ahb_mem_bar_size(0xC00), 0x40000000u);
  EXPECT_EQ(ahb_mem_bar_size(0x800), 0x80000000u);  // 2 GiB, the largest that fits
  EXPECT_EQ(ahb_mem_bar_size(0x000), 0xFFFFFFFFu);  // 4 GiB, saturated
  // A mask with holes: only the window below its lowest one is contiguous.
  EXPECT_EQ(ahb_mem_bar_size(0x001), 0x00100000u);
  EXPECT_EQ(ahb_mem_bar_size(0x801), 0x00100000u);
  EXPECT_EQ(ahb_mem_bar_size(0x010), 0x01000000u);
  // Bits above the 12-bit field do not count.
  EXPECT_EQ(ahb_mem_bar_size(0x1000), 0xFFFFFFFFu);
}

TEST(GrlibPnpBar, IoBarSizesAtEveryMaskEdge) {
  EXPECT_EQ(io_bar_size(0xFFF), 0x100u);
  EXPECT_EQ(io_bar_size(0xFFE), 0x200u);
  EXPECT_EQ(io_bar_size(0x800), 0x80000u);
  EXPECT_EQ(io_bar_size(0x001), 0x100u);
  EXPECT_EQ(io_bar_size(0x000), 0x100000u);  // the whole 1 MiB I/O area
}

struct MaskCase {
  uint16_t addr, mask;
  uintptr_t base;
  uint32_t size;
};

TEST(GrlibPnpBar, TheScanDecodesMemoryBarsAtTheMaskEdges) {
  for (const MaskCase c : {MaskCase{0x801, 0xFFF, 0x80100000, 0x00100000},
                           MaskCase{0xFFF, 0x001, 0x00100000, 0x00100000}, MaskCase{0xFFF, 0x800, 0x80000000, 0x80000000},
                           MaskCase{0x123, 0xFF0, 0x12000000, 0x01000000}, MaskCase{0x000, 0xFFF, 0, 0x00100000},
                           MaskCase{0xFFF, 0xFFF, 0xFFF00000, 0x00100000}}) {
    AhbRig r;
    r.m.set_slave(0, M::id_word(0x09, 0x003, 0, 0), M::bar_word(c.addr, c.mask, kBarAhbMem));
    const auto found = find_safesu();
    ASSERT_TRUE(found.ok()) << c.mask;
    EXPECT_EQ(found.value().base, c.base) << std::hex << c.addr << " " << c.mask;
    EXPECT_EQ(found.value().size, c.size) << std::hex << c.addr << " " << c.mask;
  }
}

TEST(GrlibPnpBar, TheScanDecodesIoBarsAtTheMaskEdges) {
  for (const MaskCase c : {MaskCase{0x012, 0xFFF, 0xFFF01200, 0x100},
                           MaskCase{0xFFF, 0x001, 0xFFF00100, 0x100}, MaskCase{0xFFF, 0xFFF, 0xFFFFFF00, 0x100}}) {
    AhbRig r;
    r.m.set_slave(0, M::id_word(0x09, 0x003, 0, 0), M::bar_word(c.addr, c.mask, kBarAhbIo));
    const auto found = find_safesu();
    ASSERT_TRUE(found.ok());
    EXPECT_EQ(found.value().base, c.base) << std::hex << c.addr << " " << c.mask;
    EXPECT_EQ(found.value().size, c.size) << std::hex << c.addr << " " << c.mask;
  }
}

// ---- APB --------------------------------------------------------------------------------

TEST(GrlibApbPnp, FindsQemusThreeDevicesBehindTheBridge) {
  ApbRig r;
  qemu_leon3_apb_table(r.a);
  const auto uart = find_apb_slave(&kApbuart, 1, kBridge);
  ASSERT_TRUE(uart.ok());
  EXPECT_EQ(uart.value().base, 0x80000100u);
  EXPECT_EQ(uart.value().size, 0x100u);
  EXPECT_EQ(uart.value().irq, 3u);
  EXPECT_EQ(uart.value().version, 1u);
  EXPECT_EQ(uart.value().index, 2u);
  // Three ID words, then the BAR of the match.
  EXPECT_EQ(r.bus.log, (std::vector<test::Access>{R(kBridge + 0xFF000, 0x0100D040), R(kBridge + 0xFF008, 0x01011006),
                                                  R(kBridge + 0xFF010, 0x0100C023), R(kBridge + 0xFF014, 0x0010FFF1)}));
  const auto irqmp = find_apb_slave(&kIrqmp, 1, kBridge);
  EXPECT_EQ(irqmp.value().base, 0x80000200u);
  EXPECT_EQ(irqmp.value().version, 2u);
  EXPECT_EQ(irqmp.value().irq, 0u);
  const auto timer = find_apb_slave(&kGptimer, 1, kBridge);
  EXPECT_EQ(timer.value().base, 0x80000300u);
  EXPECT_EQ(timer.value().irq, 6u);
  EXPECT_EQ(r.a.writes(), 0u);
}

TEST(GrlibApbPnp, HolesInstancesAndTheScanLimits) {
  ApbRig r;
  // Entries 0..4 are holes (ID word 0).
  r.a.set_slave(5, M::id_word(kVendorGaisler, 0x00C, 1, 2), A::bar_word(0x001, 0xFFF));
  r.a.set_slave(511, M::id_word(kVendorGaisler, 0x00C, 1, 4), A::bar_word(0xFFF, 0xFFF));
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge, 0).value().index, 5u);
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge, 1).status(), Status::kNotFound);  // 16 by default
  const auto last = find_apb_slave(&kApbuart, 1, kBridge, 1, kApbMaxEntries);
  ASSERT_TRUE(last.ok());
  EXPECT_EQ(last.value().index, 511u);
  EXPECT_EQ(last.value().base, 0x800FFF00u);
  EXPECT_EQ(last.value().irq, 4u);
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge, 2, kApbMaxEntries).status(), Status::kNotFound);
  r.bus.clear_log();
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge, 0, 5).status(), Status::kNotFound);
  EXPECT_EQ(r.bus.log.size(), 5u);
}

// The default scan is NAPBSLV = 16 entries (docs/hw/grlib-leon3-qemu.md
// §6.1): entry 15 is the last it reads, entry 16 the first it does not.
TEST(GrlibApbPnp, TheDefaultScanEndsAtEntry15) {
  {
    ApbRig r;
    r.a.set_slave(15, M::id_word(kVendorGaisler, 0x00C, 1, 2), A::bar_word(0x001, 0xFFF));
    EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge).value().index, 15u);
  }
  ApbRig r;
  r.a.set_slave(16, M::id_word(kVendorGaisler, 0x00C, 1, 2), A::bar_word(0x001, 0xFFF));
  r.bus.clear_log();
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge).status(), Status::kNotFound);
  EXPECT_EQ(r.bus.log.size(), 16u);  // the ID words of the holes 0..15
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge, 0, 17).value().index, 16u);
}

TEST(GrlibApbPnp, ApbBarDecodingAtTheMaskEdges) {
  ApbRig r;
  r.a.set_slave(0, M::id_word(0x55, 0x001, 0, 0), A::bar_word(0x012, 0x000));  // the whole APB space
  r.a.set_slave(1, M::id_word(0x55, 0x002, 0, 0), A::bar_word(0x012, 0xFF0));
  r.a.set_slave(2, M::id_word(0x55, 0x003, 0, 0), A::bar_word(0xFFF, 0x001));
  const DeviceId a{0x55, 0x001}, b{0x55, 0x002}, c{0x55, 0x003};
  EXPECT_EQ(find_apb_slave(&a, 1, kBridge).value().base, kBridge);
  EXPECT_EQ(find_apb_slave(&a, 1, kBridge).value().size, 0x100000u);
  EXPECT_EQ(find_apb_slave(&b, 1, kBridge).value().base, kBridge + 0x1000);
  EXPECT_EQ(find_apb_slave(&b, 1, kBridge).value().size, 0x1000u);
  EXPECT_EQ(find_apb_slave(&c, 1, kBridge).value().base, kBridge + 0x100);
  EXPECT_EQ(find_apb_slave(&c, 1, kBridge).value().size, 0x100u);
}

TEST(GrlibApbPnp, ABarThatIsNotApbIoIsMismatch) {
  ApbRig r;
  r.a.set_slave(0, M::id_word(kVendorGaisler, 0x00C, 0, 0), (0x001u << 20) | (0xFFFu << 4) | kBarAhbMem);
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge).status(), Status::kMismatch);
}

TEST(GrlibApbPnp, BadArgumentsReadNothing) {
  test::NoAccessBackend none;
  test::ScopedBackend use(none);
  EXPECT_EQ(find_apb_slave(nullptr, 1, kBridge).status(), Status::kBadArg);
  EXPECT_EQ(find_apb_slave(&kApbuart, 0, kBridge).status(), Status::kBadArg);
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge + 0x1000).status(), Status::kBadArg);
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge + 0x80000).status(), Status::kBadArg);
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge, 0, 0).status(), Status::kBadArg);
  EXPECT_EQ(find_apb_slave(&kApbuart, 1, kBridge, 0, kApbMaxEntries + 1).status(), Status::kBadArg);
  EXPECT_EQ(none.log.size(), 0u);
}

// Discovery end to end: the bridge from the AHB table, the UART behind it.
TEST(GrlibApbPnp, BridgeFromTheAhbTableThenItsApbDevices) {
  M m;
  A a;
  qemu_leon3_table(m);
  qemu_leon3_apb_table(a);
  test::ModelBus bus;
  bus.map(kDefaultAhbPnp, M::kSize, &m);
  bus.map(kBridge + kApbPnpOffset, A::kSize, &a);
  test::ScopedBackend use(bus);
  const auto bridge = find_ahb_slave(&kApbmst, 1);
  ASSERT_TRUE(bridge.ok());
  const DeviceId any[] = {kIrqmp, kGptimer, kApbuart};
  EXPECT_EQ(find_apb_slave(any, 3, bridge.value().base, 0).value().base, 0x80000200u);
  EXPECT_EQ(find_apb_slave(any, 3, bridge.value().base, 1).value().base, 0x80000300u);
  EXPECT_EQ(find_apb_slave(any, 3, bridge.value().base, 2).value().base, 0x80000100u);
  EXPECT_EQ(find_apb_slave(any, 3, bridge.value().base, 3).status(), Status::kNotFound);
}

}  // namespace
