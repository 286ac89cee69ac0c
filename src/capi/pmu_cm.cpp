// SPDX-License-Identifier: Apache-2.0
// C API over pmu::cm::Perf (include/pmu/c/pmu_cm.h): one line per C
// function, a forwarder of handle.hpp naming the C++ member. The C counter
// numbers and sets are the C++ indices and masks; the callback table is
// layout-compatible with the C++ one.
#include "pmu/c/pmu_cm.h"

#include "handle.hpp"
#include "pmu/cm/perf.hpp"

namespace {
using namespace pmu;
using namespace pmu::cm;
using c_api::as;
using c_api::callback;
using c_api::kBad;

using Slot = c_api::Slot<pmu_cm_t, Perf, 0x434D5066u>;  // "CMPf"

static_assert(PMU_CM_CYCLE == kCycleCounter && PMU_CM_P0 == kP0Counter && PMU_CM_P1 == kP1Counter);
static_assert(PMU_CM_SET_CYCLE == kCycleMask && PMU_CM_SET_P0 == kP0Mask && PMU_CM_SET_P1 == kP1Mask &&
              PMU_CM_SET_ALL == kAllMask);
static_assert(sizeof(pmu_cm_callbacks_t) == sizeof(Callbacks) &&
              offsetof(pmu_cm_callbacks_t, by_counter) == offsetof(Callbacks, by_counter));
static_assert(sizeof(pmu_cm_totals_t) == sizeof(Totals) && alignof(pmu_cm_totals_t) == alignof(Totals));

template <auto M, typename H, typename... A>
__attribute__((always_inline)) inline pmu_status_t call(H* h, A... a) {
  return c_api::call<M, Slot>(h, a...);
}
template <auto M, typename H, typename... A>
__attribute__((always_inline)) inline auto get(H* h, A... a) {
  return c_api::get<M, Slot>(h, a...);
}

}  // namespace

extern "C" {

pmu_status_t pmu_cm_init(pmu_cm_t* cm, uintptr_t gcr_base, bool present) {
  if (cm == nullptr) return kBad;
  Slot::make(cm, gcr_base, present);
  return PMU_OK;
}
pmu_status_t pmu_cm_callbacks_attach(pmu_cm_t* cm, pmu_cm_callbacks_t* c) {
  return call<&Perf::attach_callbacks>(cm, as<Callbacks>(c));
}
pmu_status_t pmu_cm_totals_track(pmu_cm_t* cm, pmu_cm_totals_t* t) { return call<&Perf::track_totals>(cm, as<Totals>(t)); }
pmu_status_t pmu_cm_probe(const pmu_cm_t* cm) { return call<&Perf::probe>(cm); }
pmu_status_t pmu_cm_counter_program(pmu_cm_t* cm, pmu_cm_counter_t c, unsigned event_id, uint32_t qualifier) {
  return call<&Perf::program>(cm, c, event_id, qualifier);
}
pmu_status_t pmu_cm_counters_control(pmu_cm_t* cm, uint32_t start, uint32_t stop, uint32_t reset) {
  return call<&Perf::control>(cm, start, stop, reset);
}
pmu_status_t pmu_cm_counters_start(pmu_cm_t* cm, uint32_t set) { return call<&Perf::start>(cm, set); }
pmu_status_t pmu_cm_counters_stop(pmu_cm_t* cm, uint32_t set) { return call<&Perf::stop>(cm, set); }
pmu_status_t pmu_cm_counters_reset(pmu_cm_t* cm, uint32_t set) { return call<&Perf::reset>(cm, set); }
pmu_status_t pmu_cm_counters_reset_and_start(pmu_cm_t* cm, uint32_t set) {
  return call<&Perf::reset_and_start>(cm, set);
}
pmu_status_t pmu_cm_counter_preload(pmu_cm_t* cm, pmu_cm_counter_t c, uint32_t value) {
  return call<&Perf::preload>(cm, c, value);
}
__attribute__((flatten)) pmu_u32_result_t pmu_cm_counter_read(pmu_cm_t* cm, pmu_cm_counter_t c) {
  return PMU_C_ANSWER(pmu_u32_result_t, get<&Perf::read>(cm, c));
}
__attribute__((flatten)) pmu_u64_result_t pmu_cm_counter_read64(pmu_cm_t* cm, pmu_cm_counter_t c) {
  return PMU_C_ANSWER(pmu_u64_result_t, get<&Perf::read64>(cm, c));
}
__attribute__((flatten)) pmu_u32_result_t pmu_cm_overflow_read(const pmu_cm_t* cm) {
  return PMU_C_ANSWER(pmu_u32_result_t, get<&Perf::read_overflow>(cm));
}
pmu_status_t pmu_cm_overflow_clear(pmu_cm_t* cm, uint32_t set) { return call<&Perf::clear_overflow>(cm, set); }
pmu_status_t pmu_cm_overflow_stop_set(const pmu_cm_t* cm, bool on) { return call<&Perf::set_overflow_stop>(cm, on); }
pmu_status_t pmu_cm_interrupt_enable_set(const pmu_cm_t* cm, bool on) {
  return call<&Perf::set_interrupt_enable>(cm, on);
}
pmu_status_t pmu_cm_overflow_callback_set(pmu_cm_t* cm, pmu_cm_counter_t c, pmu_irq_fn_t fn, void* ctx) {
  return call<&Perf::on_overflow>(cm, c, callback(fn, ctx));
}
// The handle check, then the C++ hook returning the C answer
// (handle_overflow_irq_as()): its steps 2-4 a tail jump away, as the C++
// hook's are.
pmu_u32_result_t pmu_cm_overflow_irq_handle(pmu_cm_t* cm) {
  Perf* const perf = Slot::get(cm);
  if (perf == nullptr) return c_api::refused_answer<pmu_u32_result_t>();
  return perf->handle_overflow_irq_as<pmu_u32_result_t>();
}
void pmu_cm_overflow_isr(void* cm) { c_api::isr<&Perf::overflow_isr, Slot, pmu_cm_t>(cm); }
pmu_name_result_t pmu_cm_event_name_get(unsigned event_id) {
  return c_api::name_answer(event_name(event_id));
}

}  // extern "C"
