// SPDX-License-Identifier: Apache-2.0
// C API over pmu::safesu::SafeSU (include/pmu/c/pmu_safesu.h). Each function:
// handle and pointer checks first (PMU_EBADARG, nothing touched), then the
// C++ call, whose own checks come before its first register access.
#include "pmu/c/pmu_safesu.h"

#include "handle.hpp"
#include "pmu/safesu/safesu.hpp"
#include "pmu/safesu/selftest.hpp"

namespace {
using namespace pmu;
using namespace pmu::safesu;
using c_api::kBad;
using c_api::to_c;

// The handle keeps its own copy of the layout, so a custom one needs no
// storage elsewhere, and the driver's opt-in callback table and 64-bit
// totals; the SafeSU points at them (hence: do not move a handle).
struct State {
  State(uintptr_t base, const Layout& l) : layout(l), su(base, layout) {
    (void)su.attach_callbacks(&callbacks);
    (void)su.track_totals(&totals);
  }
  Layout layout;
  Callbacks callbacks;
  Totals totals;
  SafeSU su;
};
using Slot = c_api::Slot<State, 0x53616655u>;  // "SafU"
static_assert(Slot::fits<pmu_safesu_t>(), "PMU_SAFESU_HANDLE_SIZE too small for this target");
static_assert(sizeof(pmu_safesu_t) - sizeof(Slot) < 16, "PMU_SAFESU_HANDLE_SIZE wastes space: shrink it");

SafeSU* get(pmu_safesu_t* h) {
  State* s = Slot::get(h);
  return s != nullptr ? &s->su : nullptr;
}

pmu_status_t make(pmu_safesu_t* h, uintptr_t base, const Layout& l) {
  if (h == nullptr || !l.valid) return kBad;
  new (h->opaque.bytes, c_api::InPlace{}) Slot{0x53616655u, State(base, l)};
  return PMU_OK;
}

static_assert(static_cast<unsigned>(SelftestMode::kOnlyOutput0) == PMU_SAFESU_MODE_ONLY_OUTPUT0);
static_assert(static_cast<unsigned>(MccuIrqPolicy::kClearOnly) == PMU_SAFESU_MCCU_IRQ_CLEAR_ONLY);
static_assert(static_cast<unsigned>(Relation::kLt) == PMU_SAFESU_REL_LT);
static_assert(kMaxSelftestChecks == PMU_SAFESU_MAX_SELFTEST_CHECKS);

template <typename T, typename U>
pmu_status_t out(Result<T> r, U* dst) {
  if (r.ok()) *dst = static_cast<U>(r.value());
  return to_c(r.status());
}

}  // namespace

#define SU_OR_BAD(h)                      \
  SafeSU* const su_ = get(h);             \
  if (su_ == nullptr) return kBad

