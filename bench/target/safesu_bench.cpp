// SPDX-License-Identifier: Apache-2.0
// SafeSU: instructions per operation and from hook entry to the first
// callback, pmukit beside its baseline (bench/safesu/ops.hpp).
#include "../safesu/ops.hpp"
#include "bench.hpp"

TEST_CASE(bench, safesu) {
  using Ops = ::bench::safesu::Ops;
  Ops::attach(&bench_on_callback);
  BENCH_SAFESU_OPS(BENCH_TIME_CALL)
  BENCH_SAFESU_SCALING(BENCH_TIME_CALL)
  BENCH_SAFESU_HOOKS(BENCH_TIME_TO_CALLBACK)
}

TEST_CASE(bench, safesu_6c256) {
  using Ops = ::bench::safesu::Ops6c256;
  BENCH_SAFESU6_SCALING(BENCH_TIME_CALL)
}

TEST_CASE(bench, safesu_sync_counters64) {
#define BENCH_TIME_SYNC(ops, name) \
  {                                \
    using Ops = ops;               \
    BENCH_TIME_CALL(name, tracked, sync64) \
  }
  BENCH_SAFESU_SYNC_UNITS(BENCH_TIME_SYNC)
}
