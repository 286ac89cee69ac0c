// SPDX-License-Identifier: Apache-2.0
// A user's own project, built against an INSTALLED pmukit (pkg-config or
// CMake): firmware logic run on a PC, with the host seam defined here over a
// tiny fake of the SafeSU's registers. Prints one PASS/FAIL line.
#include <cstdint>
#include <cstdio>

#include "pmu/hal/host_seam.h"
#include "pmu/safesu/safesu.hpp"

namespace {
constexpr uintptr_t kBase = 0x80100000;
uint32_t g_regs[64];
unsigned g_writes;
}  // namespace

extern "C" {
uint32_t pmu_host_mmio_read32(uintptr_t addr) { return g_regs[((addr - kBase) / 4) % 64]; }
void pmu_host_mmio_write32(uintptr_t addr, uint32_t value) {
  g_regs[((addr - kBase) / 4) % 64] = value;
  ++g_writes;
}
uint64_t pmu_host_csr_read(uint32_t) { return 0; }
void pmu_host_csr_write(uint32_t, uint64_t) {}
uint64_t pmu_host_csr_set(uint32_t, uint64_t) { return 0; }
uint64_t pmu_host_csr_clear(uint32_t, uint64_t) { return 0; }
// The seventh: the SBI counters' ecall (no SBI here: "not supported").
pmu_host_sbiret_t pmu_host_sbi_call(uint32_t, uint32_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t, uint64_t) {
  return pmu_host_sbiret_t{-2, 0};
}
}

int main(int argc, char** argv) {
  const char* how = argc > 1 ? argv[1] : "host";
  pmu::safesu::SafeSU su(kBase, pmu::safesu::k4c128);
  // Output 0 lives in the first crossbar register (idx 43 on 4c/128e), bits 6:0.
  const bool routed = su.route(0, 42) == pmu::Status::kOk && (g_regs[43] & 0x7F) == 42;
  const bool rejected = su.route(24, 1) == pmu::Status::kBadArg && g_writes == 1;
  const bool ok = routed && rejected;
  std::printf("%s external %s\n", ok ? "PASS" : "FAIL", how);
  return ok ? 0 : 1;
}
