// SPDX-License-Identifier: Apache-2.0
// Between the runtime core (harness.cpp: device table, level interrupts)
// and the per-architecture trap decoders (riscv/, sparc/).
#pragma once

#include <stdint.h>

namespace harness::detail {

// Serve one emulated MMIO access at an absolute address. size is 1, 2, 4 or 8.
// Size 8 is served as two 32-bit accesses, first at addr, then at addr+4; in
// *value the word at addr is bits 31:0 and the word at addr+4 is bits 63:32
// (so RV64 ld/sd, little-endian, use the value as is, and SPARC ldd/std put
// bits 31:0 in rd and bits 63:32 in rd+1). Sizes 1 and 2 go to the model as
// they are (the model decides what a narrow access does). For a read, *value
// receives zero-extended data; the decoder sign-extends if the instruction
// asks. Returns false if no model is mapped there
// (the decoder then reports the fault as real).
bool mmio_access(uintptr_t addr, unsigned size, bool is_write, uint64_t* value);

// Serve one emulated CSR instruction: op 1 = csrrw, 2 = csrrs, 3 = csrrc;
// 'operand' is rs1's value or the zimm; write_needed is false for csrrs/csrrc
// with rs1 = x0 / zimm = 0 (pure reads, which must not write); read_needed
// is false for csrrw/csrrwi with rd = x0, which must not read (no read side
// effect). *old receives the value before the operation (0 if not read).
// Returns false (the decoder then reports the illegal instruction as real)
// if no model has this CSR, or if the instruction writes a read-only CSR
// (bits 11:10 = 3; then nothing is read) or one the model refuses: the
// hardware raises an illegal instruction there.
bool csr_access(uint32_t csr, unsigned op, uint64_t operand, bool read_needed, bool write_needed, uint64_t* old);

// Account one synchronous exception the arch decoder saw and the guest time
// it spent on it (board_exception_hook entry to exit): kept off the models'
// clock and out of `make bench` counts. Interrupts are not accounted: a
// hook's time is real time. Exceptions do not nest, so nothing is counted
// twice.
void account_exception(uint64_t spent);

}  // namespace harness::detail
