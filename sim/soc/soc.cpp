// SPDX-License-Identifier: Apache-2.0
// The emulated SoC (pmu_sim/soc.hpp): the units the machine lacks are
// pmukit's behavioural models (sim/models), served by the trap-and-emulate
// runtime; workload phases become event levels on the SafeSU's inputs, as
// SELENE's catalogue defines them (pmu_sim/soc_events.hpp), and event rates
// of the CM and CSR models.
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

// The catalogue's inputs by name, resolved at compile time: a name the
// table does not have does not build.
constexpr uint16_t event_input(const char* name) {
  return pmu::safesu::event_index(kEvents, name).value_or(kNoInput);
}
constexpr uint16_t kHigh = event_input("const_high");
constexpr uint16_t kPipe0 = event_input("core0.inst_pipe0");
constexpr uint16_t kPipe1 = event_input("core0.inst_pipe1");
constexpr uint16_t kIcacheMiss = event_input("core0.icache_miss");
constexpr uint16_t kDcacheMiss = event_input("core0.dcache_l1_miss");
constexpr uint16_t kDtlbMiss = event_input("core0.dtlb_miss");
constexpr uint16_t kBranchMiss = event_input("core0.branch_miss");
constexpr uint16_t kWaitsForCore1 = event_input("core0.ccs_over_core1");
constexpr uint16_t kWaitsForCore2 = event_input("core0.ccs_over_core2");
static_assert(kHigh != kNoInput && kPipe0 != kNoInput && kPipe1 != kNoInput && kIcacheMiss != kNoInput &&
                  kDcacheMiss != kNoInput && kDtlbMiss != kNoInput && kBranchMiss != kNoInput &&
                  kWaitsForCore1 != kNoInput && kWaitsForCore2 != kNoInput,
              "every input the emulated SoC drives is in its catalogue");
static_assert(kEvents.n_inputs == 128 && kEvents.n_cores == 4, "the catalogue of the emulated build");

// The catalogue's tied inputs (debug constants, fillers) at their level,
// from attach on: const_high is high every cycle, the rest stay low.
void drive_fixed_levels() {
  for (size_t i = 0; i < kEvents.count; ++i) {
    const pmu::safesu::Event& e = kEvents.events[i];
    const bool fixed = e.type == pmu::safesu::EventType::kDebug || e.type == pmu::safesu::EventType::kConstant;
    if (fixed) safesu().set_event(e.index, e.level != 0);
  }
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
    drive_fixed_levels();
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

// Core 0 runs the workload; the other cores are bus masters that core 0
// waits for (the contention cycle stack inputs "C0 over Cj"). Levels held
// for a whole phase:
//   compute       pipeline 0 issues every cycle (the round is one dependency
//                 chain: pipeline 1 idles)
//   matrix        both pipelines (independent multiplies)
//   stream        both pipelines (loads, stores and the adds beside them)
//   long-request  core 0 stalls behind core 1's locked burst: no issue,
//                 "C0 over C1" high for the whole phase
void safesu_levels(Phase p, bool on) {
  switch (p) {
    case Phase::kCompute:
      level(kPipe0, on);
      break;
    case Phase::kMatrix:
    case Phase::kStream:
      level(kPipe0, on);
      level(kPipe1, on);
      break;
    case Phase::kLongRequest:
      level(kWaitsForCore1, on);
      break;
  }
}

}  // namespace

void phase_begin(Phase p) {
  pulse(kIcacheMiss, 1);
  safesu_levels(p, true);
  cm_rates(p, true);
  csr_rates(p, true);
}

// Pulse inputs are high for one cycle per event; contention inputs for as
// long as core 0 waits. Every phase starts with one I-cache miss (new code).
// Per round:
//   compute  one branch-predictor miss (the inner loop's exit)
//   stream   one L1 D-cache miss (each round copies a new 64-byte block),
//            one D-TLB miss every 64 rounds (a new 4 KiB page), a 20-cycle
//            wait for core 1 every other round and an 8-cycle wait for core 2
//            every fourth (cores 1 and 2 stream too) - far below an RDC
//            threshold
void phase_round(Phase p, unsigned round) {
  switch (p) {
    case Phase::kCompute:
      pulse(kBranchMiss, 1);
      break;
    case Phase::kStream:
      pulse(kDcacheMiss, 1);
      if (round % 64 == 0) pulse(kDtlbMiss, 1);
      if (round % 2 == 0) pulse(kWaitsForCore1, 20);
      if (round % 4 == 0) pulse(kWaitsForCore2, 8);
      break;
    case Phase::kLongRequest:
    case Phase::kMatrix:
      break;
  }
}

void phase_end(Phase p) {
  safesu_levels(p, false);
  cm_rates(p, false);
  csr_rates(p, false);
}

// ---- the event port -------------------------------------------------------------
namespace {

// A write pulses the input it names for one unit cycle. The harness brought
// the SafeSU up to now before the access and compares its lines after it,
// so the flag a pulse latches raises the line before the store's trap
// returns. Reads give 0.
class EventPort final : public pmu::models::MmioModel {
 public:
  static constexpr uint32_t kWindowSize = 0x1000;
  uint32_t read(uint32_t, unsigned) override { return 0; }
  void write(uint32_t, unsigned, uint32_t input) override {
    if (input >= kEvents.n_inputs) return;
    safesu().set_event(input, true);
    safesu().advance(1);
    safesu().set_event(input, false);
  }
  void advance(uint64_t) override {}
  uint32_t irq_outputs() const override { return 0; }
};
EventPort& event_port() {
  static EventPort port;
  return port;
}

}  // namespace

bool attach_event_port(uintptr_t at) {
  const bool ok = (g_units & kSafesu) != 0 &&
                  harness::map_mmio(at, EventPort::kWindowSize, &event_port()) != nullptr;
  if (ok) {
    note("SoC event port", at, "a store of a SafeSU input's number raises it for one cycle");
  } else {
    harness::print("emulated: no SoC event port (SafeSU not emulated, or harness table full?)\n");
  }
  return ok;
}

}  // namespace pmu_sim::soc
