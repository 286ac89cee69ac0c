// SPDX-License-Identifier: Apache-2.0
// The self-test of the run-time SafeSU, compiled once here (the routine is in
// include/pmu/safesu/impl/selftest.hpp, shared with FixedSafeSU).
#include "pmu/safesu/selftest.hpp"

namespace pmu::safesu {

template Status run_selftest<RuntimePlace>(SafeSU& su, SelftestReport* report);

}  // namespace pmu::safesu
