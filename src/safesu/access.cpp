// SPDX-License-Identifier: Apache-2.0
// Shared CFG0/CFG1 access helpers: every enable/disable is one read and one
// write; every soft-reset pulse is one read and two writes (the overflow,
// MCCU and RDC resets have no shadow-reload path, so one write cycle is a
// long enough pulse; facts 3.2 item 3). The release and restore writes put
// back exactly what was read, so no other bit (RDC bits, other cores'
// update bits: defect 1) is ever disturbed.
#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

Status SafeSU::modify_cfg(unsigned idx, uint32_t mask, bool on) {
  const uint32_t v = rd(idx);
  wr(idx, on ? (v | mask) : (v & ~mask));
  return Status::kOk;
}

void SafeSU::pulse_cfg(unsigned idx, uint32_t mask) {
  const uint32_t v = rd(idx) & ~mask;
  wr(idx, v | mask);
  wr(idx, v);
}

// Clear-by-toggle for the sticky MCCU/RDC interrupts: off for one write
// cycle, then back to exactly what was read.
void SafeSU::toggle_cfg_off(unsigned idx, uint32_t mask) {
  const uint32_t v = rd(idx);
  wr(idx, v & ~mask);
  wr(idx, v);
}

}  // namespace pmu::safesu
