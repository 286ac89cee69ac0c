// SPDX-License-Identifier: Apache-2.0
// RISC-V PLIC helper (see plic.hpp).
#include "plic.hpp"

namespace board::riscv {

using namespace plic;
using pmu::Status;
using pmu::reg::Reg;
using pmu::reg::Value;

Status Plic::set_priority(unsigned source, uint32_t priority) const {
  if (!source_ok(source)) return Status::kBadArg;
  pmu::reg::write(base_, Reg<Priority>{static_cast<uint32_t>(kPriorityBase + 4u * source)}, Value<Priority>{priority});
  return Status::kOk;
}

Status Plic::enable(unsigned context, unsigned source) const {
  if (!context_ok(context) || !source_ok(source)) return Status::kBadArg;
  (void)pmu::reg::modify(base_, enable_word(context, source),
                         [source](Value<Enable> v) { return v.with_bits(1u << (source % 32u), true); });
  return Status::kOk;
}

Status Plic::disable(unsigned context, unsigned source) const {
  if (!context_ok(context) || !source_ok(source)) return Status::kBadArg;
  (void)pmu::reg::modify(base_, enable_word(context, source),
                         [source](Value<Enable> v) { return v.with_bits(1u << (source % 32u), false); });
  return Status::kOk;
}

pmu::Result<bool> Plic::is_enabled(unsigned context, unsigned source) const {
  if (!context_ok(context) || !source_ok(source)) return Status::kBadArg;
  return ((pmu::reg::read(base_, enable_word(context, source)).raw >> (source % 32u)) & 1u) != 0;
}

pmu::Result<bool> Plic::is_pending(unsigned source) const {
  if (!source_ok(source)) return Status::kBadArg;
  const Reg<Pending> word{static_cast<uint32_t>(kPendingBase + 4u * (source / 32u))};
  return ((pmu::reg::read(base_, word).raw >> (source % 32u)) & 1u) != 0;
}

Status Plic::set_threshold(unsigned context, uint32_t threshold) const {
  if (!context_ok(context)) return Status::kBadArg;
  pmu::reg::write(base_, Reg<Threshold>{context_reg(context, kThreshold)}, Value<Threshold>{threshold});
  return Status::kOk;
}

pmu::Result<uint32_t> Plic::claim(unsigned context) const {
  if (!context_ok(context)) return Status::kBadArg;
  return pmu::reg::read(base_, Reg<ClaimComplete>{context_reg(context, kClaimComplete)}).raw;
}

Status Plic::complete(unsigned context, uint32_t id) const {
  if (!context_ok(context) || id == 0 || !source_ok(id)) return Status::kBadArg;
  pmu::reg::write(base_, Reg<ClaimComplete>{context_reg(context, kClaimComplete)}, Value<ClaimComplete>{id});
  return Status::kOk;
}

}  // namespace board::riscv
