// SPDX-License-Identifier: Apache-2.0
// QEMU boards: the units the machine lacks come from the simulator's
// emulated SoC (pmu_sim/soc.hpp), placed and wired as the board's records
// (board_config.hpp) say.
#include "board_config.hpp"
#include "devices.hpp"
#include "pmu_sim/harness.hpp"
#include "pmu_sim/soc.hpp"

namespace examples {
namespace {

constexpr pmu_sim::soc::Placement kPlacement = {
    board::config::kSafesu,
#if defined(__riscv)
    board::config::kCm,
    board::config::kAme,
#else
    board::CmInstance{0, false, board::kNotWired},
    board::AmeInstance{false, board::kNotWired},
#endif
};

}  // namespace

bool attach_emulated_devices(unsigned units) {
  (void)pmu_sim::soc::attach(units, kPlacement);  // says so itself if a model could not be mapped
  return true;
}
bool attach_irq(unsigned line, board::IrqHandler handler, void* ctx) {
  return harness::attach_irq_handler(line, handler, ctx);
}
void detach_irq(unsigned line) { board::irq_detach(line); }
void service_devices() { pmu_sim::soc::service(); }

}  // namespace examples
