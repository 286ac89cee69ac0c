// SPDX-License-Identifier: Apache-2.0
// The run-time path of the CM perf driver, compiled once for every user of
// pmu::cm::Perf (include/pmu/cm/perf.hpp declares it extern). The
// compile-time path (FixedPerf) is instantiated where it is used.
#include "pmu/cm/perf.hpp"

namespace pmu::cm {

template class BasicPerf<RuntimeGcr>;

}  // namespace pmu::cm
