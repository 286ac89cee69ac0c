// SPDX-License-Identifier: Apache-2.0
// The run-time SafeSU (base and layout chosen at run time), compiled once
// here: every application that makes a SafeSU calls this code. The
// implementation is in include/pmu/safesu/impl/, shared with FixedSafeSU,
// which the application compiles inline.
#include "pmu/safesu/safesu.hpp"

namespace pmu::safesu {

template class BasicSafeSU<RuntimePlace>;

}  // namespace pmu::safesu
