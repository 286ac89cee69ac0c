// SPDX-License-Identifier: Apache-2.0
// C API over pmu::cm::Perf (include/pmu/c/pmu_cm.h). Handle and pointer checks
// first (PMU_EBADARG, nothing touched), then the C++ call.
#include "pmu/c/pmu_cm.h"

#include "handle.hpp"
#include "pmu/cm/perf.hpp"

namespace {
using namespace pmu;
using namespace pmu::cm;
using c_api::kBad;
using c_api::to_c;

constexpr uint32_t kMagic = 0x434D5066u;  // "CMPf"
using Slot = c_api::Slot<Perf, kMagic>;
static_assert(Slot::fits<pmu_cm_t>(), "PMU_CM_HANDLE_SIZE too small for this target");
static_assert(sizeof(pmu_cm_t) - sizeof(Slot) < 16, "PMU_CM_HANDLE_SIZE wastes space: shrink it");
static_assert(PMU_CM_SET_CYCLE == kCycle.bits && PMU_CM_SET_P0 == kP0.bits && PMU_CM_SET_P1 == kP1.bits &&
              PMU_CM_SET_ALL == kAll.bits);
static_assert(PMU_CM_P0 == static_cast<unsigned>(Counter::kP0) && PMU_CM_CYCLE == static_cast<unsigned>(Counter::kCycle));

// A set from C: bits outside the three counters are a bad argument.
bool to_set(unsigned bits, CounterSet* s) {
  if ((bits & ~PMU_CM_SET_ALL) != 0) return false;
  *s = CounterSet{static_cast<uint8_t>(bits)};
  return true;
}
bool to_counter(pmu_cm_counter_t c, Counter* out) {
  if (static_cast<unsigned>(c) > PMU_CM_CYCLE) return false;
  *out = static_cast<Counter>(c);
  return true;
}

}  // namespace

#define CM_OR_BAD(h)            \
  auto* const cm_ = Slot::get(h); \
  if (cm_ == nullptr) return kBad

extern "C" {

pmu_status_t pmu_cm_init(pmu_cm_t* cm, uintptr_t gcr_base, bool present) {
  if (cm == nullptr) return kBad;
  new (cm->opaque.bytes, c_api::InPlace{}) Slot{kMagic, Perf(gcr_base, present)};
  return PMU_OK;
}
pmu_status_t pmu_cm_probe(const pmu_cm_t* cm) {
  CM_OR_BAD(cm);
  return to_c(cm_->probe());
}
pmu_status_t pmu_cm_counter_program(pmu_cm_t* cm, pmu_cm_counter_t c, unsigned event_id, uint32_t qualifier) {
  CM_OR_BAD(cm);
  Counter k;
  if (!to_counter(c, &k)) return kBad;
  return to_c(cm_->program(k, event_id, qualifier));
}
pmu_status_t pmu_cm_counters_control(pmu_cm_t* cm, unsigned start, unsigned stop, unsigned reset) {
  CM_OR_BAD(cm);
  CounterSet a, b, r;
  if (!to_set(start, &a) || !to_set(stop, &b) || !to_set(reset, &r)) return kBad;
  return to_c(cm_->control(a, b, r));
}
pmu_status_t pmu_cm_counters_start(pmu_cm_t* cm, unsigned set) { return pmu_cm_counters_control(cm, set, 0, 0); }
pmu_status_t pmu_cm_counters_stop(pmu_cm_t* cm, unsigned set) { return pmu_cm_counters_control(cm, 0, set, 0); }
pmu_status_t pmu_cm_counters_reset(pmu_cm_t* cm, unsigned set) { return pmu_cm_counters_control(cm, 0, 0, set); }
pmu_status_t pmu_cm_counters_reset_and_start(pmu_cm_t* cm, unsigned set) {
  return pmu_cm_counters_control(cm, set, 0, set);
}
pmu_status_t pmu_cm_counter_preload(pmu_cm_t* cm, pmu_cm_counter_t c, uint32_t value) {
  CM_OR_BAD(cm);
  Counter k;
  if (!to_counter(c, &k)) return kBad;
  return to_c(cm_->preload(k, value));
}
pmu_status_t pmu_cm_counter_read(pmu_cm_t* cm, pmu_cm_counter_t c, uint32_t* value) {
  CM_OR_BAD(cm);
  Counter k;
  if (value == nullptr || !to_counter(c, &k)) return kBad;
  const Result<uint32_t> r = cm_->read(k);
  if (r.ok()) *value = r.value();
  return to_c(r.status());
}
pmu_status_t pmu_cm_counter_read64(pmu_cm_t* cm, pmu_cm_counter_t c, uint64_t* value) {
  CM_OR_BAD(cm);
  Counter k;
  if (value == nullptr || !to_counter(c, &k)) return kBad;
  const Result<uint64_t> r = cm_->read64(k);
  if (r.ok()) *value = r.value();
  return to_c(r.status());
}
pmu_status_t pmu_cm_overflow_read(const pmu_cm_t* cm, unsigned* set) {
  CM_OR_BAD(cm);
  if (set == nullptr) return kBad;
  const Result<CounterSet> r = cm_->read_overflow();
  if (r.ok()) *set = r.value().bits;
  return to_c(r.status());
}
pmu_status_t pmu_cm_overflow_clear(const pmu_cm_t* cm, unsigned set) {
  CM_OR_BAD(cm);
  CounterSet s;
  if (!to_set(set, &s)) return kBad;
  return to_c(cm_->clear_overflow(s));
}
pmu_status_t pmu_cm_overflow_stop_set(const pmu_cm_t* cm, bool on) {
  CM_OR_BAD(cm);
  return to_c(cm_->set_overflow_stop(on));
}
pmu_status_t pmu_cm_interrupt_enable_set(const pmu_cm_t* cm, bool on) {
  CM_OR_BAD(cm);
  return to_c(cm_->set_interrupt_enable(on));
}
pmu_status_t pmu_cm_overflow_callback_set(pmu_cm_t* cm, pmu_cm_counter_t c, pmu_irq_fn_t fn, void* ctx) {
  CM_OR_BAD(cm);
  Counter k;
  if (!to_counter(c, &k)) return kBad;
  return to_c(cm_->on_overflow(k, c_api::callback(fn, ctx)));
}
pmu_status_t pmu_cm_overflow_irq_handle(pmu_cm_t* cm, unsigned* handled) {
  CM_OR_BAD(cm);
  const Result<CounterSet> r = cm_->handle_overflow_irq();
  if (handled != nullptr) *handled = r.ok() ? r.value().bits : 0u;
  return to_c(r.status());
}
pmu_status_t pmu_cm_event_name_get(unsigned event_id, const char** name) {
  if (name == nullptr) return kBad;
  const char* n = event_name(event_id);
  if (n == nullptr) return PMU_ENOTFOUND;
  *name = n;
  return PMU_OK;
}

}  // extern "C"
