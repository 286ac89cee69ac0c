// SPDX-License-Identifier: Apache-2.0
// GRLIB IRQMP (see irqmp.hpp).
#include "irqmp.hpp"

namespace board::grlib {

using namespace irqmp;
using pmu::Status;
using pmu::reg::Value;

void Irqmp::reset() const {
  pmu::reg::write(base_, kCpu0Mask, Value<Mask>{0});
  pmu::reg::write(base_, kForce, Value<Force>{0});
  pmu::reg::write(base_, kClear, Value<Clear>{0xFFFEu});
}

Status Irqmp::unmask(unsigned line) const {
  if (!line_ok(line)) return Status::kBadArg;
  (void)pmu::reg::modify(base_, kCpu0Mask, [line](Value<Mask> v) { return v.with_bits(1u << line, true); });
  return Status::kOk;
}

Status Irqmp::mask(unsigned line) const {
  if (!line_ok(line)) return Status::kBadArg;
  (void)pmu::reg::modify(base_, kCpu0Mask, [line](Value<Mask> v) { return v.with_bits(1u << line, false); });
  return Status::kOk;
}

Status Irqmp::force(unsigned line) const {
  if (!line_ok(line)) return Status::kBadArg;
  pmu::reg::write(base_, kCpu0Force, Value<CpuForce>{1u << line});
  return Status::kOk;
}

Status Irqmp::unforce(unsigned line) const {
  if (!line_ok(line)) return Status::kBadArg;
  pmu::reg::write(base_, kCpu0Force, Value<CpuForce>{1u << (line + kClearShift)});
  return Status::kOk;
}

Status Irqmp::clear(unsigned line) const {
  if (!line_ok(line)) return Status::kBadArg;
  pmu::reg::write(base_, kClear, Value<Clear>{1u << line});
  return Status::kOk;
}

pmu::Result<bool> Irqmp::pending(unsigned line) const {
  if (!line_ok(line)) return Status::kBadArg;
  return (pmu::reg::read(base_, kPending).raw >> line & 1u) != 0;
}

}  // namespace board::grlib
