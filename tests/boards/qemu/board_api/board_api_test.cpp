// SPDX-License-Identifier: Apache-2.0
// The board API (boards/common/board.hpp) on a QEMU board, without the
// simulator in between: a handler attached with its context and entered by
// a real trap (irq_force), and board::interrupted_context, which must name
// the code the interrupt stopped and only inside a handler.
#include <stdint.h>

#include "board.hpp"
#include "qemu/test.hpp"

extern "C" char __stack_limit[];
extern "C" char __stack_top[];

namespace {

// A line no device drives on any QEMU board (virt: a virtual line; leon3:
// IRQMP level 4, which leon3_generic leaves unused).
constexpr unsigned kLine = 4;

struct Seen {
  volatile uint32_t calls;
  void* volatile ctx;
  volatile bool context_ok;
  pmu::profile::InterruptedContext context;
  volatile bool saved_window_matches;
};

void on_line(void* ctx) {
  auto* s = static_cast<Seen*>(ctx);
  s->calls = s->calls + 1;
  s->ctx = ctx;
  s->context_ok = board::interrupted_context(&s->context);
#if defined(__sparc__)
  // The windows were flushed: the interrupted window's save area at its %sp
  // holds its %i6 and %i7 (words 14 and 15), the start of a frame walk.
  const auto* save = reinterpret_cast<const uint32_t*>(s->context.sp);
  s->saved_window_matches = save[14] == s->context.fp && save[15] == s->context.ra;
#else
  s->saved_window_matches = true;
#endif
  board::irq_detach(kLine);  // quieten the line: it was forced once
}

// Forces the line with interrupts off, then lets the CPU take it: the
// interrupted code is the instruction after the one irq_global_enable used
// to open interrupts. noinline: the caller of irq_global_enable is here.
__attribute__((noinline)) void take_the_forced_line(Seen* seen) {
  board::irq_global_disable();
  (void)board::irq_force(kLine);
  board::irq_global_enable();
  for (volatile int i = 0; i < 1000 && seen->calls == 0; i = i + 1) {
  }
  board::irq_global_disable();
}

// Attaches on_line with a fresh Seen as its context and takes the line once.
Seen& attach_and_take() {
  static Seen seen;
  seen = Seen{};
  CHECK(board::irq_attach(kLine, on_line, &seen));
  take_the_forced_line(&seen);
  CHECK_EQ(seen.calls, 1u);
  return seen;
}

}  // namespace

TEST_CASE(board_api, interrupted_context_is_false_outside_a_handler) {
  pmu::profile::InterruptedContext c{};
  c.pc = 0x1234;
  CHECK(!board::interrupted_context(&c));
  CHECK_EQ(c.pc, uintptr_t{0x1234});  // nothing written
}

TEST_CASE(board_api, attach_refuses_lines_the_board_lacks) {
  static Seen seen{};
  CHECK(!board::irq_attach(board::kNotWired, on_line, &seen));
  CHECK(!board::irq_attach(board::kMaxIrqLines, on_line, &seen));
  CHECK(!board::irq_attach(kLine, nullptr, &seen));
}

TEST_CASE(board_api, forced_line_runs_the_handler_with_its_context) {
  const Seen& seen = attach_and_take();
  CHECK(seen.ctx == &seen);
}

TEST_CASE(board_api, interrupted_context_names_the_interrupted_code) {
  const Seen& seen = attach_and_take();
  CHECK(seen.context_ok);
  const pmu::profile::InterruptedContext& c = seen.context;
  // The interrupt was pending when irq_global_enable opened interrupts:
  // the CPU took it right after, inside that function.
  const auto enable = reinterpret_cast<uintptr_t>(&board::irq_global_enable);
  CHECK(c.pc >= enable && c.pc < enable + 64);
  CHECK_EQ(c.stack_lo, reinterpret_cast<uintptr_t>(__stack_limit));
  CHECK_EQ(c.stack_hi, reinterpret_cast<uintptr_t>(__stack_top));
  CHECK(c.sp >= c.stack_lo && c.sp < c.stack_hi);
  CHECK_EQ(c.hart, 0u);
#if defined(__riscv)
  // irq_global_enable is a leaf: ra still returns into its caller.
  const auto caller = reinterpret_cast<uintptr_t>(&take_the_forced_line);
  CHECK(c.ra > caller && c.ra < caller + 128);
#endif
  CHECK(seen.saved_window_matches);
}
