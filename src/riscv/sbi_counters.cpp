// SPDX-License-Identifier: Apache-2.0
#include "pmu/riscv/sbi_counters.hpp"

namespace pmu::riscv::sbi {

Result<uint32_t> discover(SbiCounters& file) {
  const CounterConfig& cfg = file.config();
  if (!cfg.present) return Status::kUnavailable;
  if ((cfg.counters & ~kMachineCounterSlots) != 0) return Status::kBadArg;
  const hal::SbiRet probe = sbi_pmu::probe();
  if (probe.error != hal::kSbiSuccess || probe.value == 0) return Status::kUnavailable;
  const hal::SbiRet n = sbi_pmu::num_counters();
  if (n.error != hal::kSbiSuccess) return SbiMap::status(n.error);
  uint32_t found = 0;
  unsigned widths[kNumCounterSlots] = {};
  for (uint32_t m = cfg.counters; m != 0; m &= m - 1) {
    const unsigned i = util::ctz32(m);
    if (i >= n.value) continue;
    const Result<sbi_pmu::CounterInfo> info = SbiMap::info(i);
    if (!info.ok() || info.value().firmware() || info.value().csr() != csr::kHpmcounterBase + i) continue;
    found |= 1u << i;
    widths[i] = info.value().width();
  }
  if (found != cfg.counters) return Status::kMismatch;
  for (uint32_t m = found; m != 0; m &= m - 1) {
    const unsigned i = util::ctz32(m);
    (void)file.set_width(i, widths[i]);
  }
  return found;
}

}  // namespace pmu::riscv::sbi
