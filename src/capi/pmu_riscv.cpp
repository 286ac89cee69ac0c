// SPDX-License-Identifier: Apache-2.0
// C API over the RISC-V counter files (include/pmu/c/pmu_riscv.h): one
// handle holds the standard Counters (M-mode), the SBI counters (S-mode,
// selected by PMU_RISCV_IRQ_SUPERVISOR) or the AME counter file; the magic
// word says which, so the handle check is the dispatch, and each shared call
// is one line naming the C++ member for whichever file it is. Ibex has its
// own handle. Callbacks and totals are the caller's storage, as in C++
// (layout-compatible / same size, static_asserts below).
#include "pmu/c/pmu_riscv.h"

#include "handle.hpp"
#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu/riscv/ibex.hpp"
#include "pmu/riscv/sbi_counters.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;
using c_api::as;
using c_api::kBad;
using c_api::to_c;

// The three counter files have one size and no pointer into the handle; the
// magic word says which one a handle holds, so the handle check is also the
// dispatch.
static_assert(sizeof(Counters) == sizeof(SbiCounters) && sizeof(Counters) == sizeof(ame::AmeCounters));
using StandardSlot = c_api::Slot<pmu_riscv_counters_t, Counters, 0x52565374u>;  // "RVSt"
using SbiSlot = c_api::Slot<pmu_riscv_counters_t, SbiCounters, 0x52565362u>;    // "RVSb"
using AmeSlot = c_api::Slot<pmu_riscv_counters_t, ame::AmeCounters, 0x52564165u>;  // "RVAe"

struct IbexHandle {
  ibex::Config cfg;
  ibex::IbexCounters file;
};
using IbexSlot = c_api::Slot<pmu_riscv_ibex_t, IbexHandle, 0x49627843u>;  // "IbxC"

static_assert(sizeof(pmu_riscv_callbacks_t) == sizeof(CounterCallbacks) &&
              offsetof(pmu_riscv_callbacks_t, cb) == offsetof(CounterCallbacks, cb));
static_assert(sizeof(pmu_riscv_totals_t) == sizeof(CounterTotals) && alignof(pmu_riscv_totals_t) == alignof(CounterTotals));
static_assert(PMU_RISCV_INHIBIT_M == inhibit::kM && PMU_RISCV_INHIBIT_VU == inhibit::kVu);
static_assert(PMU_RISCV_AME_ADD == static_cast<unsigned>(ame::OpType::kAdd));
static_assert(PMU_RISCV_SBI_HW_CPU_CYCLES == sbi_pmu::kHwCpuCycles &&
              PMU_RISCV_SBI_HW_INSTRUCTIONS == sbi_pmu::kHwInstructions);

