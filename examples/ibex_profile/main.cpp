// SPDX-License-Identifier: Apache-2.0
// ibex_profile: the Ibex hardware performance counters around a workload:
// mcycle, minstret and mhpmcounter3..12, each counting its fixed event
// (Ibex wires counter N to event N), extended to 64 bits in software.
#define PMU_EXAMPLE_IBEX 1
#include "board.hpp"
#include "console.hpp"
#include "csr_unit.hpp"
#include "devices.hpp"
#include "pmu/report.hpp"
#include "pmu/riscv/ibex.hpp"
#include "workload.hpp"

namespace {
using examples::ok;
using examples::print;
namespace ibex = pmu::riscv::ibex;
ibex::IbexCounters g_hpm{ibex::Config{examples::kIbexHpmNum, examples::kIbexHpmWidth}};
}  // namespace

int main() {
  print("ibex_profile: Ibex performance counters (board ");
  print(board::name());
  print(")\n");
  examples::attach_emulated_devices(examples::kIbexCsrs);
  ok(g_hpm.init(), "init");
  const uint32_t all = g_hpm.counters();
  // Counts before the workload (mcycle/minstret run since reset): the table
  // shows the difference.
  uint64_t before[32] = {};
  unsigned n = 0;
  for (uint32_t m = all; m != 0; m &= m - 1) {
    const unsigned i = static_cast<unsigned>(__builtin_ctz(m));
    const auto v = g_hpm.read_extended(i);
    ok(v.status(), "read_extended");
    before[i] = v.ok() ? v.value() : 0;
    ++n;
  }
  ok(g_hpm.start(all), "start");
  (void)examples::run_phase(examples::Phase::kCompute, 200);
  (void)examples::run_phase(examples::Phase::kStream, 200);
  print("workload: 200 rounds of compute, 200 rounds of stream (4 KiB copy)\n\n");

  pmu::report::Row rows[16];
  unsigned k = 0;
  for (uint32_t m = all; m != 0 && k < 16; m &= m - 1) {
    const unsigned i = static_cast<unsigned>(__builtin_ctz(m));
    const auto v = g_hpm.read_extended(i);
    ok(v.status(), "read_extended");
    rows[k++] = {i, ibex::event_name(i), v.ok() ? v.value() - before[i] : 0};
  }
  // Stopped after reading: QEMU 7.2's mcycle/minstret read stale values
  // while inhibited.
  ok(g_hpm.stop(all), "stop");
  ok(pmu::report::print(examples::console(), "Ibex counters during the workload (counter N counts event N)", rows, k,
                        pmu::report::Format::kTable),
     "report::print");
  print("\n");
  examples::expect(k == n && rows[0].value > 0 && rows[1].value > 0, "mcycle and minstret counted");
  uint64_t loads = 0;
  for (unsigned r = 0; r < k; ++r)
    if (rows[r].index == static_cast<unsigned>(ibex::Event::kNumLoads)) loads = rows[r].value;
  examples::expect(loads > 0, "loads counted");
  return examples::verdict("every Ibex counter read, the workload counted");
}
