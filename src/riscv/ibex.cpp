// SPDX-License-Identifier: Apache-2.0
#include "pmu/riscv/ibex.hpp"

#include "pmu/riscv/csr_bank.hpp"

namespace pmu::riscv::ibex {

const char* event_name(unsigned id) {
  switch (id) {
    case 0: return "NumCycles";
    case 2: return "NumInstrRet";
    case 3: return "NumCyclesLSU";
    case 4: return "NumCyclesIF";
    case 5: return "NumLoads";
    case 6: return "NumStores";
    case 7: return "NumJumps";
    case 8: return "NumBranches";
    case 9: return "NumBranchesTaken";
    case 10: return "NumInstrRetC";
    case 11: return "NumCyclesMulWait";
    case 12: return "NumCyclesDivWait";
    default: return nullptr;
  }
}

namespace {
// mhpmcounter3's width, probed through a file of its own (Ibex: a write
// needs no event, an unimplemented counter reads 0), so no caller's total
// is touched; 0 if the counter keeps no bit.
unsigned probe_hpm_width() {
  IbexCounters probe(Config{1, 64});
  const Result<unsigned> w = probe.probe_width(kFirstHpm);
  return w.ok() ? w.value() : 0;
}
bool implemented(unsigned i) { return CsrBank<csr::kMhpmeventBase>::read(i) != 0; }
}  // namespace

Found probe_core() {
  Found f;
  for (unsigned i = kFirstHpm; i < kFirstHpm + kMaxHpmCounters; ++i)
    if (implemented(i)) f.counters |= 1u << i;
  if (f.counters != counter_mask(0)) f.width = probe_hpm_width();
  return f;
}

Status discover(const Config& cfg, Found* found) {
  if (!valid(cfg)) return Status::kBadArg;
  const Found f = probe_core();
  if (found != nullptr) *found = f;
  if (f.counters != counter_mask(cfg.mhpm_counter_num)) return Status::kMismatch;
  if (cfg.mhpm_counter_num != 0 && f.width != cfg.mhpm_counter_width) return Status::kMismatch;
  return Status::kOk;
}

Status init(IbexCounters& file, const Config& cfg) {
  if (!valid(cfg) || file.config().counters != counter_mask(cfg.mhpm_counter_num)) return Status::kBadArg;
  // The core has exactly the declared counters (the last one's selector is
  // non-zero, the next one's zero: the implemented ones are contiguous from
  // 3) and their width; an absent counter would read 0 forever.
  const unsigned n = cfg.mhpm_counter_num;
  if (n != 0 && !implemented(kFirstHpm + n - 1)) return Status::kMismatch;
  if (n < kMaxHpmCounters && implemented(kFirstHpm + n)) return Status::kMismatch;
  if (n != 0 && probe_hpm_width() != cfg.mhpm_counter_width) return Status::kMismatch;
  for (uint32_t m = file.config().counters; m != 0; m &= m - 1) {
    const unsigned i = util::ctz32(m);
    if (Status s = file.set_width(i, i < kFirstHpm ? 64 : cfg.mhpm_counter_width); s != Status::kOk) return s;
  }
  return Status::kOk;
}

Result<uint64_t> read_event(const IbexCounters& file, const Config& cfg, Event e) {
  const Result<unsigned> c = counter_for_event(static_cast<unsigned>(e), cfg);
  if (!c.ok()) return c.status();
  return file.read(c.value());
}

}  // namespace pmu::riscv::ibex
