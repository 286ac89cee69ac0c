// SPDX-License-Identifier: Apache-2.0
// The emulated SoC (pmu_sim/soc.hpp): the units the machine lacks are
// pmukit's behavioural models (sim/models), served by the trap-and-emulate
// runtime; workload phases become event levels on the SafeSU's inputs and
// event rates of the CM and CSR models.
#include "pmu_sim/soc.hpp"

#include "board.hpp"
#include "pmu_sim/harness.hpp"
#include "pmu_sim/safesu_model.hpp"
#include "pmu_sim/safesu_soc.hpp"
#include "pmu_sim/soc_events.hpp"
#if defined(__riscv)
#include "pmu/cm/layout.hpp"
#include "pmu/riscv/csr_bank.hpp"
#include "pmu/riscv/ibex.hpp"
#include "pmu_sim/cm_model.hpp"
#include "pmu_sim/riscv_csr_model.hpp"
#endif

namespace pmu_sim::soc {
namespace {

using pmu::models::SafesuModel;

// Run fn (model bookkeeping) without the models seeing its cost as program
// time: its cycles go to the emulation account, minus what the exception
// accounting already put there (device accesses of a hook taken meanwhile).
template <typename Fn>
void unseen(Fn fn) {
  const uint64_t c0 = board::cycles();
  const uint64_t e0 = harness::emulation_time();
  fn();
  const uint64_t spent = board::cycles() - c0;
  const uint64_t traps = harness::emulation_time() - e0;
  if (spent > traps) harness::add_emulation_time(spent - traps);
}

unsigned g_units = 0;

// The 4-core, 128-event build.
SafesuModel& safesu() {
  static SafesuModel model{safesu_config_4c128()};
  return model;
}
// The wiring tables live as long as the mappings that point at them.
SafesuWiring g_safesu_wiring;

#if defined(__riscv)
pmu::models::CmPerfModel& cm() {
  static pmu::models::CmPerfModel model;
  return model;
}
uint8_t g_cm_lines[1];

pmu::models::RiscvCsrConfig csr_config(unsigned units) {
  pmu::models::RiscvCsrConfig c;
  c.serve_irq_csrs = false;  // QEMU has mip/mie itself
  if ((units & kIbexCsrs) != 0) {
    c.xlen = 32;
    c.ibex = true;
    c.num_hpm = 10;
    c.width = 40;
  } else {
    c.standard = false;
    c.ame = true;
  }
  return c;
}
pmu::models::RiscvCsrModel& csrs(unsigned units) {
  static pmu::models::RiscvCsrModel model(csr_config(units));
  return model;
}
// Model output bit 1 = AME overflow.
uint8_t g_csr_lines[2];
#endif

void note(const char* unit, uintptr_t where, const char* what) {
  if (where != 0) {
    harness::printf("emulated: %s at 0x%08lx - %s\n", unit, static_cast<unsigned long>(where), what);
  } else {
    harness::printf("emulated: %s - %s\n", unit, what);
  }
}

// Set SafeSU input 'event' to 'level' after bringing the model up to now,
// so the cycles so far are counted with the old level.
void level(unsigned event, bool on) {
  if ((g_units & kSafesu) == 0) return;
  unseen([&] {
    harness::poll();
    safesu().set_event(event, on);
  });
}

// A pulse of a fixed number of unit cycles on input 'event': the emulated
// SoC's short requests last as long on every board, however fast the CPU
// runs the code between two level changes (SPARC needs about 125 cycles
// for that, RV64 about 35).
void pulse(unsigned event, unsigned cycles) {
  if ((g_units & kSafesu) == 0) return;
  unseen([&] {
    harness::poll();
    safesu().set_event(event, true);
    safesu().advance(cycles);
    safesu().set_event(event, false);
  });
}

}  // namespace

bool attach(unsigned units, const Placement& where) {
  g_units = units;
  bool ok = true;
  if ((units & kSafesu) != 0) {
    // The model is the 4-core, 128-event build: a record of another build
    // would make the driver compute another layout.
    ok &= where.safesu.cores == 4 && where.safesu.events == 128;
    g_safesu_wiring = safesu_wiring(where.safesu);
    ok &= harness::map_mmio(where.safesu.base, SafesuModel::kWindowSize, &safesu(), g_safesu_wiring.lines,
                            g_safesu_wiring.count) != nullptr;
    safesu().set_event(kCpu0Cycles, true);
    note("SafeSU (4 cores, 128 events)", where.safesu.base,
         "QEMU has none; pmukit's behavioural model of the RTL serves it");
  }
#if defined(__riscv)
  if ((units & kCm) != 0) {
    g_cm_lines[0] = where.cm.irq;
    ok &= harness::map_mmio(where.cm.gcr_base + pmu::cm::kGdbOffset, pmu::models::CmPerfModel::kWindowSize,
                            &cm(), g_cm_lines, sizeof(g_cm_lines)) != nullptr;
    note("CM GCR perf block", where.cm.gcr_base + pmu::cm::kGdbOffset,
         "QEMU has none; pmukit's behavioural model serves it");
  }
  if ((units & (kIbexCsrs | kAmeCsrs)) != 0) {
    if ((units & kIbexCsrs) != 0) {
      // QEMU 7.2 keeps mhpmevent3..31 as its own plain storage even with
      // pmu-num=0, so they never reach the model: write the Ibex RTL's
      // hard-wired one-hot values (1 << (i-3)) there, as the core has them.
      for (unsigned i = 3; i < 3 + csrs(units).config().num_hpm; ++i)
        pmu::riscv::CsrBank<pmu::riscv::csr::kMhpmeventBase>::write(i, pmu::hal::csr_word{1} << (i - 3));
    }
    g_csr_lines[0] = kNoLine;
    g_csr_lines[1] = where.ame.irq;
    harness::map_csr(&csrs(units), g_csr_lines, sizeof(g_csr_lines));
    note((units & kIbexCsrs) != 0 ? "Ibex hpm counters mhpmcounter3..12 (40 bits)"
                                   : "AME counter CSRs (XiangShan CUTE)",
         0, "CSRs QEMU does not implement trap; pmukit's CSR model serves them");
  }
#endif
  if (!ok) harness::print("emulated: could not map a model (harness table full?)\n");
  return ok;
}

void service() {
  unseen([] { harness::poll(); });
}

// ---- the event wires ------------------------------------------------------------
namespace {

#if defined(__riscv)
namespace cmev = pmu::cm::event;
void cm_rates(Phase p, bool on) {
  if ((g_units & kCm) == 0) return;
  unseen([] { harness::poll(); });
  const bool stream = on && p == Phase::kStream;
  const bool compute = on && p == Phase::kCompute;
  cm().set_event_rate(cmev::kRequestCount, stream ? 1 : compute ? 1 : 0, stream ? 2 : 16);
  cm().set_event_rate(cmev::kReadDataUsage, stream ? 1 : 0, 4);
  cm().set_event_rate(cmev::kL2HitsMisses, stream ? 1 : 0, 8);
}
void csr_rates(Phase p, bool on) {
  if ((g_units & (kIbexCsrs | kAmeCsrs)) == 0) return;
  unseen([] { harness::poll(); });
  auto& m = csrs(g_units);
  if ((g_units & kIbexCsrs) != 0) {
    namespace ibex = pmu::riscv::ibex;
    const bool compute = on && p == Phase::kCompute;
    const bool stream = on && p == Phase::kStream;
    auto set = [&](ibex::Event e, bool active) { m.set_event_rate(static_cast<unsigned>(e), active ? 1 : 0); };
    set(ibex::Event::kNumCyclesLSU, stream);
    set(ibex::Event::kNumCyclesIF, on);
    set(ibex::Event::kNumLoads, stream);
    set(ibex::Event::kNumStores, stream);
    set(ibex::Event::kNumBranches, compute || stream);
    set(ibex::Event::kNumBranchesTaken, compute);
    set(ibex::Event::kNumCyclesMulWait, compute);
  } else {
    const bool matrix = on && p == Phase::kMatrix;
    const bool stream = on && p == Phase::kStream;
    m.set_ame_event_rate(1, matrix ? 1 : 0);                // amu_load_a_done
    m.set_ame_event_rate(2, matrix ? 1 : 0);                // amu_load_b_done
    m.set_ame_event_rate(8, matrix ? 2 : 0);                // amu_mma_fp16
    m.set_ame_event_rate(11, matrix ? 1 : 0);               // amu_aml_active
    m.set_ame_event_rate(16, matrix || stream ? 1 : 0);     // amu_mem_rd_req
    m.set_ame_event_rate(17, stream ? 1 : 0);               // amu_mem_wr_req
  }
}
#else
void cm_rates(Phase, bool) {}
void csr_rates(Phase, bool) {}
#endif

void safesu_levels(Phase p, bool on) {
  switch (p) {
    case Phase::kCompute:
    case Phase::kMatrix:
      level(kCpu0Compute, on);
      break;
    case Phase::kStream:
      level(kCpu0LoadStore, on);
      level(bus_contention(0), on);
      if (!on) {
        level(kCpu0DcacheMiss, false);
        level(bus_request(0), false);
      }
      break;
    case Phase::kLongRequest:
      level(bus_request(0), on);
      level(bus_contention(0), on);
      break;
  }
}

}  // namespace

void phase_begin(Phase p) {
  safesu_levels(p, true);
  cm_rates(p, true);
  csr_rates(p, true);
}

// Streaming: a short cache-miss stall every fourth round and a short bus
// request every other one (a few tens of cycles: far below an RDC threshold).
void phase_round(Phase p, unsigned round) {
  if (p != Phase::kStream) return;
  if (round % 4 == 0) pulse(kCpu0DcacheMiss, 12);
  if (round % 2 == 0) pulse(bus_request(0), 20);
}

void phase_end(Phase p) {
  safesu_levels(p, false);
  cm_rates(p, false);
  csr_rates(p, false);
}

}  // namespace pmu_sim::soc
