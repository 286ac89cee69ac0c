// SPDX-License-Identifier: Apache-2.0
// C API over pmu::safesu::SafeSU (include/pmu/c/pmu_safesu.h): one line per
// C function, a forwarder of handle.hpp naming the C++ member. The C structs
// the calls take (routes, parameters, callbacks, self-test report) are
// layout-compatible with the C++ ones (static_asserts below) and passed
// through as they are; only enums and the info struct are converted.
#include "pmu/c/pmu_safesu.h"

#include "handle.hpp"
#include "pmu/safesu/safesu.hpp"
#include "pmu/safesu/selftest.hpp"
#include "pmu/safesu/wrapper_irq.hpp"

// The range of each C enum a call takes. The C enums are global, so these
// are too: argument-dependent lookup from c_api's forwarders finds them
// there, and would not in the unnamed namespace (a C int would then reach
// the byte-wide C++ enum unchecked: 257 as mode 1).
static constexpr bool in_range(pmu_safesu_selftest_mode_t m) {
  return static_cast<unsigned>(m) <= PMU_SAFESU_MODE_ONLY_OUTPUT0;
}
static constexpr bool in_range(pmu_safesu_mccu_irq_policy_t p) {
  return static_cast<unsigned>(p) <= PMU_SAFESU_MCCU_IRQ_CLEAR_ONLY;
}

