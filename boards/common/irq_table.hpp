// SPDX-License-Identifier: Apache-2.0
// The handlers attached to a board's interrupt lines: the one table every
// board's irq_attach fills and its interrupt dispatch reads. Zero-initialised
// (a global of this type lands in .bss; no constructor runs).
#pragma once

#include "board.hpp"

namespace board {

class IrqTable {
 public:
  // Stores handler(ctx) for 'line'. false, storing nothing, for a line at or
  // above kMaxIrqLines (kNotWired included) or a null handler. Call it with
  // interrupts off (board::riscv::irq_save, sparc::irq_save): an interrupt
  // between the two stores would see a half-written entry.
  bool attach(unsigned line, IrqHandler handler, void* ctx);
  void detach(unsigned line);
  bool attached(unsigned line) const { return line < kMaxIrqLines && entries_[line].handler != nullptr; }
  // Runs the handler attached to 'line'; false if there is none (a spurious
  // interrupt the caller reports).
  bool dispatch(unsigned line) const;

 private:
  struct Entry {
    IrqHandler handler;
    void* ctx;
  };
  Entry entries_[kMaxIrqLines];
};

}  // namespace board
