// SPDX-License-Identifier: Apache-2.0
// The board interrupt-line table (see irq_table.hpp).
#include "irq_table.hpp"

namespace board {

bool IrqTable::attach(unsigned line, IrqHandler handler, void* ctx) {
  if (line >= kMaxIrqLines || handler == nullptr) return false;
  entries_[line] = Entry{handler, ctx};
  return true;
}

void IrqTable::detach(unsigned line) {
  if (line < kMaxIrqLines) entries_[line] = Entry{nullptr, nullptr};
}

bool IrqTable::dispatch(unsigned line) const {
  if (line >= kMaxIrqLines) return false;
  const Entry e = entries_[line];
  if (e.handler == nullptr) return false;
  e.handler(e.ctx);
  return true;
}

}  // namespace board