extern "C" {

pmu_status_t pmu_safesu_init(pmu_safesu_t* su, uintptr_t base, pmu_safesu_layout_t layout) {
  switch (layout) {
    case PMU_SAFESU_LAYOUT_4C128: return make(su, base, k4c128);
    case PMU_SAFESU_LAYOUT_6C128: return make(su, base, k6c128);
    case PMU_SAFESU_LAYOUT_6C256: return make(su, base, k6c256);
    case PMU_SAFESU_LAYOUT_4C32: return make(su, base, k4c32);
    default: return kBad;
  }
}

pmu_status_t pmu_safesu_params_default(pmu_safesu_params_t* p) {
  if (p == nullptr) return kBad;
  const Params d{};
  p->reg_width = d.reg_width;
  p->n_counters = d.n_counters;
  p->n_soc_ev = d.n_soc_ev;
  p->mccu_n_cores = d.mccu_n_cores;
  p->mccu_n_events = d.mccu_n_events;
  p->weights_width = d.weights_width;
  p->n_conf_regs = d.n_conf_regs;
  p->ft = d.ft;
  p->vintage = PMU_SAFESU_RDC_MAY2025;
  p->weight0_never_fires = d.weight0_never_fires;
  return PMU_OK;
}

pmu_status_t pmu_safesu_init_params(pmu_safesu_t* su, uintptr_t base, const pmu_safesu_params_t* p) {
  if (su == nullptr || p == nullptr) return kBad;
  if (p->vintage != PMU_SAFESU_RDC_MAY2025 && p->vintage != PMU_SAFESU_RDC_PRE2025) return kBad;
  Params q{};
  q.reg_width = p->reg_width;
  q.n_counters = p->n_counters;
  q.n_soc_ev = p->n_soc_ev;
  q.mccu_n_cores = p->mccu_n_cores;
  q.mccu_n_events = p->mccu_n_events;
  q.weights_width = p->weights_width;
  q.n_conf_regs = p->n_conf_regs;
  q.ft = p->ft;
  q.vintage = p->vintage == PMU_SAFESU_RDC_PRE2025 ? RdcVintage::kPre2025 : RdcVintage::kMay2025;
  q.weight0_never_fires = p->weight0_never_fires;
  return make(su, base, make_layout(q));
}

pmu_status_t pmu_safesu_info_get(const pmu_safesu_t* su, pmu_safesu_info_t* info) {
  const State* s = Slot::get(su);
  if (s == nullptr || info == nullptr) return kBad;
  const Layout& l = s->su.layout();
  info->base = s->su.base();
  info->n_counters = l.n_counters;
  info->n_cores = l.n_cores;
  info->n_inputs = l.n_inputs;
  info->n_soc_ev = l.n_soc_ev;
  info->ft = l.params.ft;
  info->rdc_usable = l.rdc_usable;
  return PMU_OK;
}

// ---- Counters ---------------------------------------------------------------
pmu_status_t pmu_safesu_counters_enable(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->start(su_->all_counters()));
}
pmu_status_t pmu_safesu_counters_disable(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->stop(su_->all_counters()));
}
pmu_status_t pmu_safesu_counters_reset(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->reset());
}
pmu_status_t pmu_safesu_counter_read(pmu_safesu_t* su, unsigned k, uint32_t* value) {
  SU_OR_BAD(su);
  if (value == nullptr) return kBad;
  return out(su_->read(k), value);
}
pmu_status_t pmu_safesu_counters_read_all(pmu_safesu_t* su, uint32_t* o, unsigned n) {
  SU_OR_BAD(su);
  if (o == nullptr) return kBad;
  return to_c(su_->read_all(o, n));
}
pmu_status_t pmu_safesu_counter_write(pmu_safesu_t* su, unsigned k, uint32_t value) {
  SU_OR_BAD(su);
  return to_c(su_->write(k, value));
}
pmu_status_t pmu_safesu_counter_read64(pmu_safesu_t* su, unsigned k, uint64_t* value) {
  SU_OR_BAD(su);
  if (value == nullptr) return kBad;
  return out(su_->read64(k), value);
}
pmu_status_t pmu_safesu_counters_sync64(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->sync64());
}
pmu_status_t pmu_safesu_selftest_mode_set(pmu_safesu_t* su, pmu_safesu_selftest_mode_t mode) {
  SU_OR_BAD(su);
  if (static_cast<unsigned>(mode) > PMU_SAFESU_MODE_ONLY_OUTPUT0) return kBad;
  return to_c(su_->set_selftest_mode(static_cast<SelftestMode>(mode)));
}

// ---- Crossbar ---------------------------------------------------------------
pmu_status_t pmu_safesu_crossbar_route(pmu_safesu_t* su, unsigned output, unsigned event) {
  SU_OR_BAD(su);
  return to_c(su_->route(output, event));
}
pmu_status_t pmu_safesu_crossbar_route_table(pmu_safesu_t* su, const pmu_safesu_route_t* routes, size_t n) {
  SU_OR_BAD(su);
  if (routes == nullptr && n != 0) return kBad;
  // Check every entry first (nothing touched on a bad one), then hand the
  // table over in chunks of C++ Routes: one chunk for any real table.
  const Layout& l = su_->layout();
  for (size_t i = 0; i < n; ++i)
    if (routes[i].output >= l.n_counters || routes[i].event >= l.n_soc_ev) return kBad;
  if (n == 0) return to_c(su_->route_table(nullptr, 0));
  Route chunk[kMaxCounters];
  for (size_t done = 0; done < n;) {
    const size_t m = n - done < kMaxCounters ? n - done : kMaxCounters;
    for (size_t i = 0; i < m; ++i) chunk[i] = Route{routes[done + i].output, routes[done + i].event};
    if (const Status s = su_->route_table(chunk, m); s != Status::kOk) return to_c(s);
    done += m;
  }
  return PMU_OK;
}
pmu_status_t pmu_safesu_crossbar_event_get(pmu_safesu_t* su, unsigned output, uint32_t* event) {
  SU_OR_BAD(su);
  if (event == nullptr) return kBad;
  return out(su_->routed_event(output), event);
}

