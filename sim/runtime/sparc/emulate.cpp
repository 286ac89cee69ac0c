// SPDX-License-Identifier: Apache-2.0
// SPARC V8 load/store emulation for the stub device on qemu-leon3. With the
// board's SRMMU flat map, an access to unassigned physical space raises
// tt 0x29 (data_access_error) before the instruction has any effect; this
// hook decodes the instruction at pc, lets the harness core serve it from the
// mapped model, writes the destination register(s) into the trap frame and
// resumes after the instruction (pc = npc, npc += 4, so a load in a delay
// slot resumes at the branch target). Big-endian: narrow accesses reach the
// model with their own size and byte address; LDD/STD are one size-8 access
// (word at addr = bits 31:0 = rd, word at addr + 4 = bits 63:32 = rd + 1).
#include <stdint.h>

#include "board.hpp"
#include "../detail.hpp"

namespace {

constexpr uint32_t kTtDataAccessError = 0x29;
constexpr uint32_t kFsrFav = 1u << 1;  // SRMMU FSR: the fault address register is valid

struct MemOp {
  unsigned size;  // 1, 2, 4 or 8 (register pair)
  bool store;
  bool sign;  // LDSB / LDSH
};

// Format 3, op = 3, integer loads and stores without an address space
// identifier (the alternate-space forms, atomics and FP loads are not
// expected on a device register and stay real faults).
bool decode(uint32_t insn, MemOp* op) {
  if ((insn >> 30) != 3) return false;
  switch ((insn >> 19) & 0x3F) {
    case 0x00: *op = MemOp{4, false, false}; return true;  // LD
    case 0x01: *op = MemOp{1, false, false}; return true;  // LDUB
    case 0x02: *op = MemOp{2, false, false}; return true;  // LDUH
    case 0x03: *op = MemOp{8, false, false}; return true;  // LDD
    case 0x04: *op = MemOp{4, true, false}; return true;   // ST
    case 0x05: *op = MemOp{1, true, false}; return true;   // STB
    case 0x06: *op = MemOp{2, true, false}; return true;   // STH
    case 0x07: *op = MemOp{8, true, false}; return true;   // STD
    case 0x09: *op = MemOp{1, false, true}; return true;   // LDSB
    case 0x0A: *op = MemOp{2, false, true}; return true;   // LDSH
    default: return false;
  }
}

uint32_t sign_extend(uint32_t v, unsigned bits) {
  const uint32_t m = 1u << (bits - 1);
  return (v ^ m) - m;
}

bool emulate(board::TrapFrame* f) {
  if ((f->tt & 0xFF) != kTtDataAccessError) return false;
  const uint32_t insn = *reinterpret_cast<const volatile uint32_t*>(f->pc);
  MemOp op{};
  if (!decode(insn, &op)) return false;
  const unsigned rd = (insn >> 25) & 0x1F;
  const unsigned rs1 = (insn >> 14) & 0x1F;
  const bool imm = ((insn >> 13) & 1) != 0;
  const uint32_t addr =
      f->r[rs1] + (imm ? sign_extend(insn & 0x1FFF, 13) : f->r[insn & 0x1F]);
  // The MMU says where it faulted; a decode that disagrees is not ours.
  if ((f->fsr & kFsrFav) != 0 && f->far != addr) return false;
  if (op.size == 8 && (rd & 1) != 0) return false;  // LDD/STD need an even rd

  uint64_t value = 0;
  if (op.store) {
    value = f->r[rd];
    if (op.size == 1) value &= 0xFF;
    if (op.size == 2) value &= 0xFFFF;
    if (op.size == 8) value |= static_cast<uint64_t>(f->r[rd + 1]) << 32;
  }
  if (!harness::detail::mmio_access(addr, op.size, op.store, &value)) return false;
  if (!op.store) {
    uint32_t lo = static_cast<uint32_t>(value);
    if (op.size < 4) lo &= (1u << (8 * op.size)) - 1;
    if (op.sign) lo = sign_extend(lo, 8 * op.size);
    if (rd != 0) f->r[rd] = lo;
    if (op.size == 8) f->r[rd + 1] = static_cast<uint32_t>(value >> 32);
  }
  f->pc = f->npc;
  f->npc += 4;
  return true;
}

}  // namespace

// The board's exception hook (board.hpp); the time of every exception it
// sees is accounted (the board's trap path does no bookkeeping).
extern "C" bool board_exception_hook(board::TrapFrame* f) {
  const uint64_t t0 = board::cycles();
  const bool handled = emulate(f);
  harness::detail::account_exception(board::cycles() - t0);
  return handled;
}
