// SPDX-License-Identifier: Apache-2.0
// ibex_profile: the Ibex hardware performance counters around a workload.
// The image asks the core what it has (ibex::probe_core: which
// mhpmcounter3..12 exist, their width) and uses exactly that: the stock
// simple system has none (mcycle and minstret only), OpenTitan's build 10 of
// 32 bits, a "fully featured" build 10 of 40. Counter N counts event N;
// every total is extended to 64 bits in software. An absent counter is
// reported as absent, never as a zero.
#define PMU_EXAMPLE_IBEX 1
#include "board.hpp"
#include "board_config.hpp"
#include "console.hpp"
#include "csr_unit.hpp"
#include "devices.hpp"
#include "pmu/report.hpp"
#include "pmu/riscv/ibex.hpp"
#include "workload.hpp"

namespace {
using examples::ok;
using examples::print;
using examples::print_dec;
namespace ibex = pmu::riscv::ibex;

pmu::riscv::CounterTotals g_totals;  // the 64-bit totals (opt-in storage)

void describe(const ibex::Found& f) {
  print("core: MHPMCounterNum = ");
  print_dec(f.mhpm_counter_num());
  if (f.mhpm_counter_num() != 0) {
    print(", MHPMCounterWidth = ");
    print_dec(f.width);
    print(" (mhpmcounter3..");
    print_dec(2 + f.mhpm_counter_num());
    print(")\n");
  } else {
    print(": mcycle and minstret only\n");
  }
  if (f.mhpm_counter_num() != examples::kIbexHpmNum ||
      (f.mhpm_counter_num() != 0 && f.width != examples::kIbexHpmWidth)) {
    print("note: the board configuration says MHPMCounterNum = ");
    print_dec(examples::kIbexHpmNum);
    print(", width ");
    print_dec(examples::kIbexHpmWidth);
    print("; using what the core has\n");
  }
}
}  // namespace

extern "C" int main() {  // C linkage: built by clang, -ffreestanding gives main a C++ name
  print("ibex_profile: Ibex performance counters (board ");
  print(board::name());
  print(")\n");
  examples::attach_emulated_devices(examples::kIbexCsrs);
  const ibex::Found found = ibex::probe_core();
  describe(found);
  const ibex::Config cfg = found.config();
  ibex::IbexCounters hpm(cfg);
  hpm.track_totals(&g_totals);
  ok(ibex::init(hpm, cfg), "init");
  const uint32_t all = hpm.config().counters;
  // Totals before the workload (mcycle/minstret run since reset): the table
  // shows the difference.
  uint64_t before[32] = {};
  for (uint32_t m = all; m != 0; m &= m - 1) {
    const unsigned i = static_cast<unsigned>(__builtin_ctz(m));
    const auto v = hpm.read64(i);
    ok(v.status(), "read64");
    before[i] = v.value_or(0);
  }
  ok(hpm.start(all), "start");
  (void)examples::run_phase(examples::Phase::kCompute, 200);
  (void)examples::run_phase(examples::Phase::kStream, 200);
  print("workload: 200 rounds of compute, 200 rounds of stream (4 KiB copy)\n\n");
  examples::expect(examples::stream_did_its_work(), "the stream phase copied its buffer");

  pmu::report::Row rows[16];
  unsigned k = 0;
  bool all_read = true;
  for (uint32_t m = all; m != 0 && k < 16; m &= m - 1) {
    const unsigned i = static_cast<unsigned>(__builtin_ctz(m));
    const auto v = hpm.read64(i);
    all_read &= ok(v.status(), "read64");
    if (v.ok()) rows[k++] = {i, ibex::event_name(i), v.value() - before[i]};
  }
  // Stopped after reading: QEMU 7.2's mcycle/minstret read stale values
  // while inhibited.
  ok(hpm.stop(all), "stop");
  ok(pmu::report::print(examples::console(), "Ibex counters during the workload (counter N counts event N)", rows, k,
                        pmu::report::Format::kTable),
     "report::print");
  for (unsigned id = pmu::riscv::kFirstHpm; id <= ibex::kMaxEventId; ++id) {
    if (ibex::counter_for_event(id, cfg).ok()) continue;
    print("  ");
    print(ibex::event_name(id));
    print(": no counter on this core (not measured)\n");
  }
  print("\n");
  examples::expect(all_read && k >= 2 && rows[0].value > 0 && rows[1].value > 0, "mcycle and minstret counted");
  if (ibex::counter_for_event(static_cast<unsigned>(ibex::Event::kNumLoads), cfg).ok()) {
    uint64_t loads = 0;
    for (unsigned r = 0; r < k; ++r)
      if (rows[r].index == static_cast<unsigned>(ibex::Event::kNumLoads)) loads = rows[r].value;
    examples::expect(loads >= 200u * 16u, "the stream phase's loads counted (at least one per word copied)");
  }
  return examples::verdict("every counter the core has read, the workload counted");
}
