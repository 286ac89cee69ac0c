// SPDX-License-Identifier: Apache-2.0
#include "pmu/riscv/sspesa.hpp"

namespace pmu::riscv::sspesa {

// Offsets count retired instructions, the shpmspc one being 0: CTOFFSET = k
// says the stream jumped between instruction k-1 and instruction k, so the
// instruction at index k is the first one at the target (docs/riscv-counters.md,
// "Sspesa"). Valid: 1 <= CTOFFSET1 < CTOFFSET2 <= INSTRET; an offset equal to
// INSTRET is a taken transfer by the last retired instruction, whose target
// retires in a later cycle.
Result<size_t> expand(const Sample& s, uint64_t* out, size_t capacity, InsnSizeFn size_fn, void* ctx,
                      unsigned fixed_size) {
  const Details d = decode(s.details);
  const unsigned n = d.instret;
  const unsigned cts = d.cts < 2 ? d.cts : 2;
  if (size_fn == nullptr && fixed_size != 2 && fixed_size != 4) return Status::kBadArg;
  if (n != 0 && (out == nullptr || capacity < n)) return Status::kBadArg;
  if (cts >= 1 && (d.ctoffset1 == 0 || d.ctoffset1 > n)) return Status::kBadArg;
  if (cts >= 2 && (d.ctoffset2 <= d.ctoffset1 || d.ctoffset2 > n)) return Status::kBadArg;
  uint64_t pc = s.pc;
  for (unsigned k = 0; k < n; ++k) {
    if (cts >= 1 && k == d.ctoffset1) {
      pc = s.bt1;
    } else if (cts >= 2 && k == d.ctoffset2) {
      pc = s.bt2;
    } else if (k != 0) {
      const unsigned size = size_fn != nullptr ? size_fn(ctx, pc) : fixed_size;
      if (size != 2 && size != 4) return Status::kMismatch;
      pc += size;
    }
    out[k] = pc;
  }
  return static_cast<size_t>(n);
}

}  // namespace pmu::riscv::sspesa
