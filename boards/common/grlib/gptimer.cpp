// SPDX-License-Identifier: Apache-2.0
// GRLIB GPTIMER (see gptimer.hpp).
#include "gptimer.hpp"

namespace board::grlib {

using namespace gptimer;
using pmu::Status;
using pmu::reg::Reg;
using pmu::reg::Value;

void Gptimer::set_prescaler(uint32_t reload) const {
  pmu::reg::write(base_, kScalerReload, Value<Scaler>{reload});
  pmu::reg::write(base_, kScalerValue, Value<Scaler>{reload});
}

Status Gptimer::start_free_running(unsigned n) const {
  if (!timer_ok(n)) return Status::kBadArg;
  pmu::reg::write(base_, Reg<Counter>{timer_reg(n, kReloadOffset)}, Value<Counter>{0xFFFFFFFFu});
  constexpr Value<Ctrl> kFreeRunning{kCtrlEnable.mask() | kCtrlRestart.mask() | kCtrlLoad.mask()};
  pmu::reg::write(base_, Reg<Ctrl>{timer_reg(n, kCtrlOffset)}, kFreeRunning);
  return Status::kOk;
}

pmu::Result<uint32_t> Gptimer::read(unsigned n) const {
  if (!timer_ok(n)) return Status::kBadArg;
  return pmu::reg::read(base_, Reg<Counter>{timer_reg(n, kCounterOffset)}).raw;
}

}  // namespace board::grlib