namespace {
using namespace pmu;
using namespace pmu::safesu;
using c_api::as;
using c_api::callback;
using c_api::kBad;
using c_api::to_c;

using Slot = c_api::Slot<pmu_safesu_t, SafeSU, 0x53616655u>;  // "SafU"

// ---- Layout-compatible C structs ----------------------------------------------------
#define PMU_SAME_FIELD(C, Cxx, c, cxx) \
  (offsetof(C, c) == offsetof(Cxx, cxx) && sizeof(C::c) == sizeof(Cxx::cxx))
static_assert(sizeof(pmu_safesu_route_t) == sizeof(Route) && PMU_SAME_FIELD(pmu_safesu_route_t, Route, output, output) &&
              PMU_SAME_FIELD(pmu_safesu_route_t, Route, event, event));
static_assert(sizeof(pmu_safesu_params_t) == sizeof(Params) &&
              PMU_SAME_FIELD(pmu_safesu_params_t, Params, reg_width, reg_width) &&
              PMU_SAME_FIELD(pmu_safesu_params_t, Params, n_counters, n_counters) &&
              PMU_SAME_FIELD(pmu_safesu_params_t, Params, n_soc_ev, n_soc_ev) &&
              PMU_SAME_FIELD(pmu_safesu_params_t, Params, mccu_n_cores, mccu_n_cores) &&
              PMU_SAME_FIELD(pmu_safesu_params_t, Params, mccu_n_events, mccu_n_events) &&
              PMU_SAME_FIELD(pmu_safesu_params_t, Params, weights_width, weights_width) &&
              PMU_SAME_FIELD(pmu_safesu_params_t, Params, n_conf_regs, n_conf_regs) &&
              PMU_SAME_FIELD(pmu_safesu_params_t, Params, ft, ft) &&
              PMU_SAME_FIELD(pmu_safesu_params_t, Params, vintage, vintage) &&
              PMU_SAME_FIELD(pmu_safesu_params_t, Params, weight0_never_fires, weight0_never_fires));
static_assert(sizeof(pmu_safesu_callbacks_t) == sizeof(Callbacks) &&
              PMU_SAME_FIELD(pmu_safesu_callbacks_t, Callbacks, overflow, overflow) &&
              PMU_SAME_FIELD(pmu_safesu_callbacks_t, Callbacks, mccu, mccu) &&
              PMU_SAME_FIELD(pmu_safesu_callbacks_t, Callbacks, rdc, rdc) &&
              PMU_SAME_FIELD(pmu_safesu_callbacks_t, Callbacks, ft, ft) &&
              PMU_SAME_FIELD(pmu_safesu_callbacks_t, Callbacks, mccu_policy, mccu_policy));
static_assert(sizeof(pmu_safesu_check_t) == sizeof(Check) && PMU_SAME_FIELD(pmu_safesu_check_t, Check, name, name) &&
              PMU_SAME_FIELD(pmu_safesu_check_t, Check, rel, rel) &&
              PMU_SAME_FIELD(pmu_safesu_check_t, Check, expected, expected) &&
              PMU_SAME_FIELD(pmu_safesu_check_t, Check, observed, observed) &&
              PMU_SAME_FIELD(pmu_safesu_check_t, Check, pass, pass));
static_assert(sizeof(pmu_safesu_selftest_report_t) == sizeof(SelftestReport) &&
              PMU_SAME_FIELD(pmu_safesu_selftest_report_t, SelftestReport, checks, checks) &&
              PMU_SAME_FIELD(pmu_safesu_selftest_report_t, SelftestReport, count, count) &&
              PMU_SAME_FIELD(pmu_safesu_selftest_report_t, SelftestReport, failed, failed));
static_assert(sizeof(pmu_safesu_wrapper_irqs_t) == sizeof(WrapperIrqs) &&
              PMU_SAME_FIELD(pmu_safesu_wrapper_irqs_t, WrapperIrqs, overflow, overflow) &&
              PMU_SAME_FIELD(pmu_safesu_wrapper_irqs_t, WrapperIrqs, quota, quota) &&
              PMU_SAME_FIELD(pmu_safesu_wrapper_irqs_t, WrapperIrqs, rdc, rdc) &&
              PMU_SAME_FIELD(pmu_safesu_wrapper_irqs_t, WrapperIrqs, mccu0, mccu0));
#undef PMU_SAME_FIELD
// Opaque storage: same size and alignment (checked again by as<>()).
static_assert(sizeof(pmu_safesu_totals_t) == sizeof(Totals) && alignof(pmu_safesu_totals_t) == alignof(Totals));
static_assert(sizeof(pmu_safesu_map_t) == sizeof(Layout) && alignof(pmu_safesu_map_t) == alignof(Layout));
static_assert(PMU_SAFESU_MAX_COUNTERS == kMaxCounters && PMU_SAFESU_MAX_CORES == kMaxCores &&
              PMU_SAFESU_MAX_INPUTS == kMaxInputs && PMU_SAFESU_MAX_SELFTEST_CHECKS == kMaxSelftestChecks);

// ---- Enum values: the C numbers are the C++ ones --------------------------------------
static_assert(PMU_SAFESU_MODE_ALL_ONES == static_cast<unsigned>(SelftestMode::kAllOnes) &&
              PMU_SAFESU_MODE_ONLY_OUTPUT0 == static_cast<unsigned>(SelftestMode::kOnlyOutput0));
static_assert(PMU_SAFESU_MCCU_IRQ_CLEAR_ONLY == static_cast<unsigned>(MccuIrqPolicy::kClearOnly));
static_assert(PMU_SAFESU_RDC_PRE2025 == static_cast<unsigned>(RdcVintage::kPre2025));
static_assert(PMU_SAFESU_REL_LT == static_cast<unsigned>(Relation::kLt));
static_assert(PMU_SAFESU_WRAPPER_C == static_cast<unsigned>(Wrapper::kC));

// The forwarders, bound to this unit's handle.
template <auto M, typename... A>
__attribute__((always_inline)) inline pmu_status_t call(pmu_safesu_t* h, A... a) {
  return c_api::call<M, Slot>(h, a...);
}
template <auto M, typename... A>
__attribute__((always_inline)) inline auto get(pmu_safesu_t* h, A... a) {
  return c_api::get<M, Slot>(h, a...);
}

const Layout* named_layout(pmu_safesu_layout_t l) {
  switch (l) {
    case PMU_SAFESU_LAYOUT_4C128: return &k4c128;
    case PMU_SAFESU_LAYOUT_6C128: return &k6c128;
    case PMU_SAFESU_LAYOUT_6C256: return &k6c256;
    case PMU_SAFESU_LAYOUT_4C32: return &k4c32;
    default: return nullptr;
  }
}

}  // namespace

