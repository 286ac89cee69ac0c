// SPDX-License-Identifier: Apache-2.0
// The C API: instructions of each C call beside the same call on the
// run-time C++ object (bench/capi/ops.hpp), from the same register state,
// the object or handle passed in a register (made opaque before counting),
// leaving the same registers; one line per operation:
//   "bench capi.<unit>.<operation> run_time=N c_api=N"
// and the allowance they are held to, the leanest C handle check
// (bench/capi/baseline.c): its check-and-forward call minus the direct call
// of the same body:  "bench capi.handle_check instructions=N".
#include "../capi/ops.hpp"
#include "bench.hpp"

namespace {

// Each call timed in a function of its own, of one shape for the C++ and
// the C call, so the compiler schedules the measurement around both alike
// (the difference of the two is the figure).
template <class Measure, class Call, class... Args>
__attribute__((noinline)) uint32_t timed(Measure measure, Call call, Args... args) {
  return measure(call, args...);
}

template <class Ops, class Measure, class Cpp, class C, class... Args>
void run_capi_op(const char* name, void (*scenario)(), Measure measure, Cpp cpp, C c, Args... args) {
  constexpr unsigned kWords = Ops::kWindowWords > 0 ? Ops::kWindowWords : 1;
  using W = ::bench::Window<kWords>;
  auto fresh = [&] {
    if constexpr (Ops::kWindowWords > 0) W::clear(Ops::kWindow);
    scenario();
  };
  fresh();
  const uint32_t n_cpp = timed(measure, cpp, Ops::cpp_unit(), args...);
  W after_cpp{};
  if constexpr (Ops::kWindowWords > 0) after_cpp = W::take(Ops::kWindow);
  using ::bench::outcome;
  const unsigned status_cpp = outcome(cpp(Ops::cpp_unit(), args...)).status;  // (the registers are taken before)
  fresh();
  const uint32_t n_c = timed(measure, c, Ops::c_unit(), args...);
  if constexpr (Ops::kWindowWords > 0) CHECK(W::take(Ops::kWindow) == after_cpp);
  fresh();
  CHECK(outcome(c(Ops::c_unit(), args...)).status == status_cpp);
  CHECK(n_cpp > 0 && n_c > 0);  // (0: a hook that did not call back, or a call site that was not straight-line)
  harness::printf("bench %s run_time=%u c_api=%u\n", name, static_cast<unsigned>(n_cpp), static_cast<unsigned>(n_c));
}

}  // namespace

#define BENCH_CAPI_RUN(measure_, name_, scenario_, op_, ...)                                   \
  run_capi_op<Ops>(                                                                           \
      name_, &Ops::scenario_, measure_,                                                        \
      [](auto... a) __attribute__((always_inline)) { return Ops::Cpp::op_(a...); },           \
      [](auto... a) __attribute__((always_inline)) { return Ops::C::op_(a...); }, ##__VA_ARGS__);
#define BENCH_CAPI_TIME_CALL(name_, scenario_, op_, ...) \
  BENCH_CAPI_RUN(::bench::TimeCall{}, name_, scenario_, op_, ##__VA_ARGS__)
#define BENCH_CAPI_TIME_TO_CALLBACK(name_, scenario_, op_, ...) \
  BENCH_CAPI_RUN(::bench::TimeToCallback{}, name_, scenario_, op_, ##__VA_ARGS__)

namespace {
// Each timed in a function of its own, of one shape, so the compiler
// schedules the measurement around both calls alike.
__attribute__((noinline)) uint32_t time_direct_call() {
  return ::bench::instructions([](uint32_t m) { return bl_capi_body(&bl_capi_handle, m); }, 7u);
}
__attribute__((noinline)) uint32_t time_checked_call() {
  return ::bench::instructions([](uint32_t m) { return bl_capi_forward(&bl_capi_handle, m); }, 7u);
}
}  // namespace

TEST_CASE(bench, capi_handle_check) {
  const uint32_t direct = time_direct_call();
  const uint32_t checked = time_checked_call();
  CHECK(checked > direct);
  ::bench::report("capi.handle_check", "instructions", checked - direct);
}

TEST_CASE(bench, capi_safesu) {
  using Ops = ::bench::capi::SafeSU;
  Ops::attach(&bench_on_callback);
  BENCH_CAPI_SAFESU_OPS(BENCH_CAPI_TIME_CALL)
  BENCH_CAPI_SAFESU_HOOKS(BENCH_CAPI_TIME_TO_CALLBACK)
}

TEST_CASE(bench, capi_cm) {
  using Ops = ::bench::capi::Cm;
  Ops::attach(&bench_on_callback);
  BENCH_CAPI_CM_OPS(BENCH_CAPI_TIME_CALL)
  BENCH_CAPI_CM_HOOKS(BENCH_CAPI_TIME_TO_CALLBACK)
}

TEST_CASE(bench, capi_riscv) {
  using Ops = ::bench::capi::Riscv;
  Ops::attach(&bench_on_callback);
  BENCH_CAPI_RISCV_OPS(BENCH_CAPI_TIME_CALL)
  BENCH_CAPI_RISCV_HOOKS(BENCH_CAPI_TIME_TO_CALLBACK)
}
