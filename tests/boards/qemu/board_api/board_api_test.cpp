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

// A forced line detached before it was taken is dropped: attached again, its
// handler does not run for the old force (board.hpp: detach "drops anything
// pending on it").
namespace {
volatile uint32_t g_calls;
void count(void*) { g_calls = g_calls + 1; }
void settle() {
  for (volatile int i = 0; i < 2000; i = i + 1) {
  }
}
}  // namespace

TEST_CASE(board_api, a_line_detached_while_pending_is_dropped) {
  g_calls = 0;
  board::irq_global_disable();
  CHECK(board::irq_attach(kLine, count, nullptr));
  CHECK(board::irq_force(kLine));
  board::irq_detach(kLine);
  CHECK(board::irq_attach(kLine, count, nullptr));
  board::irq_global_enable();
  settle();
  board::irq_global_disable();
  board::irq_detach(kLine);
  CHECK_EQ(g_calls, 0u);
}

#if defined(__riscv)
#if defined(BOARD_SMODE) && BOARD_SMODE
#define BOARD_API_XIP "sip"
#else
#define BOARD_API_XIP "mip"
#endif
// The same for LCOFI (line 13): an overflow left pending when the line is
// detached does not reach the next handler attached to it. (The handler
// clears the pending bit, as a hook does: software clears LCOFIP.)
namespace {
void count_and_clear_lcofi(void*) {
  g_calls = g_calls + 1;
  __asm__ volatile("csrc " BOARD_API_XIP ", %0" : : "r"(uintptr_t{1} << 13));
}
}  // namespace

TEST_CASE(board_api, lcofi_detached_while_pending_is_dropped) {
  g_calls = 0;
  board::irq_global_disable();
  CHECK(board::irq_attach(13, count_and_clear_lcofi, nullptr));
  __asm__ volatile("csrs " BOARD_API_XIP ", %0" : : "r"(uintptr_t{1} << 13));  // an overflow left pending
  board::irq_detach(13);
  CHECK(board::irq_attach(13, count_and_clear_lcofi, nullptr));
  board::irq_global_enable();
  settle();
  board::irq_global_disable();
  board::irq_detach(13);
  __asm__ volatile("csrc " BOARD_API_XIP ", %0" : : "r"(uintptr_t{1} << 13));
  CHECK_EQ(g_calls, 0u);
}
#endif

#if defined(__riscv) && __riscv_xlen == 64 && !(defined(BOARD_SMODE) && BOARD_SMODE)
// A handler may return with interrupts on (an RTOS lets them nest). An
// interrupt that then lands inside the trap exit must not find mepc already
// set to the interrupted code's pc: an LCOFI timed by -icount to every
// instruction of a forced line's trap exit, 100 times; each outer interrupt
// must return where it came from.
namespace {
volatile uint32_t g_outer, g_lcofi;
void nesting_handler(void*) {
  g_outer = g_outer + 1;
  board::irq_global_enable();
}
void lcofi(void*) {
  g_lcofi = g_lcofi + 1;
  __asm__ volatile("csrw mhpmevent3, zero\n csrc mip, %0" : : "r"(1ul << 13));
}
}  // namespace

TEST_CASE(board_api, an_interrupt_in_the_trap_exit_returns_where_it_came_from) {
  for (unsigned i = 3; i <= 31; ++i) __asm__ volatile("csrw mhpmevent3, zero");
  __asm__ volatile("csrw mcountinhibit, zero");
  g_outer = 0;
  CHECK(board::irq_attach(kLine, nesting_handler, nullptr));
  CHECK(board::irq_attach(13, lcofi, nullptr));
  for (unsigned n = 150; n < 250; ++n) {
    board::irq_global_disable();
    const uint32_t start = g_lcofi;
    __asm__ volatile("csrw mhpmevent3, %0\n csrw mhpmcounter3, %1" : : "r"(2ul), "r"(0 - uint64_t{n}));
    (void)board::irq_force(kLine);
    board::irq_global_enable();
    for (volatile int k = 0; k < 400 && g_lcofi == start; k = k + 1) {
    }
    board::irq_global_disable();
  }
  CHECK_EQ(g_outer, 100u);
  board::irq_detach(kLine);
  board::irq_detach(13);
}

// Replacing the handler of a live line: an interrupt that lands inside
// irq_attach() must run the old handler with the old context or the new
// with the new, never one with the other's (IrqTable's two stores). An
// LCOFI timed by -icount to every instruction around the call, 100 times.
namespace {
struct Tagged {
  volatile uint32_t runs;
  volatile uint32_t mixed;  // runs that got another handler's context
};
Tagged g_old, g_new;
void stop_lcofi() { __asm__ volatile("csrw mhpmevent3, zero\n csrc mip, %0" : : "r"(1ul << 13)); }
void old_handler(void* ctx) {
  g_old.runs = g_old.runs + 1;
  if (ctx != &g_old) g_old.mixed = g_old.mixed + 1;
  stop_lcofi();
}
void new_handler(void* ctx) {
  g_new.runs = g_new.runs + 1;
  if (ctx != &g_new) g_new.mixed = g_new.mixed + 1;
  stop_lcofi();
}
}  // namespace

TEST_CASE(board_api, an_interrupt_during_attach_sees_a_whole_entry) {
  __asm__ volatile("csrw mhpmevent3, zero\n csrw mcountinhibit, zero");
  g_old = Tagged{};
  g_new = Tagged{};
  for (unsigned n = 1; n <= 100; ++n) {
    board::irq_global_disable();
    CHECK(board::irq_attach(13, old_handler, &g_old));
    const uint32_t before = g_old.runs + g_new.runs;
    __asm__ volatile("csrw mhpmevent3, %0\n csrw mhpmcounter3, %1" : : "r"(2ul), "r"(0 - uint64_t{n}));
    board::irq_global_enable();
    CHECK(board::irq_attach(13, new_handler, &g_new));
    for (volatile int k = 0; k < 400 && g_old.runs + g_new.runs == before; k = k + 1) {
    }
    board::irq_global_disable();
  }
  stop_lcofi();
  board::irq_detach(13);
  CHECK_EQ(g_old.runs + g_new.runs, 100u);
  CHECK(g_old.runs > 0 && g_new.runs > 0);  // the sweep spans the call
  CHECK_EQ(g_old.mixed, 0u);
  CHECK_EQ(g_new.mixed, 0u);
}
#endif
