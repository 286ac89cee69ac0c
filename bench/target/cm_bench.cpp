// SPDX-License-Identifier: Apache-2.0
// CM perf block: instructions per operation and from hook entry to the
// first callback, pmukit beside its baseline (bench/cm/ops.hpp).
#include "../cm/ops.hpp"
#include "bench.hpp"

TEST_CASE(bench, cm) {
  using Ops = ::bench::cm::Ops;
  Ops::attach(&bench_on_callback);
  BENCH_CM_OPS(BENCH_TIME_CALL)
  BENCH_CM_HOOKS(BENCH_TIME_TO_CALLBACK)
}
