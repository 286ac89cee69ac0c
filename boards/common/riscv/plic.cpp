// SPDX-License-Identifier: Apache-2.0
// RISC-V PLIC helper (see plic.hpp).
#include "plic.hpp"

#include "pmu/hal/mmio.hpp"

namespace board::riscv {

using pmu::Status;

Status Plic::set_priority(unsigned source, uint32_t priority) const {
  if (!source_ok(source)) return Status::kBadArg;
  pmu::hal::mmio_write32(base_ + kPriorityBase + 4u * source, priority);
  return Status::kOk;
}

Status Plic::enable(unsigned context, unsigned source) const {
  if (!context_ok(context) || !source_ok(source)) return Status::kBadArg;
  const uintptr_t word = enable_word(context, source);
  pmu::hal::mmio_write32(word, pmu::hal::mmio_read32(word) | (1u << (source % 32u)));
  return Status::kOk;
}

Status Plic::disable(unsigned context, unsigned source) const {
  if (!context_ok(context) || !source_ok(source)) return Status::kBadArg;
  const uintptr_t word = enable_word(context, source);
  pmu::hal::mmio_write32(word, pmu::hal::mmio_read32(word) & ~(1u << (source % 32u)));
  return Status::kOk;
}

pmu::Result<bool> Plic::is_enabled(unsigned context, unsigned source) const {
  if (!context_ok(context) || !source_ok(source)) return Status::kBadArg;
  return ((pmu::hal::mmio_read32(enable_word(context, source)) >> (source % 32u)) & 1u) != 0;
}

pmu::Result<bool> Plic::is_pending(unsigned source) const {
  if (!source_ok(source)) return Status::kBadArg;
  const uintptr_t word = base_ + kPendingBase + 4u * (source / 32u);
  return ((pmu::hal::mmio_read32(word) >> (source % 32u)) & 1u) != 0;
}

Status Plic::set_threshold(unsigned context, uint32_t threshold) const {
  if (!context_ok(context)) return Status::kBadArg;
  pmu::hal::mmio_write32(context_reg(context, kThreshold), threshold);
  return Status::kOk;
}

pmu::Result<uint32_t> Plic::claim(unsigned context) const {
  if (!context_ok(context)) return Status::kBadArg;
  return pmu::hal::mmio_read32(context_reg(context, kClaimComplete));
}

Status Plic::complete(unsigned context, uint32_t id) const {
  if (!context_ok(context) || id == 0 || !source_ok(id)) return Status::kBadArg;
  pmu::hal::mmio_write32(context_reg(context, kClaimComplete), id);
  return Status::kOk;
}

}  // namespace board::riscv
