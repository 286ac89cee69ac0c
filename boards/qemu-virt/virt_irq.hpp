// SPDX-License-Identifier: Apache-2.0
// Interrupt glue of the QEMU virt boards.
//
// Board lines 0..31 except 13 are virtual lines: irq_force(line) marks the
// line pending and raises the machine software interrupt through the CLINT
// (a real MSI trap); the MSI handler delivers every pending, attached line.
// Line 13 is the real Sscofpmf LCOFI local interrupt (mie/mip bit 13).
#pragma once

namespace board::virt {

constexpr unsigned kLcofiLine = 13;

}  // namespace board::virt
