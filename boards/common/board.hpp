// SPDX-License-Identifier: Apache-2.0
// What every board provides to the code that runs on it (examples, the
// simulator's runtime, a user's firmware, a BSP). The library itself never
// calls this: it stays free of consoles, vector tables and exit paths.
// Board *data* (base addresses, interrupt lines, which builds of the units)
// lives in boards/<board>/board_config.hpp as the records of
// board_instances.hpp; C firmware uses board.h, the same functions.
#pragma once

#include <stdint.h>

#include "board_instances.hpp"
#include "pmu/profile/context.hpp"

// The register file the architecture's trap entry saves: the frame
// board_exception_hook() receives.
#if defined(__riscv)
#include "riscv/trap_frame.hpp"
#elif defined(__sparc__)
#include "sparc/trap_frame.hpp"
#endif

namespace board {

/// Short board name as used on the command line, e.g. "qemu-virt-rv64".
const char* name();

/// Console: writes one character, blocking until the device takes it.
void putc(char c);

/// Ends the image. 0 = success. QEMU boards make QEMU exit with a status
/// that is non-zero for any non-zero code (qemu-virt: the code's low 8 bits,
/// or 255 if those are 0; qemu-leon3: 134); real boards print `EXIT <code>`
/// and halt.
[[noreturn]] void exit(int code);

/// A free-running count of guest time (cycles; with QEMU -icount, one per
/// instruction). Monotonic, at least 32 significant bits.
uint64_t cycles();

/// An interrupt handler: the shape RTEMS (rtems_interrupt_handler_install)
/// and Zephyr (IRQ_CONNECT) use. The line is not passed: a handler knows
/// what it serves from its context (e.g. &unit, pmu::IsrFn adapters).
using IrqHandler = void (*)(void* ctx);

/// Board lines are 0..kMaxIrqLines-1 (which of them exist is the board's).
constexpr unsigned kMaxIrqLines = 32;

/// Attaches handler(ctx) to a line and unmasks the line. The line is the
/// board's interrupt number (IRQMP level on LEON3, PLIC source on NOEL-V,
/// mcause code on Ibex/XiangShan, a virtual line on qemu-virt). Returns
/// false, touching nothing, for a line the board does not have (kNotWired
/// included) or a null handler.
bool irq_attach(unsigned line, IrqHandler handler, void* ctx);
/// Masks the line, drops anything pending on it and forgets its handler.
void irq_detach(unsigned line);
/// Lets the CPU take interrupts (xstatus.xIE / PSR.PIL = 0).
void irq_global_enable();
/// Stops the CPU from taking interrupts.
void irq_global_disable();
/// Makes 'line' pending through the machine's real interrupt path (IRQMP
/// force register on qemu-leon3, the software interrupt on qemu-virt), so
/// its handler is entered by a real trap. Boards without such a path
/// return false.
bool irq_force(unsigned line);

/// Inside an interrupt handler the board dispatched: the interrupted code's
/// pc, sp, frame pointer, return address, stack bounds and hart
/// (include/pmu/profile/context.hpp; the profiler's Sampler takes this
/// function as its SamplerConfig::context). On LEON3 the register windows
/// are flushed to the stack first, so a frame-pointer walk sees every
/// caller. Returns false, writing nothing, outside such a handler.
bool interrupted_context(pmu::profile::InterruptedContext* out);

/// The board's SafeSU record (on leon3-grlib: found by plug&play at
/// start-up), or nullptr when the board has none.
const SafesuInstance* safesu();

struct TrapFrame;

}  // namespace board

/// Called by the board's trap handler for a synchronous exception it does
/// not handle itself (load/store access fault, illegal instruction, SPARC
/// data_access_error). The frame is the board's saved register file
/// (<arch>/trap_frame.hpp). Returns true if it handled the exception (and
/// updated the frame, including the resume pc); false makes the board
/// report the trap and exit(3). The boards' weak default returns false; the
/// simulator's trap-and-emulate runtime (sim/runtime) defines it: the one
/// place where the boards and the simulator meet.
extern "C" bool board_exception_hook(board::TrapFrame* frame);
