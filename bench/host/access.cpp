// SPDX-License-Identifier: Apache-2.0
#include "access.hpp"

#include <cstdio>

#include "../capi/ops.hpp"
#include "../cm/ops.hpp"
#include "../riscv/ops.hpp"
#include "../safesu/ops.hpp"

namespace bench {

AccessCount count_accesses(const std::vector<pmu_sim::Access>& log) {
  AccessCount c;
  for (const auto& a : log) {
    if (a.kind == pmu_sim::Access::kRead) ++c.reads;
    else if (a.kind == pmu_sim::Access::kWrite) ++c.writes;
    else ++c.csr;
  }
  return c;
}

std::string format_counts(const AccessCount& c) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "mmio_reads=%zu mmio_writes=%zu", c.reads, c.writes);
  std::string s = buf;
  if (c.csr != 0) {
    std::snprintf(buf, sizeof buf, " csr_accesses=%zu", c.csr);
    s += buf;
  }
  return s;
}

size_t OpRun::reads() const { return count_accesses(baseline.accesses).reads; }
size_t OpRun::writes() const { return count_accesses(baseline.accesses).writes; }
size_t OpRun::csr() const { return count_accesses(baseline.accesses).csr; }

namespace {
std::string describe(const Trace& t) {
  std::string s = pmu_sim::to_string(t.accesses);
  for (const auto& [source, at] : t.callbacks)
    s += "callback(" + std::to_string(source) + ") after access " + std::to_string(at) + "\n";
  s += "result: status " + std::to_string(t.outcome.status) + " value " + std::to_string(t.outcome.value) + "\n";
  return s;
}
}  // namespace

std::string OpRun::divergence() const {
  std::string d;
  for (const auto& [path, t] : pmukit)
    if (!(t == baseline)) d += std::string("pmukit ") + path + ":\n" + describe(t) + "baseline:\n" + describe(baseline);
  return d;
}

namespace detail {
void note_callback(void*, unsigned source) {
  if (g_trace != nullptr && g_recording != nullptr) g_trace->callbacks.emplace_back(source, g_recording->log.size());
}
}  // namespace detail

std::vector<OpRun> run_safesu() {
  std::vector<OpRun> runs;
  {
    using Ops = safesu::Ops;
    Ops::attach(&detail::note_callback);
    BENCH_SAFESU_OPS(BENCH_HOST_RUN)
    BENCH_SAFESU_SCALING(BENCH_HOST_RUN)
  }
  {
    using Ops = safesu::Ops6c256;
    BENCH_SAFESU6_SCALING(BENCH_HOST_RUN)
  }
#define BENCH_HOST_SYNC(ops, name) \
  {                                \
    using Ops = ops;               \
    BENCH_HOST_RUN(name, tracked, sync64) \
  }
  BENCH_SAFESU_SYNC_UNITS(BENCH_HOST_SYNC)
  return runs;
}

std::vector<OpRun> run_cm() {
  std::vector<OpRun> runs;
  using Ops = cm::Ops;
  Ops::attach(&detail::note_callback);
  BENCH_CM_OPS(BENCH_HOST_RUN)
  return runs;
}

std::vector<OpRun> run_riscv() {
  std::vector<OpRun> runs;
  {
    using Ops = riscv::Ops;
    Ops::attach(&detail::note_callback);
    BENCH_RISCV_OPS(BENCH_HOST_RUN)
  }
#if BENCH_HAS_AME
  {
    using Ops = riscv::AmeOps;
    Ops::attach(&detail::note_callback);
    BENCH_AME_OPS(BENCH_HOST_RUN)
  }
#endif
  return runs;
}

// The C API: each C call against the same call on the run-time C++ object
// (the trace it must equal: the C API adds no access).
std::vector<OpRun> run_capi() {
  std::vector<OpRun> runs;
  {
    using Ops = capi::SafeSU;
    Ops::attach(&detail::note_callback);
    BENCH_CAPI_SAFESU_OPS(BENCH_HOST_CAPI_RUN)
  }
  {
    using Ops = capi::Cm;
    Ops::attach(&detail::note_callback);
    BENCH_CAPI_CM_OPS(BENCH_HOST_CAPI_RUN)
  }
  {
    using Ops = capi::Riscv;
    Ops::attach(&detail::note_callback);
    BENCH_CAPI_RISCV_OPS(BENCH_HOST_CAPI_RUN)
  }
  return runs;
}

std::vector<OpRun> run_all() {
  std::vector<OpRun> all;
  for (auto* unit : {&run_safesu, &run_cm, &run_riscv, &run_capi})
    for (auto& r : unit()) all.push_back(std::move(r));
  return all;
}

}  // namespace bench
