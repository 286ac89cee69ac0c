// SPDX-License-Identifier: Apache-2.0
// QEMU boards: the units the machine lacks come from the simulator's
// emulated SoC (pmu_sim/soc.hpp), placed and wired as the board's records
// (board_config.hpp) say.
#include "board_config.hpp"
#include "devices.hpp"
#include "pmu_sim/harness.hpp"
#include "pmu_sim/soc.hpp"
#if defined(__riscv)
#include "pmu/riscv/counters.hpp"
#include "virt_irq.hpp"
#endif

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

#if defined(__riscv) && !(defined(BOARD_SMODE) && BOARD_SMODE)
// The tick: hpm18 (QEMU's last with pmu-num 16) counts QEMU's cycles event
// (1) and overflows every g_tick_cycles; its callback polls the models and
// preloads it again (the counter file's hook clears OF after it).
constexpr unsigned kTickCounter = 18;
constexpr uint64_t kQemuCycles = 1;
constexpr pmu::riscv::CounterConfig kTickFile{1u << kTickCounter, true, true,
                                              pmu::riscv::OverflowSource::kEventOf};
pmu::riscv::Counters g_tick_file(kTickFile);
pmu::riscv::CounterCallbacks g_tick_callbacks;
uint32_t g_tick_cycles;

void on_tick(void*, unsigned) {
  harness::poll();
  g_tick_file.write_unchecked(kTickCounter, uint64_t{0} - g_tick_cycles);
}
#endif

}  // namespace

#if defined(__riscv) && !(defined(BOARD_SMODE) && BOARD_SMODE)
bool tick_devices(uint32_t cycles) {
  if (cycles == 0) return false;
  g_tick_cycles = cycles;
  g_tick_file.attach_callbacks(&g_tick_callbacks);
  const uint32_t bit = 1u << kTickCounter;
  return g_tick_file.init() == pmu::Status::kOk &&
         g_tick_file.program(kTickCounter, pmu::riscv::make_hpm_event(kQemuCycles).value()) == pmu::Status::kOk &&
         g_tick_file.on_overflow(kTickCounter, pmu::IrqCallback{on_tick, nullptr}) == pmu::Status::kOk &&
         board::irq_attach(board::virt::kLcofiLine, pmu::riscv::Counters::overflow_isr, &g_tick_file) &&
         g_tick_file.enable_overflow_irq() == pmu::Status::kOk && g_tick_file.start(bit) == pmu::Status::kOk &&
         g_tick_file.write(kTickCounter, uint64_t{0} - cycles) == pmu::Status::kOk;
}
void stop_ticking() {
  (void)g_tick_file.stop(1u << kTickCounter);
  board::irq_detach(board::virt::kLcofiLine);
}
#else
bool tick_devices(uint32_t) { return false; }
void stop_ticking() {}
#endif

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
