// SPDX-License-Identifier: Apache-2.0
// C API over the RISC-V counter files (include/pmu/c/pmu_riscv.h): one handle
// holds the standard Counters (M-mode), the SBI counters (S-mode, selected by
// PMU_RISCV_IRQ_SUPERVISOR) or the AME counter file, and the shared calls
// dispatch on which; Ibex has its own handle. The handle also holds the
// callback and 64-bit total storage the C++ files take from their caller.
// Handle and pointer checks first (PMU_EBADARG, nothing touched), then the
// C++ call.
#include "pmu/c/pmu_riscv.h"

#include "handle.hpp"
#include "pmu/riscv/ame.hpp"
#include "pmu/riscv/counters.hpp"
#include "pmu/riscv/ibex.hpp"
#include "pmu/riscv/sbi_counters.hpp"

namespace {
using namespace pmu;
using namespace pmu::riscv;
using c_api::kBad;
using c_api::to_c;

struct File {
  enum Kind : uint8_t { kStandard, kSbi, kAme };
  File(Kind k, const CounterConfig& c) : kind(k), u(k, c) {}
  Kind kind;
  union U {
    U(Kind k, const CounterConfig& c) {
      if (k == kAme)
        new (&ame, c_api::InPlace{}) ame::AmeCounters(c);
      else if (k == kSbi)
        new (&sbi, c_api::InPlace{}) SbiCounters(c);
      else
        new (&standard, c_api::InPlace{}) Counters(c);
    }
    Counters standard;
    SbiCounters sbi;
    ame::AmeCounters ame;
  } u;
  CounterCallbacks callbacks;
  CounterTotals totals;
};
constexpr uint32_t kMagic = 0x52564366u;  // "RVCf"
using Slot = c_api::Slot<File, kMagic>;
static_assert(Slot::fits<pmu_riscv_counters_t>(), "PMU_RISCV_COUNTERS_HANDLE_SIZE too small for this target");
static_assert(sizeof(pmu_riscv_counters_t) - sizeof(Slot) < 16, "PMU_RISCV_COUNTERS_HANDLE_SIZE: shrink it");

struct IbexHandle {
  ibex::Config cfg;
  ibex::IbexCounters file;
  CounterTotals totals;
};
constexpr uint32_t kIbexMagic = 0x49627843u;  // "IbxC"
using IbexSlot = c_api::Slot<IbexHandle, kIbexMagic>;
static_assert(IbexSlot::fits<pmu_riscv_ibex_t>(), "PMU_RISCV_IBEX_HANDLE_SIZE too small for this target");
static_assert(sizeof(pmu_riscv_ibex_t) - sizeof(IbexSlot) < 16, "PMU_RISCV_IBEX_HANDLE_SIZE: shrink it");

static_assert(PMU_RISCV_INHIBIT_M == inhibit::kM && PMU_RISCV_INHIBIT_VU == inhibit::kVu);
static_assert(PMU_RISCV_AME_ADD == static_cast<unsigned>(ame::OpType::kAdd));

// Call fn with the handle's counter file as a CounterFile<Map>&.
template <typename H, typename F>
pmu_status_t with(H* h, F fn) {
  File* f = Slot::get(const_cast<pmu_riscv_counters_t*>(h));
  if (f == nullptr) return kBad;
  if (f->kind == File::kAme) return fn(f->u.ame);
  if (f->kind == File::kSbi) return fn(f->u.sbi);
  return fn(f->u.standard);
}

// Build a file in the handle and attach the handle's storage to it.
pmu_status_t place(pmu_riscv_counters_t* h, File::Kind kind, const CounterConfig& c) {
  auto* slot = new (h->opaque.bytes, c_api::InPlace{}) Slot{kMagic, File(kind, c)};
  File& f = slot->obj;
  return with(h, [&](auto& file) {
    file.attach_callbacks(&f.callbacks);
    file.track_totals(&f.totals);
    return PMU_OK;
  });
}


template <typename T, typename U>
pmu_status_t out(Result<T> r, U* dst) {
  if (r.ok()) *dst = static_cast<U>(r.value());
  return to_c(r.status());
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
  return place(h, cfg->irq_mode == PMU_RISCV_IRQ_SUPERVISOR ? File::kSbi : File::kStandard, c);
}

pmu_status_t pmu_riscv_counters_prepare(pmu_riscv_counters_t* h) {
  return with(h, [](auto& f) { return to_c(f.init()); });
}
pmu_status_t pmu_riscv_counter_read(const pmu_riscv_counters_t* h, unsigned i, uint64_t* value) {
  if (value == nullptr) return kBad;
  return with(h, [&](auto& f) { return out(f.read(i), value); });
}
pmu_status_t pmu_riscv_counter_write(pmu_riscv_counters_t* h, unsigned i, uint64_t value) {
  return with(h, [&](auto& f) { return to_c(f.write(i, value)); });
}
pmu_status_t pmu_riscv_counters_start(pmu_riscv_counters_t* h, uint32_t mask) {
  return with(h, [&](auto& f) { return to_c(f.start(mask)); });
}
pmu_status_t pmu_riscv_counters_stop(pmu_riscv_counters_t* h, uint32_t mask) {
  return with(h, [&](auto& f) { return to_c(f.stop(mask)); });
}
pmu_status_t pmu_riscv_counter_program(pmu_riscv_counters_t* h, unsigned i, uint64_t event) {
  return with(h, [&](auto& f) { return to_c(f.program(i, HpmEvent{event})); });
}
pmu_status_t pmu_riscv_counter_event_read(const pmu_riscv_counters_t* h, unsigned i, uint64_t* event) {
  if (event == nullptr) return kBad;
  return with(h, [&](auto& f) {
    const Result<HpmEvent> r = f.event(i);
    if (r.ok()) *event = r.value().raw;
    return to_c(r.status());
  });
}
pmu_status_t pmu_riscv_counter_width_probe(pmu_riscv_counters_t* h, unsigned i, unsigned* bits) {
  if (bits == nullptr) return kBad;
  return with(h, [&](auto& f) { return out(f.probe_width(i), bits); });
}
pmu_status_t pmu_riscv_counter_width_set(pmu_riscv_counters_t* h, unsigned i, unsigned bits) {
  return with(h, [&](auto& f) { return to_c(f.set_width(i, bits)); });
}
pmu_status_t pmu_riscv_counter_read_extended(pmu_riscv_counters_t* h, unsigned i, uint64_t* total) {
  if (total == nullptr) return kBad;
  return with(h, [&](auto& f) { return out(f.read64(i), total); });
}
pmu_status_t pmu_riscv_counter_reset_extended(pmu_riscv_counters_t* h, unsigned i, uint64_t base) {
  return with(h, [&](auto& f) { return to_c(f.reset_total(i, base)); });
}
pmu_status_t pmu_riscv_overflow_vector_read(const pmu_riscv_counters_t* h, uint32_t* vector) {
  if (vector == nullptr) return kBad;
  return with(h, [&](auto& f) { return out(f.overflow_vector(), vector); });
}
pmu_status_t pmu_riscv_overflow_clear(pmu_riscv_counters_t* h, unsigned i) {
  return with(h, [&](auto& f) { return to_c(f.clear_overflow(i)); });
}
pmu_status_t pmu_riscv_overflow_irq_enable(pmu_riscv_counters_t* h) {
  return with(h, [](auto& f) { return to_c(f.enable_overflow_irq()); });
}
pmu_status_t pmu_riscv_overflow_callback_set(pmu_riscv_counters_t* h, unsigned i, pmu_irq_fn_t fn, void* ctx) {
  return with(h, [&](auto& f) { return to_c(f.on_overflow(i, c_api::callback(fn, ctx))); });
}
pmu_status_t pmu_riscv_overflow_irq_handle(pmu_riscv_counters_t* h, uint32_t* vector) {
  return with(h, [&](auto& f) {
    const Result<uint32_t> v = f.handle_overflow_irq();
    if (vector != nullptr) *vector = v.value_or(0);
    return to_c(v.status());
  });
}

pmu_status_t pmu_riscv_hpm_event_make(uint64_t event, unsigned inh, uint64_t* raw) {
  if (raw == nullptr || inh > inhibit::kAll) return kBad;
  const Result<HpmEvent> r = make_hpm_event(event, static_cast<uint8_t>(inh));
  if (r.ok()) *raw = r.value().raw;
  return to_c(r.status());
}

// ---- AME ------------------------------------------------------------------------
pmu_status_t pmu_riscv_ame_init(pmu_riscv_counters_t* h, bool declared, uint32_t counters) {
  if (h == nullptr) return kBad;
  ame::AmeConfig c;
  c.declared = declared;
  if (counters != 0) c.counters = counters;
  return place(h, File::kAme, c);
}
pmu_status_t pmu_riscv_ame_counter_program(pmu_riscv_counters_t* h, unsigned i,
                                           const pmu_riscv_ame_composition_t* comp) {
  File* f = Slot::get(h);
  if (f == nullptr || f->kind != File::kAme || comp == nullptr) return kBad;
  if (comp->inhibit > inhibit::kAll) return kBad;
  ame::Composition c;
  for (unsigned k = 0; k < 4; ++k) c.event[k] = comp->event[k];
  for (unsigned k = 0; k < 3; ++k) {
    if (!ame::legal_optype(static_cast<unsigned>(comp->op[k]))) return kBad;
    c.op[k] = static_cast<ame::OpType>(comp->op[k]);
  }
  c.inhibit = static_cast<uint8_t>(comp->inhibit);
  return to_c(ame::program(f->u.ame, i, c));
}
pmu_status_t pmu_riscv_ame_counteren_set(pmu_riscv_counters_t* h, uint32_t m, uint32_t hs, uint32_t s) {
  File* f = Slot::get(h);
  if (f == nullptr || f->kind != File::kAme) return kBad;
  return to_c(ame::set_counteren(f->u.ame, m, hs, s));
}
pmu_status_t pmu_riscv_ame_event_name_get(unsigned id, const char** name) {
  if (name == nullptr) return kBad;
  const char* n = ame::event_name(id);
  if (n == nullptr) return PMU_ENOTFOUND;
  *name = n;
  return PMU_OK;
}

// ---- Ibex -----------------------------------------------------------------------
pmu_status_t pmu_riscv_ibex_init(pmu_riscv_ibex_t* h, unsigned mhpm_counter_num, unsigned width) {
  if (h == nullptr) return kBad;
  ibex::Config c;
  c.mhpm_counter_num = mhpm_counter_num;
  c.mhpm_counter_width = width;
  if (!ibex::valid(c)) return kBad;
  auto* slot = new (h->opaque.bytes, c_api::InPlace{}) IbexSlot{kIbexMagic, IbexHandle{c, ibex::IbexCounters(c), CounterTotals()}};
  slot->obj.file.track_totals(&slot->obj.totals);
  return PMU_OK;
}
pmu_status_t pmu_riscv_ibex_prepare(pmu_riscv_ibex_t* h) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr) return kBad;
  return to_c(ibex::init(x->file, x->cfg));
}
// The mask found is written also on a mismatch (what the core has).
pmu_status_t pmu_riscv_ibex_discover(const pmu_riscv_ibex_t* h, uint32_t* mask) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr || mask == nullptr) return kBad;
  ibex::Found found;
  const Status s = ibex::discover(x->cfg, &found);
  if (s == Status::kOk || s == Status::kMismatch) *mask = found.counters;
  return to_c(s);
}
pmu_status_t pmu_riscv_ibex_counter_read(const pmu_riscv_ibex_t* h, unsigned i, uint64_t* value) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr || value == nullptr) return kBad;
  return out(x->file.read(i), value);
}
pmu_status_t pmu_riscv_ibex_counter_read_extended(pmu_riscv_ibex_t* h, unsigned i, uint64_t* total) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr || total == nullptr) return kBad;
  return out(x->file.read64(i), total);
}
pmu_status_t pmu_riscv_ibex_event_read(const pmu_riscv_ibex_t* h, unsigned event_id, uint64_t* value) {
  auto* x = IbexSlot::get(h);
  if (x == nullptr || value == nullptr || event_id == 1 || event_id > ibex::kMaxEventId) return kBad;
  return out(ibex::read_event(x->file, x->cfg, static_cast<ibex::Event>(event_id)), value);
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