// ---- Overflow -----------------------------------------------------------------
pmu_status_t pmu_safesu_overflow_mask_set(pmu_safesu_t* su, uint32_t mask) {
  SU_OR_BAD(su);
  return to_c(su_->set_overflow_mask(mask));
}
pmu_status_t pmu_safesu_overflow_irq_set(pmu_safesu_t* su, unsigned counter, bool on) {
  SU_OR_BAD(su);
  return to_c(su_->set_overflow_irq(counter, on));
}
pmu_status_t pmu_safesu_overflow_enable(pmu_safesu_t* su, bool discard_stale) {
  SU_OR_BAD(su);
  return to_c(su_->enable_overflow(discard_stale));
}
pmu_status_t pmu_safesu_overflow_disable(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->disable_overflow());
}
pmu_status_t pmu_safesu_overflow_clear(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->clear_overflow());
}
pmu_status_t pmu_safesu_overflow_vector_read(pmu_safesu_t* su, uint32_t* vector) {
  SU_OR_BAD(su);
  if (vector == nullptr) return kBad;
  return out(su_->overflow_vector(), vector);
}

// ---- MCCU ---------------------------------------------------------------------
pmu_status_t pmu_safesu_mccu_weight_set(pmu_safesu_t* su, unsigned input, unsigned weight) {
  SU_OR_BAD(su);
  return to_c(su_->set_weight(input, weight));
}
pmu_status_t pmu_safesu_mccu_weights_set(pmu_safesu_t* su, const uint8_t* weights, unsigned n) {
  SU_OR_BAD(su);
  if (weights == nullptr) return kBad;
  return to_c(su_->set_weights(weights, n));
}
pmu_status_t pmu_safesu_mccu_weight_get(pmu_safesu_t* su, unsigned input, uint8_t* weight) {
  SU_OR_BAD(su);
  if (weight == nullptr) return kBad;
  return out(su_->weight(input), weight);
}
pmu_status_t pmu_safesu_mccu_budget_set(pmu_safesu_t* su, unsigned core, uint32_t limit) {
  SU_OR_BAD(su);
  return to_c(su_->set_budget(core, limit));
}
pmu_status_t pmu_safesu_mccu_remaining_read(pmu_safesu_t* su, unsigned core, uint32_t* remaining) {
  SU_OR_BAD(su);
  if (remaining == nullptr) return kBad;
  return out(su_->remaining_budget(core), remaining);
}
pmu_status_t pmu_safesu_mccu_enable(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->enable_mccu());
}
pmu_status_t pmu_safesu_mccu_disable(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->disable_mccu());
}
pmu_status_t pmu_safesu_mccu_reset(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->reset_mccu());
}
pmu_status_t pmu_safesu_mccu_hw_quota_set(pmu_safesu_t* su, bool on) {
  SU_OR_BAD(su);
  return to_c(su_->set_hw_quota(on));
}
pmu_status_t pmu_safesu_mccu_refill(pmu_safesu_t* su, unsigned core) {
  SU_OR_BAD(su);
  return to_c(su_->refill(core));
}
pmu_status_t pmu_safesu_mccu_refill_cores(pmu_safesu_t* su, uint32_t core_mask) {
  SU_OR_BAD(su);
  return to_c(su_->refill_cores(core_mask));
}
pmu_status_t pmu_safesu_mccu_irq_policy_set(pmu_safesu_t* su, pmu_safesu_mccu_irq_policy_t policy) {
  SU_OR_BAD(su);
  if (static_cast<unsigned>(policy) > PMU_SAFESU_MCCU_IRQ_CLEAR_ONLY) return kBad;
  return to_c(su_->set_mccu_irq_policy(static_cast<MccuIrqPolicy>(policy)));
}

