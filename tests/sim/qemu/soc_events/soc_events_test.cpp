// SPDX-License-Identifier: Apache-2.0
// The emulated SoC's event wires against its catalogue (SELENE 4c/128,
// pmu_sim/soc_events.hpp): for each workload phase, every one of the 128
// SafeSU inputs is routed to a counter (24 at a time) while the phase runs,
// and exactly the inputs the phase names count - the pulse inputs exactly
// once per event, the contention inputs for exactly as long as the waits
// last - and every other input, const_low and the fillers included, counts
// nothing.
#include "board.hpp"
#include "board_config.hpp"
#include "pmu/safesu/events.hpp"
#include "pmu/safesu/safesu.hpp"
#include "pmu_sim/harness.hpp"
#include "pmu_sim/soc.hpp"
#include "pmu_sim/soc_events.hpp"
#include "qemu/test.hpp"

namespace {

namespace soc = pmu_sim::soc;
using pmu::safesu::Route;
using pmu::safesu::SafeSU;
using soc::Phase;

constexpr unsigned kInputs = 128;
constexpr unsigned kRounds = 8;
constexpr uint32_t kSomeCycles = 0xFFFFFFFFu;  // a level input: counts, how long depends on the code

// The emulated SafeSU, mapped again for each test (the runner resets the
// harness between tests; the model keeps its state).
SafeSU& unit() {
  static SafeSU su{board::config::kSafesu.base, pmu::safesu::k4c128};
  CHECK(soc::attach(soc::kSafesu, soc::Placement{board::config::kSafesu,
                                                 board::CmInstance{0, false, board::kNotWired},
                                                 board::AmeInstance{false, board::kNotWired}}));
  return su;
}

// What one input must count over one run of a phase.
struct Expected {
  const char* name;  // in the catalogue
  uint32_t count;    // exact, or kSomeCycles
};

// Runs phase p for kRounds rounds once per batch of 24 inputs and records
// what each input counted.
void measure(Phase p, uint32_t (&counts)[kInputs]) {
  SafeSU& su = unit();  // once per test
  const unsigned n_counters = su.layout().n_counters;
  for (unsigned first = 0; first < kInputs; first += n_counters) {
    const unsigned n = kInputs - first < n_counters ? kInputs - first : n_counters;
    Route routes[pmu::safesu::kMaxCounters];
    for (unsigned k = 0; k < n; ++k) routes[k] = {static_cast<uint8_t>(k), static_cast<uint16_t>(first + k)};
    CHECK_OK(su.stop(su.all_counters()));
    CHECK_OK(su.route_table(routes, n));
    CHECK_OK(su.reset());
    CHECK_OK(su.start(su.all_counters()));
    soc::phase_begin(p);
    for (unsigned r = 0; r < kRounds; ++r) {
      soc::phase_round(p, r);
      for (volatile unsigned spin = 0; spin < 50; spin = spin + 1) {
      }
    }
    soc::phase_end(p);
    CHECK_OK(su.stop(su.all_counters()));
    for (unsigned k = 0; k < n; ++k) {
      const auto v = su.read(k);
      CHECK(v.ok());
      counts[first + k] = v.value_or(0);
    }
  }
}

// Every input: the named ones as expected, all others 0.
template <unsigned N>
void check_phase(Phase p, const Expected (&expected)[N]) {
  uint32_t counts[kInputs] = {};
  measure(p, counts);
  bool named[kInputs] = {};
  for (const Expected& e : expected) {
    const auto index = pmu::safesu::event_index(soc::kEvents, e.name);
    CHECK(index.ok());
    if (!index.ok()) continue;
    const unsigned i = index.value();
    named[i] = true;
    const bool good = e.count == kSomeCycles ? counts[i] > 0 : counts[i] == e.count;
    if (!good)
      harness::printf("  input %u (%s): counted %lu, expected %lu\n", i, e.name,
                      static_cast<unsigned long>(counts[i]), static_cast<unsigned long>(e.count));
    CHECK(good);
  }
  for (unsigned i = 0; i < kInputs; ++i) {
    if (named[i] || counts[i] == 0) continue;
    const auto e = pmu::safesu::event_at(soc::kEvents, i);
    harness::printf("  input %u (%s): counted %lu, the phase does not raise it\n", i,
                    e.ok() ? e.value().name : "?", static_cast<unsigned long>(counts[i]));
    CHECK_EQ(counts[i], 0u);
  }
}

}  // namespace

TEST_CASE(soc_events, compute_raises_pipeline0_and_a_branch_miss_per_round) {
  const Expected e[] = {{"const_high", kSomeCycles},
                        {"core0.inst_pipe0", kSomeCycles},
                        {"core0.icache_miss", 1},
                        {"core0.branch_miss", kRounds}};
  check_phase(Phase::kCompute, e);
}

TEST_CASE(soc_events, stream_raises_both_pipelines_misses_and_short_waits) {
  const Expected e[] = {{"const_high", kSomeCycles},
                        {"core0.inst_pipe0", kSomeCycles},
                        {"core0.inst_pipe1", kSomeCycles},
                        {"core0.icache_miss", 1},
                        {"core0.dcache_l1_miss", kRounds},
                        {"core0.dtlb_miss", 1},                    // round 0 opens the first page
                        {"core0.ccs_over_core1", 20 * kRounds / 2},  // 20 cycles every other round
                        {"core0.ccs_over_core2", 8 * kRounds / 4}};  // 8 cycles every fourth round
  check_phase(Phase::kStream, e);
}

TEST_CASE(soc_events, long_request_holds_the_wait_for_core1) {
  const Expected e[] = {{"const_high", kSomeCycles}, {"core0.icache_miss", 1}, {"core0.ccs_over_core1", kSomeCycles}};
  check_phase(Phase::kLongRequest, e);
}

TEST_CASE(soc_events, matrix_raises_both_pipelines) {
  const Expected e[] = {{"const_high", kSomeCycles},
                        {"core0.inst_pipe0", kSomeCycles},
                        {"core0.inst_pipe1", kSomeCycles},
                        {"core0.icache_miss", 1}};
  check_phase(Phase::kMatrix, e);
}
