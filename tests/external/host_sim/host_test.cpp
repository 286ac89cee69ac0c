// SPDX-License-Identifier: Apache-2.0
// A host unit test of PMU code, built outside pmukit's tree against the
// installed pmukit-host-sim (CMake or pkg-config): the driver runs on the
// PC and pmukit's behavioural model of the SafeSU answers every register
// access (pmu_sim::ModelBus), so the test sees what the hardware would.
// Prints one line per check and "verdict: PASS|FAIL" (exit status 0 on PASS).
#include <stdio.h>

#include "pmu/safesu/safesu.hpp"
#include "pmu/version.hpp"
#include "pmu_sim/host_bus.hpp"
#include "pmu_sim/safesu_soc.hpp"

namespace {
int g_failures;
void check(bool ok, const char* what) {
  printf("%s %s\n", ok ? "ok  " : "FAIL", what);
  if (!ok) ++g_failures;
}
}  // namespace

int main() {
  printf("host test against pmukit %s's models\n", PMU_VERSION_STRING);
  constexpr uintptr_t kBase = 0x80100000;
  pmu::models::SafesuModel model{pmu_sim::safesu_config_4c128()};
  pmu_sim::ModelBus bus;
  bus.map(kBase, pmu::models::SafesuModel::kWindowSize, &model);
  pmu_sim::ScopedBackend use(bus);  // every register access of the driver goes to the model

  pmu::safesu::SafeSU su(kBase, pmu::safesu::k4c128);
  check(su.reset() == pmu::Status::kOk, "counters reset");
  check(su.route(0, 1) == pmu::Status::kOk, "route counter 0 to event 1");
  check(su.routed_event(0).value_or(0) == 1, "the crossbar reads back event 1");
  bus.clear_log();
  check(su.route(su.layout().n_counters, 1) == pmu::Status::kBadArg && bus.log.empty(),
        "a counter past the last is refused without a register access");

  check(su.start(su.all_counters()) == pmu::Status::kOk, "counters on");
  model.set_event(1, true);  // the SoC raises event 1
  bus.advance(1000);         // 1000 cycles pass
  const auto n = su.read(0);
  printf("counter 0: %u\n", static_cast<unsigned>(n.value_or(0)));
  // The model is the RTL's cycle-exact twin: the event reaches the counter a
  // cycle or so after it rises.
  check(n.ok() && n.value() + 5 >= 1000 && n.value() <= 1005, "counter 0 counted the ~1000 cycles event 1 was high");
  bus.clear_log();
  (void)su.read(0);
  check(bus.mmio_accesses() == 1, "reading a counter is one bus access");

  printf("verdict: %s\n", g_failures == 0 ? "PASS" : "FAIL");
  return g_failures == 0 ? 0 : 1;
}
