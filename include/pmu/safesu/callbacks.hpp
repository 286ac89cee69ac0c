// SPDX-License-Identifier: Apache-2.0
// The SafeSU's interrupt callbacks, in storage the application gives the
// driver (SafeSU::attach_callbacks). Without it the hooks still acknowledge
// their source; they just have no one to call.
#pragma once

#include <stdint.h>

#include "pmu/irq.hpp"
#include "pmu/safesu/layout.hpp"

namespace pmu::safesu {

/// What handle_mccu_irq() does after the callback (§3.5: the IRQ is sticky
/// and only an MCCU disable clears it).
enum class MccuIrqPolicy : uint8_t {
  kRefill = 0,     ///< reload the core's limit and clear the IRQ (default)
  kClearOnly = 1,  ///< clear only: fires again at the core's next weighted event if still exhausted
};

/// Caller-provided callback table (16 bytes per entry on rv64, 8 on rv32:
/// 816 / 408 bytes). Zero-initialised storage has no callback and the
/// kRefill policy. Fill it through on_overflow()/on_mccu()/on_rdc()/on_ft()
/// or directly.
struct Callbacks {
  IrqCallback overflow[kMaxCounters];  ///< per counter
  IrqCallback mccu[kMaxCores];         ///< per core
  IrqCallback rdc[kMaxInputs];         ///< per MCCU/RDC input
  IrqCallback ft;                      ///< FT1/FT2 (source 1 or 2)
  MccuIrqPolicy mccu_policy = MccuIrqPolicy::kRefill;  ///< what the MCCU hook does after its callback
};

}  // namespace pmu::safesu
