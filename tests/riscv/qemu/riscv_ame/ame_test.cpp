// SPDX-License-Identifier: Apache-2.0
// AME counters on qemu-virt-rv64: every AME CSR is served by the model; the
// AME overflow hook is entered by a real trap (model line -> board line).
#include "board_config.hpp"
#include "pmu_sim/harness.hpp"
#include "qemu/test.hpp"
#include "pmu/riscv/ame.hpp"
#include "pmu_sim/riscv_csr_model.hpp"

namespace {
using namespace pmu::riscv;

pmu::models::RiscvCsrConfig ame_cfg() {
  pmu::models::RiscvCsrConfig c;
  c.standard = false;
  c.ame = true;
  c.serve_irq_csrs = false;
  return c;
}

struct HookCtx {
  ame::AmeCounters* ame;
  // Written by the interrupt handler, polled by the test.
  volatile uint32_t handled;
  volatile unsigned callbacks;
  volatile unsigned last_counter;
};
void on_line(void* ctx) {
  auto* h = static_cast<HookCtx*>(ctx);
  h->handled |= h->ame->handle_overflow_irq().value_or(0);
}
void on_counter(void* ctx, unsigned counter) {
  auto* h = static_cast<HookCtx*>(ctx);
  ++h->callbacks;
  h->last_counter = counter;
}
}  // namespace

TEST_CASE(riscv_ame, program_count_and_read_through_the_stub) {
  pmu::models::RiscvCsrModel model(ame_cfg());
  model.set_ame_event_rate(8, 2);  // amu_mma_fp16
  harness::map_csr(&model);
  ame::AmeCounters a(ame::AmeConfig{true, 0xFFFFFFFD});
  CHECK_OK(a.init());
  CHECK_OK(ame::program(a, 3, ame::decode(ame::single(8).value()).value()));
  CHECK_EQ(model.ame_event(3), uint64_t{8});
  CHECK_OK(ame::set_counteren(a, 0x9, 0x1, 0x1));
  CHECK_OK(a.start(0x9));
  const uint64_t v0 = a.read(3).value();
  for (volatile int i = 0; i < 500; i = i + 1) {
  }
  const uint64_t v1 = a.read(3).value();
  CHECK(v1 - v0 >= 1000);  // 2 per guest cycle
  CHECK(a.read(0).value() > 0);
  uintptr_t shadow;
  __asm__ volatile("csrr %0, 0xCE3" : "=r"(shadow));  // ame_hpmcounter3 (URO shadow)
  CHECK(shadow >= v1);
  harness::unmap_csr();
}

TEST_CASE(riscv_ame, illegal_optype_is_rejected_before_any_access) {
  pmu::models::RiscvCsrModel model(ame_cfg());
  harness::map_csr(&model);
  const uint32_t t0 = harness::csr_traps();
  ame::AmeCounters a(ame::AmeConfig{true, 0xFFFFFFFD});
  ame::Composition c;
  c.op[1] = static_cast<ame::OpType>(3);
  CHECK(ame::program(a, 3, c) == pmu::Status::kBadArg);
  ame::AmeCounters undeclared(ame::AmeConfig{});
  CHECK(undeclared.read(3).status() == pmu::Status::kUnavailable);
  CHECK_EQ(harness::csr_traps(), t0);
  harness::unmap_csr();
}

TEST_CASE(riscv_ame, overflow_hook_entered_by_a_real_trap) {
  pmu::models::RiscvCsrModel model(ame_cfg());
  model.set_ame_event_rate(11, 1);  // amu_aml_active
  static const uint8_t lines[] = {0xFF, board::config::kAme.irq};  // model bit 1 = AME overflow
  harness::map_csr(&model, lines, 2);
  ame::AmeCounters a(ame::AmeConfig{true, 0xFFFFFFFD});
  HookCtx h{&a, 0, 0, 0};
  CHECK(harness::attach_irq_handler(board::config::kAme.irq, on_line, &h));
  CHECK_OK(a.init());
  pmu::riscv::CounterCallbacks cbs;
  a.attach_callbacks(&cbs);
  CHECK_OK(a.on_overflow(6, {on_counter, &h}));
  CHECK_OK(ame::program(a, 6, ame::decode(ame::single(11).value()).value()));
  CHECK_OK(a.write(6, ~uint64_t{0} - 300));
  board::irq_global_enable();
  CHECK_OK(a.start(0x40));
  for (int i = 0; i < 2000 && h.callbacks == 0; ++i) harness::poll();
  board::irq_global_disable();
  CHECK_EQ(h.callbacks, 1u);
  CHECK_EQ(h.last_counter, 6u);
  CHECK_EQ(h.handled, 0x40u);
  CHECK(harness::irq_entries(board::config::kAme.irq) >= 1);
  CHECK_EQ(model.ame_event(6) >> 63, uint64_t{0});  // OF cleared: re-armed
  CHECK_EQ(model.irq_outputs(), 0u);
  board::irq_detach(board::config::kAme.irq);
  harness::unmap_csr();
}
