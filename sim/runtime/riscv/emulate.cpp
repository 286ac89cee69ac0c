// SPDX-License-Identifier: Apache-2.0
// RISC-V trap-and-emulate for the stub devices.
//  - Load/store access faults (mcause 5/7): decode the faulting load or store
//    (every width and sign-extension, compressed forms included), serve it
//    from the model mapped at mtval, write rd, resume after the instruction.
//  - Illegal instruction (mcause 2): if mtval is csrrw/csrrs/csrrc or an
//    immediate form, serve it from the CSR model.
// This file defines the board's exception hook (board.hpp) and accounts the
// time of every exception it sees (the boards' trap paths do no bookkeeping).
#include <stdint.h>

#include "board.hpp"
#include "../detail.hpp"

namespace {

constexpr uintptr_t kIllegalInstruction = 2;
constexpr uintptr_t kLoadAccessFault = 5;
constexpr uintptr_t kStoreAccessFault = 7;

struct MemOp {
  bool ok;
  bool is_store;
  unsigned size;
  bool sign;
  unsigned reg;  // rd for loads, rs2 for stores
  unsigned length;
};

uint32_t fetch(uintptr_t pc, unsigned* length) {
  const auto* p = reinterpret_cast<const uint16_t*>(pc);
  const uint32_t lo = p[0];
  if ((lo & 3) != 3) {
    *length = 2;
    return lo;
  }
  *length = 4;
  return lo | static_cast<uint32_t>(p[1]) << 16;
}

MemOp decode_mem(uint32_t insn, unsigned length) {
  MemOp op{false, false, 0, false, 0, length};
  if (length == 4) {
    const uint32_t opcode = insn & 0x7F;
    const uint32_t funct3 = insn >> 12 & 7;
    if (opcode == 0x03) {  // LB LH LW LD LBU LHU LWU
      static const uint8_t kSize[7] = {1, 2, 4, 8, 1, 2, 4};
      if (funct3 == 7) return op;
      op = MemOp{true, false, kSize[funct3], funct3 < 3, insn >> 7 & 31, 4};
    } else if (opcode == 0x23) {  // SB SH SW SD
      if (funct3 > 3) return op;
      op = MemOp{true, true, 1u << funct3, false, insn >> 20 & 31, 4};
    }
    return op;
  }
  const uint32_t quadrant = insn & 3;
  const uint32_t funct3 = insn >> 13 & 7;
  const unsigned rd_prime = (insn >> 2 & 7) + 8;
  const bool rv64 = sizeof(uintptr_t) == 8;
  if (quadrant == 0) {
    if (funct3 == 2) op = MemOp{true, false, 4, true, rd_prime, 2};        // C.LW
    if (funct3 == 3 && rv64) op = MemOp{true, false, 8, false, rd_prime, 2};  // C.LD
    if (funct3 == 6) op = MemOp{true, true, 4, false, rd_prime, 2};        // C.SW
    if (funct3 == 7 && rv64) op = MemOp{true, true, 8, false, rd_prime, 2};   // C.SD
  } else if (quadrant == 2) {
    if (funct3 == 2) op = MemOp{true, false, 4, true, insn >> 7 & 31, 2};        // C.LWSP
    if (funct3 == 3 && rv64) op = MemOp{true, false, 8, false, insn >> 7 & 31, 2};  // C.LDSP
    if (funct3 == 6) op = MemOp{true, true, 4, false, insn >> 2 & 31, 2};        // C.SWSP
    if (funct3 == 7 && rv64) op = MemOp{true, true, 8, false, insn >> 2 & 31, 2};   // C.SDSP
  }
  return op;
}

uintptr_t sign_extend(uint64_t v, unsigned size) {
  const unsigned shift = 64 - size * 8;
  return static_cast<uintptr_t>(static_cast<int64_t>(v << shift) >> shift);
}

bool emulate_mem(board::TrapFrame* f) {
  unsigned length = 0;
  const uint32_t insn = fetch(f->mepc, &length);
  const MemOp op = decode_mem(insn, length);
  if (!op.ok) return false;
  uint64_t value = 0;
  if (op.is_store) {
    value = f->x[op.reg];
    if (op.size < 8) value &= (uint64_t{1} << (op.size * 8)) - 1;
  }
  if (!harness::detail::mmio_access(f->mtval, op.size, op.is_store, &value)) return false;
  if (!op.is_store && op.reg != 0) {
    f->x[op.reg] = op.sign ? sign_extend(value, op.size) : static_cast<uintptr_t>(value);
  }
  f->mepc += op.length;
  return true;
}

bool emulate_csr(board::TrapFrame* f) {
  uint32_t insn = static_cast<uint32_t>(f->mtval);
  unsigned length = 4;
  if (insn == 0) insn = fetch(f->mepc, &length);  // mtval may be 0 on some cores
  if ((insn & 0x7F) != 0x73) return false;
  const unsigned funct3 = insn >> 12 & 7;
  if (funct3 == 0 || funct3 == 4) return false;  // ecall/ebreak/xret/wfi, hypervisor loads
  const unsigned rd = insn >> 7 & 31;
  const unsigned rs1 = insn >> 15 & 31;
  const uint32_t csr = insn >> 20;
  const bool immediate = funct3 >= 5;
  const unsigned op = funct3 & 3;  // 1 = rw, 2 = rs, 3 = rc
  const uint64_t operand = immediate ? rs1 : static_cast<uint64_t>(f->x[rs1]);
  const bool write_needed = op == 1 || rs1 != 0;
  const bool read_needed = op != 1 || rd != 0;  // csrrw/csrrwi with rd = x0 read nothing
  uint64_t old = 0;
  if (!harness::detail::csr_access(csr, op, operand, read_needed, write_needed, &old)) return false;
  if (rd != 0) f->x[rd] = static_cast<uintptr_t>(old);
  f->mepc += 4;
  return true;
}

bool emulate(board::TrapFrame* frame) {
  switch (frame->mcause) {
    case kLoadAccessFault:
    case kStoreAccessFault:
      return emulate_mem(frame);
    case kIllegalInstruction:
      return emulate_csr(frame);
    default:
      return false;
  }
}

// instret: under -icount shift=0 the same count as board::cycles(), one
// csrr on both XLENs (the low 32 bits cover any one exception). The
// unprivileged shadow, not minstret, so the hook also works on an S-mode board
// (qemu-virt-rv64-sbi: OpenSBI enables it in mcounteren); M-mode reads the same.
inline uint32_t instret_now() {
  uintptr_t v;
  __asm__ volatile("csrr %0, instret" : "=r"(v)::"memory");
  return static_cast<uint32_t>(v);
}

}  // namespace

extern "C" bool board_exception_hook(board::TrapFrame* frame) {
  const uint32_t t0 = instret_now();
  const bool handled = emulate(frame);
  harness::detail::account_exception(instret_now() - t0);
  return handled;
}