extern "C" {

// ---- Handle and storage -----------------------------------------------------------------
pmu_status_t pmu_safesu_init(pmu_safesu_t* su, uintptr_t base, pmu_safesu_layout_t layout) {
  const Layout* l = named_layout(layout);
  if (su == nullptr || l == nullptr) return kBad;
  Slot::make(su, base, *l);
  return PMU_OK;
}
pmu_status_t pmu_safesu_params_default(pmu_safesu_params_t* p) {
  if (p == nullptr) return kBad;
  *as<Params>(p) = Params{};
  return PMU_OK;
}
pmu_status_t pmu_safesu_init_params(pmu_safesu_t* su, uintptr_t base, const pmu_safesu_params_t* p,
                                    pmu_safesu_map_t* map) {
  if (su == nullptr || p == nullptr || map == nullptr || p->vintage > PMU_SAFESU_RDC_PRE2025) return kBad;
  const Layout l = make_layout(*as<Params>(p));
  if (!l.valid) return kBad;
  *as<Layout>(map) = l;
  Slot::make(su, base, *as<Layout>(map));
  return PMU_OK;
}
pmu_status_t pmu_safesu_info_get(const pmu_safesu_t* su, pmu_safesu_info_t* info) {
  const SafeSU* s = Slot::get(su);
  if (s == nullptr || info == nullptr) return kBad;
  const Layout& l = s->layout();
  *info = pmu_safesu_info_t{s->base(), l.n_counters, l.n_cores, l.n_inputs, l.n_soc_ev, l.params.ft, l.rdc_usable};
  return PMU_OK;
}
pmu_status_t pmu_safesu_callbacks_attach(pmu_safesu_t* su, pmu_safesu_callbacks_t* c) {
  return call<&SafeSU::attach_callbacks>(su, as<Callbacks>(c));
}
pmu_status_t pmu_safesu_totals_track(pmu_safesu_t* su, pmu_safesu_totals_t* t) {
  return call<&SafeSU::track_totals>(su, as<Totals>(t));
}

// ---- Counters ------------------------------------------------------------------------------
pmu_status_t pmu_safesu_counters_enable(pmu_safesu_t* su) {
  SafeSU* s = Slot::get(su);
  return s != nullptr ? to_c(s->start(s->all_counters())) : kBad;
}
pmu_status_t pmu_safesu_counters_disable(pmu_safesu_t* su) {
  SafeSU* s = Slot::get(su);
  return s != nullptr ? to_c(s->stop(s->all_counters())) : kBad;
}
pmu_status_t pmu_safesu_counters_reset(pmu_safesu_t* su) { return call<&SafeSU::reset>(su); }
__attribute__((flatten)) pmu_u32_result_t pmu_safesu_counter_read(pmu_safesu_t* su, unsigned k) {
  return PMU_C_ANSWER(pmu_u32_result_t, get<&SafeSU::read>(su, k));
}
pmu_status_t pmu_safesu_counters_read_all(pmu_safesu_t* su, uint32_t* o, unsigned n) {
  return call<&SafeSU::read_all>(su, o, n);
}
pmu_status_t pmu_safesu_counter_write(pmu_safesu_t* su, unsigned k, uint32_t v) {
  return call<&SafeSU::write>(su, k, v);
}
__attribute__((flatten)) pmu_u64_result_t pmu_safesu_counter_read64(pmu_safesu_t* su, unsigned k) {
  return PMU_C_ANSWER(pmu_u64_result_t, get<&SafeSU::read64>(su, k));
}
pmu_status_t pmu_safesu_counters_sync64(pmu_safesu_t* su) { return call<&SafeSU::sync64>(su); }
pmu_status_t pmu_safesu_selftest_mode_set(pmu_safesu_t* su, pmu_safesu_selftest_mode_t m) {
  return call<&SafeSU::set_selftest_mode>(su, m);
}

// ---- Crossbar ------------------------------------------------------------------------------
pmu_status_t pmu_safesu_crossbar_route(pmu_safesu_t* su, unsigned output, unsigned event) {
  return call<&SafeSU::route>(su, output, event);
}
pmu_status_t pmu_safesu_crossbar_route_table(pmu_safesu_t* su, const pmu_safesu_route_t* r, size_t n) {
  return call<&SafeSU::route_table>(su, as<Route>(r), n);
}
__attribute__((flatten)) pmu_u32_result_t pmu_safesu_crossbar_event_get(pmu_safesu_t* su, unsigned output) {
  return PMU_C_ANSWER(pmu_u32_result_t, get<&SafeSU::routed_event>(su, output));
}

// ---- Overflow ------------------------------------------------------------------------------
pmu_status_t pmu_safesu_overflow_mask_set(pmu_safesu_t* su, uint32_t mask) {
  return call<&SafeSU::set_overflow_mask>(su, mask);
}
pmu_status_t pmu_safesu_overflow_irq_set(pmu_safesu_t* su, unsigned counter, bool on) {
  return call<&SafeSU::set_overflow_irq>(su, counter, on);
}
pmu_status_t pmu_safesu_overflow_enable(pmu_safesu_t* su, bool discard_stale) {
  return call<&SafeSU::enable_overflow>(su, discard_stale);
}
pmu_status_t pmu_safesu_overflow_disable(pmu_safesu_t* su) { return call<&SafeSU::disable_overflow>(su); }
pmu_status_t pmu_safesu_overflow_clear(pmu_safesu_t* su) { return call<&SafeSU::clear_overflow>(su); }
__attribute__((flatten)) pmu_u32_result_t pmu_safesu_overflow_vector_read(pmu_safesu_t* su) {
  return PMU_C_ANSWER(pmu_u32_result_t, get<&SafeSU::overflow_vector>(su));
}

// ---- MCCU ----------------------------------------------------------------------------------
pmu_status_t pmu_safesu_mccu_weight_set(pmu_safesu_t* su, unsigned input, unsigned weight) {
  return call<&SafeSU::set_weight>(su, input, weight);
}
pmu_status_t pmu_safesu_mccu_weights_set(pmu_safesu_t* su, const uint8_t* w, unsigned n) {
  return call<&SafeSU::set_weights>(su, w, n);
}
__attribute__((flatten)) pmu_u8_result_t pmu_safesu_mccu_weight_get(pmu_safesu_t* su, unsigned input) {
  return PMU_C_ANSWER(pmu_u8_result_t, get<&SafeSU::weight>(su, input));
}
pmu_status_t pmu_safesu_mccu_budget_set(pmu_safesu_t* su, unsigned core, uint32_t limit) {
  return call<&SafeSU::set_budget>(su, core, limit);
}
__attribute__((flatten)) pmu_u32_result_t pmu_safesu_mccu_remaining_read(pmu_safesu_t* su, unsigned core) {
  return PMU_C_ANSWER(pmu_u32_result_t, get<&SafeSU::remaining_budget>(su, core));
}
pmu_status_t pmu_safesu_mccu_enable(pmu_safesu_t* su) { return call<&SafeSU::enable_mccu>(su); }
pmu_status_t pmu_safesu_mccu_disable(pmu_safesu_t* su) { return call<&SafeSU::disable_mccu>(su); }
pmu_status_t pmu_safesu_mccu_reset(pmu_safesu_t* su) { return call<&SafeSU::reset_mccu>(su); }
pmu_status_t pmu_safesu_mccu_hw_quota_set(pmu_safesu_t* su, bool on) { return call<&SafeSU::set_hw_quota>(su, on); }
pmu_status_t pmu_safesu_mccu_refill(pmu_safesu_t* su, unsigned core) { return call<&SafeSU::refill>(su, core); }
pmu_status_t pmu_safesu_mccu_refill_cores(pmu_safesu_t* su, uint32_t mask) {
  return call<&SafeSU::refill_cores>(su, mask);
}
pmu_status_t pmu_safesu_mccu_irq_policy_set(pmu_safesu_t* su, pmu_safesu_mccu_irq_policy_t p) {
  return call<&SafeSU::set_mccu_irq_policy>(su, p);
}

// ---- RDC -----------------------------------------------------------------------------------
pmu_status_t pmu_safesu_rdc_enable(pmu_safesu_t* su) { return call<&SafeSU::enable_rdc>(su); }
pmu_status_t pmu_safesu_rdc_disable(pmu_safesu_t* su) { return call<&SafeSU::disable_rdc>(su); }
pmu_status_t pmu_safesu_rdc_reset(pmu_safesu_t* su) { return call<&SafeSU::reset_rdc>(su); }
pmu_status_t pmu_safesu_rdc_irq_clear(pmu_safesu_t* su) { return call<&SafeSU::clear_rdc_irq>(su); }
pmu_status_t pmu_safesu_rdc_threshold_set(pmu_safesu_t* su, unsigned input, unsigned threshold) {
  return call<&SafeSU::set_rdc_threshold>(su, input, threshold);
}
__attribute__((flatten)) pmu_u8_result_t pmu_safesu_rdc_watermark_read(pmu_safesu_t* su, unsigned input) {
  return PMU_C_ANSWER(pmu_u8_result_t, get<&SafeSU::watermark>(su, input));
}
pmu_status_t pmu_safesu_rdc_watermarks_read(pmu_safesu_t* su, uint8_t* o, unsigned n) {
  return call<&SafeSU::read_watermarks>(su, o, n);
}
__attribute__((flatten)) pmu_u32_result_t pmu_safesu_rdc_vector_read(pmu_safesu_t* su) {
  return PMU_C_ANSWER(pmu_u32_result_t, get<&SafeSU::rdc_vector>(su));
}
__attribute__((flatten)) pmu_bool_result_t pmu_safesu_rdc_fired(pmu_safesu_t* su, unsigned input) {
  return PMU_C_ANSWER(pmu_bool_result_t, get<&SafeSU::rdc_fired>(su, input));
}

// ---- Callbacks, hooks, ISR adapters ----------------------------------------------------------
pmu_status_t pmu_safesu_overflow_callback_set(pmu_safesu_t* su, unsigned counter, pmu_irq_fn_t fn, void* ctx) {
  return call<&SafeSU::on_overflow>(su, counter, callback(fn, ctx));
}
pmu_status_t pmu_safesu_mccu_callback_set(pmu_safesu_t* su, unsigned core, pmu_irq_fn_t fn, void* ctx) {
  return call<&SafeSU::on_mccu>(su, core, callback(fn, ctx));
}
pmu_status_t pmu_safesu_rdc_callback_set(pmu_safesu_t* su, unsigned input, pmu_irq_fn_t fn, void* ctx) {
  return call<&SafeSU::on_rdc>(su, input, callback(fn, ctx));
}
pmu_status_t pmu_safesu_ft_callback_set(pmu_safesu_t* su, pmu_irq_fn_t fn, void* ctx) {
  return call<&SafeSU::on_ft>(su, callback(fn, ctx));
}
__attribute__((flatten)) pmu_u32_result_t pmu_safesu_overflow_irq_handle(pmu_safesu_t* su) {
  return PMU_C_ANSWER(pmu_u32_result_t, get<&SafeSU::handle_overflow_irq>(su));
}
__attribute__((flatten)) pmu_u32_result_t pmu_safesu_mccu_irq_handle(pmu_safesu_t* su, unsigned core) {
  return PMU_C_ANSWER(pmu_u32_result_t, get<&SafeSU::handle_mccu_irq>(su, core));
}
__attribute__((flatten)) pmu_u32_result_t pmu_safesu_rdc_irq_handle(pmu_safesu_t* su) {
  return PMU_C_ANSWER(pmu_u32_result_t, get<&SafeSU::handle_rdc_irq>(su));
}
pmu_status_t pmu_safesu_ft_irq_handle(pmu_safesu_t* su, unsigned which) {
  return call<&SafeSU::handle_ft_irq>(su, which);
}
// flatten: the hook's body inlined, as in the hook above (without it GCC
// may jump to libpmu's out-of-line adapter: 7 to 8 instructions more).
__attribute__((flatten)) void pmu_safesu_overflow_isr(void* su) {
  c_api::isr<&SafeSU::overflow_isr, Slot, pmu_safesu_t>(su);
}
void pmu_safesu_rdc_isr(void* su) { (void)pmu_safesu_rdc_irq_handle(static_cast<pmu_safesu_t*>(su)); }
void pmu_safesu_mccu_isr(void* line) {
  const auto* l = static_cast<const pmu_safesu_mccu_line_t*>(line);
  if (l != nullptr) (void)pmu_safesu_mccu_irq_handle(l->su, l->core);
}

pmu_status_t pmu_safesu_wrapper_irqs_get(pmu_safesu_wrapper_t w, unsigned cores, pmu_safesu_wrapper_irqs_t* irqs) {
  if (irqs == nullptr || static_cast<unsigned>(w) > PMU_SAFESU_WRAPPER_C) return kBad;
  const Wrapper v = static_cast<Wrapper>(w);
  if (!wrapper_fits(v, cores)) return kBad;
  *as<WrapperIrqs>(irqs) = wrapper_irqs(v, cores);
  return PMU_OK;
}

// ---- Self-test -------------------------------------------------------------------------------
pmu_status_t pmu_safesu_selftest_run(pmu_safesu_t* su, pmu_safesu_selftest_report_t* report) {
  SafeSU* s = Slot::get(su);
  if (s == nullptr || report == nullptr) return kBad;
  return to_c(run_selftest(*s, as<SelftestReport>(report)));
}

}  // extern "C"
