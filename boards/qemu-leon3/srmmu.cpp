// SPDX-License-Identifier: Apache-2.0
// qemu-leon3's own start-up: an SRMMU flat map, so an access to unassigned
// physical space raises a trap the simulator can serve. With the MMU off
// QEMU returns 0 for such loads and drops such stores; with a VALID PTE over
// nothing it raises tt 0x29 (data_access_error), with FSR and FAR set; an
// invalid PTE would give 0x09 instead (docs/hw/grlib-leon3-qemu.md §6.3).
#include <stdint.h>

#include "board.hpp"
#include "board_config.hpp"
#include "sparc/machine.hpp"

namespace {

// SRMMU registers (ASI 0x19) and the TLB flush ASI (0x18).
constexpr uint32_t kMmuCtrl = 0x000;
constexpr uint32_t kMmuCtp = 0x100;
constexpr uint32_t kMmuCtx = 0x200;
constexpr uint32_t kMmuFsr = 0x300;
constexpr uint32_t kMmuFar = 0x400;
constexpr uint32_t kMmuCtrlE = 1u << 0;   // enable
constexpr uint32_t kMmuCtrlNf = 1u << 1;  // no-fault: would hide the trap
constexpr uint32_t kTlbFlushAll = 0x400;

inline uint32_t mmu_read(uint32_t reg) {
  uint32_t v;
  __asm__ volatile("lda [%1] 0x19, %0" : "=r"(v) : "r"(reg) : "memory");
  return v;
}
inline void mmu_write(uint32_t reg, uint32_t v) { __asm__ volatile("sta %0, [%1] 0x19" : : "r"(v), "r"(reg) : "memory"); }

// The context table (context 0 only is used) and one level-1 table of 256
// 16-MiB PTEs mapping all 4 GiB 1:1.
struct alignas(8192) MmuTables {
  uint32_t contexts[256];
  uint32_t level1[256];  // at +1 KiB: the 1 KiB alignment a level-1 table needs
};
MmuTables g_mmu;

constexpr uint32_t kPteEt = 2;          // entry type: PTE
constexpr uint32_t kPtdEt = 1;          // entry type: page table descriptor
constexpr uint32_t kPteAcc3 = 3u << 2;  // ACC 3: read/write/execute for all
constexpr uint32_t kPteCacheable = 1u << 7;

void enable_flat_map() {
  for (uint32_t i = 0; i < 256; ++i) {
    const uint32_t pa = i << 24;
    const bool ram = pa >= board::config::kRamBase && pa < 0x80000000u;
    g_mmu.level1[i] = (pa >> 4) | kPteAcc3 | kPteEt | (ram ? kPteCacheable : 0);
    g_mmu.contexts[i] = 0;
  }
  g_mmu.contexts[0] = (reinterpret_cast<uintptr_t>(&g_mmu.level1[0]) >> 4) | kPtdEt;
  mmu_write(kMmuCtp, reinterpret_cast<uintptr_t>(&g_mmu.contexts[0]) >> 4);
  mmu_write(kMmuCtx, 0);
  __asm__ volatile("sta %%g0, [%0] 0x18" : : "r"(kTlbFlushAll) : "memory");
  mmu_write(kMmuCtrl, (mmu_read(kMmuCtrl) | kMmuCtrlE) & ~kMmuCtrlNf);
}

}  // namespace

namespace board::sparc {

void machine_init() { enable_flat_map(); }

void read_fault_status(TrapFrame* f) {
  // Reading the FSR clears it, so the next fault starts clean.
  f->fsr = mmu_read(kMmuFsr);
  f->far = mmu_read(kMmuFar);
}

}  // namespace board::sparc