// The call on one kind of file, out of line: the dispatch below then ends in
// a tail jump per kind, and each kind's code has only its own frame, with the
// C++ call inlined into it (flatten: not a second call and frame). It
// returns what the C function does (a status, or the C answer of a Result),
// so that the jump to it is a tail jump. The C arguments come as
// parameters, not as a lambda capture: a capture is a struct in a register,
// whose 32-bit members RV64 code must sign-extend again; a parameter arrives
// ABI-extended, as the C++ member's does.
template <typename File, typename F, typename... A>
__attribute__((noinline, flatten)) auto on(File* f, F fn, A... a) {
  using R = decltype(fn(*f, a...));
  if constexpr (__is_class(R)) {
    using C = typename c_api::AnswerOf<R>::type;
    return PMU_C_ANSWER(C, fn(*f, a...));
  } else {
    return fn(*f, a...);
  }
}
// Call fn(file, a...) with the handle's counter file (a CounterFile<Map>&):
// a status, or a value call's C answer.
template <typename F, typename... A>
__attribute__((always_inline)) inline auto with(const pmu_riscv_counters_t* h, F fn, A... a) {
  using C = decltype(on(static_cast<Counters*>(nullptr), fn, a...));
  if (Counters* f = StandardSlot::get(h)) return on(f, fn, a...);
  if (SbiCounters* f = SbiSlot::get(h)) return on(f, fn, a...);
  if (ame::AmeCounters* f = AmeSlot::get(h)) return on(f, fn, a...);
  return c_api::refusal<C>();
}
// with() for the kinds but the standard file, out of line (PMU_RISCV_ANSWER).
template <typename F, typename... A>
__attribute__((noinline)) auto with_other_kind(const pmu_riscv_counters_t* h, F fn, A... a) {
  using C = decltype(on(static_cast<Counters*>(nullptr), fn, a...));
  if (SbiCounters* f = SbiSlot::get(h)) return on(f, fn, a...);
  if (ame::AmeCounters* f = AmeSlot::get(h)) return on(f, fn, a...);
  return c_api::refusal<C>();
}
// The body of a value call (a C function returning the C answer C of
// fn(file, args...)): the standard file, the usual kind, with its C++ call
// in the C function itself and the answer made in the C function's return
// statement (PMU_C_ANSWER); the other kinds a tail jump away. Through
// with(), every kind's body a tail jump away, GCC 12 kept a stack slot for
// the bodies' answers around the jumps on RV64 (2 instructions), and on
// RV32, where a 16-byte answer is returned in memory, made no tail jump at
// all. The C function is flatten, so the C++ call is inlined whole.
#define PMU_RISCV_ANSWER(C, h, fn, ...)                                        \
  do {                                                                         \
    if (Counters* const standard_ = StandardSlot::get(h))                       \
      return PMU_C_ANSWER(C, (fn)(*standard_, ##__VA_ARGS__));                   \
    return with_other_kind((h), (fn), ##__VA_ARGS__);                          \
  } while (0)

// An mhpmevent selector's raw 64 bits.
Result<uint64_t> raw(Result<HpmEvent> r) {
  return r.ok() ? Result<uint64_t>(r.value().raw) : Result<uint64_t>(r.status());
}

}  // namespace

extern "C" {

pmu_status_t pmu_riscv_counters_config_default(pmu_riscv_counters_config_t* cfg) {
  if (cfg == nullptr) return kBad;
  const CounterConfig d{};
  cfg->counters = d.counters;
  cfg->sscofpmf = d.sscofpmf;
  cfg->present = d.present;
  cfg->overflow_source = PMU_RISCV_OVERFLOW_SCOUNTOVF;
  cfg->irq_mode = PMU_RISCV_IRQ_MACHINE;
  return PMU_OK;
}

pmu_status_t pmu_riscv_counters_init(pmu_riscv_counters_t* h, const pmu_riscv_counters_config_t* cfg) {
  if (h == nullptr || cfg == nullptr) return kBad;
  if (static_cast<unsigned>(cfg->overflow_source) > PMU_RISCV_OVERFLOW_EVENT_OF ||
      static_cast<unsigned>(cfg->irq_mode) > PMU_RISCV_IRQ_SUPERVISOR)
    return kBad;
  const CounterConfig c{cfg->counters, cfg->sscofpmf, cfg->present,
                        cfg->overflow_source == PMU_RISCV_OVERFLOW_EVENT_OF ? OverflowSource::kEventOf
                                                                            : OverflowSource::kScountovf};
  if (cfg->irq_mode == PMU_RISCV_IRQ_SUPERVISOR)
    SbiSlot::make(h, c);
  else
    StandardSlot::make(h, c);
  return PMU_OK;
}
pmu_status_t pmu_riscv_totals_init(pmu_riscv_totals_t* t) {
  if (t == nullptr) return kBad;
  CounterTotals* const totals = new (t, InPlace{}) CounterTotals();
  // The state pmu_riscv.h promises is every byte 0, padding too, as a
  // zero-filled one: the constructor sets the members only (built by clang,
  // a reused buffer's padding kept its old bytes). After it, not before:
  // GCC drops stores to storage that a constructor then takes over.
  __builtin_memset(static_cast<void*>(totals), 0, sizeof *totals);
  return PMU_OK;
}
pmu_status_t pmu_riscv_callbacks_attach(pmu_riscv_counters_t* h, pmu_riscv_callbacks_t* c) {
  return with(
      h,
      [](auto& f, pmu_riscv_callbacks_t* cb) {
        f.attach_callbacks(as<CounterCallbacks>(cb));
        return PMU_OK;
      },
      c);
}
pmu_status_t pmu_riscv_totals_track(pmu_riscv_counters_t* h, pmu_riscv_totals_t* t) {
  return with(
      h,
      [](auto& f, pmu_riscv_totals_t* tt) {
        f.track_totals(as<CounterTotals>(tt));
        return PMU_OK;
      },
      t);
}

pmu_status_t pmu_riscv_counters_prepare(pmu_riscv_counters_t* h) {
  return with(h, [](auto& f) { return to_c(f.init()); });
}
__attribute__((flatten)) PMU_VALUE_PATH_FALLS_THROUGH pmu_u64_result_t pmu_riscv_counter_read(const pmu_riscv_counters_t* h, unsigned i) {
  PMU_RISCV_ANSWER(pmu_u64_result_t, h, [](auto& f, unsigned k) { return f.read(k); }, i);
}
pmu_status_t pmu_riscv_counter_write(pmu_riscv_counters_t* h, unsigned i, uint64_t value) {
  return with(h, [](auto& f, unsigned k, uint64_t v) { return to_c(f.write(k, v)); }, i, value);
}
pmu_status_t pmu_riscv_counters_start(pmu_riscv_counters_t* h, uint32_t mask) {
  return with(h, [](auto& f, uint32_t m) { return to_c(f.start(m)); }, mask);
}
pmu_status_t pmu_riscv_counters_stop(pmu_riscv_counters_t* h, uint32_t mask) {
  return with(h, [](auto& f, uint32_t m) { return to_c(f.stop(m)); }, mask);
}
pmu_status_t pmu_riscv_counter_program(pmu_riscv_counters_t* h, unsigned i, uint64_t event) {
  return with(h, [](auto& f, unsigned k, uint64_t e) { return to_c(f.program(k, HpmEvent{e})); }, i, event);
}
__attribute__((flatten)) pmu_u64_result_t pmu_riscv_counter_event_read(const pmu_riscv_counters_t* h, unsigned i) {
  PMU_RISCV_ANSWER(pmu_u64_result_t, h, [](auto& f, unsigned k) { return raw(f.event(k)); }, i);
}
__attribute__((flatten)) pmu_u32_result_t pmu_riscv_counter_width_probe(pmu_riscv_counters_t* h, unsigned i) {
  PMU_RISCV_ANSWER(pmu_u32_result_t, h, [](auto& f, unsigned k) { return f.probe_width(k); }, i);
}
pmu_status_t pmu_riscv_counter_width_set(pmu_riscv_counters_t* h, unsigned i, unsigned bits) {
  return with(h, [](auto& f, unsigned k, unsigned b) { return to_c(f.set_width(k, b)); }, i, bits);
}
__attribute__((flatten)) pmu_u64_result_t pmu_riscv_counter_read_extended(pmu_riscv_counters_t* h, unsigned i) {
  PMU_RISCV_ANSWER(pmu_u64_result_t, h, [](auto& f, unsigned k) { return f.read64(k); }, i);
}
pmu_status_t pmu_riscv_counter_reset_extended(pmu_riscv_counters_t* h, unsigned i, uint64_t base) {
  return with(h, [](auto& f, unsigned k, uint64_t b) { return to_c(f.reset_total(k, b)); }, i, base);
}
__attribute__((flatten)) pmu_u32_result_t pmu_riscv_overflow_vector_read(const pmu_riscv_counters_t* h) {
  PMU_RISCV_ANSWER(pmu_u32_result_t, h, [](auto& f) { return f.overflow_vector(); });
}
pmu_status_t pmu_riscv_overflow_clear(pmu_riscv_counters_t* h, unsigned i) {
  return with(h, [](auto& f, unsigned k) { return to_c(f.clear_overflow(k)); }, i);
}
pmu_status_t pmu_riscv_overflow_irq_enable(pmu_riscv_counters_t* h) {
  return with(h, [](auto& f) { return to_c(f.enable_overflow_irq()); });
}
pmu_status_t pmu_riscv_overflow_callback_set(pmu_riscv_counters_t* h, unsigned i, pmu_irq_fn_t fn, void* ctx) {
  return with(
      h, [](auto& f, unsigned k, pmu_irq_fn_t cb, void* x) { return to_c(f.on_overflow(k, c_api::callback(cb, x))); },
      i, fn, ctx);
}
__attribute__((flatten)) pmu_u32_result_t pmu_riscv_overflow_irq_handle(pmu_riscv_counters_t* h) {
  PMU_RISCV_ANSWER(pmu_u32_result_t, h, [](auto& f) { return f.handle_overflow_irq_inlined(); });
}
// The ISR adapter: the dispatch, then a tail jump to the file's own C++
// adapter (no answer, no frame), as c_api::isr() does for one kind.
void pmu_riscv_overflow_isr(void* h) {
  const auto* c = static_cast<const pmu_riscv_counters_t*>(h);
  if (Counters* f = StandardSlot::get(c)) return Counters::overflow_isr(f);
  if (SbiCounters* f = SbiSlot::get(c)) return SbiCounters::overflow_isr(f);
  if (ame::AmeCounters* f = AmeSlot::get(c)) return ame::AmeCounters::overflow_isr(f);
}

pmu_u64_result_t pmu_riscv_hpm_event_make(uint64_t event, unsigned inh) {
  if (inh > inhibit::kAll) return c_api::refused_answer<pmu_u64_result_t>();
  return PMU_C_ANSWER(pmu_u64_result_t, raw(make_hpm_event(event, static_cast<uint8_t>(inh))));
}

// ---- SBI ------------------------------------------------------------------------
pmu_u32_result_t pmu_riscv_sbi_discover(pmu_riscv_counters_t* h) {
  SbiCounters* f = SbiSlot::get(h);
  if (f == nullptr) return c_api::refused_answer<pmu_u32_result_t>();
  return PMU_C_ANSWER(pmu_u32_result_t, sbi::discover(*f));
}
pmu_status_t pmu_riscv_sbi_counter_program(pmu_riscv_counters_t* h, unsigned i, uint32_t event_idx, uint64_t data,
                                           unsigned inh) {
  SbiCounters* f = SbiSlot::get(h);
  if (f == nullptr || inh > inhibit::kAll) return kBad;
  return to_c(f->program_event(i, event_idx, data, static_cast<uint8_t>(inh)));
}

// ---- AME ------------------------------------------------------------------------
pmu_status_t pmu_riscv_ame_init(pmu_riscv_counters_t* h, bool declared, uint32_t counters) {
  if (h == nullptr) return kBad;
  ame::AmeConfig c;
  c.declared = declared;
  if (counters != 0) c.counters = counters;
  AmeSlot::make(h, c);
  return PMU_OK;
}
pmu_status_t pmu_riscv_ame_counter_program(pmu_riscv_counters_t* h, unsigned i,
                                           const pmu_riscv_ame_composition_t* comp) {
  ame::AmeCounters* f = AmeSlot::get(h);
  if (f == nullptr || comp == nullptr) return kBad;
  if (comp->inhibit > inhibit::kAll) return kBad;
  ame::Composition c;
  for (unsigned k = 0; k < 4; ++k) c.event[k] = comp->event[k];
  for (unsigned k = 0; k < 3; ++k) {
    if (!ame::legal_optype(static_cast<unsigned>(comp->op[k]))) return kBad;
    c.op[k] = static_cast<ame::OpType>(comp->op[k]);
  }
  c.inhibit = static_cast<uint8_t>(comp->inhibit);
  return to_c(ame::program(*f, i, c));
}
pmu_status_t pmu_riscv_ame_counteren_set(pmu_riscv_counters_t* h, uint32_t m, uint32_t hs, uint32_t s) {
  ame::AmeCounters* f = AmeSlot::get(h);
  if (f == nullptr) return kBad;
  return to_c(ame::set_counteren(*f, m, hs, s));
}
pmu_name_result_t pmu_riscv_ame_event_name_get(unsigned id) {
  return c_api::name_answer(ame::event_name(id));
}

// ---- Ibex -----------------------------------------------------------------------
pmu_status_t pmu_riscv_ibex_init(pmu_riscv_ibex_t* h, unsigned mhpm_counter_num, unsigned width) {
  if (h == nullptr) return kBad;
  ibex::Config c;
  c.mhpm_counter_num = mhpm_counter_num;
  c.mhpm_counter_width = width;
  if (!ibex::valid(c)) return kBad;
  IbexSlot::make(h, IbexHandle{c, ibex::IbexCounters(c)});
  return PMU_OK;
}
pmu_status_t pmu_riscv_ibex_totals_track(pmu_riscv_ibex_t* h, pmu_riscv_totals_t* t) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr) return kBad;
  x->file.track_totals(as<CounterTotals>(t));
  return PMU_OK;
}
pmu_status_t pmu_riscv_ibex_prepare(pmu_riscv_ibex_t* h) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr) return kBad;
  return to_c(ibex::init(x->file, x->cfg));
}
// The mask found is given also on a mismatch (what the core has). The
// handle's configuration passed ibex::valid() in pmu_riscv_ibex_init(), so
// discover() always probes and answers PMU_OK or PMU_EMISMATCH.
pmu_u32_result_t pmu_riscv_ibex_discover(const pmu_riscv_ibex_t* h) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr) return c_api::refused_answer<pmu_u32_result_t>();
  ibex::Found found;
  const Status s = ibex::discover(x->cfg, &found);
  return pmu_u32_result_t{found.counters, to_c(s)};
}
pmu_u64_result_t pmu_riscv_ibex_counter_read(const pmu_riscv_ibex_t* h, unsigned i) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr) return c_api::refused_answer<pmu_u64_result_t>();
  return PMU_C_ANSWER(pmu_u64_result_t, x->file.read(i));
}
pmu_u64_result_t pmu_riscv_ibex_counter_read_extended(pmu_riscv_ibex_t* h, unsigned i) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr) return c_api::refused_answer<pmu_u64_result_t>();
  return PMU_C_ANSWER(pmu_u64_result_t, x->file.read64(i));
}
pmu_u64_result_t pmu_riscv_ibex_event_read(const pmu_riscv_ibex_t* h, unsigned event_id) {
  auto* x = IbexSlot::get(h);
  // Beyond the largest id the cast to the byte-wide ibex::Event would wrap;
  // the reserved id 1 is the C++ call's to refuse.
  if (x == nullptr || event_id > ibex::kMaxEventId) return c_api::refused_answer<pmu_u64_result_t>();
  return PMU_C_ANSWER(pmu_u64_result_t, ibex::read_event(x->file, x->cfg, static_cast<ibex::Event>(event_id)));
}
pmu_status_t pmu_riscv_ibex_counters_start(pmu_riscv_ibex_t* h, uint32_t mask) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr) return kBad;
  return to_c(x->file.start(mask));
}
pmu_status_t pmu_riscv_ibex_counters_stop(pmu_riscv_ibex_t* h, uint32_t mask) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr) return kBad;
  return to_c(x->file.stop(mask));
}

}  // extern "C"