// ---- RDC ------------------------------------------------------------------------
pmu_status_t pmu_safesu_rdc_enable(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->enable_rdc());
}
pmu_status_t pmu_safesu_rdc_disable(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->disable_rdc());
}
pmu_status_t pmu_safesu_rdc_reset(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->reset_rdc());
}
pmu_status_t pmu_safesu_rdc_irq_clear(pmu_safesu_t* su) {
  SU_OR_BAD(su);
  return to_c(su_->clear_rdc_irq());
}
pmu_status_t pmu_safesu_rdc_threshold_set(pmu_safesu_t* su, unsigned input, unsigned threshold) {
  SU_OR_BAD(su);
  return to_c(su_->set_rdc_threshold(input, threshold));
}
pmu_status_t pmu_safesu_rdc_watermark_read(pmu_safesu_t* su, unsigned input, uint8_t* watermark) {
  SU_OR_BAD(su);
  if (watermark == nullptr) return kBad;
  return out(su_->watermark(input), watermark);
}
pmu_status_t pmu_safesu_rdc_watermarks_read(pmu_safesu_t* su, uint8_t* o, unsigned n) {
  SU_OR_BAD(su);
  if (o == nullptr) return kBad;
  return to_c(su_->read_watermarks(o, n));
}
pmu_status_t pmu_safesu_rdc_vector_read(pmu_safesu_t* su, uint32_t* vector) {
  SU_OR_BAD(su);
  if (vector == nullptr) return kBad;
  return out(su_->rdc_vector(), vector);
}
pmu_status_t pmu_safesu_rdc_fired(pmu_safesu_t* su, unsigned input, bool* fired) {
  SU_OR_BAD(su);
  if (fired == nullptr) return kBad;
  return out(su_->rdc_fired(input), fired);
}

// ---- Callbacks and hooks ----------------------------------------------------------
pmu_status_t pmu_safesu_overflow_callback_set(pmu_safesu_t* su, unsigned counter, pmu_irq_fn_t fn, void* ctx) {
  SU_OR_BAD(su);
  return to_c(su_->on_overflow(counter, c_api::callback(fn, ctx)));
}
pmu_status_t pmu_safesu_mccu_callback_set(pmu_safesu_t* su, unsigned core, pmu_irq_fn_t fn, void* ctx) {
  SU_OR_BAD(su);
  return to_c(su_->on_mccu(core, c_api::callback(fn, ctx)));
}
pmu_status_t pmu_safesu_rdc_callback_set(pmu_safesu_t* su, unsigned input, pmu_irq_fn_t fn, void* ctx) {
  SU_OR_BAD(su);
  return to_c(su_->on_rdc(input, c_api::callback(fn, ctx)));
}
pmu_status_t pmu_safesu_ft_callback_set(pmu_safesu_t* su, pmu_irq_fn_t fn, void* ctx) {
  SU_OR_BAD(su);
  return to_c(su_->on_ft(c_api::callback(fn, ctx)));
}

pmu_status_t pmu_safesu_overflow_irq_handle(pmu_safesu_t* su, uint32_t* vector) {
  SU_OR_BAD(su);
  const Result<uint32_t> r = su_->handle_overflow_irq();
  if (vector != nullptr) *vector = r.value_or(0);
  return to_c(r.status());
}
pmu_status_t pmu_safesu_mccu_irq_handle(pmu_safesu_t* su, unsigned core, uint32_t* remaining) {
  SU_OR_BAD(su);
  // The C++ hook returns the core mask it served; this call's out-value is
  // the remaining budget as the hook found it (1R more, only if asked).
  const Result<uint32_t> left = remaining != nullptr ? su_->remaining_budget(core) : Result<uint32_t>(0u);
  const Result<uint32_t> r = su_->handle_mccu_irq(core);
  if (remaining != nullptr && r.ok()) *remaining = left.value();
  return to_c(r.status());
}
pmu_status_t pmu_safesu_rdc_irq_handle(pmu_safesu_t* su, uint32_t* vector) {
  SU_OR_BAD(su);
  const Result<uint32_t> r = su_->handle_rdc_irq();
  if (vector != nullptr) *vector = r.value_or(0);
  return to_c(r.status());
}
pmu_status_t pmu_safesu_ft_irq_handle(pmu_safesu_t* su, unsigned which) {
  SU_OR_BAD(su);
  return to_c(su_->handle_ft_irq(which));
}

// ---- Self-test --------------------------------------------------------------------
pmu_status_t pmu_safesu_selftest_run(pmu_safesu_t* su, pmu_safesu_selftest_report_t* report) {
  SU_OR_BAD(su);
  if (report == nullptr) return kBad;
  SelftestReport r{};
  const Status s = run_selftest(*su_, &r);
  report->count = r.count;
  report->failed = r.failed;
  for (unsigned i = 0; i < PMU_SAFESU_MAX_SELFTEST_CHECKS; ++i) {
    const Check& c = r.checks[i];
    pmu_safesu_check_t& d = report->checks[i];
    d.name = i < r.count ? c.name : nullptr;
    d.rel = static_cast<pmu_safesu_relation_t>(c.rel);
    d.expected = c.expected;
    d.observed = c.observed;
    d.pass = c.pass;
  }
  return to_c(s);
}

}  // extern "C"
