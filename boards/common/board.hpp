// SPDX-License-Identifier: Apache-2.0
// What every board provides to the code that runs on it (examples, the QEMU
// test harness, a BSP). The library itself never calls this: it stays free
// of consoles, vector tables and exit paths. Board *data* (base addresses,
// interrupt numbers, which layouts) lives in boards/<board>/board_config.hpp.
#pragma once

#include <stdint.h>

// The register file the architecture's trap entry saves: the frame
// board_exception_hook() receives.
#if defined(__riscv)
#include "riscv/trap_frame.hpp"
#elif defined(__sparc__)
#include "sparc/trap_frame.hpp"
#endif

namespace board {

// Short board name as used on the command line, e.g. "qemu-virt-rv64".
const char* name();

// Console: one character, blocking.
void putc(char c);

// End of the image. 0 = success; QEMU boards make QEMU exit with a status
// that is non-zero for any non-zero code.
[[noreturn]] void exit(int code);

// A free-running count of guest time (cycles; with QEMU -icount, one per
// instruction). Monotonic, at least 32 significant bits.
uint64_t cycles();

// Interrupt glue. 'line' is the board's interrupt number (IRQMP level on
// LEON3, PLIC source on NOEL-V, a virtual line on qemu-virt).
using IrqHandler = void (*)(void* ctx, unsigned line);
constexpr unsigned kMaxIrqLines = 32;

// Attach a handler to a line and unmask the line. Returns false for a line
// the board does not have.
bool irq_attach(unsigned line, IrqHandler handler, void* ctx);
void irq_detach(unsigned line);
// Let the CPU take interrupts (mstatus.MIE / PSR.ET=1 with PIL=0).
void irq_global_enable();
void irq_global_disable();
// Make 'line' pending through the machine's real interrupt path (IRQMP force
// register on leon3, CLINT software interrupt on qemu-virt), so the handler
// is entered by a real trap. Only emulated boards implement it; others
// return false.
bool irq_force(unsigned line);

// Called by the board's trap handler for a synchronous exception it does not
// handle itself (load/store access fault, illegal instruction, SPARC
// data_access_error). The frame is the board's saved register file
// (<arch>/trap_frame.hpp, included above). Returns true if it was handled
// (the handler has updated the frame, including the resume PC); false makes
// the board report the trap and exit(3). Weak default in the board: returns
// false. The simulator's trap-and-emulate runtime (sim/runtime) defines it;
// this hook is the only way the boards and the simulator meet.
struct TrapFrame;
extern "C" bool board_exception_hook(TrapFrame* frame);

}  // namespace board
