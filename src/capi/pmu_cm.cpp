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

// What a pmu_cm_t holds: the driver and the storage of the features the C
// API always offers (callbacks, 64-bit totals). The driver is pointed at the
// storage on every call that may use it, so a copied handle still works.
struct CmHandle {
  Perf perf;
  Callbacks callbacks;       // every entry: call_c on this handle
  Totals totals;
  IrqCallback from_c[3];     // by C counter number, called with that number
  Perf& attached();
};

constexpr uint32_t kMagic = 0x434D5066u;  // "CMPf"
using Slot = c_api::Slot<CmHandle, kMagic>;
static_assert(Slot::fits<pmu_cm_t>(), "PMU_CM_HANDLE_SIZE too small for this target");
static_assert(sizeof(pmu_cm_t) - sizeof(Slot) < 16, "PMU_CM_HANDLE_SIZE wastes space: shrink it");
// C sets are the C++ counter masks (bit = GCR_DB_PC_OV bit).
static_assert(PMU_CM_SET_CYCLE == kCycleMask && PMU_CM_SET_P0 == kP0Mask && PMU_CM_SET_P1 == kP1Mask &&
              PMU_CM_SET_ALL == kAllMask);

// A set from C: bits outside the three counters are a bad argument.
bool to_set(unsigned bits, uint32_t* s) {
  if ((bits & ~PMU_CM_SET_ALL) != 0) return false;
  *s = bits;
  return true;
}
// The C counter numbers (P0 0, P1 1, cycle 2) to the C++ counter index
// (the GCR_DB_PC_OV bit: cycle 0, P0 1, P1 2), and back.
bool to_counter(pmu_cm_counter_t c, unsigned* out) {
  if (static_cast<unsigned>(c) > PMU_CM_CYCLE) return false;
  *out = c == PMU_CM_CYCLE ? kCycleCounter : c == PMU_CM_P0 ? kP0Counter : kP1Counter;
  return true;
}
unsigned to_c_counter(unsigned i) { return i == kCycleCounter ? PMU_CM_CYCLE : i == kP0Counter ? PMU_CM_P0 : PMU_CM_P1; }

// A callback registered from C receives the C counter number as 'source'.
void call_c(void* handle, unsigned i) {
  const unsigned c = to_c_counter(i);
  static_cast<CmHandle*>(handle)->from_c[c](c);
}
Perf& CmHandle::attached() {
  for (IrqCallback& cb : callbacks.by_counter) cb = IrqCallback{&call_c, this};
  perf.attach_callbacks(&callbacks);
  perf.track_totals(&totals);
  return perf;
}

}  // namespace

#define CM_OR_BAD(h)                \
  auto* const cm_ = Slot::get(h);     \
  if (cm_ == nullptr) return kBad

extern "C" {

pmu_status_t pmu_cm_init(pmu_cm_t* cm, uintptr_t gcr_base, bool present) {
  if (cm == nullptr) return kBad;
  new (cm->opaque.bytes, c_api::InPlace{}) Slot{kMagic, CmHandle{Perf(gcr_base, present), Callbacks{}, Totals{}, {}}};
  return PMU_OK;
}
pmu_status_t pmu_cm_probe(const pmu_cm_t* cm) {
  CM_OR_BAD(cm);
  return to_c(cm_->perf.probe());
}
pmu_status_t pmu_cm_counter_program(pmu_cm_t* cm, pmu_cm_counter_t c, unsigned event_id, uint32_t qualifier) {
  CM_OR_BAD(cm);
  unsigned k;
  if (!to_counter(c, &k)) return kBad;
  return to_c(cm_->perf.program(k, event_id, qualifier));
}
pmu_status_t pmu_cm_counters_control(pmu_cm_t* cm, unsigned start, unsigned stop, unsigned reset) {
  CM_OR_BAD(cm);
  uint32_t a, b, r;
  if (!to_set(start, &a) || !to_set(stop, &b) || !to_set(reset, &r)) return kBad;
  return to_c(cm_->attached().control(a, b, r));
}
pmu_status_t pmu_cm_counters_start(pmu_cm_t* cm, unsigned set) { return pmu_cm_counters_control(cm, set, 0, 0); }
pmu_status_t pmu_cm_counters_stop(pmu_cm_t* cm, unsigned set) { return pmu_cm_counters_control(cm, 0, set, 0); }
pmu_status_t pmu_cm_counters_reset(pmu_cm_t* cm, unsigned set) { return pmu_cm_counters_control(cm, 0, 0, set); }
pmu_status_t pmu_cm_counters_reset_and_start(pmu_cm_t* cm, unsigned set) {
  return pmu_cm_counters_control(cm, set, 0, set);
}
pmu_status_t pmu_cm_counter_preload(pmu_cm_t* cm, pmu_cm_counter_t c, uint32_t value) {
  CM_OR_BAD(cm);
  unsigned k;
  if (!to_counter(c, &k)) return kBad;
  return to_c(cm_->attached().preload(k, value));
}
pmu_status_t pmu_cm_counter_read(pmu_cm_t* cm, pmu_cm_counter_t c, uint32_t* value) {
  CM_OR_BAD(cm);
  unsigned k;
  if (value == nullptr || !to_counter(c, &k)) return kBad;
  const Result<uint32_t> r = cm_->perf.read(k);
  if (r.ok()) *value = r.value();
  return to_c(r.status());
}
pmu_status_t pmu_cm_counter_read64(pmu_cm_t* cm, pmu_cm_counter_t c, uint64_t* value) {
  CM_OR_BAD(cm);
  unsigned k;
  if (value == nullptr || !to_counter(c, &k)) return kBad;
  const Result<uint64_t> r = cm_->attached().read64(k);
  if (r.ok()) *value = r.value();
  return to_c(r.status());
}
pmu_status_t pmu_cm_overflow_read(const pmu_cm_t* cm, unsigned* set) {
  CM_OR_BAD(cm);
  if (set == nullptr) return kBad;
  const Result<uint32_t> r = cm_->perf.read_overflow();
  if (r.ok()) *set = r.value();
  return to_c(r.status());
}
pmu_status_t pmu_cm_overflow_clear(const pmu_cm_t* cm, unsigned set) {
  CM_OR_BAD(cm);
  uint32_t s;
  if (!to_set(set, &s)) return kBad;
  return to_c(cm_->perf.clear_overflow(s));
}
pmu_status_t pmu_cm_overflow_stop_set(const pmu_cm_t* cm, bool on) {
  CM_OR_BAD(cm);
  return to_c(cm_->perf.set_overflow_stop(on));
}
pmu_status_t pmu_cm_interrupt_enable_set(const pmu_cm_t* cm, bool on) {
  CM_OR_BAD(cm);
  return to_c(cm_->perf.set_interrupt_enable(on));
}
pmu_status_t pmu_cm_overflow_callback_set(pmu_cm_t* cm, pmu_cm_counter_t c, pmu_irq_fn_t fn, void* ctx) {
  CM_OR_BAD(cm);
  if (static_cast<unsigned>(c) > PMU_CM_CYCLE) return kBad;
  cm_->from_c[c] = c_api::callback(fn, ctx);
  return PMU_OK;
}
pmu_status_t pmu_cm_overflow_irq_handle(pmu_cm_t* cm, unsigned* handled) {
  CM_OR_BAD(cm);
  const Result<uint32_t> r = cm_->attached().handle_overflow_irq();
  if (handled != nullptr) *handled = r.ok() ? r.value() : 0u;
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
