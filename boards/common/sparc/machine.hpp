// SPDX-License-Identifier: Apache-2.0
// What a LEON3 board adds to the shared LEON3 glue (boards/common/sparc/):
// the glue is the board API over APBUART, IRQMP and GPTIMER at the
// addresses of board_config.hpp; these two functions are the machine's own.
#pragma once

#include "board.hpp"

namespace board::sparc {

// Called once by board_init, after IRQMP is quiet and before the time base
// starts (qemu-leon3: the SRMMU flat map and the timer prescaler;
// leon3-grlib: the SafeSU's plug&play discovery).
void machine_init();

// Fills the frame's fsr/far for an MMU trap (tt 0x09, 0x29) before the
// exception hook sees it; a machine without an MMU map leaves them 0.
void read_fault_status(TrapFrame* frame);

// The interrupt-line half of the glue (irq.cpp), for the trap dispatch:
// runs the handler of IRQMP level 'line'; false if none is attached.
bool dispatch_interrupt(unsigned line);

// The time base (time.cpp): GPTIMER timer kTimeBaseTimer free-running.
void start_time_base();

}  // namespace board::sparc
